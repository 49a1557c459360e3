/**
 * A food text with no words in it — empty, spaces, emoji or punctuation
 * only — is not estimated or logged: it is refused with a reason that says
 * what to type. Anything with a letter or a digit is read as before.
 */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import { wordlessText } from "../../../src/domain/fitlog/food-text.js"

describe("wordlessText", () => {
  it("empty, blank, emoji-only and punctuation-only texts are refused, each saying what to type", () => {
    for (const text of ["", "   ", "\n\t", "🍕🍕", "🍕 🍔 🥤", "...", "?!", "👍🏽", "-- ,, --"]) {
      const problem = wordlessText(text)
      expect(Option.isSome(problem), JSON.stringify(text)).toBe(true)
      expect(Option.getOrElse(problem, () => "")).toMatch(/say what you ate/)
    }
    expect(Option.getOrElse(wordlessText("🍕🍕"), () => "")).toContain("emoji")
  })

  it("a text with a word or an amount in it is read", () => {
    for (const text of ["2 eggs", "🍕 2 slices of pizza", "toast!", "café au lait", "200", "寿司"]) {
      expect(wordlessText(text), text).toEqual(Option.none())
    }
  })
})
