/**
 * The validator (seeds/004 ValidatorAgent): is this food's nutrition
 * believable before it is proposed? Pure; every problem has a reason shown
 * to the user.
 *
 * Energy consistency uses 4·P + 4·(C − fibre) + 2·fibre + 9·F + 7·alcohol
 * against the stated kcal, per 100 g, with tolerance max(20 %, 20 kcal).
 * Calibrated on all 8,789 SR28 records: the median gap is 3.6 kcal/100 g and
 * 95 % are within 19; at 10 %/10 kcal 2.6 % of USDA's own foods would fail,
 * at 20 %/20 kcal 0.71 % do (62 records: bran cereals, spices, cocoa and
 * baking powders, whose energy USDA computes with food-specific Atwater
 * factors), while an energy value off by 50 % always fails.
 */
import type { Nutrients } from "./types.js"

export const energyTolerance = { relative: 0.2, kcalPer100g: 20 } as const

export type ValidationIssue =
  | { readonly _tag: "Negative"; readonly nutrient: string; readonly value: number }
  | { readonly _tag: "EnergyInconsistent"; readonly statedKcal: number; readonly fromMacros: number }
  | { readonly _tag: "Unreasonable"; readonly what: string; readonly value: number; readonly limit: number }
  | { readonly _tag: "GhostCalories"; readonly food: string }
  | { readonly _tag: "EnergyUnknown" }

export interface ValidationInput {
  readonly food: string
  readonly grams: number
  /** Per 100 g. */
  readonly per100g: Nutrients
  /** What the carbohydrate measures: USDA's total (the default) or CoFID's available carbohydrate, fibre excluded. */
  readonly carbohydrate?: "total" | "available"
}

/** Foods that always carry energy: a 0-kcal record for one of them is a ghost. */
const caloricFoods = /\b(chicken|beef|pork|lamb|turkey|fish|salmon|tuna|egg|eggs|rice|bread|pasta|cheese|milk|yogurt|butter|oil|nuts?|almonds?|peanut|banana|potato(?:es)?|oats?|beans?|lentils?|sugar|honey|chocolate|bacon|sausage|avocado|cereal|flour|tofu|pizza|burger|cake|cookie)\b/i

/** Energy expected from macros, per 100 g; undefined when a macro is unknown. */
export const energyFromMacros = (n: Nutrients): number | undefined => {
  if (n.protein_g === null || n.carbs_g === null || n.fat_g === null) return undefined
  const fibre = n.fibre_g ?? 0
  return 4 * n.protein_g + 4 * Math.max(0, n.carbs_g - fibre) + 2 * Math.min(fibre, n.carbs_g) + 9 * n.fat_g + 7 * (n.alcohol_g ?? 0)
}

export const validate = (input: ValidationInput): ReadonlyArray<ValidationIssue> => {
  const n = input.per100g
  const issues: Array<ValidationIssue> = []
  for (const [key, value] of Object.entries(n)) {
    if (typeof value === "number" && value < 0) issues.push({ _tag: "Negative", nutrient: key, value })
  }
  if (input.grams < 0) issues.push({ _tag: "Negative", nutrient: "grams", value: input.grams })
  if (n.kcal === null) {
    issues.push({ _tag: "EnergyUnknown" })
    return issues
  }
  // CoFID (available carbohydrate): McCance and Widdowson's factors, 4 P + 3.75 C + 9 F + 7 alcohol.
  const fromMacros = input.carbohydrate === "available"
    ? (n.protein_g === null || n.carbs_g === null || n.fat_g === null ? undefined : 4 * n.protein_g + 3.75 * n.carbs_g + 9 * n.fat_g + 7 * (n.alcohol_g ?? 0))
    : energyFromMacros(n)
  if (fromMacros !== undefined) {
    const allowed = Math.max(energyTolerance.relative * Math.max(n.kcal, fromMacros), energyTolerance.kcalPer100g)
    if (Math.abs(n.kcal - fromMacros) > allowed) issues.push({ _tag: "EnergyInconsistent", statedKcal: n.kcal, fromMacros: Math.round(fromMacros) })
  }
  if (n.kcal < 5 && (caloricFoods.test(input.food) || (fromMacros ?? 0) > 20)) issues.push({ _tag: "GhostCalories", food: input.food })
  // Pure fat is 900 kcal/100 g; nothing eaten is denser.
  if (n.kcal > 902) issues.push({ _tag: "Unreasonable", what: "kcal per 100 g", value: n.kcal, limit: 902 })
  const portionKcal = (n.kcal * input.grams) / 100
  if (portionKcal > 2500) issues.push({ _tag: "Unreasonable", what: "kcal in one item", value: Math.round(portionKcal), limit: 2500 })
  if (input.grams > 3000) issues.push({ _tag: "Unreasonable", what: "grams in one item", value: input.grams, limit: 3000 })
  if (n.sodium_mg !== null && (n.sodium_mg * input.grams) / 100 > 5000) {
    issues.push({ _tag: "Unreasonable", what: "mg sodium in one item", value: Math.round((n.sodium_mg * input.grams) / 100), limit: 5000 })
  }
  return issues
}

export const describeIssue = (issue: ValidationIssue): string => {
  switch (issue._tag) {
    case "Negative": return `${issue.nutrient} is negative (${issue.value})`
    case "EnergyInconsistent": return `energy ${issue.statedKcal} kcal/100 g does not match its macros (${issue.fromMacros} kcal/100 g)`
    case "Unreasonable": return `${issue.value} ${issue.what} is over the limit of ${issue.limit}`
    case "GhostCalories": return `${issue.food} cannot have ~0 kcal`
    case "EnergyUnknown": return "the table has no energy value for this food"
  }
}
