/**
 * A spread on bread, offline on the commands' tables (FNDDS, SR28, CoFID):
 * "w" typed for "with" joins two foods, and a spread with no amount on
 * bread is FNDDS's guideline amount per slice, once per slice eaten. The
 * meals are made up here.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerFoodSearch } from "../../../src/services/nutrition-table/food-search-table.js"

const tables = Layer.merge(layerFoodSearch, layerOffline)

describe("a spread on bread", () => {
  it.effect("\"w\" is \"with\": three slices of toast w butter are the toast and butter for three slices, not one dish", () =>
    Effect.gen(function*() {
      const json = estimateJson(yield* estimate("3 slices of rye toast w butter"))
      expect(json.items.map((i) => i.food)).toEqual([expect.stringMatching(/^Bread, rye, toasted/), expect.stringMatching(/^Butter/)])
      const butter = json.items[1]
      expect(butter?.grams).toBe(21)
      expect(butter !== undefined && "assumption" in butter ? butter.assumption : "").toMatch(/on 3 slices of bread/)
    }).pipe(Effect.provide(tables)))

  it.effect("a spread on a food that is no bread keeps the topping of its class", () =>
    Effect.gen(function*() {
      const json = estimateJson(yield* estimate("a baked potato with butter"))
      const butter = json.items[1]
      expect(butter?.food).toMatch(/^Butter/)
      expect(butter !== undefined && "assumption" in butter ? butter.assumption : "").toMatch(/as a topping/)
    }).pipe(Effect.provide(tables)))
})
