/**
 * Where an SSE client asks its stream to start: the id it saw last, from
 * `Last-Event-ID` (what EventSource sends when it reconnects) or `?after=N`
 * (a first connection that wants the history: `?after=0` is all of it). The
 * header wins, so a page opened with `?after=0` resumes where it was when
 * EventSource reconnects on its own. An id is a whole number ≥ 0, as
 * hub.ts numbers the log; anything else is a 400 naming where it came from.
 *
 * Where it sits: router.ts's events route.
 */
import { HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"

export type ResumeFrom =
  | { readonly _tag: "From"; readonly id: Option.Option<number> }
  | { readonly _tag: "Bad"; readonly error: string }

const digits = /^\d{1,15}$/

/** `text` as an event id, or a Bad naming `source`. */
export const parseEventId = (text: string, source: string): ResumeFrom =>
  digits.test(text.trim())
    ? { _tag: "From", id: Option.some(Number(text.trim())) }
    : { _tag: "Bad", error: `${source} must be an event id (a whole number, as in a frame's "id:"), not ${JSON.stringify(text.slice(0, 40))}.` }

export const resumeFrom: Effect.Effect<ResumeFrom, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => {
    const header = request.headers["last-event-id"]
    if (header !== undefined) return parseEventId(header, "The Last-Event-ID header")
    const after = new URL(request.url, "http://serve").searchParams.get("after")
    return after === null ? { _tag: "From", id: Option.none() } : parseEventId(after, "The after parameter")
  }
)
