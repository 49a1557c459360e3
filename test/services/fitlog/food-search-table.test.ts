/**
 * services/nutrition-table/food-search-table.ts: the NutritionTable over
 * FNDDS, SR28 and CoFID — FNDDS portions read as household weights, and every
 * record saying which table it came from, as the output, --json and the
 * diary show it.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { householdOf, makeSearchTable } from "../../../src/services/nutrition-table/food-search-table.js"
import { fromSr28, type TableFood } from "../../../src/domain/fitlog/table-food.js"
import { sourceOf, type FoodRecord } from "../../../src/domain/fitlog/types.js"

const per100g = { kcal: 100, protein_g: 1, carbs_g: 20, fat_g: 1, fibre_g: 1, sugar_g: 1, alcohol_g: 0, sodium_mg: 1 }
const food = (
  source: TableFood["source"],
  id: string,
  description: string,
  portions: TableFood["portions"] = [],
  macros: Partial<typeof per100g> = {}
): TableFood => ({
  source, id, description, synonyms: [], category: "Rice", per100g: { ...per100g, fibre_g: 0, ...macros }, nutrients: { names: ["kcal"], amounts: [macros.kcal ?? 100] }, traces: [],
  carbohydrate: source === "CoFID 2021" ? "available" : "total", portions
})

describe("FNDDS portions as household weights", () => {
  it("reads the count, a fraction and a portion with no count", () => {
    expect(householdOf("1 cup", 158)).toEqual({ amount: 1, description: "cup", grams: 158 })
    expect(householdOf("1/2 cup", 79)).toEqual({ amount: 0.5, description: "cup", grams: 79 })
    expect(householdOf("Quantity not specified", 158)).toEqual({ amount: 1, description: "Quantity not specified", grams: 158 })
  })

  it.prop("keeps the grams and a positive amount for any portion text", [fc.string(), fc.double({ min: 0.1, max: 5000, noNaN: true })], ([text, grams]) => {
    const h = householdOf(text, grams)
    expect(h.grams).toBe(grams)
    expect(h.amount).toBeGreaterThan(0)
  })
})

describe("the table searched by the engine", () => {
  const sr28: FoodRecord = { id: "20045", description: "Rice, white, long-grain, regular, enriched, cooked", common: true, per100g, household: [{ amount: 1, description: "cup", grams: 158 }] }
  const table = makeSearchTable([
    food("FNDDS 2021-2023", "56205000", "Rice, cooked, NFS", [{ description: "1 cup", grams: 158 }, { description: "Quantity not specified", grams: 158 }]),
    fromSr28(sr28),
    food("CoFID 2021", "11-989", "Rice, egg fried, retail")
  ], [sr28])

  it("says which table each food came from", () => {
    expect(table.byId("56205000")).toBeDefined()
    expect(sourceOf(table.byId("56205000") ?? sr28)).toBe("USDA FNDDS 2021-2023 #56205000")
    expect(sourceOf(table.byId("20045") ?? sr28)).toBe("USDA SR28 #20045")
    expect(sourceOf(table.byId("11-989") ?? sr28)).toBe("CoFID 2021 11-989")
  })

  it("keeps an SR28 record as SR28 gives it and an FNDDS food's portions as household weights", () => {
    expect(table.byId("20045")).toBe(sr28)
    expect(table.byId("56205000")?.household).toContainEqual({ amount: 1, description: "Quantity not specified", grams: 158 })
  })

  it("answers FNDDS first when its food names the words", () => {
    expect(table.search("rice")[0]?.record.id).toBe("56205000")
  })

  it("ranks a record whose energy disagrees with its own macros after one that names as much", () => {
    // As CoFID's "Beef, minced, stewed with onions, extra lean" is: 113 kcal stated, 90 from its macros.
    const broken = food("CoFID 2021", "19-664", "Beef, mince, stewed with onions", [], { kcal: 113, protein_g: 12.1, carbs_g: 2.5, fat_g: 3.6 })
    const sound = food("CoFID 2021", "18-470", "Beef, mince, stewed, lean", [], { kcal: 209, protein_g: 21.8, carbs_g: 0, fat_g: 13.5 })
    const beef = makeSearchTable([broken, sound])
    expect(beef.search("beef mince stewed").map((h) => h.record.id)).toEqual(["18-470", "19-664"])
    // Alone, it is still found (and the validator says why it cannot be logged).
    expect(makeSearchTable([broken]).search("beef mince")[0]?.record.id).toBe("19-664")
  })
})
