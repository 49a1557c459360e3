/**
 * Typing tells the truth on the simulated phone (issue 15): `type()` fails
 * clearly where nothing can receive text, refuses non-editable elements
 * without tapping them, focuses and reads back a field it was given, and a
 * TEXT_TASK empties a long field in one step and checks the final text —
 * asserted on the phone's own state and the commands it received.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { makeDeviceTools } from "../../../src/agents/droid/device.js"
import type { DeviceTools } from "../../../src/agents/droid/device.js"
import { ElementIndex } from "../../../src/domain/droid/actions.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"

const phone = (options: { readonly adbKeyboard?: boolean } = {}) => {
  const device = new SimulatedDevice(options)
  return { device, layer: layerAdbMemory(device) }
}

/** The index of the first element on the current screen whose line matches. */
const indexOf = (tools: DeviceTools, pattern: RegExp) =>
  Effect.map(tools.observe, (screen) => {
    const found = screen.elements.elements.find((e) => pattern.test(screen.text.split("\n").find((l) => l.startsWith(`[${e.index}]`)) ?? ""))
    if (found === undefined) throw new Error(`nothing matches ${pattern} on:\n${screen.text}`)
    return ElementIndex.make(found.index)
  })

/** Diary → search "rice" → the first result's detail screen, where the servings field is not focused yet. */
const toFoodDetail = (tools: DeviceTools) =>
  Effect.gen(function*() {
    yield* tools.act({ action: "open_app", text: "MyFitnessPal" })
    yield* tools.observe
    yield* tools.act({ action: "click", index: yield* indexOf(tools, /desc="Add food to Breakfast"/) })
    yield* tools.observe
    yield* tools.act({ action: "type", text: "rice" })
    yield* tools.act({ action: "enter" })
    yield* tools.observe
    yield* tools.observe
    yield* tools.act({ action: "click", text: "White Rice, cooked" })
    yield* tools.observe
  })

const typingCommands = (device: SimulatedDevice) => device.commands.filter((c) => /ADB_INPUT|input text|ADB_CLEAR_TEXT|keycombination|keyevent 67/.test(c))

describe("typing", () => {
  it.effect("type(text) with no focused field fails clearly and sends nothing", () => {
    const { device, layer } = phone()
    return Effect.gen(function*() {
      const tools = yield* makeDeviceTools
      yield* tools.act({ action: "open_app", text: "Settings" })
      yield* tools.observe
      const e = yield* Effect.flip(tools.act({ action: "type", text: "hello" }))
      expect(e.reason).toBe("no text field has focus, so nothing was typed; give the field's index: type(index, text)")
      expect(device.typed).toEqual([])
      expect(typingCommands(device)).toEqual([])
    }).pipe(Effect.provide(layer))
  })

  it.effect("type(i, text) on a row that is not a text field neither taps it nor types", () => {
    const { device, layer } = phone()
    return Effect.gen(function*() {
      const tools = yield* makeDeviceTools
      yield* tools.act({ action: "open_app", text: "Settings" })
      const row = yield* indexOf(tools, /"Network & internet · /)
      const taps = device.commands.filter((c) => c.includes("input tap")).length
      const e = yield* Effect.flip(tools.act({ action: "type", index: row, text: "hello" }))
      expect(e.reason).toMatch(new RegExp(`^\\[${row}\\] .*"Network & internet · .* is not a text field, so it was neither tapped nor typed into; use click\\(${row}\\) to press it$`))
      expect(device.commands.filter((c) => c.includes("input tap")).length).toBe(taps)
      expect(device.typed).toEqual([])
      expect((yield* tools.observe).text).toContain("\"Network & internet · ")
    }).pipe(Effect.provide(layer))
  })

  it.effect("type(i, text) focuses the field by tapping it, types, and reads the text back", () => {
    const { device, layer } = phone()
    return Effect.gen(function*() {
      const tools = yield* makeDeviceTools
      yield* toFoodDetail(tools)
      const servings = yield* indexOf(tools, /id=number_of_servings/)
      expect((yield* tools.observe).text).not.toMatch(/id=number_of_servings.* focused/)
      const done = yield* tools.act({ action: "type", index: servings, text: "2.5" })
      expect(done).toBe("typed \"2.5\" into EditText id=number_of_servings")
      expect((yield* tools.observe).text).toMatch(/EditText "2\.5" id=number_of_servings .*focused/)
      expect(device.typed.at(-1)).toBe("2.5")
    }).pipe(Effect.provide(layer))
  })

  for (const adbKeyboard of [true, false]) {
    it.effect(`a TEXT_TASK on a 600-character field clears it in one step and checks the result (${adbKeyboard ? "ADBKeyboard" : "input text"})`, () => {
      const { device, layer } = phone({ adbKeyboard })
      return Effect.gen(function*() {
        const tools = yield* makeDeviceTools
        yield* tools.act({ action: "open_app", text: "MyFitnessPal" })
        yield* tools.observe
        yield* tools.act({ action: "click", index: yield* indexOf(tools, /desc="Add food to Lunch"/) })
        yield* tools.observe
        const long = "ab".repeat(300)
        yield* tools.act({ action: "type", text: long })
        yield* tools.observe
        expect(Option.getOrNull(yield* tools.focusedText)).toBe(long)
        const before = device.commands.length
        const done = yield* tools.replaceFocusedText("rice")
        expect(done).toBe("replaced the field's text with \"rice\"")
        const field = (yield* tools.observe).elements.elements.find((e) => e.node.resourceId?.endsWith("search_edit_text"))
        expect(field?.node.text).toBe("rice")
        const sent = device.commands.slice(before)
        expect(sent.filter((c) => /keyevent 67/.test(c)).length).toBeLessThanOrEqual(1)
        expect(sent.length).toBeLessThan(12)
        expect(sent.some((c) => (adbKeyboard ? /ADB_CLEAR_TEXT/ : /keycombination 113 29/).test(c))).toBe(true)
      }).pipe(Effect.provide(layer))
    })
  }

  it.effect("a TEXT_TASK that cannot clear the field fails instead of recording success", () => {
    const { device, layer } = phone({ adbKeyboard: false })
    return Effect.gen(function*() {
      const tools = yield* makeDeviceTools
      yield* tools.act({ action: "open_app", text: "MyFitnessPal" })
      yield* tools.observe
      yield* tools.act({ action: "click", index: yield* indexOf(tools, /desc="Add food to Lunch"/) })
      yield* tools.observe
      yield* tools.act({ action: "type", text: "old text" })
      // An older phone without `input keycombination`: Ctrl+A does nothing, so DEL removes one character.
      const original = device.keyCombination.bind(device)
      device.keyCombination = () => undefined
      const e = yield* Effect.flip(tools.replaceFocusedText("new"))
      device.keyCombination = original
      expect(e.reason).toBe("the field could not be cleared: 7 characters are still there (clearing needs the ADBKeyboard IME or Android 12+)")
    }).pipe(Effect.provide(Layer.merge(layer, Layer.empty)))
  })
})
