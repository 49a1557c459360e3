/**
 * Typing plans: the shell commands built for a text, run through the
 * simulated device's shell (which unquotes like sh and applies `input
 * text`'s `%s` rule), must deliver exactly the text.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc } from "effect"
import { planTyping } from "../../../src/domain/android/text-input.js"
import type { TypingMethod } from "../../../src/domain/android/text-input.js"
import { runCommand, SimulatedDevice } from "../../fakes/android/index.js"

/** Type `text` into the fake MyFitnessPal's search field with `method`; return what the field holds. */
const typedIntoSearch = (text: string, method: TypingMethod): string => {
  const device = new SimulatedDevice({ adbKeyboard: method === "adb-keyboard" })
  device.launch("com.myfitnesspal.android", true)
  device.dump()
  runCommand(device, "input tap 540 945") // Lunch → ADD FOOD
  for (const argv of Either.getOrThrow(planTyping(text, method))) runCommand(device, argv.join(" "))
  expect(device.foreground().activity()).toBe(".search.ui.FoodSearchActivity")
  return device.typed.join("")
}

describe("planTyping", () => {
  it("input text: quotes shell metacharacters and turns spaces into %s", () => {
    expect(Either.getOrThrow(planTyping(`"a & b; 'c' $d"`, "input-text"))).toEqual([
      ["input", "text", `'"a%s&%sb;%s'\\''c'\\''%s$d"'`]
    ])
  })

  it("input text: a literal %s is split so the device does not read it as a space; newlines are ENTER", () => {
    expect(Either.getOrThrow(planTyping("50%s\nok", "input-text"))).toEqual([
      ["input", "text", "50%"],
      ["input", "text", "s"],
      ["input", "keyevent", "66"],
      ["input", "text", "ok"]
    ])
  })

  it("input text: non-ASCII is refused with a reason naming ADBKeyboard, not silently lost", () => {
    const result = planTyping("crème brûlée", "input-text")
    expect(Either.isLeft(result) && result.left.message).toContain("U+00E8")
    expect(Either.isLeft(result) && result.left.message).toContain("ADBKeyboard")
  })

  it("adb-keyboard: one base64 broadcast, nothing the shell could interpret", () => {
    const [argv, ...rest] = Either.getOrThrow(planTyping("crème brûlée", "adb-keyboard"))
    expect(rest).toEqual([])
    expect(argv?.slice(0, 6)).toEqual(["am", "broadcast", "-a", "ADB_INPUT_B64", "--es", "msg"])
    expect(argv?.[6]).toMatch(/^[A-Za-z0-9+/=]+$/)
  })

  it("every printable-ASCII text arrives intact through input text (property)", () => {
    fc.assert(fc.property(fc.string({ unit: fc.char(), maxLength: 40 }), (text) => {
      expect(typedIntoSearch(text, "input-text")).toBe(text)
    }), { numRuns: 150 })
  })

  it("every Unicode text arrives intact through ADBKeyboard (property)", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
      expect(typedIntoSearch(text, "adb-keyboard")).toBe(text)
    }), { numRuns: 150 })
  })
})
