/**
 * A turn's code runs again whenever its workflow is replayed (resumed by an
 * answer, or redelivered after a restart); its events are still published
 * once per (session, turn, step) — to the SSE listeners and to the stored
 * event log. And a defect in an activity is tried a bounded number of times,
 * then fails that turn only: the session takes its next turn.
 */
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Layer, Scope, Stream } from "effect"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Llm } from "../../src/services/llm/llm.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { activityAttempts } from "../../src/serve/journaled-steps.js"
import { idOf, questionIdOf, startServe } from "./harness.js"

const freshDb = () => join(mkdtempSync(join(tmpdir(), "shoal-serve-events-")), "serve.sqlite")
const confirmed = { answer: { _tag: "ConfirmAnswer", confirmed: true } }

/** The session's SSE stream, read until a TurnCompleted arrives; its `data:` lines, parsed. */
const listen = (url: string, id: string) =>
  Effect.gen(function*() {
    const controller = new AbortController()
    yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
    const response = yield* Effect.promise(() => fetch(`${url}/api/agents/echo/sessions/${id}/events`, { signal: controller.signal }))
    const reader = response.body?.getReader()
    const decoder = new TextDecoder()
    let text = ""
    const reading = Effect.promise(async () => {
      while (reader !== undefined && !text.includes("event: TurnCompleted")) {
        const chunk = await reader.read()
        if (chunk.done) break
        text += decoder.decode(chunk.value)
      }
      return text.split("\n").filter((l) => l.startsWith("data: ")).map((l): { readonly _tag: string } => JSON.parse(l.slice("data: ".length)))
    })
    return yield* Effect.fork(Effect.timeoutFail(reading, { duration: "20 seconds", onTimeout: () => new Error(`no TurnCompleted in:\n${text}`) }))
  })

const tagsOf = (events: ReadonlyArray<{ readonly _tag: string }>) => events.map((e) => e._tag)

/** The stored event log of a session, read by a client of our own: its step keys. */
const loggedKeys = (db: string, id: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
    const rows = yield* sql<{ seq: string }>`SELECT seq FROM shoal_events WHERE agent = 'echo' AND session_id = ${id} ORDER BY event_id`
    return rows.map((r) => r.seq)
  })).pipe(Effect.orDie)

describe("shoal serve events and defects", () => {
  it.live("a turn resumed by an answer re-runs its code, but its events reach the stream once", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const { request, url } = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard")])) })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const stream = yield* listen(url, id)
      const asked = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask once" })
      const qid = questionIdOf(asked.json)
      expect((yield* request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed)).status).toBe(200)
      const events = yield* stream.await.pipe(Effect.flatten)
      expect(tagsOf(events)).toEqual(["TurnStarted", "AgentEvent", "QuestionPosted", "QuestionAnswered", "TurnCompleted"])
      expect(yield* loggedKeys(db, id)).toEqual(["opened", "started", "event/1", "question/1", `answered/${qid}`, "completed"])
    }).pipe(Effect.scoped), 60_000)

  it.live("a turn replayed on the next runner does not send its events again (stream and log)", () =>
    Effect.gen(function*() {
      const db = freshDb()
      const first = yield* Scope.make()
      const before = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([ScriptedLlm.text("heard")])) }).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/echo/sessions")).json)
      const asked = yield* before.request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask across" })
      yield* Scope.close(first, Exit.void)

      const after = yield* startServe({ db, llm: Layer.orDie(ScriptedLlm.layer([])) })
      const stream = yield* listen(after.url, id)
      const qid = questionIdOf(asked.json)
      expect((yield* after.request("POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, confirmed)).status).toBe(200)
      // The pending question is shown on connecting; the replayed Heard and TurnStarted are not sent again.
      expect(tagsOf(yield* stream.await.pipe(Effect.flatten))).toEqual(["QuestionPosted", "QuestionAnswered", "TurnCompleted"])
      expect(yield* loggedKeys(db, id)).toEqual(["opened", "started", "event/1", "question/1", `answered/${qid}`, "completed"])
    }).pipe(Effect.scoped), 60_000)

  it.live(`a model call that dies is tried ${activityAttempts} times, then fails its turn with a 500; the session takes the next turn`, () =>
    Effect.gen(function*() {
      let attempts = 0
      const llm = Layer.succeed(Llm, {
        provider: "dying",
        model: "dying",
        generate: (request) => {
          const last = request.messages.at(-1)
          const text = last !== undefined && last._tag === "User" ? last.content.map((c) => (c._tag === "Text" ? c.text : "")).join("") : ""
          if (!text.includes("crash")) return Effect.succeed(ScriptedLlm.text(`fine: ${text}`))
          return Effect.flatMap(Effect.sync(() => attempts++), () => Effect.die(new Error("the provider's client exploded")))
        },
        stream: () => Stream.die(new Error("not streamed"))
      })
      const { request } = yield* startServe({ db: freshDb(), llm })
      const id = idOf((yield* request("POST", "/api/agents/echo/sessions")).json)
      const crashed = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "crash now" })
      expect(crashed.status).toBe(500)
      expect(JSON.stringify(crashed.json)).toContain("the provider's client exploded")
      expect(attempts).toBe(activityAttempts)
      const next = yield* request("POST", `/api/agents/echo/sessions/${id}/input`, { text: "go on" })
      expect(next).toMatchObject({ status: 200, json: { reply: "fine: go on" } })
      expect((yield* request("GET", `/api/agents/echo/sessions/${id}`)).json).toMatchObject({ state: { turns: 1, said: ["go on"] } })
      // Still 3: nothing retried the crashed turn behind our back.
      yield* Effect.sleep("2 seconds")
      expect(attempts).toBe(activityAttempts)
    }).pipe(Effect.scoped), 60_000)
})
