/**
 * The `Steps` port: a side effect of a turn that must happen once per step
 * (a diary write, a tool's call), even when a durable host runs the turn's
 * code again after a crash or a resumption.
 *
 * Where it sits: the tool loop runs every tool call that does not ask the
 * user through `once`, and agents wrap their own writes (fitlog chat's
 * commit) in it. Without a durable host (the terminal, the web page) it is
 * the effect itself: the default needs no layer. `shoal serve` provides one
 * that journals each step as a workflow Activity (src/serve/journaled-steps.ts):
 * a replayed turn gets the recorded result back instead of running it again.
 *
 * A step's name must say which step it is the same way on every run of the
 * turn (the tool call's id, a proposal's id); repeats of one name are told
 * apart by their order.
 *
 * A step's typed failure is recorded too when the step gives its `failure`
 * Schema (the tool loop passes the tool's own, as Effect AI's tools declare
 * one): a replay gets the same failure back and does not run the step again
 * (it may have written half of something before failing). Without one the
 * failure is not recorded and a replay runs the step again.
 */
import { Context, Effect } from "effect"
import type { Schema } from "effect"

export interface StepsShape {
  readonly once: <A, I, E, R, EI = never>(
    name: string,
    success: Schema.Schema<A, I>,
    effect: Effect.Effect<A, E, R>,
    failure?: Schema.Schema<E, EI>
  ) => Effect.Effect<A, E, R>
}

/** Every step simply runs: what a host without a journal does. */
export const direct: StepsShape = { once: (_name, _success, effect) => effect }

export class Steps extends Context.Reference<Steps>()("shoal/Steps", { defaultValue: (): StepsShape => direct }) {}

/** Run `effect` once per step, as the current host journals steps; with `failure`, its typed failure is journaled too. */
export const once = <A, I, E, R, EI = never>(
  name: string,
  success: Schema.Schema<A, I>,
  effect: Effect.Effect<A, E, R>,
  failure?: Schema.Schema<E, EI>
): Effect.Effect<A, E, R> => Effect.flatMap(Steps, (steps) => steps.once(name, success, effect, failure))
