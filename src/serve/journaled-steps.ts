/**
 * The `Steps` a turn workflow gives its agent: each step is an `Activity`
 * named `step/<name>` (a repeat of one name `step/<name>#2`…), so its result
 * is journaled and a replayed turn gets it back instead of running the side
 * effect again — a diary row written before a crash is not written twice.
 *
 * Inside a step the turn's own services are plain: model calls go straight to
 * the runner's model (the step is journaled as a whole, so they are not
 * numbered among the turn's `llm/n`), nested steps simply run, events are
 * keyed under the step, and a question is refused — a tool that asks the
 * user is declared `asksUser` and is not a step (its questions are durable
 * on their own).
 *
 * Defects: an activity that dies is tried `activityAttempts` times in all
 * (`activityRetry`: 100 ms, then 200 ms); then the defect is journaled and
 * the turn fails (served-agent.ts turns it into `TurnNotTaken`).
 *
 * Where it sits: serve's workflow body (served-agent.ts).
 */
import { Activity } from "@effect/workflow"
import type { WorkflowEngine, WorkflowInstance } from "@effect/workflow/WorkflowEngine"
import { Cause, Effect, Option, Schedule, Schema } from "effect"
import type { Context } from "effect"
import { Events } from "../services/events/events.js"
import type { EventsShape } from "../services/events/events.js"
import { Llm } from "../services/llm/llm.js"
import type { LlmShape } from "../services/llm/llm.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import { direct, Steps } from "../services/steps/steps.js"
import type { StepsShape } from "../services/steps/steps.js"

/** How often an activity that dies is tried again: twice, after 100 and 200 ms. */
export const activityRetry = Schedule.exponential("100 millis").pipe(Schedule.intersect(Schedule.recurs(2)))
export const activityAttempts = 3

/** `effect`, tried again on a defect by `activityRetry`; typed failures and interruptions are not retried. */
export const boundedDefects = <A, E, R>(what: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  effect.pipe(
    Effect.sandbox,
    Effect.tapError((cause) => (Cause.isDie(cause) ? Effect.logWarning(`${what} died`, Cause.pretty(cause)) : Effect.void)),
    Effect.retry({ schedule: activityRetry, while: (cause) => Cause.isDie(cause) && !Cause.isInterrupted(cause) }),
    Effect.unsandbox
  )

const refusing = QuestionUI.of({
  ask: (question) => Effect.dieMessage(`a question ("${question._tag}") was asked inside a journaled step: declare the tool asksUser`)
})

export interface StepServices {
  /** The runner's model, unjournaled. */
  readonly llm: LlmShape
  /** The turn's events, keyed under `prefix`. */
  readonly events: (prefix: string) => Effect.Effect<EventsShape>
}

export const journaledSteps = (inside: StepServices, workflow: Context.Context<WorkflowEngine | WorkflowInstance>): StepsShape => {
  const seen = new Map<string, number>()
  return {
    once: <A, I, E, R>(name: string, success: Schema.Schema<A, I>, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.suspend(() => {
        const k = (seen.get(name) ?? 0) + 1
        seen.set(name, k)
        const step = k === 1 ? `step/${name}` : `step/${name}#${k}`
        const plain = Effect.flatMap(inside.events(step), (events) =>
          effect.pipe(
            Effect.provideService(Steps, direct),
            Effect.provideService(Llm, inside.llm),
            Effect.provideService(QuestionUI, refusing),
            Effect.provideService(Events, events)
          ))
        // A typed failure leaves the activity as "Failed" (not journaled as the step's result) and is re-raised here.
        let failure = Option.none<E>()
        const Outcome = Schema.Union(Schema.TaggedStruct("Done", { value: success }), Schema.TaggedStruct("Failed", {}))
        const execute = plain.pipe(
          Effect.map((value) => ({ _tag: "Done" as const, value })),
          Effect.catchAll((e) => Effect.sync(() => (failure = Option.some(e))).pipe(Effect.as({ _tag: "Failed" as const })))
        )
        return Activity.make({ name: step, success: Outcome, execute: boundedDefects(step, execute) }).pipe(
          Effect.provide(workflow),
          Effect.flatMap((outcome) =>
            outcome._tag === "Done"
              ? Effect.succeed(outcome.value)
              : Option.match(failure, { onSome: Effect.fail, onNone: () => plain })
          )
        )
      })
  }
}
