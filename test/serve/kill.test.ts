/**
 * `kill -9` of a real runner process, on SQLite with one runner: the next
 * runner on the same database goes on from the journal. A turn killed after
 * its paid model call was journaled finishes on the new runner by itself (its persisted
 * message is redelivered) without calling the model again; a pending question
 * survives the kill and its answer finishes the turn. The model's calls are
 * counted in a file, so the count outlives the killed process.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Context, Effect, Layer, Schema } from "effect"
import { idOf, questionIdOf, SessionView } from "./harness.js"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { buildChildRunner, eventually, kill9, linesOf as paidCalls, request, root, runner as runnerIn } from "./processes.js"

let dir = ""

beforeAll(async () => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  dir = mkdtempSync(join(root, "test-artifacts", "serve-kill-"))
  await buildChildRunner(dir)
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A runner on `db` for the scope, counting its model calls in `calls` and its notes in `notes`. */
const runner = (db: string, calls: string, notes = join(dir, "notes.txt")) =>
  runnerIn(dir, { SHOAL_TEST_DB: db, SHOAL_TEST_CALLS: calls, SHOAL_TEST_NOTES: notes })

/** The echo session's turn count as stored in the database, read by a client of our own. */
const storedTurns = (db: string, id: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
    const rows = yield* sql<{ text: string }>`SELECT text FROM shoal_sessions WHERE kind = 'echo' AND id = ${id}`
    const stored: unknown = JSON.parse(rows[0]?.text ?? "{}")
    return typeof stored === "object" && stored !== null && "state" in stored && typeof stored.state === "object" && stored.state !== null &&
        "turns" in stored.state
      ? stored.state.turns
      : undefined
  })).pipe(Effect.orDie)

/** How many Heard events the session's event log holds: the echo turn emits one right after its model answers. */
const heardEvents = (db: string, id: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
    const rows = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM shoal_events WHERE session_id = ${id} AND event LIKE ${"%\"Heard\"%"}`
    return Number(rows[0]?.n ?? 0)
  })).pipe(Effect.orDie)

describe("shoal serve under kill -9", () => {
  it.live("a turn killed after its paid model call, and a question pending at a kill, both finish on the next runner without paying again", () =>
    Effect.gen(function*() {
      const db = join(dir, "serve.sqlite")
      const calls = join(dir, "calls.txt")

      const a = yield* runner(db, calls)
      const id = idOf((yield* request(a.url, "POST", "/api/agents/echo/sessions")).json)
      // The request is left hanging: its runner dies under it.
      yield* Effect.forkDaemon(Effect.ignore(request(a.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "slow walk" })))
      yield* eventually("the model was paid", Effect.sync(() => paidCalls(calls)), (c) => c.length === 1)
      // Killed only once the paid answer is journaled (the turn's Heard event follows its write): the model's line is
      // appended when the call is paid, a moment before the engine journals its answer, and under load that moment
      // grows — a kill inside it pays the call again on the next runner (at-least-once: nothing can make a provider
      // call and its journal write one atomic step). That race, not the engine, made this test flaky.
      yield* eventually("the model's answer was journaled", heardEvents(db, id), (n) => n > 0)
      yield* kill9(a)
      expect((yield* request(a.url, "GET", `/api/agents/echo/sessions/${id}`).pipe(Effect.either))._tag).toBe("Left")
      // Killed mid-turn: the model was paid, the turn's state was not saved.
      expect(yield* storedTurns(db, id)).toBe(0)

      // Nobody sends the turn again: the new runner finds its persisted message and finishes it from the journal.
      const b = yield* runner(db, calls)
      const session = (url: string) => Effect.map(request(url, "GET", `/api/agents/echo/sessions/${id}`), (r) => Schema.decodeUnknownSync(SessionView)(r.json))
      const done = yield* eventually("the killed turn finished", session(b.url), (s) => s.state.turns === 1)
      expect(done.state.said).toEqual(["slow walk"])
      expect(paidCalls(calls)).toEqual(["slow walk"])

      // A question pending when its runner is killed is answered on the next one.
      const asked = yield* request(b.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "ask for more" })
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)
      yield* kill9(b)
      const c = yield* runner(db, calls)
      expect((yield* session(c.url)).pending.map((q) => q.id)).toEqual([qid])
      const answered = yield* request(c.url, "POST", `/api/agents/echo/sessions/${id}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })
      expect(answered).toMatchObject({ status: 200, json: { reply: "paid for ask for more (confirmed)" } })
      expect((yield* session(c.url)).state).toEqual({ turns: 2, said: ["slow walk", "ask for more"] })
      // Each model call was paid exactly once, across three processes and two kills.
      expect(paidCalls(calls)).toEqual(["slow walk", "ask for more"])
    }).pipe(Effect.scoped), 120_000)

  it.live("a tool's side effect runs once per step: killed after the tool ran and before the turn ended, the next runner does not write it again", () =>
    Effect.gen(function*() {
      const db = join(dir, "tool.sqlite")
      const calls = join(dir, "tool-calls.txt")
      const notes = join(dir, "tool-notes.txt")

      const a = yield* runner(db, calls, notes)
      const id = idOf((yield* request(a.url, "POST", "/api/agents/echo/sessions")).json)
      yield* Effect.forkDaemon(Effect.ignore(request(a.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "note slow milk" })))
      // The tool wrote its note and the model answered after it; the turn is still in its slow part.
      yield* eventually("the tool ran and the model answered it", Effect.sync(() => paidCalls(calls)), (c) => c.length === 2)
      // Killed only once the answer is journaled (the turn's Heard event follows it): a kill between a paid call and
      // its journal write pays that call again — the engine's gap, not what this test is about.
      yield* eventually("the model's answer was journaled", heardEvents(db, id), (n) => n > 0)
      expect(paidCalls(notes)).toEqual(["note slow milk"])
      yield* kill9(a)
      expect(yield* storedTurns(db, id)).toBe(0)

      const b = yield* runner(db, calls, notes)
      const done = yield* eventually(
        "the killed turn finished",
        Effect.map(request(b.url, "GET", `/api/agents/echo/sessions/${id}`), (r) => Schema.decodeUnknownSync(SessionView)(r.json)),
        (s) => s.state.turns === 1
      )
      expect(done.state.said).toEqual(["note slow milk"])
      // The note once, and each model call once, across the kill.
      expect(paidCalls(notes)).toEqual(["note slow milk"])
      expect(paidCalls(calls)).toEqual(["note slow milk", "(tool result)"])
    }).pipe(Effect.scoped), 120_000)
})
