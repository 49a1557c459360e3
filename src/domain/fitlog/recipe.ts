/**
 * Saved recipes (seeds/004 save_recipe / search_recipes / scale_recipe): a
 * pasted recipe's name, servings, its text, and one serving's weight and
 * nutrients, so it can be found by name later and logged or scaled without
 * pasting it again. Pure: the store is the Diary; the text is re-estimated
 * from the table when a portion is logged.
 */
import { Schema } from "effect"
import type { Proposal } from "./proposal.js"
import { DiaryDate } from "./types.js"

/** One portion: its weight and what it is worth (sums of the lines; a missing nutrient counts 0). */
export const PortionNutrients = Schema.Struct({
  grams: Schema.Number,
  kcal: Schema.Number,
  protein_g: Schema.Number,
  carbs_g: Schema.Number,
  fat_g: Schema.Number
})
export type PortionNutrients = typeof PortionNutrients.Type

export const RecipeName = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.maxLength(120))

export const SavedRecipe = Schema.Struct({
  name: RecipeName,
  servings: Schema.Number.pipe(Schema.positive()),
  text: Schema.String,
  perServing: PortionNutrients,
  created: DiaryDate
})
export type SavedRecipe = typeof SavedRecipe.Type

const round1 = (v: number) => Math.round(v * 10) / 10

const isIngredientOrServings = (line: string) =>
  /^\s*(\d|[½¼¾⅓⅔]|an?\s|one\s|two\s|half\s)/i.test(line) || /\b(serves|makes)\s+\d+|\d+\s+(servings|portions)/i.test(line)

/** The recipe's name: its first line when that is a title (not an ingredient or "serves 4"), else "recipe DATE". */
export const recipeName = (text: string, date: DiaryDate): string => {
  const first = text.split(/\n/).map((l) => l.trim().replace(/[:#*]+$/g, "").replace(/^[#*\s]+/, "")).find((l) => l.length > 0)
  return first !== undefined && !isIngredientOrServings(first) && first.length <= 120 ? first : `recipe ${date}`
}

/** One of `servings` portions of a recipe's (whole-batch) proposal. */
export const perServingOf = (batch: Proposal, servings: number): PortionNutrients => {
  const sum = (f: (l: Proposal["lines"][number]) => number | null) => batch.lines.reduce((s, l) => s + (f(l) ?? 0), 0)
  return {
    grams: round1(sum((l) => l.grams) / servings),
    kcal: round1(sum((l) => l.kcal) / servings),
    protein_g: round1(sum((l) => l.protein_g) / servings),
    carbs_g: round1(sum((l) => l.carbs_g) / servings),
    fat_g: round1(sum((l) => l.fat_g) / servings)
  }
}

/** How to portion a saved recipe: the batch split into N servings, or a portion of G grams. */
export type RecipeScale =
  | { readonly _tag: "Servings"; readonly servings: number }
  | { readonly _tag: "Grams"; readonly grams: number }

/** One portion of the recipe scaled as asked. A recipe of unknown weight scales by servings only (grams → zeros). */
export const scaleRecipe = (recipe: SavedRecipe, scale: RecipeScale): PortionNutrients => {
  const batchGrams = recipe.perServing.grams * recipe.servings
  const factor = scale._tag === "Servings"
    ? recipe.servings / scale.servings
    : recipe.perServing.grams > 0 ? scale.grams / recipe.perServing.grams : 0
  const p = recipe.perServing
  return {
    grams: round1(scale._tag === "Grams" ? scale.grams : batchGrams / scale.servings),
    kcal: round1(p.kcal * factor),
    protein_g: round1(p.protein_g * factor),
    carbs_g: round1(p.carbs_g * factor),
    fat_g: round1(p.fat_g * factor)
  }
}
