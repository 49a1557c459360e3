/**
 * The diary's recipe store (in-memory SQLite) and the pure recipe helpers:
 * save, search by name, get, and scale a saved recipe to servings or grams.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { SavedRecipe } from "../../../src/domain/fitlog/recipe.js"
import { recipeName, scaleRecipe } from "../../../src/domain/fitlog/recipe.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"

const date = DiaryDate.make("2026-11-22")
const pancakes: SavedRecipe = {
  name: "Pancakes",
  servings: 4,
  text: "Pancakes\n200g flour\n2 eggs\n300ml milk\nserves 4",
  perServing: { grams: 150, kcal: 300, protein_g: 12, carbs_g: 45, fat_g: 6 },
  created: date
}
const chili: SavedRecipe = { ...pancakes, name: "Beef chili", servings: 6, text: "Beef chili\n500g minced beef\nserves 6", perServing: { grams: 200, kcal: 400, protein_g: 30, carbs_g: 10, fat_g: 25 } }

describe("the recipe store", () => {
  it.effect("save, then search by part of the name (any case), then get and scale", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      expect(yield* diary.searchRecipes("pan")).toEqual([])
      yield* diary.saveRecipe(pancakes)
      yield* diary.saveRecipe(chili)
      expect((yield* diary.searchRecipes("PANCAKE")).map((r) => r.name)).toEqual(["Pancakes"])
      expect((yield* diary.searchRecipes("")).map((r) => r.name)).toEqual(["Beef chili", "Pancakes"])
      expect(yield* diary.searchRecipes("soup")).toEqual([])
      const got = yield* diary.getRecipe("pancakes")
      expect(got).toEqual(Option.some(pancakes))
      expect(yield* diary.getRecipe("pan")).toEqual(Option.none())
      if (Option.isSome(got)) {
        // The batch (4 × 150 g, 1200 kcal) in 2 servings: 300 g and 600 kcal each.
        expect(scaleRecipe(got.value, { _tag: "Servings", servings: 2 })).toEqual({ grams: 300, kcal: 600, protein_g: 24, carbs_g: 90, fat_g: 12 })
        // A 100 g portion is two thirds of a 150 g serving.
        expect(scaleRecipe(got.value, { _tag: "Grams", grams: 100 })).toEqual({ grams: 100, kcal: 200, protein_g: 8, carbs_g: 30, fat_g: 4 })
      }
    }).pipe(Effect.provide(layerSqliteMemory)))

  it.effect("saving a recipe of the same name (any case) replaces it", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      yield* diary.saveRecipe(pancakes)
      yield* diary.saveRecipe({ ...pancakes, name: "pancakes", servings: 2, perServing: { ...pancakes.perServing, kcal: 600 } })
      const all = yield* diary.searchRecipes("")
      expect(all.map((r) => [r.name, r.servings, r.perServing.kcal])).toEqual([["pancakes", 2, 600]])
    }).pipe(Effect.provide(layerSqliteMemory)))
})

describe("recipeName", () => {
  it("is the first line when it is a title, else recipe DATE", () => {
    expect(recipeName("## Pancakes:\n200g flour\nserves 4", date)).toBe("Pancakes")
    expect(recipeName("\n  Mum's lasagne\n500g beef", date)).toBe("Mum's lasagne")
    expect(recipeName("200g flour\n2 eggs\n300ml milk", date)).toBe("recipe 2026-11-22")
    expect(recipeName("serves 4\n200g flour", date)).toBe("recipe 2026-11-22")
  })
})
