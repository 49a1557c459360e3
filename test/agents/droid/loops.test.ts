/**
 * Loops: a model that repeats the same action on a screen that does not
 * change is told so in its next prompt after 3 steps, and the run stops
 * after 5 with a typed `Stuck` outcome — no further model call is made
 * (ScriptedLlm fails the test on an unexpected call).
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { runReasoning } from "../../../src/agents/droid/reasoning.js"
import { DroidOutcome, summaryLine } from "../../../src/agents/droid/result.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { js, phoneWith, promptAt } from "./support.js"

const backPresses = (device: { readonly commands: ReadonlyArray<string> }) => device.commands.filter((c) => /keyevent 4\b/.test(c)).length

describe("loop detection", () => {
  it.scoped("CodeAct: back() on the unchanged home screen is warned about at 3 and stopped at 5", () => {
    const { device, layer } = phoneWith(Array.from({ length: 5 }, () => ScriptedLlm.text(js("back()"))))
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "find the hidden app", maxSteps: 10 })
      expect(result.success).toBe(false)
      expect(result.outcome).toEqual(DroidOutcome.Stuck({ step: 6, action: "back()", times: 5 }))
      expect(summaryLine(result)).toBe("stopped at step 6: stuck in a loop, back() done 5 times in a row on an unchanged screen")
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(5)
      expect(promptAt(requests, 2)).not.toContain("Warning: you did the same thing")
      expect(promptAt(requests, 3)).toContain("Warning: you did the same thing (back()) 3 times in a row and the screen did not change")
      expect(promptAt(requests, 4)).toContain("(back()) 4 times")
      expect(backPresses(device)).toBe(5)
    }).pipe(Effect.provide(layer))
  })

  it.scoped("reasoning: the Manager hears about the repeated Executor action and the run stops as Stuck", () => {
    const manager = ScriptedLlm.text("<thought>Go back.</thought>\n<plan>\n1. Press back\n</plan>")
    const executor = ScriptedLlm.text("### Thought ###\nback\n### Action ###\n{\"action\": \"back\"}\n### Description ###\nback")
    const { device, layer } = phoneWith(Array.from({ length: 5 }, () => [manager, executor]).flat())
    return Effect.gen(function*() {
      const result = yield* runReasoning({ goal: "find the hidden app", maxSteps: 10 })
      expect(result.outcome).toEqual(DroidOutcome.Stuck({ step: 6, action: "{\"action\":\"back\"}", times: 5 }))
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(10)
      // Manager prompts are the even requests: the 4th Manager turn (request 6) carries the warning.
      expect(promptAt(requests, 4)).not.toContain("Warning: you did the same thing")
      expect(promptAt(requests, 6)).toContain("Warning: you did the same thing ({\"action\":\"back\"}) 3 times")
      expect(backPresses(device)).toBe(5)
    }).pipe(Effect.provide(Layer.merge(layer, FetchHttpClient.layer)))
  })

  it.scoped("CodeAct: an A/B cycle (open a page, go back) that keeps leading to the same screens is warned about at 3 rounds and stopped at 5", () => {
    const round = [ScriptedLlm.text(js("click('Network & internet')")), ScriptedLlm.text(js("back()"))]
    const { device, layer } = phoneWith([ScriptedLlm.text(js("open_app('Settings')")), ...Array.from({ length: 5 }, () => round).flat()])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "find the hidden setting", maxSteps: 20 })
      expect(result.outcome).toEqual(DroidOutcome.Stuck({ step: 12, action: "click(\"Network & internet\"), then back()", times: 5 }))
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(11)
      expect(promptAt(requests, 6)).not.toContain("Warning: you did the same thing")
      expect(promptAt(requests, 7)).toContain("Warning: you did the same thing (click(\"Network & internet\"), then back()) 3 times in a row")
      expect(backPresses(device)).toBe(5)
    }).pipe(Effect.provide(layer))
  })

  it.scoped("the same action is not a loop while it keeps changing the screen (a switch toggled 6 times)", () => {
    const { device, layer } = phoneWith([
      ScriptedLlm.text(js("open_app('Settings')")),
      ScriptedLlm.text(js("click('Network & internet')")),
      ScriptedLlm.text(js("click('Wi-Fi')")),
      ...Array.from({ length: 6 }, () => ScriptedLlm.text(js("click('Use Wi-Fi')"))),
      ScriptedLlm.text(js("complete(true, 'toggled')"))
    ])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "toggle Wi-Fi six times", maxSteps: 12 })
      expect(result.outcome).toEqual(DroidOutcome.Finished())
      expect(device.settings.wifiEnabled).toBe(false)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(10)
      expect(requests.some((_, i) => promptAt(requests, i).includes("Warning: you did the same thing"))).toBe(false)
    }).pipe(Effect.provide(layer))
  })
})
