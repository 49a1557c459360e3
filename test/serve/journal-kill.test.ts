/**
 * What a turn's journal holds besides its model calls, tested by `kill -9`
 * of a real runner process mid-turn (SQLite, one runner, like kill.test.ts):
 * the next runner on the same database replays the turn from the journal.
 *
 * - A step that failed with a typed error (a tool's own failure) is journaled
 *   with that failure: the replay gets the failure back and does not run the
 *   step again.
 * - The time the turn reads (its input's date, a date it keeps in its state)
 *   is the first run's: a turn replayed on a runner whose clock is a day
 *   ahead still reads the day it started on.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { Context, Effect, Layer, Schema } from "effect"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { idOf, SessionView } from "./harness.js"
import { buildChildRunner, eventually, kill9, linesOf, request, root, runner as runnerIn } from "./processes.js"

let dir = ""

beforeAll(async () => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  dir = mkdtempSync(join(root, "test-artifacts", "serve-journal-kill-"))
  await buildChildRunner(dir)
}, 60_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Rows of the runner's SQLite database, read by a client of our own. */
const query = <A extends object>(db: string, run: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename: db })), SqlClient.SqlClient)
    return yield* run(sql)
  })).pipe(Effect.orDie)

/** The session's logged events of one kind (`started`, `event/1`, `completed`…), as stored JSON text. */
const logged = (db: string, id: string, seq: string) =>
  Effect.map(
    query<{ event: string }>(db, (sql) => sql`SELECT event FROM shoal_events WHERE session_id = ${id} AND seq = ${seq}`),
    (rows) => rows.map((r) => r.event)
  )

const storedTurns = (db: string, id: string) =>
  Effect.map(query<{ n: number }>(db, (sql) => sql`SELECT COUNT(*) AS n FROM shoal_sessions WHERE id = ${id} AND text LIKE ${"%\"turns\":1%"}`), (rows) =>
    Number(rows[0]?.n ?? 0))

const session = (url: string, id: string) =>
  Effect.map(request(url, "GET", `/api/agents/echo/sessions/${id}`), (r) => Schema.decodeUnknownSync(SessionView)(r.json))

describe("shoal serve's journal under kill -9", () => {
  it.live("a step's typed failure is journaled: killed after a refused note, the replayed turn gets the refusal back without trying the note again", () =>
    Effect.gen(function*() {
      const db = join(dir, "refused.sqlite")
      const calls = join(dir, "refused-calls.txt")
      const notes = join(dir, "refused-notes.txt")
      const env = { SHOAL_TEST_DB: db, SHOAL_TEST_CALLS: calls, SHOAL_TEST_NOTES: notes }

      const a = yield* runnerIn(dir, env)
      const id = idOf((yield* request(a.url, "POST", "/api/agents/echo/sessions")).json)
      yield* Effect.forkDaemon(Effect.ignore(request(a.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "note slow refused" })))
      // The Heard event follows the tool loop (the model's call, then the refused note): the step is behind us,
      // and the turn is in its slow part.
      yield* eventually("the turn got past its refused note", logged(db, id, "event/1"), (rows) => rows.length === 1)
      expect(linesOf(notes)).toEqual(["note slow refused"])
      yield* kill9(a)
      expect(yield* storedTurns(db, id)).toBe(0)

      const b = yield* runnerIn(dir, env)
      const done = yield* eventually("the killed turn finished", session(b.url, id), (s) => s.state.turns === 1)
      expect(done.state.said).toEqual(["note slow refused"])
      // The replay's tool loop failed with the journaled refusal (the turn's reply says so); the note was tried once.
      const completed = yield* logged(db, id, "completed")
      expect(completed).toHaveLength(1)
      expect(completed[0]).toContain("refused: note slow refused")
      expect(linesOf(notes)).toEqual(["note slow refused"])
      expect(linesOf(calls)).toEqual(["note slow refused"])
    }).pipe(Effect.scoped), 120_000)

  it.live("a turn replayed across midnight reads the day its first run started on, in its input and at its end", () =>
    Effect.gen(function*() {
      const db = join(dir, "dated.sqlite")
      const calls = join(dir, "dated-calls.txt")
      const env = { SHOAL_TEST_DB: db, SHOAL_TEST_CALLS: calls }
      const dayOf = (millis: number) => new Date(millis).toISOString().slice(0, 10)

      const a = yield* runnerIn(dir, env)
      const id = idOf((yield* request(a.url, "POST", "/api/agents/echo/sessions")).json)
      const today = dayOf(Date.now())
      yield* Effect.forkDaemon(Effect.ignore(request(a.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "slow dated walk" })))
      yield* eventually("the model's answer was journaled", logged(db, id, "event/1"), (rows) => rows.length === 1)
      yield* kill9(a)

      // The next runner lives a day later: the replayed turn must still read the first run's day.
      const b = yield* runnerIn(dir, { ...env, SHOAL_TEST_CLOCK_OFFSET_MS: String(24 * 60 * 60 * 1000) })
      const done = yield* eventually("the killed turn finished", session(b.url, id), (s) => s.state.turns === 1)
      expect(done.state.said).toEqual([`slow dated walk @ ${today} ${today}`])
      expect(linesOf(calls)).toEqual(["slow dated walk"])

      // A new turn there reads the runner's own (next) day: the clock was really moved.
      const tomorrow = dayOf(Date.now() + 24 * 60 * 60 * 1000)
      expect((yield* request(b.url, "POST", `/api/agents/echo/sessions/${id}/input`, { text: "dated again" })).status).toBe(200)
      expect((yield* session(b.url, id)).state.said).toEqual([`slow dated walk @ ${today} ${today}`, `dated again @ ${tomorrow} ${tomorrow}`])
    }).pipe(Effect.scoped), 120_000)
})
