/**
 * Break-test of `shoal serve`'s event stream (issue 18), by a non-author:
 * resuming after an id the session has not reached (`Last-Event-ID: 1000`
 * on a session with a dozen events: a stale id, another session's, a typo).
 * The stream opened as a 200 and then dropped every live event whose id was
 * not past 1000: the client sat on a silent stream while turns ran. Like an
 * id that is not a whole number, it is a 400, naming the session's last id.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { idOf, startServe } from "./harness.js"
import { count, openStream, readFrames } from "./sse-client.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-events-")), "serve.sqlite")

/** The status and body of a GET whose answer may be a stream (then only its status is read). */
const opened = (url: string, path: string, headers: Record<string, string>) =>
  Effect.promise(async () => {
    const abort = new AbortController()
    const response = await fetch(`${url}${path}`, { headers, signal: abort.signal })
    const body = response.headers.get("content-type")?.startsWith("application/json") === true ? await response.json() as unknown : undefined
    abort.abort()
    return { status: response.status, body }
  })

describe("shoal serve break-test: resuming past the session's last event", () => {
  it.live("Last-Event-ID or ?after= past the last logged id is a 400 naming that id, not a stream that stays silent", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one"), ScriptedLlm.text("two")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const events = `/api/agents/echo/sessions/${id}/events`
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const logged = yield* readFrames(url, `${events}?after=0`, (frames) => count(frames, "TurnCompleted") >= 1)
      const last = Number(logged.at(-1)?.id)
      expect(last).toBeGreaterThan(1)

      for (const headers of [{ "last-event-id": "1000" }, {}]) {
        const path = "last-event-id" in headers ? events : `${events}?after=1000`
        const answer = yield* opened(url, path, headers)
        expect(answer.status).toBe(400)
        expect(JSON.stringify(answer.body)).toContain(`${last}`)
      }
      // The last id itself resumes: nothing replayed, the next turn's events live.
      // Its headers come once it listens (event-stream.ts subscribes before it answers).
      const resumed = yield* openStream(url, events, { "last-event-id": String(last) })
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "again" })).status).toBe(200)
      const live = yield* resumed.read((frames) => count(frames, "TurnCompleted") >= 1)
      expect(Number(live[0]?.id)).toBe(last + 1)
    }).pipe(Effect.scoped), 60_000)
})
