/**
 * The card timeout of a served session is a `DurableClock` in the turn's
 * workflow: a question nobody answers takes its fallback (a Confirm its
 * default, "declined" here), as on the terminal and the page, and the clock
 * is a persisted message due at a fixed time, so a restart waits out only
 * what is left of it.
 *
 * These run live with a short configured timeout: the clock is the cluster's
 * message storage polled by its runner (deliver_at against the wall clock of
 * a real SQLite runner), which TestClock cannot move.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Scope } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-timeout-")), "serve.sqlite")
const model = (...texts: ReadonlyArray<string>) => Layer.orDie(ScriptedLlm.layer(texts.map((t) => ScriptedLlm.text(t))))
const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }

describe("shoal serve question timeout", () => {
  it.live("a question nobody answers takes its fallback after the timeout; the turn ends, the question is closed, a late answer is a 409", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("heard"), questionTimeout: "2 seconds" })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const headers = { "idempotency-key": "turn-1" }
      const asked = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to go" }, headers)
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      // The same turn again waits for its reply: the one the timeout gave it.
      const started = Date.now()
      const reply = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to go" }, headers)
      expect(reply).toMatchObject({ status: 200, json: { reply: "heard (declined)" } })
      expect(Date.now() - started).toBeLessThan(10_000)
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["ask to go"] }, pending: [] })
      expect((yield* served.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed)).status).toBe(409)
    }).pipe(Effect.scoped), 60_000)

  it.live("an answer before the timeout wins, and the clock does not answer the turn again", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("heard", "again"), questionTimeout: "2 seconds" })
      const id = idOf((yield* served.request("POST", `/api/agents/echo/sessions`)).json)
      const asked = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask first" })
      const answered = yield* served.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, confirmed)
      expect(answered).toMatchObject({ status: 200, json: { reply: "heard (confirmed)" } })
      // Past the clock's time: the session took one turn, and takes the next as usual.
      yield* Effect.sleep("3 seconds")
      const next = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "plain" })
      expect(next).toMatchObject({ status: 200, json: { reply: "again" } })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 2, said: ["ask first", "plain"] } })
    }).pipe(Effect.scoped), 60_000)

  it.live("across a restart the clock keeps its time: the new runner waits what is left, not a fresh timeout", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const timeout = 8_000
      const first = yield* Scope.make()
      const before = yield* startServe({ db, llm: model("heard"), questionTimeout: timeout }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      const headers = { "idempotency-key": "turn-1" }
      const askedAt = Date.now()
      expect((yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask and wait" }, headers)).status).toBe(202)
      yield* Scope.close(first, Exit.void)
      // Down for most of the timeout.
      yield* Effect.sleep("5 seconds")

      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([])), questionTimeout: timeout })
      const restartedAt = Date.now()
      const reply = yield* after.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask and wait" }, headers)
      expect(reply).toMatchObject({ status: 200, json: { reply: "heard (declined)" } })
      // Not before the timeout, counted from the question…
      expect(Date.now() - askedAt).toBeGreaterThanOrEqual(timeout)
      // …and well before a fresh timeout counted from the restart (about 3 s were left; the runner polls each second).
      expect(Date.now() - restartedAt).toBeLessThan(timeout - 1_500)
      expect((yield* after.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1 }, pending: [] })
    }).pipe(Effect.scoped), 60_000)
})
