/**
 * A turn survives its runner: the model call it paid for is journaled, so
 * the runner that takes over (here: the same database, a new runtime) goes on
 * from the journal — the model is not called again, the pending question is
 * still there, and its answer finishes the turn.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Scope } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { serveBackends } from "./backends.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

describe.each(serveBackends())("shoal serve restart on $name", ({ db: fresh }) => {
  it.live("a question pending across a restart is answered there, without paying the model again", () =>
    Effect.gen(function*() {
      const db = fresh()
      const first = yield* Scope.make()
      const before = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("paid once")])) }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to stay" })
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      yield* Scope.close(first, Exit.void)

      // The new runner's script is empty: any model call would be a defect ("unexpected model call").
      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([])) })
      expect((yield* after.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ pending: [{ id: qid }], state: { turns: 0 } })
      const answered = yield* after.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })
      expect(answered).toMatchObject({ status: 200, json: { reply: "paid once (confirmed)" } })
      expect((yield* after.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["ask to stay"] }, pending: [] })
    }).pipe(Effect.scoped), 60_000)

  it.live("a tool's side effect runs once: the turn replayed on the next runner gets the journaled step back, not a second write", () =>
    Effect.gen(function*() {
      const db = fresh()
      const notes: Array<string> = []
      const notebook = { write: (text: string) => Effect.sync(() => void notes.push(text)) }
      const first = yield* Scope.make()
      const script = [ScriptedLlm.toolCall("write_note", { text: "buy milk" }, "c1"), ScriptedLlm.text("noted")]
      const before = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer(script)), notebook }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      // The tool ran, then the turn waits on a question: it has not ended when the runner goes.
      const asked = yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "note ask about milk" })
      expect(asked.status).toBe(202)
      expect(notes).toEqual(["buy milk"])
      yield* Scope.close(first, Exit.void)

      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([])), notebook })
      const answered = yield* after.request("POST", `/api/agents/echo/sessions/${id}/questions/${questionIdOf(asked.json)}`, {
        answer: { _tag: "ConfirmAnswer", confirmed: true }
      })
      expect(answered).toMatchObject({ status: 200, json: { reply: "noted (confirmed)" } })
      expect(notes).toEqual(["buy milk"])
    }).pipe(Effect.scoped), 60_000)
})
