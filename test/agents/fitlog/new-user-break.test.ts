/**
 * Meals a new user typed while trying fitlog offline (a break test, issue 12):
 * each line here was read wrongly once. A food is a pattern on the SR28
 * description; grams within 10 %. Written for this test, from no data set.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { check, layer } from "./meal-check.js"

describe("a new user's meals, offline", () => {
  // "+" and "w/" join two foods the way "and" and "with" do; neither food may be lost or merged into the other.
  it.effect("reads '+' and 'w/' as joining two foods", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["300g greek yogurt + 30g granola", [[/^Yogurt, Greek, plain/, 300], [/granola/i, 30]]],
        ["150g chicken breast+100g rice", [[/^Chicken, broilers or fryers, breast/, 150], [/^Rice, white.*cooked/, 100]]],
        ["2 pancakes w/ maple syrup", [[/^Pancakes/, 76], [/^Syrups, maple/, 40]]],
        ["2 eggs w/bacon", [[/^Egg, whole/, 100], [/bacon/i, undefined]]]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)

  // A food named only through a word made from it ("breaded", "pickled") is another food made with it:
  // "fried bread" is a record naming bread (a slice of bread, or "bunuelos (fried yeast bread)"), never
  // "shrimp, breaded and fried"; nothing at all is better than that swap.
  it.effect("never swaps a food for another one coated or made with it", () =>
    Effect.gen(function*() {
      const failures: Array<string> = []
      for (const text of ["a slice of fried bread", "2 slices of fried bread"]) {
        const json = estimateJson(yield* estimate(text))
        for (const item of json.items) {
          if (item.food !== null && !/\bbread\b/i.test(item.food)) failures.push(`${text}: ${item.food}`)
        }
      }
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)
})
