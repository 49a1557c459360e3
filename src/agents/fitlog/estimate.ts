/**
 * MATCH and VALIDATE: each food request → a record of the nutrition table,
 * its grams and nutrients, and the validator's verdict (seeds/004
 * NutritionAgent + ValidatorAgent). No model: ranking is by name; typos are
 * corrected against the table's words.
 */
import { Array as Arr, Effect, Option } from "effect"
import { describeDish, dishFor, isWholeDish } from "../../domain/fitlog/dishes.js"
import { dishScale } from "../../domain/fitlog/dish-scale.js"
import { foodWords, genericFrozenDinnerId, isMixedDishRecord, isPackagedMeal, packagedMealNote } from "../../domain/fitlog/frozen-meals.js"
import { resolveGrams } from "../../domain/fitlog/portions.js"
import { noAmountSaid, rolesIn, slicesOf, unsaidPortion } from "../../domain/fitlog/portion-role.js"
import type { Host, PortionRole } from "../../domain/fitlog/portion-role.js"
import { sameFamilyRecords, sameFoodRecords } from "../../domain/fitlog/same-food.js"
import { invalidAmount } from "../../domain/fitlog/quantity.js"
import type { FoodRecord, FoodRequest, Meal, Nutrients } from "../../domain/fitlog/types.js"
import { FoodName, scaleNutrients, sourceOf } from "../../domain/fitlog/types.js"
import type { ValidationIssue } from "../../domain/fitlog/validate.js"
import { describeIssue, validate } from "../../domain/fitlog/validate.js"
import type { Llm } from "../../services/llm/llm.js"
import { NutritionTable } from "../../services/nutrition-table/nutrition-table.js"
import type { NutritionTableShape } from "../../services/nutrition-table/nutrition-table.js"
import type { ProposalLine } from "../../domain/fitlog/proposal.js"
import { detailFor } from "../../domain/fitlog/nutrients.js"
import { chooseCandidates } from "./choose.js"
import { foldContents } from "./contents.js"
import { orient } from "./orient.js"

export type EstimatedItem =
  | {
    readonly _tag: "Matched"
    readonly request: FoodRequest
    /** The name after typo correction (equal to the request's when nothing was corrected). */
    readonly searchedAs: string
    readonly food: FoodRecord
    readonly grams: number
    readonly nutrients: Nutrients
    readonly assumption: Option.Option<string>
    readonly issues: ReadonlyArray<ValidationIssue>
    /**
     * How sure the match is that this is the food named: the share of the words said that the food's names hold
     * (a word found only by its start or through a typo counts half). 1 is the food named; below it the food is
     * the closest the tables have, another food than the one named, and the output says so.
     */
    readonly confidence: number
  }
  | { readonly _tag: "NotFound"; readonly request: FoodRequest; readonly searchedAs: string }
  | { readonly _tag: "NoGrams"; readonly request: FoodRequest; readonly food: FoodRecord }
  | { readonly _tag: "Unread"; readonly text: string }

/**
 * The confidence line: a closest match at least this sure is logged by `log --yes`; below it, only when the user
 * confirms it (`--yes` reports it unmatched). Half the words said: a typo'd name ("blueberies") still logs.
 */
export const confidenceLine = 0.5

/** Whether a matched item is another food than the one named (the closest the tables have). */
export const isClosestMatch = (item: { readonly confidence: number }): boolean => item.confidence < 1

/** A matched item as the line a proposal (and the diary) records. */
export const proposalLine = (item: Extract<EstimatedItem, { readonly _tag: "Matched" }>): ProposalLine => ({
  text: item.request.text,
  food: item.food.description,
  foodId: item.food.id,
  grams: item.grams,
  kcal: item.nutrients.kcal,
  protein_g: item.nutrients.protein_g,
  carbs_g: item.nutrients.carbs_g,
  fat_g: item.nutrients.fat_g,
  source: sourceOf(item.food),
  detail: detailFor(item.food, item.grams),
  ...(Option.isSome(item.assumption) ? { assumption: item.assumption.value } : {}),
  ...(isClosestMatch(item) ? { confidence: item.confidence } : {})
})

export interface Estimate {
  readonly meal: Option.Option<Meal>
  readonly items: ReadonlyArray<EstimatedItem>
  readonly modelCalls: number
}

/** Why an item will not be logged, or none when it can be. */
export const rejection = (item: EstimatedItem): Option.Option<string> => {
  switch (item._tag) {
    case "Matched":
      return item.issues.length === 0 ? Option.none() : Option.some(`failed validation: ${item.issues.map(describeIssue).join("; ")}`)
    case "NotFound":
      return Option.some(`no food in the food tables (USDA FNDDS, USDA SR28, CoFID) matches "${item.searchedAs}"`)
    case "NoGrams":
      return Option.some(`"${item.request.unit}" of ${item.food.description} has no known weight; give it in grams`)
    case "Unread":
      return Option.some(invalidAmount(item.text) ?? "could not read a food and an amount here")
  }
}

export const itemText = (item: EstimatedItem): string => (item._tag === "Unread" ? item.text : item.request.text)

/** The matched item for `record`: grams from the portion rules, nutrients from the record (never from a model). */
const matchedItem = (
  table: NutritionTableShape,
  request: FoodRequest,
  searchedAs: string,
  record: FoodRecord,
  chosenBy?: string,
  weighedLike: () => ReadonlyArray<FoodRecord> = () => [],
  role: PortionRole = "main",
  confidence = 1,
  host?: Host
): EstimatedItem => {
  // Portions are looked up under the corrected name ("bananna" weighs what a banana does).
  const named = { ...request, name: FoodName.make(searchedAs) }
  // No amount said: the food's own FNDDS portion for its role (portion-role.ts), before the rules.
  // A food whose table has no portions (CoFID) takes the portion of the FNDDS food the same words find.
  const own = unsaidPortion(named, record, role, host)
  const like = own === undefined && noAmountSaid(named) ? weighedLike()[0] : undefined
  const borrowed = like === undefined ? undefined : unsaidPortion(named, like, role)
  const unsaid = own ??
    (borrowed === undefined || like === undefined ? undefined : { grams: borrowed.grams, assumption: `${borrowed.assumption}; the weight of ${like.description}, as ${record.source === "CoFID 2021" ? "CoFID gives no portions" : "USDA gives none for this record"}` })
  if (unsaid !== undefined) return matchedWith(request, searchedAs, record, unsaid, chosenBy, (request.assumption ?? "").replace(/^no amount given: 1 assumed;?\s*/, ""), confidence)
  // A record USDA gives no weight for the amount said: the same food's weight from its general record, said so.
  const resolved = resolveGrams(named, record.household, record.description) ?? Arr.findFirst([...sameFoodRecords(table.records, record), ...sameFamilyRecords(table.records, record, searchedAs), ...weighedLike()], (other) =>
    Option.map(Option.fromNullable(resolveGrams(named, other.household, other.description)), (r) => ({
      grams: r.grams,
      assumption: `${r.assumption ?? `${r.grams} g`}; the weight of ${other.description}, as ${record.source === "CoFID 2021" ? "CoFID gives no portions" : "USDA gives none for this record"}`
    }))).pipe(Option.getOrUndefined)
  if (resolved === undefined) return { _tag: "NoGrams", request, food: record }
  return matchedWith(request, searchedAs, record, resolved, chosenBy, request.assumption, confidence)
}

const matchedWith = (
  request: FoodRequest,
  searchedAs: string,
  record: FoodRecord,
  resolved: { readonly grams: number; readonly assumption?: string | undefined },
  chosenBy: string | undefined,
  requestAssumption: string | undefined,
  confidence: number
): EstimatedItem => {
  const assumptions = [requestAssumption === "" ? undefined : requestAssumption, resolved.assumption, searchedAs !== request.name ? `"${request.name}" read as "${searchedAs}"` : undefined, chosenBy]
    .filter((a): a is string => a !== undefined)
  return {
    _tag: "Matched",
    request,
    searchedAs,
    food: record,
    grams: Math.round(resolved.grams * 10) / 10,
    nutrients: scaleNutrients(record.per100g, resolved.grams),
    assumption: assumptions.length === 0 ? Option.none() : Option.some(assumptions.join("; ")),
    issues: validate({ food: searchedAs, grams: resolved.grams, per100g: record.per100g, ...(record.source === "CoFID 2021" ? { carbohydrate: "available" as const } : {}) }),
    confidence: Math.round(confidence * 100) / 100
  }
}

/**
 * A packaged meal ("an 11 oz frozen dinner") whose best record is no mixed dish: a frozen entree among the
 * candidates that names a food said, else USDA's frozen dinner (frozen-meals.ts), with the reason shown.
 */
const packagedMeal = (table: NutritionTableShape, request: FoodRequest, searchedAs: string, best: FoodRecord | undefined): EstimatedItem | undefined => {
  if (!isPackagedMeal(request) || (best !== undefined && isMixedDishRecord(best.description))) return undefined
  const foods = foodWords(searchedAs)
  const names = (description: string, word: string) => new RegExp(`\\b${word.replace(/e?s$/, "")}`, "i").test(description)
  // "a frozen meal of 70g pancakes and sausage": a record of a food it names is kept.
  if (best !== undefined && foods.some((w) => names(best.description, w))) return undefined
  const named = foods.length === 0 ? undefined : table.search(`${foods.join(" ")} frozen entree`, request.preparation, 40)
    .map((c) => c.record)
    .find((r) => isMixedDishRecord(r.description) && (!/\bpie\b/i.test(r.description) || foods.includes("pie")) && foods.some((w) => names(r.description, w)))
  const record = named ?? table.byId(genericFrozenDinnerId)
  if (record === undefined) return undefined
  return matchedItem(table, { ...request, assumption: [request.assumption, packagedMealNote(record.description, named === undefined)].filter((a) => a !== undefined).join("; ") }, searchedAs, record)
}

export const matchRequest = (request: FoodRequest, role: PortionRole = "main", host?: Host) =>
  Effect.map(NutritionTable, (table): EstimatedItem => {
    // "cubic inch of mozzarella": the measure is read from the text (portions.ts); the food is what follows it.
    const searchedAs = table.correct(request.name.replace(/^cubic[- ]inch(?:es)?\s+of\s+/i, ""))
    const best = table.search(searchedAs, request.preparation, 1)[0]
    const meal = packagedMeal(table, request, searchedAs, best?.record)
    if (meal !== undefined) return meal
    if (best === undefined) return { _tag: "NotFound", request, searchedAs }
    // A food of a table without portions (CoFID, some SR28 records) is weighed like the FNDDS food the same words find.
    const weighedLike = () =>
      best.record.source === "FNDDS 2021-2023" ? [] : table.search(searchedAs, request.preparation, 10).map((c) => c.record).filter((r) => r.source === "FNDDS 2021-2023" && r.household.length > 0).slice(0, 1)
    return matchedItem(table, request, searchedAs, best.record, undefined, weighedLike, role, best.named ?? 1, host)
  })

/**
 * A composite dish the table has no whole record for ("a peanut butter and
 * jelly sandwich"): its typical parts, each matched by its SR28 record, with
 * the dish's make-up shown as the assumption. None when it is no such dish,
 * the table holds the whole dish, or a part's record is missing.
 */
export const matchDish = (request: FoodRequest) =>
  Effect.map(NutritionTable, (table): Option.Option<ReadonlyArray<EstimatedItem>> => {
    const dish = dishFor(request.name)
    if (dish === undefined) return Option.none()
    const best = table.search(table.correct(request.name), request.preparation, 1)[0]
    if (best !== undefined && isWholeDish(best.record.description, dish)) return Option.none()
    const parts = dish.parts.flatMap((part) => {
      const record = table.byId(part.id)
      return record === undefined ? [] : [{ part, record }]
    })
    const scale = dishScale(request, dish.parts.reduce((s, p) => s + p.grams, 0), dish.perCup === true)
    if (parts.length !== dish.parts.length || scale === undefined) return Option.none()
    const assumption = [request.assumption, scale.assumption, describeDish(dish, scale.factor)].filter((a): a is string => a !== undefined).join("; ")
    return Option.some(parts.map(({ part, record }) => {
      const grams = Math.round(part.grams * scale.factor * 10) / 10
      const partRequest: FoodRequest = { ...request, name: FoodName.make(part.label), quantity: grams, unit: "g", assumption }
      return matchedItem(table, partRequest, part.label, record)
    }))
  })

/** A low-confidence reading: the model chooses among the rules' candidates for each food (one call). */
const chooseWithModel = (items: ReadonlyArray<EstimatedItem>) =>
  Effect.gen(function*() {
    const asked = items.flatMap((item) => (item._tag === "Matched" || item._tag === "NotFound" ? [{ request: item.request, searchedAs: item.searchedAs }] : []))
    if (asked.length === 0) return { items, modelCalls: 0 }
    const { choices, modelCalls } = yield* chooseCandidates(asked)
    const table = yield* NutritionTable
    let k = 0
    const chosen = items.map((item): EstimatedItem => {
      if (item._tag !== "Matched" && item._tag !== "NotFound") return item
      const choice = choices[k++]
      if (choice === undefined) return item
      switch (choice._tag) {
        case "Keep":
          return item
        case "NoneClose":
          return { _tag: "NotFound", request: item.request, searchedAs: item.searchedAs }
        case "Record":
          return item._tag === "Matched" && item.food.id === choice.record.id
            ? item
            : matchedItem(table, item.request, item.searchedAs, choice.record, `chosen by the model among USDA candidates`)
      }
    })
    return { items: chosen, modelCalls }
  })

export const estimate = Effect.fn("fitlog.estimate")(function*(text: string) {
  const oriented = yield* orient(text)
  // Composite dishes built from their parts are settled by the rules; the rest are matched one record each.
  const dishes = yield* Effect.forEach(oriented.items, matchDish)
  const single = oriented.items.filter((_, i) => Option.isNone(dishes[i] ?? Option.none()))
  // Each item's role in the meal ("with blueberries" is a topping), read from the text as written.
  const roles = rolesIn(text, oriented.items)
  const roleOf = (request: FoodRequest) => roles[oriented.items.indexOf(request)] ?? "main"
  const first = yield* Effect.forEach(single, (request) => matchRequest(request, roleOf(request)))
  // A topping is weighed again on the food it is on (the nearest main food before it): a spread on bread per slice.
  const ruled = yield* Effect.forEach(first, (item, i) => {
    const request = single[i]
    if (request === undefined || item._tag !== "Matched" || roleOf(request) !== "topping") return Effect.succeed(item)
    const on = first.slice(0, i).filter((_, k) => {
      const r = single[k]
      return r !== undefined && roleOf(r) === "main"
    }).at(-1)
    const host: Host | undefined = on?._tag === "Matched" && on.food.category !== undefined ? { category: on.food.category, slices: slicesOf(on.food.household, on.grams) } : undefined
    return host === undefined ? Effect.succeed(item) : matchRequest(request, "topping", host)
  })
  // A confident reading is matched by the rules alone; otherwise the model (when there is one) chooses among their candidates.
  const matched = oriented.confident ? { items: ruled, modelCalls: 0 } : yield* chooseWithModel(ruled)
  // In the order the user wrote them: a built dish where it was, the others as matched.
  let next = 0
  const built = new Set(dishes.flatMap((d) => Option.getOrElse(d, (): ReadonlyArray<EstimatedItem> => [])))
  const inOrder = dishes.flatMap((d) => Option.getOrElse(d, (): ReadonlyArray<EstimatedItem> => matched.items.slice(next, ++next)))
  return {
    meal: oriented.meal,
    items: [...foldContents(inOrder, (item) => built.has(item)), ...oriented.unread.map((t): EstimatedItem => ({ _tag: "Unread", text: t }))],
    modelCalls: oriented.modelCalls + matched.modelCalls
  } satisfies Estimate
}) satisfies (text: string) => Effect.Effect<Estimate, never, Llm | NutritionTable>

const sum = (values: ReadonlyArray<number | null>) => Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 10) / 10

/** The stable JSON of `shoal fitlog estimate --json`. Missing nutrients are null. */
export const estimateJson = (e: Estimate) => {
  const items = e.items.map((item) => {
    if (item._tag !== "Matched") {
      return { text: itemText(item), food: null, grams: null, kcal: null, protein_g: null, carbs_g: null, fat_g: null, source: null, error: Option.getOrElse(rejection(item), () => "") }
    }
    const { foodId: _foodId, detail: _detail, confidence: _confidence, ...line } = proposalLine(item)
    const problem = rejection(item)
    // Whether the food is the one named or the closest the tables have, and how sure the match is.
    const match = { named: !isClosestMatch(item), confidence: item.confidence }
    return { ...line, match, ...(Option.isSome(problem) ? { error: problem.value } : {}) }
  })
  const ok = items.filter((i) => i.food !== null && !("error" in i))
  return {
    meal: Option.getOrNull(e.meal),
    items,
    total: { kcal: sum(ok.map((i) => i.kcal)), protein_g: sum(ok.map((i) => i.protein_g)), carbs_g: sum(ok.map((i) => i.carbs_g)), fat_g: sum(ok.map((i) => i.fat_g)) }
  }
}
