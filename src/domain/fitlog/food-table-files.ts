/**
 * The formats of fitlog's committed food tables, data/fitlog/*.json, as
 * scripts/build-food-tables.mjs writes them, and their reading into
 * `TableFood`s. Pure: the FoodTables service reads the files and decodes
 * them with these Schemas.
 *
 * A file is a header (the table, its credit, the order of the nutrient
 * values) and one tuple per food, so 5,431 FNDDS foods with 42 nutrients and
 * 22,043 portions take 2 MB rather than the 4.5 MB of the source CSVs.
 */
import { Schema } from "effect"
import { detailKeys } from "./nutrients.js"
import type { NutrientDetail } from "./nutrients.js"
import { carbohydrateBasis, type NutrientName, type TableFood } from "./table-food.js"
import { nutrientKeys, type Nutrients } from "./types.js"

const mainNames: ReadonlySet<NutrientName> = new Set(nutrientKeys)
const isMain = (name: NutrientName): name is keyof Nutrients => mainNames.has(name)
const NutrientNameSchema = Schema.Literal(...nutrientKeys, ...detailKeys.filter((k) => !mainNames.has(k)))

const isAmount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0
const Text = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString())

// A food's values and portions are checked by one type guard per array, not a
// Schema per element: the same rules, at a tenth of the cost (15 ms, not 150,
// for FNDDS's 230,000 values).

/** Values per 100 g: non-negative amounts. */
const Amounts = Schema.declare(
  (u: unknown): u is ReadonlyArray<number> => Array.isArray(u) && u.every(isAmount),
  { identifier: "Amounts", message: () => "values must be non-negative amounts" }
)

/** Values as CoFID states them: an amount, a trace ("Tr"), or unknown (null: CoFID's "N" or blank). */
const StatedAmounts = Schema.declare(
  (u: unknown): u is ReadonlyArray<number | "Tr" | null> => Array.isArray(u) && u.every((v) => v === null || v === "Tr" || isAmount(v)),
  { identifier: "StatedAmounts", message: () => "values must be non-negative amounts, \"Tr\" or null" }
)

/** Household portions: `[description, grams]`, a trimmed non-empty description and a positive weight. */
const Portions = Schema.declare(
  (u: unknown): u is ReadonlyArray<readonly [string, number]> =>
    Array.isArray(u) &&
    u.every((p) => Array.isArray(p) && p.length === 2 && typeof p[0] === "string" && p[0] !== "" && p[0].trim() === p[0] && isAmount(p[1]) && p[1] > 0),
  { identifier: "Portions", message: () => "portions must be [description, grams > 0]" }
)

const uniqueNames = (names: ReadonlyArray<string>) => new Set(names).size === names.length

/** data/fitlog/fndds-2021-2023.json */
export const FnddsFile = Schema.Struct({
  table: Schema.Literal("FNDDS 2021-2023"),
  credit: Text,
  nutrients: Schema.Array(NutrientNameSchema).pipe(Schema.filter(uniqueNames, { message: () => "a nutrient is named twice" })),
  categories: Schema.Record({ key: Schema.String, value: Text }),
  foods: Schema.Array(
    Schema.Tuple(
      /* food code */ Schema.String.pipe(Schema.pattern(/^\d{8}$/)),
      /* main description */ Text,
      /* additional description */ Schema.String,
      /* WWEIA category */ Schema.Int,
      /* values per 100 g, in `nutrients` order */ Amounts,
      /* household portions, in USDA's order */ Portions
    )
  )
}).pipe(
  Schema.filter((file) =>
    file.foods.every(([, , , category, values]) => values.length === file.nutrients.length && Object.hasOwn(file.categories, String(category))) ||
    "every food has one value per nutrient and a known category"
  )
)
export type FnddsFile = typeof FnddsFile.Type

/** data/fitlog/cofid-2021.json */
export const CofidFile = Schema.Struct({
  table: Schema.Literal("CoFID 2021"),
  credit: Text,
  nutrients: Schema.Array(NutrientNameSchema).pipe(Schema.filter(uniqueNames, { message: () => "a nutrient is named twice" })),
  foods: Schema.Array(
    Schema.Tuple(
      /* food code */ Schema.String.pipe(Schema.pattern(/^\d{2}-\d{3,4}(\/\d+)?$/)),
      /* name */ Text,
      /* food group code */ Text,
      /* values per 100 g, in `nutrients` order */ StatedAmounts
    )
  )
}).pipe(Schema.filter((file) => file.foods.every(([, , , values]) => values.length === file.nutrients.length) || "every food has one value per nutrient"))
export type CofidFile = typeof CofidFile.Type

/**
 * Values filed under their names: `per100g` (unknown where the table has no
 * such nutrient), `more` (every name but energy and the three macros, as
 * sr28.ts files them), and the traces, counted as 0.
 */
const filer = (names: ReadonlyArray<NutrientName>) =>
  (values: ReadonlyArray<number | "Tr" | null>): Pick<TableFood, "per100g" | "more" | "traces"> => {
    const main: { -readonly [K in keyof Nutrients]: number | null } = {
      kcal: null, protein_g: null, carbs_g: null, fat_g: null, fibre_g: null, sugar_g: null, alcohol_g: null, sodium_mg: null
    }
    const more: { -readonly [K in keyof NutrientDetail]?: number | null } = {}
    const traces: Array<NutrientName> = []
    for (let i = 0; i < names.length; i++) {
      const name = names[i]
      if (name === undefined) continue
      const stated = values[i] ?? null
      if (stated === "Tr") traces.push(name)
      const value = stated === "Tr" ? 0 : stated
      if (isMain(name)) main[name] = value
      if (name !== "kcal" && name !== "protein_g" && name !== "carbs_g" && name !== "fat_g") more[name] = value
    }
    return { per100g: main, more, traces }
  }

/** FNDDS's additional description in its parts: "shrimp; fish" is two. */
const synonymsOf = (additional: string): ReadonlyArray<string> =>
  additional.split(";").map((s) => s.trim()).filter((s) => s !== "")

export const fnddsFoods = (data: FnddsFile): ReadonlyArray<TableFood> => {
  const file = filer(data.nutrients)
  return data.foods.map(([id, description, additional, category, values, portions]) => {
    const { more, per100g, traces } = file(values)
    return {
      source: "FNDDS 2021-2023",
      id,
      description,
      synonyms: synonymsOf(additional),
      category: data.categories[String(category)] ?? String(category),
      per100g,
      more,
      traces,
      carbohydrate: carbohydrateBasis("FNDDS 2021-2023"),
      portions: portions.map(([description, grams]) => ({ description, grams }))
    }
  })
}

export const cofidFoods = (data: CofidFile): ReadonlyArray<TableFood> => {
  const file = filer(data.nutrients)
  return data.foods.map(([id, description, group, values]) => {
    const { more, per100g, traces } = file(values)
    return { source: "CoFID 2021", id, description, synonyms: [], category: group, per100g, more, traces, carbohydrate: carbohydrateBasis("CoFID 2021"), portions: [] }
  })
}
