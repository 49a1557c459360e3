/**
 * Break-test: a device function given a huge argument fails with a short
 * message. `open_app("Settingz".repeat(1e6))` and `click("Wi".repeat(4e6))`
 * used to echo the whole argument back, twice (the step log and the error),
 * 8–16 MB into the model's next prompt.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { js, phoneWith, promptAt } from "./support.js"

describe("CodeAct: device functions given huge arguments", () => {
  it.scoped("failures name the argument in short: the next prompt stays small", () => {
    const { layer } = phoneWith([
      ScriptedLlm.text(js("open_app('Settingz'.repeat(1000000))")),
      ScriptedLlm.text(js("click('Wi'.repeat(4000000))")),
      ScriptedLlm.text(js("long_press('q'.repeat(3000000))")),
      ScriptedLlm.text(js("complete(false, 'gave up')"))
    ])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "open a strange app", maxSteps: 4 })
      expect(result.answer).toBe("gave up")
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      for (const i of [1, 2, 3]) {
        const prompt = promptAt(requests, i)
        expect(prompt).toMatch(/failed/)
        expect(prompt).toMatch(/more characters cut/)
        expect(prompt.length).toBeLessThan(20_000)
      }
    }).pipe(Effect.provide(layer))
  }, 60_000)
})
