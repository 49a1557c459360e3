/**
 * A circuit breaker for one provider: after a run of transient failures, later
 * calls skip the provider for a cool-down instead of each paying the whole
 * retry budget again, so a fallback model (or the agent's rules) answers at once.
 *
 * Where it sits: built once per live model by `resilient` (so per session, as
 * the `Llm` layer is), consulted before every attempt. Time is `Clock`, so
 * tests move it with `TestClock`.
 *
 * States: closed (failures < threshold), open (threshold reached, until the
 * cool-down ends: every attempt is refused), half-open (cool-down over: the
 * next attempt is let through; success closes, failure opens it again).
 */
import { Clock, Duration, Effect, Ref } from "effect"

export interface BreakerPolicy {
  /** Consecutive failed attempts that open the breaker. */
  readonly threshold: number
  /** How long an open breaker refuses attempts. */
  readonly cooldown: Duration.DurationInput
}

export interface Breaker {
  /** May an attempt go out now? */
  readonly admit: Effect.Effect<boolean>
  /** A transient failure; true when it (re)opened the breaker. */
  readonly failed: Effect.Effect<boolean>
  readonly succeeded: Effect.Effect<void>
  /** Milliseconds until the breaker admits again (0 when closed). */
  readonly remainingMillis: Effect.Effect<number>
}

interface State {
  readonly failures: number
  readonly openUntil: number
}

export const makeBreaker = (policy: BreakerPolicy): Effect.Effect<Breaker> =>
  Effect.map(Ref.make<State>({ failures: 0, openUntil: 0 }), (ref) => {
    const cooldown = Duration.toMillis(Duration.decode(policy.cooldown))
    const remainingMillis = Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const state = yield* Ref.get(ref)
      return state.failures >= policy.threshold ? Math.max(0, state.openUntil - now) : 0
    })
    return {
      admit: Effect.map(remainingMillis, (left) => left === 0),
      failed: Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        return yield* Ref.modify(ref, (state) => {
          const failures = state.failures + 1
          const opens = failures >= policy.threshold
          return [opens, { failures, openUntil: opens ? now + cooldown : state.openUntil }]
        })
      }),
      succeeded: Ref.set(ref, { failures: 0, openUntil: 0 }),
      remainingMillis
    }
  })
