/**
 * Every nutrient USDA SR28 gives a food (ABBREV.txt's 46 nutrient columns,
 * plus the alcohol fitlog derives), beyond energy and the three macros that
 * `Nutrients` carries for the validator and the totals.
 *
 * Where it sits: sr28.ts reads them per 100 g into `FoodRecord.more`; a
 * proposal line keeps them scaled to its grams (`NutrientDetail`), the diary
 * stores one column each, and `day` / `export --csv` show them. A nutrient
 * USDA did not analyse is `null`, never 0, from the file to the CSV.
 */
import { Schema } from "effect"
import type { FoodRecord } from "./types.js"

export interface NutrientInfo {
  /** The key, also the diary column and the CSV header. */
  readonly key: string
  readonly label: string
  readonly unit: "g" | "mg" | "µg" | "IU"
  /** The ABBREV.txt field index (0-based), or undefined for values fitlog derives. */
  readonly column: number | undefined
}

const n = <K extends string>(key: K, label: string, unit: NutrientInfo["unit"], column: number | undefined) => ({ key, label, unit, column }) satisfies NutrientInfo

/** The SR28 nutrients beyond kcal, protein, carbohydrate and fat, in ABBREV.txt order. */
export const detailNutrients = [
  n("water_g", "Water", "g", 2),
  n("ash_g", "Ash", "g", 6),
  n("fibre_g", "Fibre", "g", 8),
  n("sugar_g", "Sugars", "g", 9),
  n("calcium_mg", "Calcium", "mg", 10),
  n("iron_mg", "Iron", "mg", 11),
  n("magnesium_mg", "Magnesium", "mg", 12),
  n("phosphorus_mg", "Phosphorus", "mg", 13),
  n("potassium_mg", "Potassium", "mg", 14),
  n("sodium_mg", "Sodium", "mg", 15),
  n("zinc_mg", "Zinc", "mg", 16),
  n("copper_mg", "Copper", "mg", 17),
  n("manganese_mg", "Manganese", "mg", 18),
  n("selenium_ug", "Selenium", "µg", 19),
  n("vitamin_c_mg", "Vitamin C", "mg", 20),
  n("thiamin_mg", "Thiamin (B1)", "mg", 21),
  n("riboflavin_mg", "Riboflavin (B2)", "mg", 22),
  n("niacin_mg", "Niacin (B3)", "mg", 23),
  n("pantothenic_acid_mg", "Pantothenic acid (B5)", "mg", 24),
  n("vitamin_b6_mg", "Vitamin B6", "mg", 25),
  n("folate_ug", "Folate, total", "µg", 26),
  n("folic_acid_ug", "Folic acid", "µg", 27),
  n("food_folate_ug", "Folate, food", "µg", 28),
  n("folate_dfe_ug", "Folate (DFE)", "µg", 29),
  n("choline_mg", "Choline", "mg", 30),
  n("vitamin_b12_ug", "Vitamin B12", "µg", 31),
  n("vitamin_a_iu", "Vitamin A", "IU", 32),
  n("vitamin_a_rae_ug", "Vitamin A (RAE)", "µg", 33),
  n("retinol_ug", "Retinol", "µg", 34),
  n("alpha_carotene_ug", "Alpha-carotene", "µg", 35),
  n("beta_carotene_ug", "Beta-carotene", "µg", 36),
  n("beta_cryptoxanthin_ug", "Beta-cryptoxanthin", "µg", 37),
  n("lycopene_ug", "Lycopene", "µg", 38),
  n("lutein_zeaxanthin_ug", "Lutein + zeaxanthin", "µg", 39),
  n("vitamin_e_mg", "Vitamin E", "mg", 40),
  n("vitamin_d_ug", "Vitamin D", "µg", 41),
  n("vitamin_d_iu", "Vitamin D", "IU", 42),
  n("vitamin_k_ug", "Vitamin K", "µg", 43),
  n("saturated_fat_g", "Saturated fat", "g", 44),
  n("monounsaturated_fat_g", "Monounsaturated fat", "g", 45),
  n("polyunsaturated_fat_g", "Polyunsaturated fat", "g", 46),
  n("cholesterol_mg", "Cholesterol", "mg", 47),
  n("alcohol_g", "Alcohol", "g", undefined)
] as const satisfies ReadonlyArray<NutrientInfo>

export type DetailKey = (typeof detailNutrients)[number]["key"]
export const detailKeys: ReadonlyArray<DetailKey> = detailNutrients.map((d) => d.key)

/** The nutrients `day` and `export --csv` show, in that order: fibre, sugar, sodium, saturated fat, then the main vitamins and minerals. */
export const shownNutrients: ReadonlyArray<DetailKey> = [
  "fibre_g", "sugar_g", "sodium_mg", "saturated_fat_g", "cholesterol_mg",
  "potassium_mg", "calcium_mg", "iron_mg", "magnesium_mg", "zinc_mg",
  "vitamin_a_rae_ug", "vitamin_c_mg", "vitamin_d_ug", "vitamin_e_mg", "vitamin_k_ug",
  "thiamin_mg", "riboflavin_mg", "niacin_mg", "vitamin_b6_mg", "folate_dfe_ug", "vitamin_b12_ug"
]

export const nutrientInfo = (key: DetailKey): NutrientInfo => detailNutrients.find((d) => d.key === key) ?? n(key, key, "g", undefined)

/** An object with one property per detail key (the one place the key list becomes a record type). */
export const perKey = <V>(f: (key: DetailKey) => V): { readonly [K in DetailKey]: V } => {
  const out: Partial<Record<DetailKey, V>> = {}
  for (const k of detailKeys) out[k] = f(k)
  return out as { readonly [K in DetailKey]: V }
}

/** Every detail nutrient of one portion (or per 100 g); `null` where the table has no value. */
export const NutrientDetail = Schema.Struct(perKey(() => Schema.NullOr(Schema.Number)))
export type NutrientDetail = typeof NutrientDetail.Type

/** All unknown: what a food without detail (an older diary row, a hand-made record) carries. */
export const unknownDetail: NutrientDetail = perKey(() => null)

const scale = (v: number | null, grams: number) => (v === null ? null : Math.round(v * (grams / 100) * 1000) / 1000)

/** A record's detail for `grams` of it: `FoodRecord.more`, with the four kept in `per100g` (fibre, sugar, alcohol, sodium) taken from there. */
export const detailFor = (food: FoodRecord, grams: number): NutrientDetail => {
  const base: NutrientDetail = {
    ...unknownDetail,
    ...food.more,
    fibre_g: food.per100g.fibre_g,
    sugar_g: food.per100g.sugar_g,
    alcohol_g: food.per100g.alcohol_g,
    sodium_mg: food.per100g.sodium_mg
  }
  return perKey((k) => scale(base[k] ?? null, grams))
}

/** Each value divided by `by` (a recipe's portion), null kept null. */
export const divideDetail = (d: NutrientDetail, by: number): NutrientDetail =>
  perKey((k) => {
    const v = d[k]
    return v === null ? null : Math.round((v / by) * 1000) / 1000
  })

/**
 * The sum over lines, per nutrient: `null` when no line knows it; when only
 * some do, the sum of those and `partial` set, so a reader never takes an
 * unknown for a zero.
 */
export const sumDetail = (details: ReadonlyArray<NutrientDetail | undefined>, key: DetailKey): { readonly value: number | null; readonly partial: boolean } => {
  const known = details.map((d) => d?.[key] ?? null).filter((v): v is number => v !== null)
  if (known.length === 0) return { value: null, partial: false }
  return { value: Math.round(known.reduce((s, v) => s + v, 0) * 1000) / 1000, partial: known.length < details.length }
}

/** A value for people: 3 significant figures at most, no trailing zeros. */
export const formatAmount = (v: number): string => {
  if (v === 0) return "0"
  const digits = Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2
  return String(Math.round(v * 10 ** digits) / 10 ** digits)
}
