/**
 * The event log's INSERT (hub.ts `publishOnce`) is tried again only when it
 * lost the race on a session's next id — the unique index on `event_id`
 * refused it, which SQLite and Postgres say differently — and not on any
 * other failure, which would only fail again. The statements are counted
 * through a tracer (sql-statements.ts).
 */
import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { describe, expect, it } from "@effect/vitest"
import { Context, Deferred, Effect, Fiber, Layer, Option, Schedule, Schema, Stream } from "effect"
import { isEventIdRace, makeHub } from "../../src/serve/hub.js"
import type { TurnStep } from "../../src/serve/hub.js"
import { isPostgresUrl, layerSql } from "../../src/serve/server.js"
import { serveBackends } from "./backends.js"
import { recordingStatements } from "./sql-statements.js"

const step = (key: string): TurnStep => ({ agent: "echo", sessionId: "s1", turnId: "t1", key, event: { _tag: "TurnStarted", turnId: "t1", text: key } })
const logInserts = (statements: ReadonlyArray<string>) => statements.filter((s) => /^\s*INSERT INTO shoal_events\b/i.test(s))

/** `db`'s client and a hub on it, for the scope, watched by `tracer`. */
const hubOn = (db: string) =>
  Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(Layer.orDie(layerSql(db))), SqlClient.SqlClient)
    const hub = yield* makeHub(sql)
    return { sql, hub }
  })

/** The failure of `statement`, which must fail. */
const failureOf = <A>(statement: Effect.Effect<A, SqlError>) => Effect.flip(statement)

const backends = serveBackends()

describe.each(backends)("the event log's retries on $name", ({ db }) => {
  it.live("a real unique-index refusal of an event_id is a race; a duplicate step or a missing table is not", () =>
    Effect.gen(function*() {
      const { hub, sql } = yield* hubOn(db())
      yield* hub.publishOnce(step("started"))
      const row = (seq: string, id: number) =>
        sql`INSERT INTO shoal_events (agent, session_id, turn_id, seq, event, at, event_id) VALUES ('echo', 's1', 't1', ${seq}, '{}', 0, ${id})`
      expect(isEventIdRace(yield* failureOf(row("other", 1)))).toBe(true)
      expect(isEventIdRace(yield* failureOf(row("started", 2)))).toBe(false)
      expect(isEventIdRace(yield* failureOf(sql`INSERT INTO shoal_events_missing (x) VALUES (1)`))).toBe(false)
    }).pipe(Effect.scoped), 60_000)

  it.live("an INSERT that fails for another reason is tried once, and the event still goes out, without an id", () =>
    Effect.gen(function*() {
      const { statements, tracer } = yield* recordingStatements
      const { hub, sql } = yield* hubOn(db())
      const live = yield* Effect.forkScoped(Stream.runHead(yield* hub.subscribeNumbered("echo", "s1")))
      yield* sql`DROP TABLE shoal_events`
      statements.length = 0
      yield* hub.publishOnce(step("started")).pipe(Effect.withTracer(tracer))
      expect(logInserts(statements)).toHaveLength(1)
      expect(yield* Fiber.join(live)).toEqual(Option.some({ id: undefined, event: step("started").event }))
    }).pipe(Effect.scoped), 60_000)
})

const postgres = backends.find((b) => b.name === "Postgres")

describe.skipIf(postgres === undefined)("the event log's race on Postgres", () => {
  it.live("an INSERT that waited on another writer's uncommitted row with its id fails on the index, is tried again and gets the next id", () =>
    Effect.gen(function*() {
      const url = postgres?.db() ?? ""
      expect(isPostgresUrl(url)).toBe(true)
      const { statements, tracer } = yield* recordingStatements
      const { hub, sql } = yield* hubOn(url)
      yield* hub.publishOnce(step("started"))
      // Another writer takes id 2 and holds its transaction open.
      const inserted = yield* Deferred.make<void>()
      const release = yield* Deferred.make<void>()
      const other = yield* Effect.forkScoped(sql.withTransaction(Effect.gen(function*() {
        yield* sql`INSERT INTO shoal_events (agent, session_id, turn_id, seq, event, at, event_id) VALUES ('echo', 's1', 't2', 'started', ${JSON.stringify(step("other").event)}, 0, 2)`
        yield* Deferred.succeed(inserted, undefined)
        yield* Deferred.await(release)
      })))
      yield* Deferred.await(inserted)
      statements.length = 0
      const ours = yield* Effect.forkScoped(hub.publishOnce(step("event/1")).pipe(Effect.withTracer(tracer)))
      // Ours reads 1 as the highest id and waits on the index for the other's 2; then the other commits.
      const Waiting = Schema.Array(Schema.Struct({ n: Schema.Number }))
      yield* sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Waiting)),
        Effect.repeat({ schedule: Schedule.spaced("20 millis"), until: (rows) => (rows[0]?.n ?? 0) >= 1 }),
        Effect.timeout("10 seconds")
      )
      yield* Deferred.succeed(release, undefined)
      yield* Fiber.join(other)
      yield* Fiber.join(ours)
      expect(logInserts(statements)).toHaveLength(2)
      const log = yield* hub.log("echo", "s1")
      expect(log.map((e) => [e.id, e.turnId, e.key])).toEqual([[1, "t1", "started"], [2, "t2", "started"], [3, "t1", "event/1"]])
    }).pipe(Effect.scoped), 60_000)
})
