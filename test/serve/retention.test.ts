/**
 * `shoal serve --keep`: ended sessions older than the keep period are pruned
 * with their journal rows (the cluster's messages of their mailbox and of
 * their turns' workflows), their questions and their event log; newer ones
 * and ones still waiting for an answer stay. "Now" is injected; the daily
 * schedule runs under TestClock.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Duration, Effect, Fiber, Ref, TestClock } from "effect"
import { keepFor, pruneEnded } from "../../src/serve/retention.js"
import { servedEchoOnSqlite } from "./harness.js"

describe("shoal serve retention", () => {
  it.live("sessions untouched for longer than --keep go with their journal, questions and events; newer and waiting ones stay", () =>
    Effect.gen(function*() {
      const { context, deps, served, sql } = yield* servedEchoOnSqlite("shoal-serve-keep-", ["one", "two"])

      const old = (yield* Effect.orDie(served.create)).id
      yield* served.turn(old, "t1", "hello").pipe(Effect.provide(context))
      const waiting = (yield* Effect.orDie(served.create)).id
      yield* Effect.forkDaemon(Effect.ignore(served.turn(waiting, "t2", "ask me").pipe(Effect.provide(context))))
      while ((yield* deps.questions.pending("echo", waiting)).length === 0) yield* Effect.sleep("50 millis")

      const rows = (id: string) =>
        Effect.orDie(Effect.all({
          messages: Effect.map(sql<{ n: number }>`SELECT COUNT(*) AS n FROM cluster_messages WHERE entity_id = ${id}`, (r) => Number(r[0]?.n)),
          events: Effect.map(sql<{ n: number }>`SELECT COUNT(*) AS n FROM shoal_events WHERE session_id = ${id}`, (r) => Number(r[0]?.n))
        }))
      const journal = (id: string, turnId: string) =>
        Effect.flatMap(served.workflow.executionId({ sessionId: id, turnId, text: "", state: { turns: 0, said: [] } }), (executionId) =>
          Effect.orDie(Effect.map(sql<{ n: number }>`SELECT COUNT(*) AS n FROM cluster_messages WHERE entity_id = ${executionId}`, (r) => Number(r[0]?.n))))
      expect(yield* rows(old)).toEqual({ messages: 1, events: expect.any(Number) })
      expect((yield* rows(old)).events).toBeGreaterThan(0)
      expect(yield* journal(old, "t1")).toBeGreaterThan(0)

      const keep = Duration.days(30)
      const now = yield* DateTime.now
      const prune = (at: DateTime.Utc) => pruneEnded({ agents: [served], questions: deps.questions, hub: deps.hub }, keep, at).pipe(Effect.provide(context))
      // A day later nothing is old enough.
      expect(yield* prune(DateTime.add(now, { days: 1 }))).toEqual([])
      // 31 days later the finished session goes; the one waiting for an answer stays.
      expect(yield* prune(DateTime.add(now, { days: 31 }))).toEqual([{ agent: "echo", id: old }])
      expect(yield* rows(old)).toEqual({ messages: 0, events: 0 })
      expect(yield* journal(old, "t1")).toBe(0)
      expect((yield* served.get(old).pipe(Effect.either))._tag).toBe("Left")
      expect((yield* served.list).map((s) => s.id)).toEqual([waiting])
      expect((yield* deps.questions.pending("echo", waiting)).length).toBe(1)
    }).pipe(Effect.scoped), 60_000)

  it.scoped("--keep prunes on start, then once a day", () =>
    Effect.gen(function*() {
      const rounds = yield* Ref.make<ReadonlyArray<number>>([])
      const fiber = yield* Effect.forkScoped(keepFor(Duration.days(30), (now) =>
        Effect.as(Ref.update(rounds, (r) => [...r, DateTime.toEpochMillis(now)]), [])))
      yield* TestClock.adjust("1 millis")
      expect((yield* Ref.get(rounds)).length).toBe(1)
      yield* TestClock.adjust("23 hours")
      expect((yield* Ref.get(rounds)).length).toBe(1)
      yield* TestClock.adjust("1 hours")
      expect((yield* Ref.get(rounds)).length).toBe(2)
      yield* TestClock.adjust("1 days")
      const seen = yield* Ref.get(rounds)
      expect(seen.length).toBe(3)
      // Each round is told the time it runs at.
      expect((seen[2] ?? 0) - (seen[1] ?? 0)).toBe(Duration.toMillis("1 days"))
      yield* Fiber.interrupt(fiber)
    }))
})
