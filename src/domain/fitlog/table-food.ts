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
import { energyFromMacros } from "./validate.js"
import type { NutrientDetail } from "./nutrients.js"
import type { FoodRecord, Nutrients } from "./types.js"

export const SourceTable = Schema.Literal("FNDDS 2021-2023", "CoFID 2021", "SR28")
export type SourceTable = typeof SourceTable.Type

/** A household portion as the table gives it: "1 cup" = 244 g, "Quantity not specified" = 244 g. */
export interface TablePortion {
  readonly description: string
  readonly grams: number
}

/** A nutrient of `Nutrients` or of `NutrientDetail`: the names the tables' values are filed under. */
export type NutrientName = keyof Nutrients | keyof NutrientDetail

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
  readonly per100g: Nutrients
  /** Every other nutrient the table gives, per 100 g (keys as nutrients.ts); absent or `null`: not known. */
  readonly more: Partial<NutrientDetail>
  /**
   * Nutrients the table gives as a trace (CoFID's "Tr"): present, below what
   * the table reports. They count as 0 in `per100g` and `more` so sums stay
   * sums; listed here so that no one shows a trace as a measured 0.
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

/** An SR28 record in the shape of the other tables: its household weights become portions ("1 cup", 158 g). */
export const fromSr28 = (record: FoodRecord): TableFood => ({
  source: "SR28",
  id: record.id,
  description: record.description,
  synonyms: [],
  per100g: record.per100g,
  more: record.more ?? {},
  traces: [],
  carbohydrate: "total",
  portions: record.household.map((h) => ({ description: `${h.amount} ${h.description}`, grams: h.grams }))
})
