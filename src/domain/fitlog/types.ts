/**
 * fitlog's vocabulary (seeds/000, seeds/004): what a person ate, how much,
 * for which meal, and what it is worth in energy and macros.
 *
 * Where it sits: the rule parser (parse.ts) turns text into `FoodRequest`s,
 * the matcher pairs them with `FoodRecord`s of the nutrition table, the
 * validator checks the result, and a `Proposal` (proposal.ts) is what the user
 * confirms before anything is committed. Missing nutrients are `null`, never 0:
 * a 0 would claim something the table does not know.
 */
import { Schema } from "effect"
import type { NutrientDetail } from "./nutrients.js"

export const FoodName = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.brand("FoodName"))
export type FoodName = typeof FoodName.Type

export const Grams = Schema.Number.pipe(Schema.finite(), Schema.nonNegative(), Schema.brand("Grams"))
export type Grams = typeof Grams.Type

/** Whether year-month-day names a day of the calendar (no 30 February, 29 February only in leap years). */
const isCalendarDay = (text: string): boolean => {
  const [y, m, d] = text.split("-").map(Number)
  if (y === undefined || m === undefined || d === undefined) return false
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0
  return d >= 1 && d <= days
}

/** A day in the diary, `YYYY-MM-DD` (the user's local date, chosen at the edge), one the calendar has. */
export const DiaryDate = Schema.String.pipe(
  Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: () => "a date is YYYY-MM-DD" }),
  Schema.filter(isCalendarDay, { message: () => "no such day in the calendar" }),
  Schema.brand("DiaryDate")
)
export type DiaryDate = typeof DiaryDate.Type

export const Meal = Schema.Literal("breakfast", "lunch", "dinner", "snacks")
export type Meal = typeof Meal.Type
export const meals: ReadonlyArray<Meal> = Meal.literals

/**
 * Units people write. `oz` is always mass (a fluid ounce must be written
 * `fl oz`); household words are counts of a thing whose weight depends on the food.
 */
export const Unit = Schema.Literal(
  "g", "mg", "kg", "oz", "lb", "ml", "l", "fl oz", "cup", "tbsp", "tsp",
  "each", "slice", "small", "medium", "large", "piece", "clove", "scoop", "can",
  "handful", "pinch", "splash", "bowl", "glass", "mug", "plate", "serving",
  "bottle", "order", "bag", "packet", "bar", "pint", "stick", "container"
)
export type Unit = typeof Unit.Type

export const FoodRequest = Schema.Struct({
  /** The words the user wrote for this item, as written. */
  text: Schema.String,
  name: FoodName,
  quantity: Schema.Number.pipe(Schema.finite(), Schema.positive()),
  unit: Unit,
  /** fried, grilled, cooked… — kept apart from the name, used to pick the record. */
  preparation: Schema.optionalWith(Schema.String, { exact: true }),
  /** An assumption the parser made (a range's midpoint, "1 assumed"), shown to the user. */
  assumption: Schema.optionalWith(Schema.String, { exact: true })
})
export type FoodRequest = typeof FoodRequest.Type

/** Per 100 g, or for a portion. `null`: the table has no value. */
export const Nutrients = Schema.Struct({
  kcal: Schema.NullOr(Schema.Number),
  protein_g: Schema.NullOr(Schema.Number),
  carbs_g: Schema.NullOr(Schema.Number),
  fat_g: Schema.NullOr(Schema.Number),
  fibre_g: Schema.NullOr(Schema.Number),
  sugar_g: Schema.NullOr(Schema.Number),
  alcohol_g: Schema.NullOr(Schema.Number),
  sodium_mg: Schema.NullOr(Schema.Number)
})
export type Nutrients = typeof Nutrients.Type
export const nutrientKeys = ["kcal", "protein_g", "carbs_g", "fat_g", "fibre_g", "sugar_g", "alcohol_g", "sodium_mg"] as const

/** A household weight the table gives for a food: `1 cup` = 158 g. */
export interface HouseholdWeight {
  readonly amount: number
  readonly description: string
  readonly grams: number
}

/** One food of the nutrition tables, values per 100 g. */
export interface FoodRecord {
  /** The table's own code: SR28 NDB number `20045`, FNDDS food code `58137230`, CoFID code `11-989`. */
  readonly id: string
  /** The table it came from; absent: USDA SR28 (records built before fitlog had other tables). */
  readonly source?: "FNDDS 2021-2023" | "CoFID 2021" | "SR28"
  /** The food's class: FNDDS's WWEIA category ("Blueberries and other berries"); absent for the other tables. */
  readonly category?: string
  readonly description: string
  /** SR's "common food" flag (used in its food surveys): a hint of how usual a food is. */
  readonly common: boolean
  readonly per100g: Nutrients
  /** Every other SR28 nutrient, per 100 g (nutrients.ts); absent or `null`: not known. */
  readonly more?: Partial<NutrientDetail>
  readonly household: ReadonlyArray<HouseholdWeight>
}

/** Which table a record came from, as the output, `--json` and the diary show it: "USDA FNDDS 2021-2023 #58137230". */
export const sourceOf = (record: Pick<FoodRecord, "id" | "source">): string =>
  record.source === "FNDDS 2021-2023" ? `USDA FNDDS 2021-2023 #${record.id}` : record.source === "CoFID 2021" ? `CoFID 2021 ${record.id}` : `USDA SR28 #${record.id}`

/** The table a `sourceOf` string names, short, as the output's Table column shows it. */
export const tableOfSource = (source: string): "FNDDS" | "SR28" | "CoFID" | undefined =>
  /\bFNDDS\b/.test(source) ? "FNDDS" : /\bCoFID\b/.test(source) ? "CoFID" : /\bSR28\b/.test(source) ? "SR28" : undefined

/** The tables `sources` came from, in full, in a fixed order ("USDA FNDDS 2021-2023, USDA SR28"): the day's nutrient heading. */
export const tablesOf = (sources: ReadonlyArray<string>): string => {
  const short = new Set(sources.map(tableOfSource))
  const named = ([["FNDDS", "USDA FNDDS 2021-2023"], ["SR28", "USDA SR28"], ["CoFID", "CoFID 2021"]] as const).filter(([k]) => short.has(k)).map(([, name]) => name)
  return named.length === 0 ? "the food tables" : named.join(", ")
}

/** Scale per-100 g values to `grams`, keeping missing values missing. */
export const scaleNutrients = (per100g: Nutrients, grams: number): Nutrients => {
  const f = grams / 100
  const s = (v: number | null) => (v === null ? null : Math.round(v * f * 10) / 10)
  return {
    kcal: per100g.kcal === null ? null : Math.round(per100g.kcal * f),
    protein_g: s(per100g.protein_g),
    carbs_g: s(per100g.carbs_g),
    fat_g: s(per100g.fat_g),
    fibre_g: s(per100g.fibre_g),
    sugar_g: s(per100g.sugar_g),
    alcohol_g: s(per100g.alcohol_g),
    sodium_mg: s(per100g.sodium_mg)
  }
}

/** Which meal a time of day most likely is (the first choice offered when the user did not say). */
export const mealAt = (hour: number): Meal => (hour < 11 ? "breakfast" : hour < 15 ? "lunch" : hour < 17 ? "snacks" : hour < 22 ? "dinner" : "snacks")

export const nutritionCredit = "Nutrition data: USDA ARS, Food and Nutrient Database for Dietary Studies 2021-2023 (FNDDS) and National Nutrient Database for Standard Reference, Release 28 (SR28), public domain; " +
  "CoFID: contains public sector information licensed under the Open Government Licence v3.0, McCance and Widdowson's The Composition of Foods Integrated Dataset 2021."
