/**
 * The curated common-foods table (rank.ts) and the filler words (english.ts),
 * checked against USDA SR28 as shipped: every curated record exists and is
 * what a search for the plain name returns, each with its stated reason; no
 * filler word that the reader strips is a word of any SR28 food name (so
 * stripping never eats a food word); the spelling corrector leaves English
 * words alone.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { fillerWords, structuralWords } from "../../../src/domain/fitlog/english.js"
import { commonFoods } from "../../../src/domain/fitlog/rank.js"
import { words } from "../../../src/domain/fitlog/search.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { sr28Table } from "../../support/sr28-table.js"

/** A plain name each entry stands for, and why the record is right (the entry's own reason must say the same). */
const examples: ReadonlyArray<readonly [name: string, description: RegExp]> = [
  ["milk", /^Milk, whole, 3\.25%/], ["toast", /^Bread, white, commercially prepared, toasted$/],
  ["coffee", /^Beverages, coffee, brewed, prepared with tap water$/], ["tea", /^Beverages, tea, black, brewed/],
  ["coke", /^Beverages, carbonated, cola/], ["diet coke", /low calorie, cola/], ["rice", /^Rice, white, long-grain, regular, enriched, cooked$/],
  ["pasta", /^Pasta, cooked/], ["porridge", /^Cereals, oats.*cooked with water/], ["banana", /^Bananas, raw$/],
  ["apple", /^Apples, raw, with skin$/], ["fries", /french fried/], ["pizza", /^Pizza, cheese topping, regular crust/],
  ["burger", /^Fast foods, hamburger; single, regular patty; with condiments$/], ["eggs", /^Egg, whole, raw, fresh$/],
  ["cereal", /Corn Flakes/], ["beer", /^Alcoholic beverage, beer, regular, all$/], ["water", /^Beverages, water, tap, drinking$/],
  ["salmon", /^Fish, salmon, Atlantic, farmed, cooked/], ["tuna", /^Fish, tuna, light, canned in water/],
  ["bacon", /^Pork, cured, bacon.*cooked/], ["sausages", /^Pork sausage.*cooked/], ["hot dog", /^Fast foods, hotdog, plain$/],
  // Plain names whose nearest word match was an odd variant: green tomatoes, Chinese broccoli, raw venison, steak sauce.
  ["meat", /^Beef, ground, 80% lean meat \/ 20% fat, crumbles, cooked/], ["breakfast meat", /^Pork sausage.*cooked/],
  ["tomatoes", /^Tomatoes, red, ripe, raw/], ["tomato sauce", /^Sauce, pasta, spaghetti\/marinara, ready-to-serve$/],
  ["broccoli", /^Broccoli, cooked, boiled, drained, without salt$/], ["raw broccoli", /^Broccoli, raw$/],
  ["sour cream", /^Cream, sour, cultured$/], ["whole wheat bread", /^Bread, whole-wheat, commercially prepared$/],
  ["frankfurter", /^Frankfurter, meat$/], ["fruit muffin", /^Muffins, blueberry, commercially prepared/],
  ["melted cheese", /^Cheese, cheddar$/]
]

describe("common foods and filler words against SR28", () => {
  it.layer(sr28Table, { timeout: 60_000 })((it) => {
    it.effect("every curated record exists, has a stated reason, and is what its plain name finds", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        for (const c of commonFoods) {
          expect(table.byId(c.id), c.id).toBeDefined()
          expect(c.why.length).toBeGreaterThan(10)
        }
        for (const [name, description] of examples) {
          expect(table.search(name, undefined, 1)[0]?.record.description ?? "", name).toMatch(description)
        }
      }))

    it.effect("no filler word the reader strips is a word of an SR28 food name (structural words aside)", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        const sr28 = new Set(table.records.flatMap((r) => words(r.description)))
        const eaten = [...fillerWords].filter((w) => !structuralWords.has(w) && sr28.has(w))
        expect(eaten).toEqual([])
      }))

    it.effect("the spelling corrector never rewrites an English word", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        for (const w of ["savored", "that", "tasty", "glass", "routine", "package", "scratch", "lager"]) expect(table.correct(w)).toBe(w)
        expect(table.correct("chiken")).toBe("chicken")
      }))
  })
})
