/**
 * Break-test of `shoal serve --keep` (issue 18), by a non-author. A session
 * counts as ended when its last save is older than the keep period and no
 * question of it waits. But its last save is its last *finished* turn: a
 * turn running now (a long droid or shop run, a turn replayed on start after
 * a restart, or one whose question just timed out and is finishing) leaves it
 * looking old: a user back after a month whose turn is running when the
 * daily prune comes lost the session, and the turn's result with it. A
 * session with a turn under way is being touched: it stays, and the turn's
 * result is saved.
 * "Now" is injected, as in retention.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { DateTime, Duration, Effect } from "effect"
import { pruneEnded } from "../../src/serve/retention.js"
import { servedEchoOnSqlite } from "./harness.js"

describe("shoal serve break-test: --keep and a turn under way", () => {
  it.live("a session whose turn is running is not pruned, however old its last save; the turn's result is saved", () =>
    Effect.gen(function*() {
      const { context, deps, served } = yield* servedEchoOnSqlite("shoal-serve-break-keep-", ["one", "two"])

      const id = (yield* Effect.orDie(served.create)).id
      yield* served.turn(id, "t1", "hello").pipe(Effect.provide(context))
      // "slow…": the turn goes on 3 s after its model call, with no question.
      const running = yield* Effect.fork(Effect.either(served.turn(id, "t2", "slow down").pipe(Effect.provide(context))))
      const started = (turnId: string) => Effect.map(deps.hub.log("echo", id), (log) => log.some((e) => e.turnId === turnId && e.event._tag === "TurnStarted"))
      while (!(yield* started("t2"))) yield* Effect.sleep("50 millis")

      const now = yield* DateTime.now
      const pruned = yield* pruneEnded({ agents: [served], questions: deps.questions, hub: deps.hub }, Duration.days(30), DateTime.add(now, { days: 31 })).pipe(
        Effect.provide(context)
      )
      expect(pruned).toEqual([])
      const reply = yield* running.await.pipe(Effect.flatMap((exit) => exit))
      expect(reply._tag).toBe("Right")
      expect((yield* Effect.orDie(served.get(id))).state).toEqual({ turns: 2, said: ["hello", "slow down"] })
    }).pipe(Effect.scoped), 60_000)
})
