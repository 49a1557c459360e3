/**
 * The SR28 table as shipped: parsed by our code (missing stays missing),
 * searched the way people write foods, typos corrected, and checked against
 * the validator's calibration.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { parseSr28 } from "../../../src/domain/fitlog/sr28.js"
import { validate } from "../../../src/domain/fitlog/validate.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"

describe("parseSr28", () => {
  it("keeps an empty field missing (null), never 0, and reads household weights", () => {
    const abbrev = "~99001~^~TEST FOOD~^50.0^200^10.0^5.0^1.0^30.0^^2.0^" + "^".repeat(38) + "120^~1 cup~^15^~1 tbsp~^0"
    const des = "~99001~^~0100~^~Test food, plain~^~TEST~^~~^~~^~Y~^~~^0^~~^6.25^4^9^4"
    const [record] = parseSr28(abbrev, des)
    expect(record?.description).toBe("Test food, plain")
    expect(record?.common).toBe(true)
    expect(record?.per100g.kcal).toBe(200)
    expect(record?.per100g.fibre_g).toBeNull()
    expect(record?.per100g.sugar_g).toBe(2)
    expect(record?.household).toEqual([{ amount: 1, description: "cup", grams: 120 }, { amount: 1, description: "tbsp", grams: 15 }])
  })
})

describe("NutritionTable (USDA SR28)", () => {
  it.layer(layerSr28, { timeout: 30_000 })((it) => {
    it.effect("holds all 8,789 SR28 foods, and some nutrients are missing rather than 0", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        expect(table.records).toHaveLength(8789)
        expect(table.records.some((r) => r.per100g.fibre_g === null)).toBe(true)
      }))

    it.effect("finds foods the way people write them", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        const top = (name: string, prep?: string) => table.search(name, prep, 1)[0]?.record.description ?? ""
        expect(top("minced beef", "fried")).toMatch(/^Beef, ground.*cooked/)
        expect(top("white rice", "cooked")).toMatch(/^Rice, white.*cooked/)
        expect(top("greek yogurt")).toMatch(/^Yogurt, Greek, plain/)
        expect(top("banana")).toBe("Bananas, raw")
        expect(top("eggs")).toBe("Egg, whole, raw, fresh")
        expect(top("milk")).toMatch(/^Milk, whole/)
        expect(top("olive oil")).toBe("Oil, olive, salad or cooking")
        expect(top("vodka")).toMatch(/^Alcoholic beverage, distilled, vodka/)
        expect(table.search("schweinebraten", undefined, 1)).toEqual([])
      }))

    it.effect("corrects typos against the table's words and leaves foreign names alone", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        expect(table.correct("chiken breast")).toBe("chicken breast")
        expect(table.correct("bananna")).toBe("banana")
        expect(table.correct("brocoli")).toBe("broccoli")
        expect(table.correct("greek yoghurt")).toBe("greek yoghurt")
        expect(table.correct("Schweinebraten")).toBe("Schweinebraten")
      }))

    it.effect("the calibrated energy tolerance passes over 99 % of SR28 and every distilled spirit", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        const inconsistent = table.records.filter((r) =>
          validate({ food: "", grams: 100, per100g: r.per100g }).some((i) => i._tag === "EnergyInconsistent"))
        expect(inconsistent.length / table.records.length).toBeLessThan(0.01)
        const spirits = table.records.filter((r) => r.description.startsWith("Alcoholic beverage, distilled"))
        expect(spirits.length).toBeGreaterThan(3)
        for (const s of spirits) expect(validate({ food: s.description, grams: 44, per100g: s.per100g })).toEqual([])
      }))
  })
})
