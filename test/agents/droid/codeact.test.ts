/**
 * CodeAct end to end on the simulated phone: the model's code drives the
 * Settings app through the Adb service, and the test asserts the phone's
 * Wi-Fi switch, not only the transcript.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { layerAdbSimulated } from "../../../src/services/adb/simulated.js"
import { SimulatedDevice } from "../../../src/services/adb/simulator/device.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { untilSleeping } from "../../fakes/clock-driver.js"
import { indexIn, js, phoneWith, promptAt } from "./support.js"

const turnOnWifi = [
  ScriptedLlm.text(js("open_app(\"Settings\")")),
  (req: Parameters<typeof indexIn>[0]) => ScriptedLlm.text(js(`click(${indexIn(req, /"Network & internet"/)})`)),
  (req: Parameters<typeof indexIn>[0]) => ScriptedLlm.text(js(`click(${indexIn(req, /Switch "OFF"/)})\ncomplete(true, "Wi-Fi has been turned on")`))
]

describe("CodeAct", () => {
  it.scoped("\"turn on Wi-Fi\" on the simulated Settings app: the phone's Wi-Fi is on", () => {
    const { device, layer } = phoneWith(turnOnWifi)
    return Effect.gen(function*() {
      const result = yield* runCodeAct({ goal: "turn on Wi-Fi", maxSteps: 5 })
      expect(result).toEqual({ success: true, answer: "Wi-Fi has been turned on", steps: 3, memory: [] })
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
      expect(result).toEqual({ success: false, answer: "stopped after 3 steps without complete()", steps: 3, memory: ["nothing to do"] })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(promptAt(requests, 1)).toMatch(/click\(999\) failed: there is no element \[999\][\s\S]*Printed:\nhello[\s\S]*Code stopped: Error: click: there is no element \[999\]; the screen lists \d+ \(line 2\)/)
      expect(promptAt(requests, 2)).toMatch(/no ```js code block/)
      expect(device.settings.wifiEnabled).toBe(false)
    }).pipe(Effect.provide(layer))
  })

  it.scoped("wait(ms) runs on Effect's Clock: a minute passes in virtual time", () => {
    const { layer } = phoneWith([ScriptedLlm.text(js("wait(60000)\ncomplete(true, 'waited')"))])
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(runCodeAct({ goal: "wait a minute", maxSteps: 1 }))
      yield* untilSleeping
      yield* TestClock.adjust("60 seconds")
      expect((yield* Fiber.join(fiber)).answer).toBe("waited")
    }).pipe(Effect.provide(layer))
  })
})
