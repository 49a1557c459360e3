/**
 * The time a turn reads is journaled: the session's entity stamps the turn's
 * start (`Clock`) into the turn workflow's payload, which the journal keeps
 * (a redelivered turn gets its first payload back; no extra journal message),
 * and every run of the turn's code reads a clock that starts there — the journaled start plus the time elapsed since this
 * run began, like a `TestClock` set to it. A turn replayed after a kill, on
 * another runner or after midnight, reads the first run's "today": the date
 * in `agent.input` (fitlog's "today"/"yesterday") and anything the turn
 * stamps into its state are the same as the first time. (A turn resumed by an
 * answer runs its code again too, from the same start.)
 *
 * Only the agent's code reads this clock. The journal's own machinery (model
 * calls, steps, questions and their durable clocks, event timestamps) keeps
 * the runner's real one: `onRealClock`.
 *
 * Where it sits: serve's workflow body (served-agent.ts).
 */
import { Clock, Effect } from "effect"

/** `base` moved by `offsetMillis` (back when negative); its sleeps are the base clock's own. */
export const shiftedClock = (base: Clock.Clock, offsetMillis: number): Clock.Clock => {
  const offsetNanos = BigInt(Math.round(offsetMillis)) * 1_000_000n
  return {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => base.unsafeCurrentTimeMillis() + offsetMillis,
    currentTimeMillis: Effect.map(base.currentTimeMillis, (t) => t + offsetMillis),
    unsafeCurrentTimeNanos: () => base.unsafeCurrentTimeNanos() + offsetNanos,
    currentTimeNanos: Effect.map(base.currentTimeNanos, (t) => t + offsetNanos),
    sleep: (duration) => base.sleep(duration)
  }
}

/**
 * The turn's clock: `startedAt` (journaled with the turn; absent in turns
 * journaled before it was) plus the time since this run of its code began.
 */
export const turnClock = (real: Clock.Clock, startedAt: number | undefined): Effect.Effect<Clock.Clock> =>
  Effect.map(real.currentTimeMillis, (now) => shiftedClock(real, startedAt === undefined ? 0 : startedAt - now))

/** `effect` on the runner's real clock, whatever clock its caller reads. */
export const onRealClock = (real: Clock.Clock) => <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => Effect.withClock(effect, real)
