/**
 * Break-test of `shoal serve`'s question timeout (issue 18), by a
 * non-author: a late answer. The README says it is a 409, and it is; but it
 * said `Question "…" was already answered.` to someone who never answered it
 * (nobody did: it timed out and took its fallback). The 409 says what
 * happened: it timed out, and the turn went on with its fallback.
 *
 * Live with a short timeout, as question-timeout.test.ts (the clock is the
 * cluster's persisted message, which TestClock cannot move); the test waits
 * on the turn's reply, not on a sleep.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-late-")), "serve.sqlite")
const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }

describe("shoal serve break-test: an answer after the question timed out", () => {
  it.live("is a 409 saying the question timed out (took its fallback), not that it 'was already answered'", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard")])), questionTimeout: "2 seconds" })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const headers = { "idempotency-key": "late-1" }
      const asked = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to go" }, headers)
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      // The same turn again: its reply, once the timeout has answered it.
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to go" }, headers)).toMatchObject({
        status: 200,
        json: { reply: "heard (declined)" }
      })
      for (const late of [served.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed), served.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}/not-now`)]) {
        const answered = yield* late
        expect(answered.status).toBe(409)
        expect(JSON.stringify(answered.json)).toMatch(/timed out/)
        expect(JSON.stringify(answered.json)).not.toMatch(/already answered/)
      }
    }).pipe(Effect.scoped), 60_000)
})
