/**
 * SSE ids across runners: with two `shoal serve` runners on one Postgres, a
 * stream open on either node gets every event of a session's turns — run by
 * the session's owner, answered on the other — with the same ids as the
 * session's log, in order, once.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { usePostgres } from "./backends.js"
import { idOf, questionIdOf, startServe } from "./harness.js"
import { freePort, postgresSkipReason } from "./postgres.js"
import { count, readFrames, openStream } from "./sse-client.js"
import type { Frame } from "./sse-client.js"

const skip = postgresSkipReason()
if (skip !== undefined) console.log(`[skip] SSE ids across runners: ${skip}`)
const pg = skip === undefined ? usePostgres() : undefined

const freshDb = () => {
  if (pg === undefined) throw new Error("no Postgres")
  const name = `shoal_sse_${process.pid}`
  pg.current().createDatabase(name)
  return pg.current().url(name)
}

const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }
const completed = (n: number) => (frames: ReadonlyArray<Frame>) => count(frames, "TurnCompleted") >= n

describe.skipIf(skip !== undefined)("SSE ids across two runners on one Postgres", () => {
  it.live("a stream on either node gets the session's events with the log's ids, once", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const script = () => Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("one"), ScriptedLlm.text("two")]))
      const a = yield* startServe({ db, llm: script(), runnerPort: yield* Effect.promise(freePort) })
      const b = yield* startServe({ db, llm: script(), runnerPort: yield* Effect.promise(freePort) })
      const id = idOf((yield* a.request("POST", "/api/agents/echo/sessions")).json)
      const onA = yield* openStream(a.url, `/api/agents/echo/sessions/${id}/events`)
      const onB = yield* openStream(b.url, `/api/agents/echo/sessions/${id}/events`)
      expect((yield* a.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })).status).toBe(200)
      const asked = yield* a.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask now" })
      expect((yield* b.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)).status).toBe(200)
      const logged = yield* readFrames(b.url, `/api/agents/echo/sessions/${id}/events?after=0`, completed(2))
      expect(logged.map((f) => f.event)).toEqual([
        "SessionOpened",
        "TurnStarted", "AgentEvent", "TurnCompleted",
        "TurnStarted", "AgentEvent", "QuestionPosted", "QuestionAnswered", "TurnCompleted"
      ])
      expect(logged.map((f) => f.id)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9"])
      // The streams opened after the session was: everything but its opening line.
      expect(yield* onA.read(completed(2))).toEqual(logged.slice(1))
      expect(yield* onB.read(completed(2))).toEqual(logged.slice(1))
    }).pipe(Effect.scoped), 120_000)
})
