/**
 * What a droid run reports, emitted through `Events` by `droidAgent`
 * (agent.ts): the task started, each step taken on the device (what it did
 * and whether its code ran), and how the run ended. Schema-encodable, so a
 * page or a log streams them unchanged.
 */
import { Schema } from "effect"

export const DroidMode = Schema.Literal("codeact", "reasoning")
export type DroidMode = typeof DroidMode.Type

/** `DroidOutcome`'s tags (result.ts): why the run stopped. */
export const DroidOutcomeTag = Schema.Literal("Finished", "StepLimit", "Stuck", "Diverged", "ScriptFailed")

export const DroidStep = Schema.Struct({
  step: Schema.Int,
  /** The app in front when the step was decided. */
  app: Schema.String,
  /** What the step did, canonically (its device calls, or the Manager's action). */
  action: Schema.String,
  /** Whether its code ran without an error. */
  ok: Schema.Boolean
})
export type DroidStep = typeof DroidStep.Type

export const DroidEnd = Schema.Struct({
  success: Schema.Boolean,
  answer: Schema.String,
  steps: Schema.Int,
  outcome: DroidOutcomeTag,
  memory: Schema.Array(Schema.String)
})
export type DroidEnd = typeof DroidEnd.Type

export const DroidEvent = Schema.Union(
  Schema.TaggedStruct("RunStarted", { goal: Schema.String, mode: DroidMode, maxSteps: Schema.Int }),
  Schema.TaggedStruct("StepTaken", { step: DroidStep }),
  Schema.TaggedStruct("RunFinished", { end: DroidEnd, summary: Schema.String })
)
export type DroidEvent = typeof DroidEvent.Type
