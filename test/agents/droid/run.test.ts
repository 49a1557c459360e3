/**
 * droid's front door: structured output decoded into a Schema (and a
 * mismatch naming the field), the clear refusal without a model, and the
 * offline `--script` replay driving the phone.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Schema } from "effect"
import { runDroid, runDroidFor } from "../../../src/agents/droid/run.js"
import { summaryLine } from "../../../src/agents/droid/result.js"
import { runScript } from "../../../src/agents/droid/script.js"
import { structuredOutput } from "../../../src/agents/droid/structured-output.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { js, phoneWith } from "./support.js"

const Weather = Schema.Struct({ temperature: Schema.Int, unit: Schema.Literal("celsius", "fahrenheit"), location: Schema.String })

describe("structured output", () => {
  it.effect("the final answer is decoded into the given Schema", () =>
    Effect.gen(function*() {
      const data = yield* structuredOutput(Weather, "The weather in London is 22 degrees Celsius and sunny.")
      expect(data).toEqual({ temperature: 22, unit: "celsius", location: "London" })
      const [request] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(request?.toolChoice).toEqual({ _tag: "Tool", name: "record_output" })
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("record_output", { temperature: 22, unit: "celsius", location: "London" })]))))

  it.effect("a mismatch is a typed StructuredOutputFailed naming the field", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(structuredOutput(Weather, "22 degrees in London"))
      expect(error._tag).toBe("StructuredOutputFailed")
      if (error._tag === "StructuredOutputFailed") expect(error.detail).toMatch(/\["temperature"\]/)
    }).pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("record_output", { temperature: "warm", unit: "celsius", location: "London" })]))))

  it.scoped("runDroidFor: a CodeAct run's answer comes back as data", () => {
    const { layer } = phoneWith([
      ScriptedLlm.text(js("complete(true, 'It is 22 degrees Celsius in London')")),
      ScriptedLlm.toolCall("record_output", { temperature: 22, unit: "celsius", location: "London" })
    ])
    return Effect.gen(function*() {
      const result = yield* runDroidFor(Weather, { goal: "check the weather in London", maxSteps: 2 })
      expect(result.data).toEqual(Option.some({ temperature: 22, unit: "celsius", location: "London" }))
      expect(result.answer).toBe("It is 22 degrees Celsius in London")
    }).pipe(Effect.provide(Layer.merge(layer, FetchHttpClient.layer)))
  })
})

describe("offline", () => {
  it.effect("without a model droid refuses clearly, before touching the device", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const error = yield* Effect.flip(runDroid({ goal: "turn on Wi-Fi" }))
      expect(error._tag).toBe("NeedsModel")
      expect(error.message).toMatch(/needs a model.*only --script FILE runs/)
      expect(device.commands).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, layerAdbMemory(device), layerQuickJs, FetchHttpClient.layer)))
  })

  it.scoped("--script replays a recorded CodeAct transcript block by block: Wi-Fi ends on", () => {
    const device = new SimulatedDevice()
    // On the Network & internet screen: [3] the "Wi-Fi · Off" row, [4] its switch.
    const transcript = [
      "Step 1\n```js\nopen_app(\"Settings\")\n```",
      "Step 2\n```js\nclick(\"Network & internet\")\n```",
      "Step 3\n```js\nclick(4)\ncomplete(true, \"Wi-Fi is on\")\n```"
    ].join("\n")
    return Effect.gen(function*() {
      const report = yield* runScript(transcript)
      expect(report).toMatchObject({ success: true, answer: "Wi-Fi is on", steps: 3 })
      expect(device.settings.wifiEnabled).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(layerAdbMemory(device), layerQuickJs)))
  })

  it.scoped("a script that runs to its end without complete() ends as not done, after doing its actions", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const report = yield* runScript("open_app('Settings')\nprint('opened')")
      expect(report).toMatchObject({ success: false, answer: "the script ended without calling complete(), so the task is not done", steps: 1 })
      expect(summaryLine(report)).toBe("stopped at step 1: the script ended without calling complete(), so the task is not done")
      expect(device.foreground().packageName).toBe("com.android.settings")
    }).pipe(Effect.provide(Layer.mergeAll(layerAdbMemory(device), layerQuickJs)))
  })

  it.scoped("a script that fails stops there and says why", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const report = yield* runScript("open_app('Settings')\nclick(99)\nhome()")
      expect(report.success).toBe(false)
      expect(report.reports[0]).toMatch(/click\(99\) failed: there is no element \[99\]/)
      expect(device.foreground().packageName).toBe("com.android.settings")
    }).pipe(Effect.provide(Layer.mergeAll(layerAdbMemory(device), layerQuickJs)))
  })
})
