/**
 * domain/fitlog/portion-role.ts: the portion a food named with no amount
 * stands for, from its own FNDDS portions — FNDDS's "Quantity not specified"
 * for a food eaten as itself, a topping of its class for a food put on or
 * beside another — on the real committed FNDDS file. Meal phrases are made
 * up here.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc, Schema } from "effect"
import { readFileSync } from "node:fs"
import { FnddsFile, fnddsFoods } from "../../../src/domain/fitlog/food-table-files.js"
import { isToppingClass, rolesIn, slicesOf, unsaidPortion } from "../../../src/domain/fitlog/portion-role.js"
import { FoodName, type FoodRequest } from "../../../src/domain/fitlog/types.js"
import { recordOf } from "../../../src/services/nutrition-table/food-search-table.js"

const fndds = fnddsFoods(Schema.decodeUnknownSync(Schema.parseJson(FnddsFile))(readFileSync(new URL("../../../data/fitlog/fndds-2021-2023.json", import.meta.url), "utf8")))
const record = (description: string) => {
  const food = fndds.find((f) => f.description === description)
  if (food === undefined) throw new Error(`no FNDDS food "${description}"`)
  return recordOf(food)
}
const unsaid = (text: string): FoodRequest => ({ text, name: FoodName.make(text), quantity: 1, unit: "each", assumption: "no amount given: 1 assumed" })
const said = (text: string): FoodRequest => ({ text, name: FoodName.make(text.replace(/^an?\s+/, "")), quantity: 1, unit: "each" })
const unspecifiedGrams = (description: string) => record(description).household.find((h) => h.description === "Quantity not specified")?.grams

describe("the role of each item in a meal", () => {
  it("a food put with another is a topping; the first food and a food named apart are not", () => {
    expect(rolesIn("oat porridge with raspberries", [unsaid("oat porridge"), unsaid("raspberries")])).toEqual(["main", "topping"])
    expect(rolesIn("skyr topped with muesli and walnuts", [unsaid("skyr"), unsaid("muesli"), unsaid("walnuts")])).toEqual(["main", "topping", "topping"])
    expect(rolesIn("salmon and potatoes", [unsaid("salmon"), unsaid("potatoes")])).toEqual(["main", "main"])
  })
})

describe("a spread on bread, named with no amount", () => {
  it("is FNDDS's own guideline amount per slice of bread, once per slice the bread is", () => {
    const butter = record("Butter, NFS")
    const perSlice = butter.household.find((h) => /^Guideline amount per slice of bread/i.test(h.description))?.grams
    expect(perSlice).toBeDefined()
    const bread = record("Bread, white, toasted")
    const onOne = unsaidPortion(unsaid("butter"), butter, "topping", { category: "Yeast breads", slices: slicesOf(bread.household, 25) })
    expect(onOne?.grams).toBe(perSlice)
    expect(onOne?.assumption).toMatch(/butter on a slice of bread ≈ \d+ g \(USDA: guideline amount per slice of bread\/roll/)
    // Three regular slices of toast (75 g) carry three times the spread.
    expect(unsaidPortion(unsaid("butter"), butter, "topping", { category: "Yeast breads", slices: slicesOf(bread.household, 75) })?.grams).toBe(3 * (perSlice ?? 0))
  })

  it("is the topping of its class on a food that is no bread, and has no say over an amount said", () => {
    const butter = record("Butter, NFS")
    expect(unsaidPortion(unsaid("butter"), butter, "topping", { category: "White potatoes, baked or boiled", slices: 1 })?.assumption).toMatch(/as a topping/)
    expect(unsaidPortion(said("a tablespoon of butter"), butter, "topping", { category: "Yeast breads", slices: 1 })).toBeUndefined()
  })
})

describe("the portion of a food named with no amount", () => {
  it("is FNDDS's \"Quantity not specified\" weight for a food eaten as itself, and says so", () => {
    const portion = unsaidPortion(unsaid("pad thai"), record("Pad Thai, NFS"), "main")
    expect(portion?.grams).toBe(unspecifiedGrams("Pad Thai, NFS"))
    expect(portion?.assumption).toMatch(/no amount given.*USDA FNDDS/)
  })

  it("is a quarter cup of fruit as a topping, from the fruit's own cup weight, not a whole punnet", () => {
    const berries = record("Blueberries, raw")
    const cup = berries.household.find((h) => h.description === "cup")
    const portion = unsaidPortion(unsaid("blueberries"), berries, "topping")
    expect(cup).toBeDefined()
    expect(portion?.grams).toBeCloseTo((cup?.grams ?? 0) / 4, 5)
    expect(portion?.assumption).toMatch(/as a topping/)
  })

  it("is the side's unspecified amount for a food of no topping class after \"with\" (rice beside a main)", () => {
    const rice = record("Rice, white, cooked, NS as to fat")
    expect(unsaidPortion(unsaid("rice"), rice, "topping")?.grams).toBe(unspecifiedGrams("Rice, white, cooked, NS as to fat"))
  })

  it("leaves an amount that was said to the portion rules", () => {
    expect(unsaidPortion(said("a pad thai"), record("Pad Thai, NFS"), "main")).toBeUndefined()
  })

  it.prop(
    "a topping of a topping class is never more than the food's own unspecified amount nor more than half its cup",
    [fc.constantFrom(...fndds.filter((f) => isToppingClass(f.category ?? "") && f.portions.some((p) => /^1 cup\b/.test(p.description))))],
    ([food]) => {
      const r = recordOf(food)
      const portion = unsaidPortion(unsaid("it"), r, "topping")
      if (portion === undefined) throw new Error(`${food.description}: no topping portion`)
      const cup = r.household.find((h) => /^cups?\b/.test(h.description))
      const unspecified = r.household.find((h) => h.description === "Quantity not specified")
      expect(portion).toBeDefined()
      expect(portion.grams).toBeLessThanOrEqual((cup?.grams ?? Infinity) / (cup?.amount ?? 1) / 2 + 1e-9)
      if (unspecified !== undefined) expect(portion.grams).toBeLessThanOrEqual(unspecified.grams)
    }
  )
})
