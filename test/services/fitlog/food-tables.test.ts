/**
 * The FoodTables layer on the files the package ships (data/fitlog): USDA
 * FNDDS 2021-2023 and CoFID 2021 read once, on first use, decoded by their
 * Schemas into `TableFood`s that say which table they came from; known foods
 * where the tables put them, with plausible energy, FNDDS's household
 * portions, and CoFID's traces and unknowns kept apart from zero.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { amountOf, detailOf, unspecifiedPortion, type TableFood } from "../../../src/domain/fitlog/table-food.js"
import { FoodTables, foodTableFiles, layerFoodTables, layerFoodTablesFrom } from "../../../src/services/nutrition-table/food-tables.js"

const data = new URL("../../../data/fitlog/", import.meta.url)

const byId = (foods: ReadonlyArray<TableFood>, id: string): TableFood => {
  const food = foods.find((f) => f.id === id)
  if (food === undefined) throw new Error(`no food ${id}`)
  return food
}

describe("FoodTables on data/fitlog", () => {
  it.layer(layerFoodTables, { timeout: 60_000 })((it) => {
    it.effect("FNDDS: 5,431 foods as people report them, each from FNDDS 2021-2023; pad thai and lasagna are there with plausible energy and a 'Quantity not specified' weight", () =>
      Effect.gen(function*() {
        const fndds = yield* (yield* FoodTables).fndds
        expect(fndds).toHaveLength(5431)
        expect(new Set(fndds.map((f) => f.source))).toEqual(new Set(["FNDDS 2021-2023"]))

        const padThai = byId(fndds, "58137230")
        expect(padThai.description).toBe("Pad Thai with chicken")
        expect(padThai.category).toBe("Fried rice and lo/chow mein")
        expect(padThai.per100g.kcal).toBeGreaterThan(120)
        expect(padThai.per100g.kcal).toBeLessThan(220)
        expect(padThai.portions).toEqual([{ description: "1 cup", grams: 200 }, { description: "Quantity not specified", grams: 200 }])
        expect(unspecifiedPortion(padThai)).toEqual({ description: "Quantity not specified", grams: 200 })

        const lasagna = byId(fndds, "58130011")
        expect(lasagna.description).toBe("Lasagna with meat")
        expect(lasagna.synonyms).toEqual(["lasagna NFS"])
        expect(lasagna.per100g.kcal).toBeGreaterThan(110)
        expect(lasagna.per100g.kcal).toBeLessThan(220)
        expect(unspecifiedPortion(lasagna)?.grams).toBe(250)
        expect(lasagna.portions.map((p) => p.description)).toContain("1 cup")
      }))

    it.effect("FNDDS keeps every nutrient fitlog records (carbohydrate by difference, fibre included) and the synonyms and brand names people type", () =>
      Effect.gen(function*() {
        const fndds = yield* (yield* FoodTables).fndds
        const milk = byId(fndds, "11111000")
        expect(milk.per100g).toEqual({ kcal: 61, protein_g: 3.27, carbs_g: 4.63, fat_g: 3.2, fibre_g: 0, sugar_g: 4.81, alcohol_g: 0, sodium_mg: 38 })
        expect(milk.carbohydrate).toBe("total")
        expect(milk.nutrients.names).toHaveLength(42)
        expect(detailOf(milk)).toMatchObject({ calcium_mg: 123, saturated_fat_g: 1.86, water_g: 88.1, vitamin_d_ug: 1.1, sodium_mg: 38 })
        // FNDDS has no manganese: not there, never 0.
        expect(amountOf(milk, "manganese_mg")).toBeUndefined()
        expect(detailOf(milk)).not.toHaveProperty("manganese_mg")
        expect(milk.traces).toEqual([])

        const frappe = byId(fndds, "92101925")
        expect(frappe.description).toBe("Frozen coffee drink, with whipped cream")
        expect(frappe.synonyms).toContain("Starbuck's Coffee Frappuccino")
        expect(byId(fndds, "51186010").synonyms).toEqual(["sour dough", "crumpet"])
      }))

    it.effect("CoFID: 2,887 UK foods from CoFID 2021; crumpets as analysed, and sodium, which this CoFID file lacks, unknown rather than 0", () =>
      Effect.gen(function*() {
        const cofid = yield* (yield* FoodTables).cofid
        expect(cofid).toHaveLength(2887)
        expect(new Set(cofid.map((f) => f.source))).toEqual(new Set(["CoFID 2021"]))

        const crumpets = byId(cofid, "11-989")
        expect(crumpets.description).toBe("Crumpets, toasted")
        expect(crumpets.category).toBe("AP")
        expect(crumpets.per100g).toEqual({ kcal: 207, protein_g: 6.9, carbs_g: 45.4, fat_g: 1, fibre_g: 3.1, sugar_g: 3.1, alcohol_g: 0, sodium_mg: null })
        expect(crumpets.carbohydrate).toBe("available")
        expect(crumpets.portions).toEqual([])
        expect(cofid.every((f) => f.per100g.sodium_mg === null)).toBe(true)
        expect(byId(cofid, "11-773").description).toMatch(/Weetabix type/)
      }))

    it.effect("CoFID: a trace counts 0 and is listed as a trace; N and blank are unknown (null)", () =>
      Effect.gen(function*() {
        const cofid = yield* (yield* FoodTables).cofid
        const agar = byId(cofid, "13-146")
        expect(agar.per100g.carbs_g).toBe(0)
        expect(agar.per100g.sugar_g).toBe(0)
        expect(agar.traces).toEqual(["carbs_g", "sugar_g"])
        expect(agar.per100g.fibre_g).toBeNull()
        expect(agar.per100g.alcohol_g).toBeNull()
        expect(detailOf(agar)).toMatchObject({ water_g: 9.7, saturated_fat_g: 0.3, sugar_g: 0, fibre_g: null })
        const allspice = byId(cofid, "13-801")
        expect(allspice.per100g.kcal).toBeNull()
        expect(allspice.traces).toEqual([])
        // A zero CoFID states is a zero: crumpets' alcohol.
        expect(byId(cofid, "11-989").traces).not.toContain("alcohol_g")
      }))

    it.effect("each table is read once: asking again gives the very same records", () =>
      Effect.gen(function*() {
        const tables = yield* FoodTables
        const first = yield* tables.fndds
        expect(yield* tables.fndds).toBe(first)
        expect(yield* tables.cofid).toBe(yield* tables.cofid)
      }))
  })

  it.effect("building the layer reads nothing: a folder without the files fails only when a table is asked for, as FoodTableUnavailable", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "shoal-food-tables-"))
      try {
        const tables = yield* Effect.provide(FoodTables, layerFoodTablesFrom(join(dir, "absent")))
        const exit = yield* Effect.exit(tables.cofid)
        expect(exit).toMatchObject({ _tag: "Failure", cause: { error: { _tag: "FoodTableUnavailable", table: "CoFID 2021" } } })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }))

  it.effect("a file that breaks its Schema (a negative amount) is FoodTableUnavailable naming the file, not a crash or a quiet 0", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "shoal-food-tables-"))
      try {
        const text = readFileSync(new URL(foodTableFiles.fndds, data), "utf8")
        writeFileSync(join(dir, foodTableFiles.fndds), text.replace('["11111000","Milk, whole","leche fresca",1002,[61,', '["11111000","Milk, whole","leche fresca",1002,[-61,'))
        const exit = yield* Effect.exit(Effect.flatMap(FoodTables, (t) => t.fndds).pipe(Effect.provide(layerFoodTablesFrom(dir))))
        expect(Exit.isFailure(exit)).toBe(true)
        if (Exit.isFailure(exit)) expect(String(exit.cause)).toMatch(/FoodTableUnavailable[\s\S]*fndds-2021-2023\.json: foods\.1: a food is \[8-digit code/)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    }))
})
