/**
 * The seeds/000 Android tools in a ToolLoop: a scripted model drives the
 * in-memory simulated device, and the test checks what the model was told
 * (success in words, failures as error results) and what happened on the
 * device.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer } from "effect"
import { readFileSync } from "node:fs"
import { userText } from "../../../src/domain/llm.js"
import type { GenerateRequest } from "../../../src/domain/llm.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { androidTools } from "../../../src/services/adb/tools.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"
import { driveToEnd } from "../../fakes/clock-driver.js"
import { SimulatedDevice } from "../../fakes/android/index.js"

/** The tool results a request showed the model (those of the previous turn): [isError, text] each. */
const results = (request: GenerateRequest | undefined) =>
  (request?.messages.at(-1)?.content ?? []).flatMap((b) =>
    b._tag === "ToolResult" ? [[b.isError, b.content.map((c) => (c._tag === "Text" ? c.text : "")).join("")] as const] : [])

const runLoop = (device: SimulatedDevice, turns: Parameters<typeof ScriptedLlm.layer>[0]) =>
  Effect.gen(function*() {
    const layer = Layer.merge(ScriptedLlm.layer(turns), layerAdbMemory(device))
    const program = Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("log greek yogurt for lunch")], tools: androidTools, maxIterations: 10 })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      return { result, requests }
    }).pipe(Effect.provide(layer))
    const exit = yield* driveToEnd(yield* Effect.fork(program), { step: "100 millis" })
    if (Exit.isFailure(exit)) throw new Error(String(exit.cause))
    return exit.value
  })

describe("Android tools", () => {
  it.effect("are offered with the seed's names and JSON Schemas derived from their Effect Schemas", () =>
    Effect.gen(function*() {
      const { requests } = yield* runLoop(new SimulatedDevice(), [ScriptedLlm.text("nothing to do")])
      const tools = requests[0]?.tools ?? []
      expect(tools.map((t) => t.name)).toEqual([
        "tap_screen", "type_text", "swipe_screen", "press_key", "launch_app", "kill_app", "get_ui_hierarchy", "execute_shell_command", "ui_parser"
      ])
      expect(tools[0]?.inputSchema).toMatchObject({ type: "object", required: ["x", "y"], properties: { x: { minimum: 0, maximum: 10000, description: "A screen pixel coordinate (0 is the left or top edge)" } } })
    }))

  it.effect("let a model read the screen, tap, type and press keys; results say what happened", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const { result, requests } = yield* runLoop(device, [
        ScriptedLlm.toolCalls([{ name: "kill_app", input: { packageName: "com.myfitnesspal.android" } }, { name: "launch_app", input: { packageName: "com.myfitnesspal.android", deviceId: "emulator-5554" } }]),
        ScriptedLlm.toolCall("get_ui_hierarchy", {}),
        ScriptedLlm.toolCall("tap_screen", { x: 540, y: 945 }),
        ScriptedLlm.toolCall("type_text", { text: "greek yogurt" }),
        ScriptedLlm.toolCall("press_key", { keyCode: 66 }),
        ScriptedLlm.toolCall("get_ui_hierarchy", {}),
        ScriptedLlm.text("Found it.")
      ])
      expect(result.turn).toMatchObject({ _tag: "Parsed", value: "Found it." })
      const texts = requests.slice(1).map(results)
      expect(texts[0]).toEqual([[false, "Force-stopped com.myfitnesspal.android."], [false, expect.stringContaining("Launched com.myfitnesspal.android")]])
      expect(texts[1]?.[0]?.[1]).toContain("App in front: com.myfitnesspal.android (.main.ui.MainActivity)")
      expect(texts[1]?.[0]?.[1]).toMatch(/\[\d+\] Button "ADD FOOD" desc="Add food to Lunch" id=add_food_button clickable \(540,945\)/)
      expect(texts[3]).toEqual([[false, "Typed \"greek yogurt\" (12 characters, via ADBKeyboard) into the focused field."]])
      expect(texts[4]).toEqual([[false, "Pressed ENTER (66)."]])
      expect(texts[5]?.[0]?.[1]).toContain("Greek Yogurt, plain, nonfat")
      expect(device.foreground().activity()).toBe(".search.ui.FoodSearchActivity")
    }))

  it.effect("turn refusals and device errors into error results the model can act on", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const { requests } = yield* runLoop(device, [
        ScriptedLlm.toolCalls([
          { name: "execute_shell_command", input: { command: "rm -rf /sdcard" } },
          { name: "execute_shell_command", input: { command: "pm list packages | grep settings" } },
          { name: "tap_screen", input: { x: 1, y: 1, deviceId: "R58M12ABCDE" } },
          { name: "launch_app", input: { packageName: "not a package" } },
          { name: "launch_app", input: { packageName: "com.example.missing" } }
        ]),
        ScriptedLlm.text("ok")
      ])
      const [rm, pm, wrongDevice, badName, missing] = results(requests.at(-1))
      expect(rm).toEqual([true, expect.stringContaining("ShellCommandRefused: shell command refused (not sent to the device): \"rm\" is not a read-only command")])
      expect(pm).toEqual([false, "package:com.android.settings"])
      expect(wrongDevice).toEqual([true, expect.stringContaining("this session controls emulator-5554")])
      expect(badName).toEqual([true, expect.stringContaining("Invalid input for launch_app")])
      expect(missing).toEqual([true, expect.stringContaining("AppNotFound")])
      expect(device.commands.some((c) => c.startsWith("rm"))).toBe(false)
    }))

  it.effect("ui_parser turns XML into the element list and names the element under a point", () =>
    Effect.gen(function*() {
      const xml = readFileSync(new URL("../../fixtures/ui/nested-scroll.xml", import.meta.url), "utf8")
      const { requests } = yield* runLoop(new SimulatedDevice(), [
        ScriptedLlm.toolCalls([
          { name: "ui_parser", input: { xmlContent: xml, x: 540, y: 875 } },
          { name: "ui_parser", input: { xmlContent: xml.slice(0, 500) } }
        ]),
        ScriptedLlm.text("ok")
      ])
      const [parsedOk, truncated] = results(requests.at(-1))
      expect(parsedOk?.[0]).toBe(false)
      expect(parsedOk?.[1]).toMatch(/^Under \(540, 875\): element \[(\d+)\]\n/)
      const index = /element \[(\d+)\]/.exec(parsedOk?.[1] ?? "")?.[1]
      expect(parsedOk?.[1]).toContain(`[${index}] EditText hint: "Quantity" id=qty clickable editable focused (540,875)`)
      expect(truncated).toEqual([true, expect.stringContaining("UiDumpTruncated")])
    }))
})
