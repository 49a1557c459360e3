/** The HTTP API of `shoal serve` over the real runtime (cluster runner, turn workflows) on SQLite and on a real Postgres; live clock: the runner polls its storage. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Redacted } from "effect"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { serveBackends } from "./backends.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

describe.each(serveBackends())("shoal serve API on $name", ({ db }) => {
  it.live("create a session, take a turn, get, list and delete it", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("hello back")])) })
      expect((yield* request("GET", "/api/agents")).json).toEqual({ agents: ["echo"] })
      const created = yield* request("POST", "/api/agents/echo/sessions")
      expect(created.status).toBe(201)
      const id = idOf(created.json)
      const turn = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" })
      expect(turn).toMatchObject({ status: 200, json: { reply: "hello back", ended: false, status: "1 turns" } })
      const got = yield* request("GET", `/api/agents/echo/sessions/${id}`)
      expect(got.json).toMatchObject({ id, describe: "1 turns", state: { turns: 1, said: ["hello"] }, pending: [] })
      expect((yield* request("GET", "/api/agents/echo/sessions")).json).toMatchObject({ sessions: [{ id, describe: "1 turns" }] })
      expect((yield* request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).status).toBe(404)
    }).pipe(Effect.scoped), 60_000)

  it.live("a turn that asks waits for the answer by id: 202 with the question, 200 after the answer, 409 for a second one", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("sure")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to leave" })
      expect(asked).toMatchObject({ status: 202, json: { waitingFor: { question: { _tag: "Confirm", prompt: "Really ask to leave?" } } } })
      const qid = questionIdOf(asked.json)
      // The session shows the question as pending, and the state is not saved before the turn ends.
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 0 }, pending: [{ id: qid }] })
      // An answer that does not fit is a 400, and does not use the question up.
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, { answer: { _tag: "TextAnswer", text: "hm" } })).status).toBe(400)
      const answered = yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })
      expect(answered).toMatchObject({ status: 200, json: { reply: "sure (confirmed)", status: "1 turns" } })
      const again = yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: false } })
      expect(again.status).toBe(409)
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["ask to leave"] }, pending: [] })
    }).pipe(Effect.scoped), 60_000)

  it.live("bad bodies are 400 with the decode error; unknown agents, sessions and questions 404; a body over the limit 413", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([])), maxBodyBytes: 1000 })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const bad = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { txt: "hello" })
      expect(bad.status).toBe(400)
      expect(JSON.stringify(bad.json)).toContain("text")
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, "{not json")).status).toBe(400)
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "   " })).status).toBe(400)
      expect((yield* request("POST", "/api/agents/echo/sessions/nope/input", { text: "hi" })).status).toBe(404)
      expect((yield* request("POST", "/api/agents/nobody/sessions")).status).toBe(404)
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/q.1`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })).status).toBe(404)
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "x".repeat(2000) })).status).toBe(413)
      expect((yield* request("GET", "/api/nothing")).status).toBe(404)
    }).pipe(Effect.scoped), 60_000)

  it.live("with a token every request needs it; a foreign Host is refused", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([])), token: Redacted.make("s3cret") })
      expect((yield* request("GET", "/api/agents")).status).toBe(401)
      expect((yield* request("GET", "/api/agents", undefined, { authorization: "Bearer wrong" })).status).toBe(401)
      expect((yield* request("GET", "/api/agents", undefined, { authorization: "Bearer s3cret" })).status).toBe(200)
      const created = yield* request("POST", "/api/agents/echo/sessions", undefined, { authorization: "Bearer s3cret", origin: "http://evil.example" })
      expect(created.status).toBe(403)
    }).pipe(Effect.scoped), 60_000)

  it.live("the same Idempotency-Key takes the turn once: the model is called once and the state moves once", () =>
    Effect.gen(function*() {
      const { request } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("once")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const first = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hi" }, { "idempotency-key": "turn-1" })
      const retried = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hi" }, { "idempotency-key": "turn-1" })
      expect(first.json).toMatchObject({ reply: "once" })
      expect(retried.json).toMatchObject({ reply: "once" })
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1 } })
    }).pipe(Effect.scoped), 60_000)

  it.live("events stream over SSE: the turn's steps and the agent's own typed events, encoded", () =>
    Effect.gen(function*() {
      const { request, url } = yield* startServe({ db: db(), llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard you")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const controller = new AbortController()
      yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
      const response = yield* Effect.promise(() => fetch(`${url}/api/agents/echo/sessions/${id}/events`, { signal: controller.signal }))
      expect(response.headers.get("content-type")).toContain("text/event-stream")
      const reader = response.body?.getReader()
      if (reader === undefined) return expect.fail("no body")
      const decoder = new TextDecoder()
      let text = ""
      const readUntilCompleted = Effect.promise(async () => {
        while (!text.includes("event: TurnCompleted")) {
          const chunk = await reader.read()
          if (chunk.done) break
          text += decoder.decode(chunk.value)
        }
      })
      const reading = yield* Effect.fork(readUntilCompleted)
      yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "anyone there" })
      yield* Effect.timeoutFail(reading.await, { duration: "20 seconds", onTimeout: () => new Error(`no TurnCompleted in:\n${text}`) })
      const events = text.split("\n").filter((l) => l.startsWith("data: ")).map((l): unknown => JSON.parse(l.slice("data: ".length)))
      expect(events).toEqual([
        { _tag: "TurnStarted", turnId: expect.any(String), text: "anyone there" },
        { _tag: "AgentEvent", event: { _tag: "Heard", text: "anyone there" } },
        { _tag: "TurnCompleted", turnId: expect.any(String), reply: "heard you", ended: false, degraded: false, status: "1 turns" }
      ])
    }).pipe(Effect.scoped), 60_000)
})
