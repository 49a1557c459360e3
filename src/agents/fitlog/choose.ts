/**
 * The model as a chooser, grounded in the table: for a text the rules read
 * with low confidence, the model is shown each food with the top table
 * candidates (FNDDS, SR28, CoFID) the rules found and picks one by its id — or says none
 * is this food. It never supplies nutrient numbers: they always come from the
 * chosen record. An id outside the candidates is ignored (the rules' choice
 * stands); offline, nothing changes.
 */
import { Effect, Option, Schema } from "effect"
import type { FoodRecord, FoodRequest } from "../../domain/fitlog/types.js"
import { extract } from "../../services/llm/extract.js"
import { requireModel } from "../../services/llm/llm.js"
import { NutritionTable } from "../../services/nutrition-table/nutrition-table.js"

/** How many candidates the model sees per food. */
export const candidatesShown = 5

const Choices = Schema.Struct({
  choices: Schema.Array(Schema.Struct({
    /** 1-based number of the food in the list shown. */
    item: Schema.Number,
    /** The chosen NDB number, or null when no candidate is this food. */
    id: Schema.NullOr(Schema.String)
  }))
})

const system = "You match foods a person ate to records of the food tables (USDA FNDDS, USDA SR28, CoFID). For each numbered food, choose the " +
  "candidate that is this food as it is eaten (cooked rice, brewed coffee, the whole dish), by its id, or null when no candidate " +
  "is this food. Choose only among the ids shown. Never give calories or nutrients."

export type Choice =
  | { readonly _tag: "Keep" }
  | { readonly _tag: "Record"; readonly record: FoodRecord }
  | { readonly _tag: "NoneClose" }

export interface Asked {
  readonly request: FoodRequest
  readonly searchedAs: string
}

/** One model call for all foods; per food, what to do with the rules' match. */
export const chooseCandidates = (asked: ReadonlyArray<Asked>) => {
  const keepAll: ReadonlyArray<Choice> = asked.map(() => ({ _tag: "Keep" }))
  return Effect.gen(function*() {
    // Offline there is no chooser: decided before any search or call, the rules' choice stands.
    yield* requireModel
    const table = yield* NutritionTable
    const shown = asked.map((a) => table.search(a.searchedAs, a.request.preparation, candidatesShown).map((c) => c.record))
    if (shown.every((c) => c.length === 0)) return { choices: keepAll, modelCalls: 0 }
    const prompt = asked.map((a, i) => [
      `${i + 1}. "${a.request.text}" (read as ${a.request.name}${a.request.preparation === undefined ? "" : `, ${a.request.preparation}`})`,
      ...(shown[i] ?? []).map((r) => `   - ${r.id}: ${r.description}`),
      ...((shown[i] ?? []).length === 0 ? ["   (no candidates)"] : [])
    ].join("\n")).join("\n")
    const answer = yield* extract(Choices, { system, prompt, toolName: "choose_foods" }).pipe(
      Effect.map(Option.some),
      Effect.catchAll((e) => Effect.as(Effect.logDebug(`model could not choose: ${e._tag}`), Option.none<typeof Choices.Type>()))
    )
    if (Option.isNone(answer)) return { choices: keepAll, modelCalls: 1 }
    const choices = asked.map((_, i): Choice => {
      const said = answer.value.choices.find((c) => c.item === i + 1)
      if (said === undefined) return { _tag: "Keep" }
      if (said.id === null) return { _tag: "NoneClose" }
      const record = (shown[i] ?? []).find((r) => r.id === said.id)
      return record === undefined ? { _tag: "Keep" } : { _tag: "Record", record }
    })
    return { choices, modelCalls: 1 }
  }).pipe(Effect.catchTag("Offline", () => Effect.succeed({ choices: keepAll, modelCalls: 0 })))
}
