/**
 * Two `shoal serve` runners, real processes, sharing one real PostgreSQL
 * (runner storage, shard locks, messages and journals in it; runner-to-runner
 * messages over loopback sockets). A session's turns reach its owner from
 * either node's HTTP; `kill -9` of the owner while a turn sits after its paid
 * model call moves the session to the other runner, which finishes the turn
 * from the journal; a question pending on the killed runner is answered on
 * the other; every model call is paid exactly once.
 *
 * Who owns what is read from Postgres itself: each runner holds an advisory
 * lock per shard (1000000 + shard) on a connection named after it
 * (`application_name`), and a shard is the cluster's hash of an entity id.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { ShardId } from "@effect/cluster"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Clock, Context, Deferred, Duration, Effect, Layer, Redacted, Schema } from "effect"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { executionIdOf, placementFor, turnKey } from "../../src/serve/placement.js"
import { runnerLease } from "../../src/serve/server.js"
import { idOf, questionIdOf, SessionView } from "./harness.js"
import type { Postgres } from "./postgres.js"
import { freePort, postgresSkipReason, startPostgres } from "./postgres.js"
import { buildChildRunner, eventually, kill9, linesOf, request, root, runner } from "./processes.js"
import type { Runner } from "./processes.js"

const skip = postgresSkipReason()
if (skip !== undefined) console.log(`[skip] two runners on Postgres: ${skip}`)

let dir = ""
let pg: Postgres | undefined

beforeAll(async () => {
  if (skip !== undefined) return
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  dir = mkdtempSync(join(root, "test-artifacts", "serve-scale-"))
  await buildChildRunner(dir)
  pg = await startPostgres()
  pg.createDatabase("scale")
}, 120_000)

afterAll(() => {
  pg?.destroy()
  if (dir !== "") rmSync(dir, { recursive: true, force: true })
})

/** The cluster's shard of an entity id: its hash (a copy of @effect/cluster's internal `hashString`) mod 300, from 1. */
const shardOf = (entityId: string) => {
  let h = 5381
  let i = entityId.length
  while (i) h = (h * 33) ^ entityId.charCodeAt(--i)
  h = (h & 0xbfffffff) | ((h >>> 1) & 0x40000000)
  return Math.abs(h % 300) + 1
}

/** The execution id (the workflow entity's id) of served-agent.ts's turn workflow, placed on its session's shard. */
const executionOf = (sessionId: string, turnId: string) => {
  const shard = (id: string) => ShardId.make("default", shardOf(id))
  return executionIdOf("ShoalTurn/echo", turnKey(sessionId, turnId, placementFor("ShoalTurn/echo", sessionId, turnId, shard(sessionId), shard)))
}

const Holder = Schema.Struct({ shard: Schema.NumberFromString, name: Schema.String })

/** Which runner (by application_name) holds each shard's lock now. */
const shardOwners = (url: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(PgClient.layer({ url: Redacted.make(url) })), SqlClient.SqlClient)
    const rows = yield* sql`SELECT (l.objid::bigint - 1000000)::text AS shard, a.application_name AS name
      FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND a.application_name LIKE 'runner-%'`
    const holders = yield* Schema.decodeUnknown(Schema.Array(Holder))(rows)
    return new Map(holders.map((h) => [h.shard, h.name]))
  })).pipe(Effect.orDie)

/** How many replies the journal holds for the activity `name` of a workflow execution (1 once it has run). */
const journaled = (url: string, executionId: string, name: string) =>
  Effect.scoped(Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(PgClient.layer({ url: Redacted.make(url) })), SqlClient.SqlClient)
    const rows = yield* sql`SELECT r.id FROM cluster_messages m JOIN cluster_replies r ON r.request_id = m.request_id
      WHERE m.entity_id = ${executionId} AND m.tag = 'activity' AND m.payload LIKE ${`%"${name}"%`} AND r.kind = 0`
    return rows.length
  })).pipe(Effect.orDie)

describe.skipIf(skip !== undefined)("two shoal serve runners on one Postgres", () => {
  it.live("turns reach the session's owner from either node; kill -9 of the owner mid-turn: the other runner finishes the turn and answers the pending question, each model call paid once", () =>
    Effect.gen(function*() {
      if (pg === undefined) return expect.fail("no Postgres")
      const db = pg.url("scale")
      const calls = join(dir, "calls.txt")
      const payers = join(dir, "payers.txt")
      const start = (name: string) =>
        Effect.flatMap(Effect.promise(freePort), (port) =>
          runner(dir, {
            SHOAL_TEST_DB: `${db}?application_name=${name}`,
            SHOAL_TEST_CALLS: calls,
            SHOAL_TEST_PAYERS: payers,
            SHOAL_TEST_RUNNER_PORT: String(port)
          }))
      const nodes = new Map<string, Runner>([["runner-a", yield* start("runner-a")], ["runner-b", yield* start("runner-b")]])
      const node = (name: string | undefined) => {
        const found = name === undefined ? undefined : nodes.get(name)
        if (found === undefined) throw new Error(`no runner ${name}`)
        return found
      }
      // Both registered and the 300 shards split between them, the same split two seconds apart (no shard moving).
      const split = (owners: Map<number, string>) => [...owners].sort(([x], [y]) => x - y).join(";")
      const settled = yield* eventually(
        "both runners hold shards, settled",
        Effect.zipWith(shardOwners(db), Effect.zipRight(Effect.sleep("2 seconds"), shardOwners(db)), (before, after) => ({ before, after })),
        ({ after, before }) => after.size === 300 && new Set(after.values()).size === 2 && split(before) === split(after),
        "90 seconds"
      ).pipe(Effect.map(({ after }) => after))
      const ownerOf = (entityId: string) => settled.get(shardOf(entityId))
      const a = node("runner-a")

      // Two sessions with the same owner: one will wait on a question, one will be mid-turn at the kill.
      const create = Effect.map(request(a.url, "POST", "/api/agents/echo/sessions"), (r) => idOf(r.json))
      const asking = yield* create
      const ownerName = ownerOf(asking) ?? ""
      let busy = yield* create
      while (ownerOf(busy) !== ownerName) busy = yield* create
      const owner = node(ownerName)
      const other = node([...nodes.keys()].find((n) => n !== ownerName))
      const session = (url: string, id: string) => Effect.map(request(url, "GET", `/api/agents/echo/sessions/${id}`), (r) => Schema.decodeUnknownSync(SessionView)(r.json))

      // Turns sent to either node are taken by the owner, in order, one at a time.
      expect(yield* request(other.url, "POST", `/api/agents/echo/sessions/${asking}/input`, { text: "hello" })).toMatchObject({ status: 200, json: { reply: "paid for hello" } })
      expect(yield* request(owner.url, "POST", `/api/agents/echo/sessions/${asking}/input`, { text: "again" })).toMatchObject({ status: 200, json: { reply: "paid for again" } })
      const asked = yield* request(other.url, "POST", `/api/agents/echo/sessions/${asking}/input`, { text: "ask first" })
      expect(asked.status).toBe(202)
      const qid = questionIdOf(asked.json)

      // A turn asked of the other node; its workflow runs on the owner too (placed on the session's shard).
      const key = 0
      expect(ownerOf(executionOf(busy, `slow-${key}`))).toBe(ownerName)
      const reply = yield* Deferred.make<{ readonly status: number; readonly json: unknown }>()
      yield* Effect.forkDaemon(Effect.flatMap(Effect.orDie(
        request(other.url, "POST", `/api/agents/echo/sessions/${busy}/input`, { text: "slow walk" }, { "idempotency-key": `slow-${key}` })
      ), (r) => Deferred.succeed(reply, r)))
      yield* eventually("the model was paid for the slow turn", Effect.sync(() => linesOf(payers)), (l) => l.some((line) => line.endsWith(" slow walk")))
      // Killed after the paid call is journaled (its activity's reply stored), before the turn's save: mid-turn.
      const execution = executionOf(busy, `slow-${key}`)
      yield* eventually("the paid call was journaled", journaled(db, execution, "llm/1"), (n) => n === 1)
      // The owner paid for it: the turn's workflow is there, between its model call and its save.
      expect(linesOf(payers).find((line) => line.endsWith(" slow walk"))).toBe(`${owner.child.pid} slow walk`)
      const killedAt = yield* Clock.currentTimeMillis
      yield* kill9(owner)

      // The request waiting on the other node gets the turn's reply: the other runner took the session over and finished it.
      expect(yield* Deferred.await(reply)).toMatchObject({ status: 200, json: { reply: "paid for slow walk", status: "1 turns" } })
      const failover = (yield* Clock.currentTimeMillis) - killedAt
      console.log(`kill -9 to the turn's reply: ${failover} ms (lease ${Duration.toMillis(runnerLease.shardLockExpiration)} ms, and the turn's own 3 s after its model call)`)
      expect((yield* session(other.url, busy)).state).toEqual({ turns: 1, said: ["slow walk"] })
      const now = yield* shardOwners(db)
      expect(now.get(shardOf(busy))).toBe([...nodes.keys()].find((n) => n !== ownerName))

      // The question pending on the killed runner is answered on the other.
      expect((yield* session(other.url, asking)).pending.map((q) => q.id)).toEqual([qid])
      const answered = yield* request(other.url, "POST", `/api/agents/echo/sessions/${asking}/questions/${qid}`, { answer: { _tag: "ConfirmAnswer", confirmed: true } })
      expect(answered).toMatchObject({ status: 200, json: { reply: "paid for ask first (confirmed)" } })
      expect((yield* session(other.url, asking)).state).toEqual({ turns: 3, said: ["hello", "again", "ask first"] })

      // Nothing lost or doubled: each model call paid exactly once, across both runners and the kill.
      expect([...linesOf(calls)].sort()).toEqual(["again", "ask first", "hello", "slow walk"])
    }).pipe(Effect.scoped), 180_000)
})
