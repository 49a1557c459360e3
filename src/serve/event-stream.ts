/**
 * A served session's events over Server-Sent Events, each frame with its
 * `id:` in the session's event log (hub.ts). With `Last-Event-ID` (an
 * EventSource reconnecting) or `?after=N` (resume.ts), first every logged
 * event after that id, in order, then the live ones; without, the pending
 * questions then the live ones, as before ids. Listening starts before the
 * log is read, and a live event whose id was already sent is dropped: no gap,
 * no duplicate. A deleted session's stream ends after saying so. An id past
 * the session's last event is a 400 (its live events would all be dropped).
 *
 * Where it sits: router.ts's `GET …/sessions/:id/events`.
 */
import { HttpServerResponse } from "@effect/platform"
import { Effect, Exit, Option, Schema, Scope, Stream } from "effect"
import type { SessionId } from "../services/session-store/session-kind.js"
import { TurnEvent } from "./hub.js"
import type { Hub, NumberedEvent } from "./hub.js"
import { turnOf } from "./questions.js"
import type { QuestionStore } from "./questions.js"
import { resumeFrom } from "./resume.js"
import type { ServedAgent } from "./served-agent.js"

const encoder = new TextEncoder()

/** The events route's handler, on `hub`'s log and `questions`' pending ones. */
export const sessionEvents = ({ hub, questions }: { readonly hub: Hub; readonly questions: QuestionStore }) => {
  /** The questions the session waits on, as their QuestionPosted events with their ids in the log. */
  const pendingNow = (agent: ServedAgent, id: SessionId) =>
    Effect.gen(function*() {
      const pending = yield* questions.pending(agent.name, id)
      const posted = pending.length === 0 ? [] : yield* hub.log(agent.name, id)
      return pending.map((q): NumberedEvent => ({
        id: posted.find((e) => e.event._tag === "QuestionPosted" && e.event.questionId === q.questionId)?.id,
        event: { _tag: "QuestionPosted", turnId: turnOf(q.questionId), questionId: q.questionId, question: q.question }
      }))
    })
  const encode = Schema.encode(TurnEvent)

  return (agent: ServedAgent, id: SessionId) =>
    Effect.gen(function*() {
      const after = yield* resumeFrom
      if (after._tag === "Bad") return HttpServerResponse.unsafeJson({ error: after.error }, { status: 400 })
      // An id the session has not reached (a stale or mistyped one): every live event would be at or below it and
      // dropped, a stream silent for good. Refused, naming the last id (0: none yet).
      if (Option.isSome(after.id)) {
        const last = yield* hub.lastId(agent.name, id)
        if (after.id.value > last) {
          return HttpServerResponse.unsafeJson({
            error: `Session "${id}" has no event ${after.id.value} yet: its last is ${last}. Resume after an id it sent (or 0 for the whole conversation).`
          }, { status: 400 })
        }
      }
      const scope = yield* Scope.make()
      const live = yield* Scope.extend(hub.subscribeNumbered(agent.name, id), scope)
      const replay: Effect.Effect<ReadonlyArray<NumberedEvent>, unknown> = Option.isSome(after.id)
        ? Effect.map(hub.log(agent.name, id, after.id.value), (rows) => rows.map((r): NumberedEvent => ({ id: r.id, event: r.event })))
        : pendingNow(agent, id)
      const first = yield* Effect.onError(replay, () => Scope.close(scope, Exit.void))
      const sent = Math.max(Option.getOrElse(after.id, () => 0), ...first.map((e) => e.id ?? 0))
      const body = Stream.concat(Stream.fromIterable(first), Stream.filter(live, (e) => e.id === undefined || e.id > sent)).pipe(
        Stream.takeUntil((e) => e.event._tag === "SessionDeleted"),
        Stream.mapEffect((e) => Effect.map(Effect.orDie(encode(e.event)), (encoded) => ({ id: e.id, event: encoded }))),
        Stream.map(({ event, id }) => encoder.encode(`${id === undefined ? "" : `id: ${id}\n`}event: ${event._tag}\ndata: ${JSON.stringify(event)}\n\n`)),
        Stream.ensuring(Scope.close(scope, Exit.void))
      )
      return HttpServerResponse.stream(Stream.concat(Stream.make(encoder.encode("retry: 2000\n\n")), body), {
        contentType: "text/event-stream",
        headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
      })
    })
}
