/**
 * ORIENT: the user's text → typed food requests and a meal. The rule parser
 * reads what it can; only the pieces it could not read go to the model
 * (structured output), and offline they are reported, not guessed.
 */
import { Effect, Option, Schema } from "effect"
import { parseFoodText } from "../../domain/fitlog/parse.js"
import { invalidAmount } from "../../domain/fitlog/quantity.js"
import type { FoodRequest, Meal } from "../../domain/fitlog/types.js"
import { FoodRequest as FoodRequestSchema } from "../../domain/fitlog/types.js"
import { extract } from "../../services/llm/extract.js"
import type { Llm } from "../../services/llm/llm.js"
import { NutritionTable } from "../../services/nutrition-table/nutrition-table.js"

export interface Oriented {
  readonly meal: Option.Option<Meal>
  readonly items: ReadonlyArray<FoodRequest>
  /** Pieces neither the rules nor the model could read. */
  readonly unread: ReadonlyArray<string>
  /** Model calls made. */
  readonly modelCalls: number
  /** The rules' reading was confident (a plain list); when not, the model read the text if there was one. */
  readonly confident: boolean
}

const ModelItems = Schema.Struct({ items: Schema.Array(FoodRequestSchema) })

const system = "You read food descriptions. For each piece of text, return the foods it names with quantity and unit " +
  "(g, ml, oz is mass, cup, tbsp, tsp, each, slice, medium…), a short food name in the user's words, and the preparation if any. " +
  "Never invent foods that are not in the text."

const narrativeSystem = "You read what a person wrote about a meal and list the foods they ate. For each food give: a short food name " +
  "as a nutrition table would name it (\"chicken sandwich\", \"whole milk\"), the amount as written (quantity and unit: g, ml, oz is mass, " +
  "fl oz, cup, tbsp, tsp, slice, each, small, medium, large, can, bottle, glass, bowl, scoop, serving…), the preparation if said " +
  "(fried, grilled, boiled…), and in text the words it came from. Keep a composite dish whole (\"a beef, bean and cheese burrito\" " +
  "is one burrito). Ignore praise and remarks. Never invent foods or amounts that are not in the text; never give calories or nutrients."

/** The model reads the whole text (a low-confidence rule reading); none when there is no model or its answer is unusable. */
const readWithModel = (text: string) =>
  extract(ModelItems, { system: narrativeSystem, prompt: `What did this person eat?\n${text}`, toolName: "record_foods" }).pipe(
    Effect.map((r) => (r.items.length === 0 ? Option.none() : Option.some(r.items))),
    Effect.catchAll((e) => Effect.as(Effect.logDebug(`model could not read the meal: ${e._tag}`), Option.none<ReadonlyArray<FoodRequest>>()))
  )

export const orient = Effect.fn("fitlog.orient")(function*(text: string) {
  const table = yield* Effect.serviceOption(NutritionTable)
  const parsed = parseFoodText(text, Option.getOrUndefined(Option.map(table, (t) => t.isFoodWord)))
  // A negative, zero or non-numeric amount is refused as written: the model must not turn "-2 eggs" into eggs.
  const refused = parsed.unread.filter((u) => invalidAmount(u) !== undefined)
  const forModel = parsed.unread.filter((u) => invalidAmount(u) === undefined)
  if (!parsed.confident && refused.length === 0) {
    const read = yield* readWithModel(text)
    if (Option.isSome(read)) return { meal: parsed.meal, items: read.value, unread: [], modelCalls: 1, confident: false } satisfies Oriented
    // No model (offline) or no usable answer: the rules' reading stands, low confidence noted.
    if (forModel.length === 0) return { ...parsed, modelCalls: 1 } satisfies Oriented
  }
  if (forModel.length === 0) return { ...parsed, modelCalls: 0 } satisfies Oriented
  const fromModel = yield* extract(ModelItems, {
    system,
    prompt: `Read these pieces of a food log:\n${forModel.map((u) => `- ${u}`).join("\n")}`,
    toolName: "record_foods"
  }).pipe(
    Effect.map((r) => Option.some(r.items)),
    Effect.catchAll((e) => Effect.as(Effect.logDebug(`model could not read the rest: ${e._tag}`), Option.none<ReadonlyArray<FoodRequest>>()))
  )
  return Option.match(fromModel, {
    onNone: (): Oriented => ({ ...parsed, modelCalls: parsed.confident ? 1 : 2 }),
    onSome: (items): Oriented => ({ meal: parsed.meal, items: [...parsed.items, ...items], unread: refused, modelCalls: parsed.confident ? 1 : 2, confident: parsed.confident })
  })
}) satisfies (text: string) => Effect.Effect<Oriented, never, Llm>
