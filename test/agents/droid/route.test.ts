/**
 * The router is total and decides from the Manager's answer alone: a
 * completion always finishes; otherwise the plan's first step picks the
 * handler. Properties over generated answers, plus the text round trip
 * through the parser.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc, Option } from "effect"
import type { ManagerOutput } from "../../../src/domain/droid/manager-output.js"
import { describeStep, parseManagerOutput, PlanStep } from "../../../src/domain/droid/manager-output.js"
import { route } from "../../../src/agents/droid/route.js"

const words = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ,'"-]{0,40}[A-Za-z0-9]$/).filter((s) => !/^(DONE|TEXT_TASK)/i.test(s))
const step = fc.oneof(
  words.map((text) => PlanStep.Subgoal({ text })),
  words.map((task) => PlanStep.Script({ task })),
  words.map((task) => PlanStep.TextTask({ task })),
  fc.constant(PlanStep.Done())
)
const output = fc.record({
  thought: words,
  plan: fc.array(step, { minLength: 1, maxLength: 5 }),
  memory: fc.array(words, { maxLength: 2 }),
  accomplished: fc.option(fc.record({ success: fc.boolean(), answer: words }), { nil: undefined })
}).map((o): ManagerOutput => ({ ...o, accomplished: Option.fromNullable(o.accomplished) }))

const render = (o: ManagerOutput): string =>
  [
    `<thought>${o.thought}</thought>`,
    ...o.memory.map((m) => `<add_memory>${m}</add_memory>`),
    `<plan>\n${o.plan.map((s, i) => (s._tag === "Script" ? describeStep(s) : `${i + 1}. ${describeStep(s)}`)).join("\n")}\n</plan>`,
    ...Option.match(o.accomplished, { onNone: () => [], onSome: (a) => [`<request_accomplished success="${a.success}">${a.answer}</request_accomplished>`] })
  ].join("\n")

describe("route", () => {
  it.prop("a completion finishes; otherwise the first step picks Executor, Scripter or TextManipulator", [output], ([o]) => {
    const r = route(o)
    if (Option.isSome(o.accomplished)) {
      expect(r).toEqual({ _tag: "Finish", ...o.accomplished.value })
      return
    }
    const first = o.plan[0]
    const expected = first?._tag === "Subgoal" ? "Execute" : first?._tag === "Script" ? "Script" : first?._tag === "TextTask" ? "TextTask" : "Finish"
    expect(r._tag).toBe(expected)
  })

  it.prop("what the Manager writes parses back to the same steps, memory and completion", [output], ([o]) => {
    const parsed = parseManagerOutput(render(o))
    expect(Either.map(parsed, (p) => ({ plan: p.plan, memory: p.memory, accomplished: p.accomplished }))).toEqual(
      Either.right({ plan: o.plan, memory: o.memory, accomplished: o.accomplished })
    )
  })
})
