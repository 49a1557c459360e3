/**
 * The pure side of fitlog's food tables: the file Schemas and their reading
 * into `TableFood`s (a trace is listed and counts 0, an unknown stays null,
 * every value lands under its own name), the "Quantity not specified"
 * portion, energy from macros by each table's carbohydrate, and SR28 records
 * in the same shape with their source.
 */
import { describe, expect, it } from "@effect/vitest"
import { Either, FastCheck as fc, Schema } from "effect"
import { CofidFile, cofidFoods, FnddsFile, fnddsFoods } from "../../../src/domain/fitlog/food-table-files.js"
import { amountOf, detailOf, energyFromMacrosOf, fromSr28, unspecifiedPortion, type TableFood } from "../../../src/domain/fitlog/table-food.js"

const cofidNutrients = ["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "sugar_g", "sodium_mg", "water_g", "cholesterol_mg"] as const
const stated = fc.oneof(fc.constant("Tr" as const), fc.constant(null), fc.double({ min: 0, max: 900, noNaN: true }))
const cofidFile = (rows: ReadonlyArray<ReadonlyArray<unknown>>) => ({
  table: "CoFID 2021",
  credit: "Contains public sector information licensed under the Open Government Licence v3.0.",
  nutrients: cofidNutrients,
  foods: rows.map((values, i) => [`11-${100 + i}`, `Food ${i}`, "AA", values])
})

describe("reading CoFID's stated values", () => {
  it.prop(
    "each value lands under its name: a trace counts 0 and is listed as a trace, an unknown stays null, an amount stays itself",
    [fc.array(fc.array(stated, { minLength: cofidNutrients.length, maxLength: cofidNutrients.length }), { minLength: 1, maxLength: 20 })],
    ([rows]) => {
      const foods = cofidFoods(Schema.decodeUnknownSync(CofidFile)(cofidFile(rows)))
      expect(foods).toHaveLength(rows.length)
      foods.forEach((food, i) => {
        const row = rows[i] ?? []
        cofidNutrients.forEach((name, j) => {
          const value = row[j]
          expect(amountOf(food, name)).toBe(value === "Tr" ? 0 : value)
          expect(food.traces.includes(name)).toBe(value === "Tr")
        })
        const detail = detailOf(food)
        expect([food.per100g.kcal, food.per100g.protein_g, food.per100g.carbs_g, food.per100g.fat_g, food.per100g.fibre_g, food.per100g.sugar_g, food.per100g.sodium_mg]).toEqual(
          (["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "sugar_g", "sodium_mg"] as const).map((k) => amountOf(food, k))
        )
        expect([detail.fibre_g, detail.sugar_g, detail.sodium_mg, detail.water_g, detail.cholesterol_mg]).toEqual(
          (["fibre_g", "sugar_g", "sodium_mg", "water_g", "cholesterol_mg"] as const).map((k) => amountOf(food, k))
        )
        expect(detail).not.toHaveProperty("kcal")
        // What the file does not carry is unknown.
        expect(food.per100g.alcohol_g).toBeNull()
        expect(food.source).toBe("CoFID 2021")
        expect(food.carbohydrate).toBe("available")
      })
    }
  )

  it.prop(
    "a negative, infinite or non-numeric value, or a row of the wrong length, is rejected by the Schema",
    [fc.oneof(fc.double({ max: -0.001, noNaN: true }), fc.constant(Number.POSITIVE_INFINITY), fc.constant("N"), fc.constant("0")), fc.nat({ max: cofidNutrients.length - 1 })],
    ([bad, at]) => {
      const good: Array<number | "Tr" | null> = cofidNutrients.map(() => 1)
      expect(Either.isRight(Schema.decodeUnknownEither(CofidFile)(cofidFile([good])))).toBe(true)
      const broken: Array<unknown> = [...good]
      broken[at] = bad
      expect(Either.isLeft(Schema.decodeUnknownEither(CofidFile)(cofidFile([broken])))).toBe(true)
      expect(Either.isLeft(Schema.decodeUnknownEither(CofidFile)(cofidFile([good.slice(1)])))).toBe(true)
    }
  )
})

describe("reading FNDDS", () => {
  const file = {
    table: "FNDDS 2021-2023",
    credit: "U.S. Department of Agriculture, Agricultural Research Service.",
    nutrients: ["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "water_g"],
    categories: { "3702": "Burritos and tacos" },
    foods: [
      ["58100000", "Burrito, NFS", "burrito bowl; Chipotle", 3702, [190, 8, 22, 7.5, 2.1, 60], [["1 burrito", 220], ["Quantity not specified", 220]]],
      ["58100001", "Antipasto", "", 3702, [150, 9, 4, 11, 1, 74], [["1 cup", 115], ["Quantity not specified, if main course in meal", 402], ["Quantity not specified, if appetizer", 115]]]
    ]
  }

  it("keeps the synonyms apart, names the WWEIA category, and keeps portions in order; unknown nutrients are null", () => {
    const [burrito, antipasto] = fnddsFoods(Schema.decodeUnknownSync(FnddsFile)(file))
    expect(burrito).toMatchObject({
      source: "FNDDS 2021-2023",
      id: "58100000",
      synonyms: ["burrito bowl", "Chipotle"],
      category: "Burritos and tacos",
      per100g: { kcal: 190, protein_g: 8, carbs_g: 22, fat_g: 7.5, fibre_g: 2.1, sugar_g: null, alcohol_g: null, sodium_mg: null },
      carbohydrate: "total"
    })
    expect(burrito && detailOf(burrito)).toEqual({ fibre_g: 2.1, water_g: 60 })
    expect(antipasto?.synonyms).toEqual([])
    expect(burrito && unspecifiedPortion(burrito)).toEqual({ description: "Quantity not specified", grams: 220 })
    // No plain "Quantity not specified": the first qualified one, in USDA's order.
    expect(antipasto && unspecifiedPortion(antipasto)).toEqual({ description: "Quantity not specified, if main course in meal", grams: 402 })
  })

  it("rejects a portion of 0 g, a food whose category is not in the file, and a nutrient it does not know", () => {
    const food = file.foods[0] ?? []
    const withFood = (f: ReadonlyArray<unknown>) => ({ ...file, foods: [f] })
    expect(Either.isLeft(Schema.decodeUnknownEither(FnddsFile)(withFood([...food.slice(0, 5), [["1 cup", 0]]])))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(FnddsFile)(withFood([...food.slice(0, 3), 9999, ...food.slice(4)])))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(FnddsFile)({ ...file, nutrients: ["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "caffeine_mg"] }))).toBe(true)
  })
})

describe("energy from macros by the table's carbohydrate", () => {
  const base: TableFood = {
    source: "FNDDS 2021-2023",
    id: "1",
    description: "x",
    synonyms: [],
    per100g: { kcal: 0, protein_g: 10, carbs_g: 20, fat_g: 5, fibre_g: 4, sugar_g: null, alcohol_g: 1, sodium_mg: null },
    nutrients: { names: [], amounts: [] },
    traces: [],
    carbohydrate: "total",
    portions: []
  }

  it("USDA's by-difference carbohydrate: fibre at 2 kcal/g, the rest at 4; CoFID's available carbohydrate at 3.75; unknown macros give none", () => {
    expect(energyFromMacrosOf(base)).toBe(4 * 10 + 4 * 16 + 2 * 4 + 9 * 5 + 7 * 1)
    expect(energyFromMacrosOf({ ...base, source: "CoFID 2021", carbohydrate: "available" })).toBe(4 * 10 + 3.75 * 20 + 9 * 5 + 7 * 1)
    expect(energyFromMacrosOf({ ...base, per100g: { ...base.per100g, fat_g: null } })).toBeUndefined()
  })
})

describe("fromSr28", () => {
  it("gives an SR28 record its source and its household weights as portions", () => {
    const food = fromSr28({
      id: "09040",
      description: "Bananas, raw",
      common: true,
      per100g: { kcal: 89, protein_g: 1.09, carbs_g: 22.84, fat_g: 0.33, fibre_g: 2.6, sugar_g: 12.23, alcohol_g: null, sodium_mg: 1 },
      more: { potassium_mg: 358 },
      household: [{ amount: 1, description: "cup, mashed", grams: 225 }, { amount: 0.5, description: "cup", grams: 75 }]
    })
    expect(food).toMatchObject({ source: "SR28", id: "09040", carbohydrate: "total", traces: [] })
    expect(detailOf(food)).toEqual({ fibre_g: 2.6, sugar_g: 12.23, alcohol_g: null, sodium_mg: 1, potassium_mg: 358 })
    expect(amountOf(food, "kcal")).toBe(89)
    expect(food.portions).toEqual([{ description: "1 cup, mashed", grams: 225 }, { description: "0.5 cup", grams: 75 }])
    expect(unspecifiedPortion(food)).toBeUndefined()
  })
})
