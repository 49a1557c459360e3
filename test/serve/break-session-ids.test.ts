/**
 * Break-test of `shoal serve`'s session creation (issue 18), by a
 * non-author. A new session's id is the minute and four random base-36
 * characters (`2026-11-23-0610-szha`): "unique enough for one person's
 * sessions", but a server creating hundreds of sessions a minute (the bench
 * does thousands) draws the same id twice within a minute by the birthday
 * bound (1,000 a minute: about a one-in-four chance). A second create with an
 * id already in use then saved the new session's initial state over the
 * stored one (or, after the first session's turn, failed as a save
 * conflict). The same minute and the same draw are forced here: a fixed
 * clock and a seeded `Random`. A create never touches a stored session: it
 * gets an id of its own.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Random } from "effect"
import { servedEchoOnSqlite } from "./harness.js"

/** A clock stopped at one instant (a create reads only the time). */
const stoppedAt = (millis: number): Clock.Clock => ({
  [Clock.ClockTypeId]: Clock.ClockTypeId,
  unsafeCurrentTimeMillis: () => millis,
  unsafeCurrentTimeNanos: () => BigInt(millis) * 1_000_000n,
  currentTimeMillis: Effect.succeed(millis),
  currentTimeNanos: Effect.succeed(BigInt(millis) * 1_000_000n),
  sleep: () => Effect.void
})

describe("shoal serve break-test: two creates drawing the same id", () => {
  it.live("the second session gets another id; the first keeps its turns", () =>
    Effect.gen(function*() {
      const { context, served } = yield* servedEchoOnSqlite("shoal-serve-break-ids-", ["one"])

      const sameDraw = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        effect.pipe(Effect.withRandom(Random.make("same draw")), Effect.withClock(stoppedAt(Date.UTC(2026, 10, 23, 6, 10, 30))))
      const first = (yield* Effect.orDie(sameDraw(served.create))).id
      yield* served.turn(first, "t1", "hello").pipe(Effect.provide(context))
      expect((yield* Effect.orDie(served.get(first))).state).toEqual({ turns: 1, said: ["hello"] })

      const second = yield* Effect.either(sameDraw(served.create))
      expect(second._tag).toBe("Right")
      if (second._tag === "Right") expect(second.right.id).not.toBe(first)
      expect((yield* Effect.orDie(served.get(first))).state).toEqual({ turns: 1, said: ["hello"] })
      expect((yield* served.list).length).toBe(2)
    }).pipe(Effect.scoped), 60_000)
})
