/**
 * Remarks in a narrated meal that name no food, offline on the real SR28
 * table: they describe the food before ("fully coated and skin eaten",
 * "medium in size"), restate its amount ("which was 16 fl oz in size", "1
 * cup (8 fl oz)"), or only praise ("a creamy"). Each was read as a food of
 * its own with a whole package's weight (frosting by the pound, a box of
 * cereal, a sausage ring). Vague small amounts of a fat ("a touch", "a dab")
 * are a teaspoon, not a stick.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { check, layer } from "./meal-check.js"

describe("remarks that name no food, offline", () => {
  it.effect("what describes the food before is no food of its own", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["For my dinner, I savored a medium-sized fried chicken breast, fully coated and with the skin on.", [[/Fried Chicken, Breast/i, undefined]]],
        ["At dinner I had a fried chicken breast, fully coated and skin eaten.", [[/Fried Chicken, Breast/i, undefined]]],
        ["During dinner, I feasted on a fried chicken leg, medium in size and coated, along with a fried chicken wing.", [[/chicken.*leg|leg.*chicken/i, undefined], [/wing/i, undefined]]]
      ])).toEqual([])
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })

  it.effect("an amount said again after the food is that food's amount, not a food", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["During my snack time, I relaxed with a refreshing bottled iced black tea, which was 16 fl oz in size.", [[/tea/i, 473]]],
        ["I started my day with a warm cup of brewed coffee, which was 1 cup (8 fl oz).", [[/^Beverages, coffee, brewed/, 237]]]
      ])).toEqual([])
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })

  it.effect("praise alone names no food, and joins the food it praises", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["I washed it down with a cup of creamy, reduced-fat chocolate milk.", [[/^Milk, chocolate.*reduced fat/i, 244]]]
      ])).toEqual([])
      const json = estimateJson(yield* estimate("a creamy"))
      expect(json.total.kcal).toBe(0)
      expect(json.items.every((i) => i.food === null)).toBe(true)
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })

  it.effect("a touch, dab or drizzle of a fat is a teaspoon", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["a touch of margarine", [[/^Margarine/, 4.7]]],
        ["a drizzle of olive oil", [[/^Oil, olive/, 4.5]]],
        ["a dab of butter", [[/^Butter/, 4.7]]]
      ])).toEqual([])
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })
})
