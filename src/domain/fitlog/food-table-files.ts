/**
 * The formats of fitlog's committed food tables, data/fitlog/*.json, as
 * scripts/build-food-tables.mjs writes them, and their reading into
 * `TableFood`s. Pure: the FoodTables service reads the files and decodes
 * them with these Schemas.
 *
 * A file is a header (the table, its credit, the order of the nutrient
 * values) and one tuple per food, so 5,431 FNDDS foods with 42 nutrients and
 * 22,043 portions take 2 MB rather than the 4.5 MB of the source CSVs.
 *
 * The header is a Schema Struct; each food is one Schema that checks its
 * tuple with a single type guard rather than a Schema per field: the same
 * rules, and a failure still names the food (`foods.1234`), at half the
 * cost (cold, decoding FNDDS took 230 ms of CPU per field, 110 per food,
 * on this project's loaded two-core machine).
 */
import { Schema } from "effect"
import { detailKeys } from "./nutrients.js"
import { carbohydrateBasis, isMainNutrient, type NutrientName, type TableFood } from "./table-food.js"
import { nutrientKeys, type Nutrients } from "./types.js"

const NutrientNameSchema = Schema.Literal(...nutrientKeys, ...detailKeys.filter((k) => !isMainNutrient(k)))
const Text = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString())

const isText = (u: unknown): u is string => typeof u === "string" && u !== "" && u.trim() === u
const isAmount = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u) && u >= 0
const isPortion = (u: unknown): u is readonly [string, number] => Array.isArray(u) && u.length === 2 && isText(u[0]) && isAmount(u[1]) && u[1] > 0
const isArrayOf = <A>(is: (u: unknown) => u is A) => (u: unknown): u is ReadonlyArray<A> => Array.isArray(u) && u.every(is)
const isAmounts = isArrayOf(isAmount)
const isPortions = isArrayOf(isPortion)
const isStatedAmounts = isArrayOf((u: unknown): u is number | "Tr" | null => u === null || u === "Tr" || isAmount(u))

type FnddsRow = readonly [
  code: string,
  description: string,
  additional: string,
  category: number,
  amounts: ReadonlyArray<number>,
  portions: ReadonlyArray<readonly [string, number]>
]

/** One FNDDS food: `[food code, main description, additional description, WWEIA category, amounts per 100 g, portions]`. */
const FnddsRow = Schema.declare(
  (u: unknown): u is FnddsRow =>
    Array.isArray(u) && u.length === 6 && typeof u[0] === "string" && /^\d{8}$/.test(u[0]) && isText(u[1]) && typeof u[2] === "string" &&
    Number.isInteger(u[3]) && isAmounts(u[4]) && isPortions(u[5]),
  {
    identifier: "FnddsFood",
    message: () => "a food is [8-digit code, description, additional description, WWEIA category, non-negative amounts, [description, grams > 0] portions]"
  }
)

type CofidRow = readonly [code: string, name: string, group: string, stated: ReadonlyArray<number | "Tr" | null>]

/** One CoFID food: `[food code, name, food group code, values]`, a value an amount, "Tr" (a trace) or null (unknown: CoFID's "N" or blank). */
const CofidRow = Schema.declare(
  (u: unknown): u is CofidRow =>
    Array.isArray(u) && u.length === 4 && typeof u[0] === "string" && /^\d{2}-\d{3,4}(\/\d+)?$/.test(u[0]) && isText(u[1]) && isText(u[2]) && isStatedAmounts(u[3]),
  { identifier: "CofidFood", message: () => "a food is [code like 11-989, name, group, values: non-negative amounts, \"Tr\" or null]" }
)

const Names = Schema.Array(NutrientNameSchema).pipe(
  Schema.filter((names) => new Set(names).size === names.length, { message: () => "a nutrient is named twice" })
)

/** data/fitlog/fndds-2021-2023.json */
export const FnddsFile = Schema.Struct({
  table: Schema.Literal("FNDDS 2021-2023"),
  credit: Text,
  nutrients: Names,
  categories: Schema.Record({ key: Schema.String, value: Text }),
  foods: Schema.Array(FnddsRow)
}).pipe(
  Schema.filter((file) =>
    file.foods.every(([, , , category, amounts]) => amounts.length === file.nutrients.length && Object.hasOwn(file.categories, String(category))) ||
    "every food has one value per nutrient and a known category"
  )
)
export type FnddsFile = typeof FnddsFile.Type

/** data/fitlog/cofid-2021.json */
export const CofidFile = Schema.Struct({
  table: Schema.Literal("CoFID 2021"),
  credit: Text,
  nutrients: Names,
  foods: Schema.Array(CofidRow)
}).pipe(Schema.filter((file) => file.foods.every(([, , , stated]) => stated.length === file.nutrients.length) || "every food has one value per nutrient"))
export type CofidFile = typeof CofidFile.Type

/** `per100g` from a food's amounts, by the table's positions of `Nutrients`' keys (-1: the table has no such nutrient, so unknown). */
const mainOf = (names: ReadonlyArray<NutrientName>) => {
  const [kcal, protein, carbs, fat, fibre, sugar, alcohol, sodium] = nutrientKeys.map((k) => names.indexOf(k))
  const at = (amounts: ReadonlyArray<number | null>, i: number | undefined) => (i === undefined || i < 0 ? null : (amounts[i] ?? null))
  return (a: ReadonlyArray<number | null>): Nutrients => ({
    kcal: at(a, kcal),
    protein_g: at(a, protein),
    carbs_g: at(a, carbs),
    fat_g: at(a, fat),
    fibre_g: at(a, fibre),
    sugar_g: at(a, sugar),
    alcohol_g: at(a, alcohol),
    sodium_mg: at(a, sodium)
  })
}

/** FNDDS's additional description in its parts: "shrimp; fish" is two. */
const synonymsOf = (additional: string): ReadonlyArray<string> =>
  additional === "" ? [] : additional.split(";").map((s) => s.trim()).filter((s) => s !== "")

export const fnddsFoods = (data: FnddsFile): ReadonlyArray<TableFood> => {
  const main = mainOf(data.nutrients)
  const carbohydrate = carbohydrateBasis("FNDDS 2021-2023")
  return data.foods.map(([id, description, additional, category, amounts, portions]) => ({
    source: "FNDDS 2021-2023",
    id,
    description,
    synonyms: synonymsOf(additional),
    category: data.categories[String(category)] ?? String(category),
    categoryCode: category,
    per100g: main(amounts),
    nutrients: { names: data.nutrients, amounts },
    traces: [],
    carbohydrate,
    portions: portions.map(([description, grams]) => ({ description, grams }))
  }))
}

export const cofidFoods = (data: CofidFile): ReadonlyArray<TableFood> => {
  const main = mainOf(data.nutrients)
  const carbohydrate = carbohydrateBasis("CoFID 2021")
  return data.foods.map(([id, description, group, stated]) => {
    // A trace counts 0 and is listed; an unknown stays null.
    const amounts = stated.map((v) => (v === "Tr" ? 0 : v))
    const traces = data.nutrients.filter((_, i) => stated[i] === "Tr")
    return { source: "CoFID 2021", id, description, synonyms: [], category: group, per100g: main(amounts), nutrients: { names: data.nutrients, amounts }, traces, carbohydrate, portions: [] }
  })
}
