/**
 * CodeAct end to end on the simulated phone: the model's code drives the
 * Settings app through the Adb service, and the test asserts the phone's
 * Wi-Fi switch, not only the transcript.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { layerAdbSimulated } from "../../../src/services/adb/simulated.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { maxFactChars, maxFacts, stepLimits } from "../../../src/agents/droid/codeact-functions.js"
import { realEventually } from "../../services/sandbox/support.js"
import { indexIn, js, phoneWith, promptAt } from "./support.js"
import { DroidOutcome } from "../../../src/agents/droid/result.js"

const turnOnWifi = [
  ScriptedLlm.text(js("open_app(\"Settings\")")),
  (req: Parameters<typeof indexIn>[0]) => ScriptedLlm.text(js(`click(${indexIn(req, /"Network & internet · /)})`)),
  (req: Parameters<typeof indexIn>[0]) => ScriptedLlm.text(js(`click(${indexIn(req, /Switch "OFF"/)})\ncomplete(true, "Wi-Fi has been turned on")`))
]

/** Until some fiber sleeps `ms` from now on TestClock (the sandbox answers in real time, so this polls real time, bounded). */
const untilSleepOf = (ms: number) =>
  realEventually(Effect.gen(function*() {
    const now = yield* TestClock.currentTimeMillis
    return Array.from(yield* TestClock.sleeps()).includes(now + ms)
  }))

describe("CodeAct", () => {
  it.scoped("\"turn on Wi-Fi\" on the simulated Settings app: the phone's Wi-Fi is on", () => {
    const { device, layer } = phoneWith(turnOnWifi)
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "turn on Wi-Fi", maxSteps: 5 })
      expect(result).toEqual({ success: true, answer: "Wi-Fi has been turned on", steps: 3, memory: [], outcome: DroidOutcome.Finished() })
      expect(device.settings.wifiEnabled).toBe(true)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 0)).toMatch(/Goal: turn on Wi-Fi[\s\S]*Focused app: com\.google\.android\.apps\.nexuslauncher[\s\S]*\[\d+\] TextView "Settings"/)
      expect(promptAt(requests, 1)).toMatch(/open_app\("Settings"\): opened com\.android\.settings[\s\S]*Focused app: com\.android\.settings/)
    }).pipe(Effect.provide(layer))
  })

  it.scoped("through the real adb client and the simulator's ADB server (--device sim)", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "turn on Wi-Fi", maxSteps: 5 })
      expect(result.success).toBe(true)
      expect(device.settings.wifiEnabled).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(layerAdbSimulated(device), layerQuickJs, ScriptedLlm.layer(turnOnWifi))))
  }, 30_000)

  it.scoped("errors and prints reach the next prompt; the step budget ends a run that never completes", () => {
    const { device, layer } = phoneWith([
      ScriptedLlm.text(js("print('hello')\nclick(999)")),
      ScriptedLlm.text("I am not sure what to do."),
      ScriptedLlm.text(js("remember('nothing to do')"))
    ])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "do something", maxSteps: 3 })
      expect(result).toEqual({ success: false, answer: "stopped after 3 steps without complete()", steps: 3, memory: ["nothing to do"], outcome: DroidOutcome.StepLimit({ maxSteps: 3 }) })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 1)).toMatch(/click\(999\) failed: there is no element \[999\][\s\S]*Printed:\nhello[\s\S]*Code stopped: Error: click: there is no element \[999\]; the screen lists \d+ \(line 2\)/)
      expect(promptAt(requests, 2)).toMatch(/no ```js code block/)
      expect(device.settings.wifiEnabled).toBe(false)
    }).pipe(Effect.provide(layer))
  })

  it.scoped("wait(ms) runs on Effect's Clock: twenty seconds pass in virtual time", () => {
    const { layer } = phoneWith([ScriptedLlm.text(js("wait(20000)\ncomplete(true, 'waited')"))])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(runCodeAct({ goal: "wait a while", maxSteps: 1 }))
      yield* untilSleepOf(20_000)
      yield* TestClock.adjust("20 seconds")
      expect((yield* Fiber.join(fiber)).answer).toBe("waited")
    }).pipe(Effect.provide(layer))
  })

  it.scoped("a step's budget covers its device calls: waits past it stop the code, and the model is told", () => {
    const { layer } = phoneWith([ScriptedLlm.text(js("wait(20000)\nwait(20000)\ncomplete(true, 'waited')")), ScriptedLlm.text(js("complete(false, 'too slow')"))])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(runCodeAct({ goal: "wait a long while", maxSteps: 2 }))
      yield* untilSleepOf(20_000)
      yield* TestClock.adjust("20 seconds")
      yield* untilSleepOf(20_000)
      yield* TestClock.adjust("20 seconds")
      expect((yield* Fiber.join(fiber)).answer).toBe("too slow")
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 1)).toContain(`Code stopped: the code and its device calls took longer than ${stepLimits.timeLimitMs} ms and were stopped`)
    }).pipe(Effect.provide(layer))
  }, 30_000)

  it.scoped("`while (true) back()` stops at the step's call cap: the device sees that many presses, not thousands", () => {
    const { device, layer } = phoneWith([ScriptedLlm.text(js("while (true) back()")), ScriptedLlm.text(js("complete(false, 'stuck')"))])
    return Effect.gen(function*() {
      const started = performance.now()
      const result = yield* runCodeAct({ goal: "go back forever", maxSteps: 2 })
      expect(result.answer).toBe("stuck")
      expect(performance.now() - started).toBeLessThan(20_000)
      expect(device.commands.filter((c) => /input keyevent 4\b/.test(c)).length).toBe(stepLimits.maxCalls)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 1)).toMatch(/Code stopped: the code called functions more than 30 times in one step/)
    }).pipe(Effect.provide(layer))
  }, 30_000)

  it.scoped("a remember() flood keeps short facts and a bounded memory, and the host stays up", () => {
    const { layer } = phoneWith([
      ScriptedLlm.text(js("remember('x'.repeat(5000000))\nfor (let i = 0; i < 28; i++) remember('fact ' + i)")),
      ScriptedLlm.text(js("for (let i = 28; i < 33; i++) remember('fact ' + i)")),
      ScriptedLlm.text(js("complete(true, 'done')"))
    ])
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "remember a lot", maxSteps: 3 })
      expect(result.memory.length).toBe(maxFacts)
      expect(result.memory[0]).toBe(`${"x".repeat(maxFactChars)}… [${5_000_000 - maxFactChars} more characters cut]`)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 2)).toMatch(/Code stopped: Error: remember: memory is full \(30 facts\)/)
      expect(promptAt(requests, 2).length).toBeLessThan(40_000)
    }).pipe(Effect.provide(layer))
  }, 30_000)
})
