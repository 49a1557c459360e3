/**
 * Break-test of `shoal serve` (issue 18) as an embedding engineer would use it:
 * input sent while the session waits on a question, a session deleted while
 * a turn is suspended at a question, and text as a user types it (a trailing
 * newline). Live clock: the runner polls its SQLite storage.
 */
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Redacted, Schema } from "effect"
import { request as httpRequest } from "node:http"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { GenerateRequest } from "../../src/domain/llm.js"
import { Llm } from "../../src/services/llm/llm.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { maxInputChars } from "../../src/serve/router.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-break-")), "serve.sqlite")
const model = (...texts: ReadonlyArray<string>) => Layer.orDie(ScriptedLlm.layer(texts.map((t) => ScriptedLlm.text(t))))
const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }
const Listed = Schema.Struct({ sessions: Schema.Array(Schema.Struct({ id: Schema.String })) })

describe("shoal serve break-test: inputs", () => {
  it.live("input while the session waits on another turn's question is a 409 naming that question, at once (not a request hung until the question times out)", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("sure", "next"), questionTimeout: "5 minutes" })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to move" })
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      const started = Date.now()
      const other = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "something else" })
      expect(Date.now() - started).toBeLessThan(10_000)
      expect(other).toMatchObject({ status: 409, json: { waitingFor: { id: qid, question: { _tag: "Confirm" } } } })
      // Nothing was queued behind the question: answering it ends that turn, and the next input is the next turn.
      expect((yield* served.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed))).toMatchObject({
        status: 200,
        json: { reply: "sure (confirmed)" }
      })
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "plain" })).toMatchObject({ status: 200, json: { reply: "next" } })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 2, said: ["ask to move", "plain"] } })
    }).pipe(Effect.scoped), 60_000)

  it.live("a session deleted while its turn waits on a question stays deleted when the question times out", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("sure"), questionTimeout: "2 seconds" })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to stay" })
      expect(asked.status).toBe(202)
      expect((yield* served.request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      // Past the question's timeout: the turn took its fallback and ended, and did not save the session back.
      yield* Effect.sleep("5 seconds")
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).status).toBe(404)
      const listed = Schema.decodeUnknownSync(Listed)((yield* served.request("GET", "/api/agents/echo/sessions")).json)
      expect(listed.sessions.map((s) => s.id)).not.toContain(id)
    }).pipe(Effect.scoped), 60_000)

  it.live("text as typed, with a trailing newline or spaces around it, is taken (trimmed), not a 400", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("one", "two") })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "a chair\n" })).toMatchObject({ status: 200, json: { reply: "one" } })
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "  two words \t" })).toMatchObject({ status: 200, json: { reply: "two" } })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { said: ["a chair", "two words"] } })
      // Blank is still a 400.
      expect((yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: " \n " })).status).toBe(400)
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: a body over the limit without a length", () => {
  it.live("a chunked body (no Content-Length) over the limit is a 413 too, not a reset connection; a chunked body within it is taken", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("streamed"), maxBodyBytes: 1000 })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const chunked = (text: string) =>
        Effect.promise(async () => {
          const bytes = new TextEncoder().encode(JSON.stringify({ text }))
          // A stream body: fetch sends it chunked, without a Content-Length.
          const body = new ReadableStream<Uint8Array>({
            start(controller) {
              for (let at = 0; at < bytes.length; at += 256) controller.enqueue(bytes.slice(at, at + 256))
              controller.close()
            }
          })
          const init: RequestInit & { readonly duplex: "half" } = { method: "POST", headers: { "content-type": "application/json" }, body, duplex: "half" }
          const response = await fetch(`${served.url}/api/agents/echo/sessions/${id}/input`, init)
          const json: unknown = await response.json()
          return { status: response.status, json }
        }).pipe(Effect.catchAllDefect((e) => Effect.succeed({ status: 0, json: String(e) })))
      expect(yield* chunked("x".repeat(5000))).toMatchObject({ status: 413 })
      expect(yield* chunked("small")).toMatchObject({ status: 200, json: { reply: "streamed" } })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { said: ["small"] } })
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: DELETE", () => {
  it.live("deleting a session deletes what was kept of it: its event log (the conversation) and the cluster's rows of its mailbox and turns", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const served = yield* startServe({ db, llm: model("kept?") })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      expect((yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "my secret diary line" })).status).toBe(200)
      // The same file, read as another process would.
      const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
      const count = (query: Effect.Effect<ReadonlyArray<{ readonly n: number }>, unknown>) => Effect.orDie(Effect.map(query, (rows) => Number(rows[0]?.n)))
      const mentions = count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM cluster_messages WHERE payload LIKE ${"%secret diary%"}`)
      const events = count(sql<{ n: number }>`SELECT COUNT(*) AS n FROM shoal_events WHERE session_id = ${id}`)
      expect(yield* events).toBeGreaterThan(0)
      expect(yield* mentions).toBeGreaterThan(0)
      expect((yield* served.request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      expect(yield* events).toBe(0)
      expect(yield* mentions).toBe(0)
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: Idempotency-Key", () => {
  it.live("an Idempotency-Key used again with a different text is a 422, not the first turn's reply passed off as the second's", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("first", "second") })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const key = { "idempotency-key": "order-42" }
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "log a coffee" }, key)).toMatchObject({ status: 200, json: { reply: "first" } })
      // The same request again (a retry) is still the first turn's reply.
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "log a coffee" }, key)).toMatchObject({ status: 200, json: { reply: "first" } })
      const reused = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "log a bagel" }, key)
      expect(reused.status).toBe(422)
      expect(JSON.stringify(reused.json)).toContain("order-42")
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["log a coffee"] } })
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: headers as HTTP defines them", () => {
  it.live("the auth scheme and the Host name are case-insensitive: 'bearer' and 'LOCALHOST' are let in, a wrong token is not", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model(), token: Redacted.make("s3cret") })
      expect((yield* served.request("GET", "/api/agents", undefined, { authorization: "bearer s3cret" })).status).toBe(200)
      expect((yield* served.request("GET", "/api/agents", undefined, { authorization: "BEARER s3cret" })).status).toBe(200)
      expect((yield* served.request("GET", "/api/agents", undefined, { authorization: "bearer S3CRET" })).status).toBe(401)
      const port = new URL(served.url).port
      const upper = yield* Effect.promise(() =>
        new Promise<number>((resolve, reject) => {
          const req = httpRequest({ host: "127.0.0.1", port, path: "/api/agents", headers: { host: `LOCALHOST:${port}`, authorization: "Bearer s3cret" } }, (res) => {
            res.resume()
            resolve(res.statusCode ?? 0)
          })
          req.on("error", reject)
          req.end()
        })
      )
      expect(upper).toBe(200)
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: an event stream open on a deleted session", () => {
  it.live("deleting the session says SessionDeleted on its open event stream, and the stream ends", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model() })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const controller = new AbortController()
      yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
      const response = yield* Effect.promise(() => fetch(`${served.url}/api/agents/echo/sessions/${id}/events`, { signal: controller.signal }))
      const reading = yield* Effect.fork(Effect.promise(() => response.text()))
      yield* Effect.sleep("300 millis")
      expect((yield* served.request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      const text = yield* Effect.timeoutFail(reading.await, { duration: "10 seconds", onTimeout: () => new Error("the event stream stayed open after DELETE") }).pipe(
        Effect.flatMap((exit) => exit)
      )
      expect(text).toContain("event: SessionDeleted")
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: input queued behind a turn that then asks", () => {
  it.live("input sent while a turn runs, which then asks, is a 202 saying it is queued behind that question (not a request hung until the question times out); it runs once the question is answered", () =>
    Effect.gen(function*() {
      // A model that takes 3 s to answer: a window in which the turn runs and has not asked yet.
      const slowModel = Layer.effect(Llm, Effect.map(Llm, (llm) => ({ ...llm, generate: (r: GenerateRequest) => Effect.delay(llm.generate(r), "3 seconds") }))).pipe(
        Layer.provide(model("first", "second"))
      )
      const served = yield* startServe({ db: freshDb(), llm: slowModel, questionTimeout: "5 minutes" })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const first = yield* Effect.fork(served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask to go" }))
      yield* Effect.sleep("1 second")
      const started = Date.now()
      const queued = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "then this" }, { "idempotency-key": "after-1" })
      expect(Date.now() - started).toBeLessThan(15_000)
      const asked = yield* first.await.pipe(Effect.flatMap((exit) => exit))
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      expect(queued).toMatchObject({ status: 202, json: { turnId: "after-1", queuedBehind: { id: qid } } })
      expect((yield* served.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed)).status).toBe(200)
      // The queued turn runs after the answer: its reply by its key.
      expect(yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "then this" }, { "idempotency-key": "after-1" })).toMatchObject({
        status: 200,
        json: { reply: "second" }
      })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 2, said: ["ask to go", "then this"] } })
    }).pipe(Effect.scoped), 90_000)
})

describe("shoal serve break-test: DELETE while a turn runs", () => {
  it.live("a turn whose session is deleted while it runs answers 404 saying so (not a 500), and the session stays deleted", () =>
    Effect.gen(function*() {
      const slowModel = Layer.effect(Llm, Effect.map(Llm, (llm) => ({ ...llm, generate: (r: GenerateRequest) => Effect.delay(llm.generate(r), "2 seconds") }))).pipe(
        Layer.provide(model("late"))
      )
      const served = yield* startServe({ db: freshDb(), llm: slowModel })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const turn = yield* Effect.fork(served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "hello" }))
      yield* Effect.sleep("500 millis")
      expect((yield* served.request("DELETE", `/api/agents/echo/sessions/${id}`)).status).toBe(204)
      const answered = yield* turn.await.pipe(Effect.flatMap((exit) => exit))
      expect(answered.status).toBe(404)
      expect(JSON.stringify(answered.json)).toContain("deleted")
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).status).toBe(404)
    }).pipe(Effect.scoped), 60_000)
})

describe("shoal serve break-test: input size", () => {
  it.live("an input past 100,000 characters is a 413 saying the limit, and nothing is taken; one at the limit is a turn", () =>
    Effect.gen(function*() {
      const served = yield* startServe({ db: freshDb(), llm: model("long read") })
      const id = idOf((yield* served.request("POST", "/api/agents/echo/sessions")).json)
      const tooLong = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ab ".repeat(40_000) })
      expect(tooLong.status).toBe(413)
      expect(JSON.stringify(tooLong.json)).toMatch(/at most 100,000/)
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 0 } })
      const atLimit = yield* served.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "x".repeat(maxInputChars) })
      expect(atLimit).toMatchObject({ status: 200, json: { reply: "long read" } })
      expect((yield* served.request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1 } })
    }).pipe(Effect.scoped), 60_000)
})
