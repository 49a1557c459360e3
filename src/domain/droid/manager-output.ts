/**
 * What the Manager wrote, as data (seeds/002 "Reasoning Mode"): its
 * `<thought>`, the `<plan>` as routable steps (numbered subgoals, `<script>`
 * blocks for the Scripter, `TEXT_TASK:` lines for the TextManipulator,
 * `DONE`), any `<add_memory>` notes, and `<request_accomplished success>`.
 *
 * Where it sits: the reasoning loop parses every Manager answer here, then
 * the pure router (agents/droid/route.ts) picks the first step. Pure.
 */
import { Data, Either, Option } from "effect"

export type PlanStep = Data.TaggedEnum<{
  /** A plain subgoal: one atomic device action for the Executor. */
  Subgoal: { readonly text: string }
  /** Off-device work for the Scripter. */
  Script: { readonly task: string }
  /** Rewrite the focused text field, for the TextManipulator. */
  TextTask: { readonly task: string }
  /** The plan says it is finished (without a `<request_accomplished>`). */
  Done: {}
}>
export const PlanStep = Data.taggedEnum<PlanStep>()

export interface Accomplished {
  readonly success: boolean
  readonly answer: string
}

export interface ManagerOutput {
  readonly thought: string
  readonly plan: ReadonlyArray<PlanStep>
  readonly memory: ReadonlyArray<string>
  readonly accomplished: Option.Option<Accomplished>
}

const tagBodies = (text: string, tag: string): ReadonlyArray<{ readonly attributes: string; readonly body: string }> =>
  [...text.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, "gi"))].map((m) => ({
    attributes: m[1] ?? "",
    body: (m[2] ?? "").trim()
  }))

const numbering = /^(?:\d+[.)]|[-*•])\s*/

const lineStep = (line: string): PlanStep | undefined => {
  const text = line.trim().replace(numbering, "").trim()
  if (text.length === 0) return undefined
  const textTask = /^TEXT_TASK:\s*([\s\S]*)$/i.exec(text)
  if (textTask !== null) return PlanStep.TextTask({ task: (textTask[1] ?? "").trim() })
  if (/^DONE\.?$/i.test(text)) return PlanStep.Done()
  return PlanStep.Subgoal({ text })
}

/** The plan's steps in order; `<script>` blocks keep their place among the numbered lines. */
export const parsePlan = (plan: string): ReadonlyArray<PlanStep> => {
  const steps: Array<PlanStep> = []
  let rest = plan
  for (;;) {
    const script = /<script>([\s\S]*?)<\/script>/i.exec(rest)
    const before = script === null ? rest : rest.slice(0, script.index)
    for (const line of before.split("\n")) {
      const step = lineStep(line)
      if (step !== undefined) steps.push(step)
    }
    if (script === null) return steps
    const task = (script[1] ?? "").trim()
    if (task.length > 0) steps.push(PlanStep.Script({ task }))
    rest = rest.slice(script.index + script[0].length)
  }
}

/** Parse a Manager answer; an answer with neither a plan nor a completion is an error to show the Manager. */
export const parseManagerOutput = (text: string): Either.Either<ManagerOutput, string> => {
  const thought = tagBodies(text, "thought").map((t) => t.body).join("\n")
  const memory = tagBodies(text, "add_memory").map((t) => t.body).filter((m) => m.length > 0)
  const done = tagBodies(text, "request_accomplished")[0]
  const accomplished = Option.map(Option.fromNullable(done), (d): Accomplished => ({
    success: !/success\s*=\s*["']?false/i.test(d.attributes),
    answer: d.body
  }))
  const plans = tagBodies(text, "plan")
  if (plans.length === 0 && Option.isNone(accomplished)) {
    return Either.left("The answer has neither a <plan> nor a <request_accomplished> tag. Answer with <thought>, then <plan> (numbered subgoals) or <request_accomplished success=\"true|false\">.")
  }
  const plan = plans.flatMap((p) => parsePlan(p.body))
  if (Option.isNone(accomplished) && plan.length === 0) {
    return Either.left("The <plan> is empty. List the next subgoals, numbered, or finish with <request_accomplished>.")
  }
  return Either.right({ thought, plan, memory, accomplished })
}

/** How a step reads in a prompt or a log. */
export const describeStep = PlanStep.$match({
  Subgoal: ({ text }) => text,
  Script: ({ task }) => `<script>${task}</script>`,
  TextTask: ({ task }) => `TEXT_TASK: ${task}`,
  Done: () => "DONE"
})
