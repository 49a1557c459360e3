/**
 * What a droid run gives back (seeds/002 "ResultEvent"): success, the final
 * answer, how it got there, and why it stopped — a typed outcome the CLI
 * turns into a summary line and an exit code.
 */
import { Data } from "effect"

export type DroidOutcome = Data.TaggedEnum<{
  /** The model called complete() / the Manager declared the goal accomplished / a script ran to its end. */
  Finished: {}
  /** The step budget ran out first. */
  StepLimit: { readonly maxSteps: number }
  /** The same action on the unchanged screen too many times in a row (domain/droid/loop-guard.ts). */
  Stuck: { readonly step: number; readonly action: string; readonly times: number }
  /** A replay met a screen other than the recorded one (domain/droid/trajectory.ts). */
  Diverged: { readonly step: number; readonly expected: string; readonly actual: string; readonly app: string }
  /** A script's code failed. */
  ScriptFailed: { readonly step: number }
}>
export const DroidOutcome = Data.taggedEnum<DroidOutcome>()

export interface DroidResult {
  readonly success: boolean
  /** The final answer, or why the task failed. */
  readonly answer: string
  /** Model steps taken (CodeAct turns, or Manager turns in reasoning mode). */
  readonly steps: number
  /** Facts the agent kept along the way (`remember`, `<add_memory>`). */
  readonly memory: ReadonlyArray<string>
  readonly outcome: DroidOutcome
}

/** The run stopped at `step` because `action` was repeated `times` times on an unchanged screen (both modes). */
export const stuckResult = (step: number, stuck: { readonly action: string; readonly times: number }, memory: ReadonlyArray<string>): DroidResult => ({
  success: false,
  answer: `stuck: ${stuck.action} was done ${stuck.times} times in a row on an unchanged screen`,
  steps: step - 1,
  memory,
  outcome: DroidOutcome.Stuck({ step, action: stuck.action, times: stuck.times })
})

/** One line saying how the run ended, for the terminal. */
export const summaryLine = (r: DroidResult): string =>
  DroidOutcome.$match(r.outcome, {
    Finished: () => `${r.success ? "done" : "failed"} after ${r.steps} step${r.steps === 1 ? "" : "s"}: ${r.answer}`,
    StepLimit: ({ maxSteps }) => `stopped: step limit (${maxSteps}) reached without finishing`,
    Stuck: ({ action, step, times }) => `stopped at step ${step}: stuck in a loop, ${action} done ${times} times in a row on an unchanged screen`,
    Diverged: ({ actual, app, expected, step }) =>
      `replay stopped at step ${step}: the screen differs from the recorded one (expected screen ${expected}, found ${actual} in ${app})`,
    ScriptFailed: ({ step }) => `stopped at step ${step}: ${r.answer}`
  })
