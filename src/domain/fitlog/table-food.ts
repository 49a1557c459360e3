/**
 * A food of one of fitlog's nutrition tables, with the table it came from:
 * USDA FNDDS 2021-2023 (foods as people report eating them, mixed dishes
 * included, with household portions), CoFID 2021 (UK foods) and USDA SR28
 * (ingredients).
 *
 * Where it sits: the services layer reads each table into this one shape
 * (FNDDS and CoFID from the files food-table-files.ts decodes, SR28 through
 * `fromSr28`), so the matcher can search the three alike and every match can
 * say which table it came from. Values are per 100 g; missing is `null`, as
 * in `FoodRecord`.
 */
import { Schema } from "effect"
import { detailKeys, type NutrientDetail } from "./nutrients.js"
import { nutrientKeys, type FoodRecord, type Nutrients } from "./types.js"
import { energyFromMacros } from "./validate.js"

export const SourceTable = Schema.Literal("FNDDS 2021-2023", "CoFID 2021", "SR28")
export type SourceTable = typeof SourceTable.Type

/** A household portion as the table gives it: "1 cup" = 244 g, "Quantity not specified" = 244 g. */
export interface TablePortion {
  readonly description: string
  readonly grams: number
}

/** A nutrient of `Nutrients` or of `NutrientDetail`: the names the tables' values are filed under. */
export type NutrientName = keyof Nutrients | keyof NutrientDetail

const mainNutrients: ReadonlySet<NutrientName> = new Set(nutrientKeys)
/** Whether a nutrient is one of `Nutrients` (energy, macros, fibre, sugars, alcohol, sodium). */
export const isMainNutrient = (name: NutrientName): name is keyof Nutrients => mainNutrients.has(name)

/**
 * Every nutrient a table gives a food, per 100 g: `amounts[i]` is the amount
 * of `names[i]`, `null` when unknown. `names` is the table's own list, one
 * array shared by all its foods: 5,431 FNDDS foods carry their 42 values as
 * the arrays the file holds, not as 5,431 objects of 42 keys (which took
 * longer to build than the rest of the file to read). `detailOf` gives them
 * as `NutrientDetail`.
 */
export interface NutrientValues {
  readonly names: ReadonlyArray<NutrientName>
  readonly amounts: ReadonlyArray<number | null>
}

/**
 * What a table's carbohydrate value measures. USDA (FNDDS, SR28): total
 * carbohydrate by difference, fibre included. CoFID: available carbohydrate
 * as monosaccharide equivalents, fibre excluded — as UK labels print it.
 */
export type CarbohydrateBasis = "total" | "available"

export interface TableFood {
  readonly source: SourceTable
  /** The table's own code: FNDDS food code `58137230`, CoFID food code `11-989`, SR28 NDB number `20045`. */
  readonly id: string
  /** FNDDS's main description, CoFID's food name, SR28's long description. */
  readonly description: string
  /** Other words the table gives the food: FNDDS's additional description (synonyms, brand names, "NS as to …"), one entry per `;`-separated part. */
  readonly synonyms: ReadonlyArray<string>
  /** FNDDS's WWEIA category description, CoFID's food group code; SR28's is not read. */
  readonly category?: string
  /**
   * FNDDS's WWEIA category code (`category`'s number): its hundreds are WWEIA's food group, so 5002–5806 are
   * "Snacks and Sweets" (chips, crackers, cakes, cookies, candy, desserts); absent for the other tables.
   */
  readonly categoryCode?: number
  /** Energy, macros, fibre, sugars, alcohol and sodium per 100 g, as `FoodRecord` has them; `null`: not known. */
  readonly per100g: Nutrients
  /** Every nutrient the table gives, per 100 g (those of `per100g` too). */
  readonly nutrients: NutrientValues
  /**
   * Nutrients the table gives as a trace (CoFID's "Tr"): present, below what
   * the table reports. They count as 0 in `per100g` and `nutrients` so sums
   * stay sums; listed here so that no one shows a trace as a measured 0.
   */
  readonly traces: ReadonlyArray<NutrientName>
  readonly carbohydrate: CarbohydrateBasis
  /** Household portions in the table's order (FNDDS); SR28's household weights as "1 cup"; none for CoFID. */
  readonly portions: ReadonlyArray<TablePortion>
}

export const carbohydrateBasis = (source: SourceTable): CarbohydrateBasis => (source === "CoFID 2021" ? "available" : "total")

const unspecified = /^Quantity not specified\b/

/**
 * The weight FNDDS uses when the amount eaten is not known: the food's
 * "Quantity not specified" portion, else the first qualified one ("…, if main
 * course in meal"). Undefined when the table gives none (105 FNDDS foods,
 * mostly infant formulas; every CoFID and SR28 food).
 */
export const unspecifiedPortion = (food: TableFood): TablePortion | undefined =>
  food.portions.find((p) => p.description === "Quantity not specified") ?? food.portions.find((p) => unspecified.test(p.description))

/** Whether a portion is FNDDS's default for an unknown amount rather than a measure a person names. */
export const isUnspecifiedPortion = (portion: TablePortion): boolean => unspecified.test(portion.description)

/**
 * Energy per 100 g from the macros by the table's own convention, or
 * undefined when protein, carbohydrate or fat is unknown. Total
 * carbohydrate (USDA): fitlog's validator rule, 4 P + 4 (C − fibre) + 2 fibre
 * + 9 F + 7 alcohol. Available carbohydrate (CoFID, monosaccharide
 * equivalents): McCance and Widdowson's factors, 4 P + 3.75 C + 9 F + 7 alcohol.
 */
export const energyFromMacrosOf = (food: TableFood): number | undefined => {
  const n = food.per100g
  if (food.carbohydrate === "total") return energyFromMacros(n)
  if (n.protein_g === null || n.carbs_g === null || n.fat_g === null) return undefined
  return 4 * n.protein_g + 3.75 * n.carbs_g + 9 * n.fat_g + 7 * (n.alcohol_g ?? 0)
}

/** A food's amount of one nutrient per 100 g: `null` when the table does not know it, `undefined` when the table has no such nutrient. */
export const amountOf = (food: TableFood, name: NutrientName): number | null | undefined => {
  const i = food.nutrients.names.indexOf(name)
  return i < 0 ? undefined : (food.nutrients.amounts[i] ?? null)
}

/** The nutrients beyond energy and the three macros, as `FoodRecord.more` holds them (nutrients.ts keys; absent: the table has no such nutrient). */
export const detailOf = (food: TableFood): Partial<NutrientDetail> => {
  const detail: { -readonly [K in keyof NutrientDetail]?: number | null } = {}
  food.nutrients.names.forEach((name, i) => {
    if (name !== "kcal" && name !== "protein_g" && name !== "carbs_g" && name !== "fat_g") detail[name] = food.nutrients.amounts[i] ?? null
  })
  return detail
}

/** An SR28 record in the shape of the other tables: its household weights become portions ("1 cup", 158 g). */
export const fromSr28 = (record: FoodRecord): TableFood => {
  const more = record.more ?? {}
  const detail = detailKeys.filter((k) => !isMainNutrient(k) && k in more)
  return {
    source: "SR28",
    id: record.id,
    description: record.description,
    synonyms: [],
    per100g: record.per100g,
    nutrients: { names: [...nutrientKeys, ...detail], amounts: [...nutrientKeys.map((k) => record.per100g[k]), ...detail.map((k) => more[k] ?? null)] },
    traces: [],
    carbohydrate: "total",
    portions: record.household.map((h) => ({ description: `${h.amount} ${h.description}`, grams: h.grams }))
  }
}
