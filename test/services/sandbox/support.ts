/**
 * Helpers for sandbox tests: the sandbox's thread answers in real time
 * while its budget sleeps on TestClock, so waiting for a host call to begin
 * polls real time, with a hard bound.
 */
import { Duration, Effect } from "effect"
import type { HostFunction } from "../../../src/services/sandbox/sandbox.js"

/** Give the event loop a few real milliseconds. */
export const realPause = (ms: number): Effect.Effect<void> => Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

/** Poll until `condition` holds; die after `boundMs` of real time so a broken test cannot hang. */
export const realEventually = (condition: Effect.Effect<boolean>, boundMs = 15_000): Effect.Effect<void> =>
  Effect.gen(function*() {
    const started = performance.now()
    while (!(yield* condition)) {
      if (performance.now() - started > boundMs) return yield* Effect.dieMessage(`condition not reached within ${boundMs} ms`)
      yield* realPause(5)
    }
  })

/**
 * A host function that sleeps on Effect's Clock, and an effect that waits (in
 * real time, bounded) until a call to it has begun sleeping. TestClock keeps
 * the sleeps of interrupted fibers, so counting `TestClock.sleeps()` says
 * nothing here.
 */
export const sleepingHost = (onEnd: () => void = () => undefined) => {
  let started = 0
  const wait: HostFunction = (args) =>
    Effect.zipRight(Effect.sync(() => void (started += 1)), Effect.sleep(Duration.millis(Number(args[0])))).pipe(Effect.ensuring(Effect.sync(onEnd)))
  const untilCalled = (n = 1) => Effect.zipRight(realEventually(Effect.sync(() => started >= n)), realPause(20))
  return { wait, untilCalled }
}
