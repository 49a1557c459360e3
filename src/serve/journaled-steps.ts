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
 * A step that fails with a typed error and gives its `failure` Schema (a
 * tool's own) has the failure journaled: a replay fails the same way without
 * running the step again.
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
import type { Clock, Context } from "effect"
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
  /** The runner's real clock: the journal runs on it; the step's own code reads its caller's (the turn's, turn-clock.ts). */
  readonly clock: Clock.Clock
}

export const journaledSteps = (inside: StepServices, workflow: Context.Context<WorkflowEngine | WorkflowInstance>): StepsShape => {
  const seen = new Map<string, number>()
  return {
    once: <A, I, E, R, EI>(name: string, success: Schema.Schema<A, I>, effect: Effect.Effect<A, E, R>, failure?: Schema.Schema<E, EI>): Effect.Effect<A, E, R> =>
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
        // A typed failure is journaled as "Failed" with its value encoded by the step's `failure` Schema, and
        // re-raised as it came on this run. A replay decodes it and fails the same way without running the step.
        // Without a Schema (or one that cannot encode the value, or a journal from before failures were kept)
        // "Failed" carries nothing and a replay runs the step again.
        let raised = Option.none<E>()
        const Outcome = Schema.Union(
          Schema.TaggedStruct("Done", { value: success }),
          Schema.TaggedStruct("Failed", { error: Schema.optional(Schema.Unknown) })
        )
        const encodeFailure = (e: E): Effect.Effect<unknown> =>
          failure === undefined ? Effect.succeed(undefined) : Schema.encode(failure)(e).pipe(
            Effect.tapError((parse) => Effect.logWarning(`${step}: its failure could not be journaled; a replay runs it again`, parse.message)),
            Effect.orElseSucceed(() => undefined)
          )
        const execute = plain.pipe(
          Effect.map((value) => ({ _tag: "Done" as const, value })),
          Effect.catchAll((e) =>
            Effect.sync(() => (raised = Option.some(e))).pipe(
              Effect.zipRight(encodeFailure(e)),
              Effect.map((error) => (error === undefined ? { _tag: "Failed" as const } : { _tag: "Failed" as const, error }))
            )
          )
        )
        const replayed = (error: unknown): Effect.Effect<A, E, R> =>
          failure === undefined || error === undefined ? plain : Schema.decodeUnknown(failure)(error).pipe(
            Effect.matchEffect({
              onFailure: (parse) => Effect.logWarning(`${step}: its journaled failure no longer decodes; running it again`, parse.message).pipe(Effect.zipRight(plain)),
              onSuccess: (e) => Effect.fail(e)
            })
          )
        return Effect.clockWith((turnClock) =>
          Activity.make({ name: step, success: Outcome, execute: boundedDefects(step, Effect.withClock(execute, turnClock)) }).pipe(
            Effect.provide(workflow),
            Effect.withClock(inside.clock)
          )
        ).pipe(
          Effect.flatMap((outcome) =>
            outcome._tag === "Done"
              ? Effect.succeed(outcome.value)
              : Option.match(raised, { onSome: Effect.fail, onNone: () => replayed(outcome.error) })
          )
        )
      })
  }
}
