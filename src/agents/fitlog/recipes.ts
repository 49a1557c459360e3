/**
 * Recipes in the chat (seeds/004 save / search / scale / log a recipe): a
 * pasted recipe is estimated as a whole batch and saved to the diary's
 * recipe store under its name; a portion of a pasted or saved recipe is
 * proposed (never committed: the user's "yes" does that).
 */
import { Effect, Option } from "effect"
import type { Proposal } from "../../domain/fitlog/proposal.js"
import { ingredientLines, portionOf, servingsIn } from "../../domain/fitlog/proposal.js"
import type { SavedRecipe } from "../../domain/fitlog/recipe.js"
import { perServingOf, recipeName } from "../../domain/fitlog/recipe.js"
import type { DiaryDate, Meal } from "../../domain/fitlog/types.js"
import { Diary } from "../../services/diary/diary.js"
import { estimate } from "./estimate.js"
import { propose } from "./propose.js"

/** The whole batch of a recipe's text as a proposal (its ingredient lines only). */
export const recipeBatch = (text: string, likelyMeal: Meal, date: DiaryDate) =>
  Effect.map(estimate(ingredientLines(text)), (e) => propose(e, Option.getOrElse(e.meal, () => likelyMeal), date))

/** Save a parsed recipe: named by its first line (or "recipe DATE"), one serving's nutrients from the batch. */
export const saveRecipe = (text: string, batch: Proposal, date: DiaryDate) =>
  Effect.gen(function*() {
    const servings = servingsIn(text)
    const recipe: SavedRecipe = { name: recipeName(text, date), servings, text, perServing: perServingOf(batch, servings), created: date }
    yield* Effect.flatMap(Diary, (d) => d.saveRecipe(recipe))
    return recipe
  })

export type RecipeSource = { readonly text: string } | { readonly name: string }

/** `portions` servings of a recipe, pasted or saved, as a proposal; or why not. */
export const proposeRecipePortion = (source: RecipeSource, portions: number, likelyMeal: Meal, date: DiaryDate) =>
  Effect.gen(function*() {
    const saved = "name" in source ? yield* Effect.flatMap(Diary, (d) => d.getRecipe(source.name)) : Option.none<SavedRecipe>()
    if ("name" in source && Option.isNone(saved)) return { _tag: "NotFound", reason: `no saved recipe is called "${source.name}"` } as const
    const text = Option.match(saved, { onNone: () => ("text" in source ? source.text : ""), onSome: (r) => r.text })
    const servings = Option.match(saved, { onNone: () => servingsIn(text), onSome: (r) => r.servings })
    const batch = yield* recipeBatch(text, likelyMeal, date)
    if (batch._tag === "NothingToLog") return { _tag: "NothingToLog", skipped: batch.skipped } as const
    return { _tag: "Proposal", proposal: portionOf(batch.proposal, servings / portions) } as const
  })
