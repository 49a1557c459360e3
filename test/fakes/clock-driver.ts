/**
 * Moving `TestClock` while real IO runs.
 *
 * Where it sits: test helpers for wire tests, where a fiber under test does
 * real HTTP on loopback (settled by node's event loop) and sleeps between
 * retries on `TestClock` (settled only by `TestClock.adjust`). Neither makes
 * progress on its own, so these helpers alternate: give the event loop a turn,
 * then move simulated time a little. No real second is ever slept.
 */
import { Duration, Effect, Fiber, Option, TestClock } from "effect"
import type { Exit } from "effect"

/** Let node run pending IO callbacks (socket reads, timers at 0). */
export const yieldToEventLoop: Effect.Effect<void> = Effect.promise(
  () => new Promise<void>((resolve) => setImmediate(resolve))
)

/** Yield to the event loop until `condition` holds; die after `turns` tries so a broken test cannot hang. */
export const eventually = (condition: Effect.Effect<boolean>, turns = 5_000): Effect.Effect<void> =>
  Effect.gen(function*() {
    for (let i = 0; i < turns; i++) {
      if (yield* condition) return
      yield* yieldToEventLoop
    }
    return yield* Effect.dieMessage(`condition not reached after ${turns} event-loop turns`)
  })

/** Wait until some fiber sleeps on the TestClock (e.g. a retry backoff has begun). */
export const untilSleeping: Effect.Effect<void> = eventually(
  Effect.map(TestClock.sleeps(), (sleeps) => sleeps.length > 0)
)

/** Move simulated time forward by `total` in `step`s, letting IO run after each step. */
export const adjustInSteps = (
  total: Duration.DurationInput,
  step: Duration.DurationInput = "100 millis"
): Effect.Effect<void> =>
  Effect.gen(function*() {
    const stepMillis = Duration.toMillis(step)
    let left = Duration.toMillis(total)
    while (left > 0) {
      const move = Math.min(stepMillis, left)
      yield* TestClock.adjust(Duration.millis(move))
      left -= move
      for (let i = 0; i < 5; i++) yield* yieldToEventLoop
    }
  })

/**
 * Run a forked fiber to its end, moving the clock in `step`s whenever it
 * sleeps; dies if it needs more than `limit` of simulated time.
 */
export const driveToEnd = <A, E>(
  fiber: Fiber.Fiber<A, E>,
  options: { readonly step?: Duration.DurationInput; readonly limit?: Duration.DurationInput } = {}
): Effect.Effect<Exit.Exit<A, E>> =>
  Effect.gen(function*() {
    const step = Duration.toMillis(options.step ?? "250 millis")
    const limit = Duration.toMillis(options.limit ?? "10 minutes")
    let moved = 0
    for (let turn = 0; turn < 100_000; turn++) {
      const done = yield* Fiber.poll(fiber)
      if (Option.isSome(done)) return done.value
      const sleeps = yield* TestClock.sleeps()
      if (sleeps.length > 0) {
        if (moved >= limit) break
        yield* TestClock.adjust(Duration.millis(step))
        moved += step
      }
      yield* yieldToEventLoop
    }
    return yield* Effect.dieMessage(`fiber still running after ${moved} ms of simulated time`)
  })
