/**
 * The router (seeds/002 "DroidAgent Router"), pure: a parsed Manager answer
 * decides what happens next — finish, or hand the plan's first step to the
 * Executor, the Scripter or the TextManipulator. No model is asked.
 */
import { Data, Option } from "effect"
import type { ManagerOutput } from "../../domain/droid/manager-output.js"
import { PlanStep } from "../../domain/droid/manager-output.js"

export type Route = Data.TaggedEnum<{
  Finish: { readonly success: boolean; readonly answer: string }
  Execute: { readonly subgoal: string }
  Script: { readonly task: string }
  TextTask: { readonly task: string }
}>
export const Route = Data.taggedEnum<Route>()

export const route = (output: ManagerOutput): Route => {
  if (Option.isSome(output.accomplished)) return Route.Finish(output.accomplished.value)
  const first = output.plan[0]
  if (first === undefined) return Route.Finish({ success: false, answer: "the Manager gave an empty plan" })
  return PlanStep.$match(first, {
    Subgoal: ({ text }) => Route.Execute({ subgoal: text }),
    Script: ({ task }) => Route.Script({ task }),
    TextTask: ({ task }) => Route.TextTask({ task }),
    Done: () => Route.Finish({ success: true, answer: output.thought.length > 0 ? output.thought : "done" })
  })
}

/** Consecutive failures after which the Manager sees the error history (seeds/002: threshold 2). */
export const errorThreshold = 2
