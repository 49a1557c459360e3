/**
 * How many grams an amount is: mass units directly; volumes and household
 * units from a curated portion table (a tablespoon of oil is not a tablespoon
 * of peanut butter), then the table's own household weights (SR28 gives two
 * per food), then conventions for vague portions ("a handful" = 30 g), each
 * with the assumption shown to the user. Pure.
 */
import type { FoodRequest, HouseholdWeight, Unit } from "./types.js"

export interface GramsResolution {
  readonly grams: number
  /** Shown to the user when the grams were not written: "1 medium banana ≈ 118 g". */
  readonly assumption?: string
}

const mass: Partial<Record<Unit, number>> = { g: 1, mg: 0.001, kg: 1000, oz: 28.3495, lb: 453.592 }
const volumeMl: Partial<Record<Unit, number>> = { ml: 1, l: 1000, "fl oz": 29.5735, cup: 240, tbsp: 15, tsp: 5 }

interface Portion {
  readonly food: RegExp
  readonly unit: Unit
  readonly grams: number
}

/** Curated household weights for common foods (USDA SR28 / FNDDS portion weights, rounded). */
export const portionTable: ReadonlyArray<Portion> = [
  { food: /\beggs?\b/, unit: "each", grams: 50 },
  { food: /\beggs?\b/, unit: "small", grams: 38 },
  { food: /\beggs?\b/, unit: "medium", grams: 44 },
  { food: /\beggs?\b/, unit: "large", grams: 50 },
  { food: /\bbananas?\b/, unit: "each", grams: 118 },
  { food: /\bbananas?\b/, unit: "small", grams: 101 },
  { food: /\bbananas?\b/, unit: "medium", grams: 118 },
  { food: /\bbananas?\b/, unit: "large", grams: 136 },
  { food: /\bapples?\b/, unit: "each", grams: 182 },
  { food: /\bapples?\b/, unit: "small", grams: 149 },
  { food: /\bapples?\b/, unit: "medium", grams: 182 },
  { food: /\bapples?\b/, unit: "large", grams: 223 },
  { food: /\boranges?\b/, unit: "each", grams: 131 },
  { food: /\b(?:bread|toast)\b/, unit: "slice", grams: 30 },
  { food: /\btoasts?\b/, unit: "each", grams: 30 },
  { food: /\b(?:cheese)\b/, unit: "slice", grams: 21 },
  { food: /\bpizza\b/, unit: "slice", grams: 107 },
  { food: /\bbacon\b/, unit: "slice", grams: 8 },
  { food: /\bbagels?\b/, unit: "each", grams: 105 },
  { food: /\bcookies?\b/, unit: "each", grams: 15 },
  { food: /\bpotato(?:es)?\b/, unit: "each", grams: 173 },
  { food: /\bpotato(?:es)?\b/, unit: "medium", grams: 173 },
  { food: /\bcarrots?\b/, unit: "each", grams: 61 },
  { food: /\btomato(?:es)?\b/, unit: "each", grams: 123 },
  { food: /\bavocados?\b/, unit: "each", grams: 136 },
  { food: /\bgarlic\b/, unit: "clove", grams: 3 },
  { food: /\bstrawberr(?:y|ies)\b/, unit: "each", grams: 12 },
  { food: /\balmonds?\b/, unit: "each", grams: 1.2 },
  { food: /\bchicken breasts?\b/, unit: "each", grams: 172 },
  { food: /\btortillas?\b/, unit: "each", grams: 45 },
  { food: /\boil\b/, unit: "tbsp", grams: 13.6 },
  { food: /\boil\b/, unit: "tsp", grams: 4.5 },
  { food: /\bpeanut butter\b/, unit: "tbsp", grams: 16 },
  { food: /^(?!.*peanut).*\bbutter\b/, unit: "tbsp", grams: 14.2 },
  { food: /\bhoney\b/, unit: "tbsp", grams: 21 },
  { food: /\bsugar\b/, unit: "tbsp", grams: 12.5 },
  { food: /\bsugar\b/, unit: "tsp", grams: 4.2 },
  { food: /\bflour\b/, unit: "cup", grams: 125 },
  { food: /\b(?:oats|oatmeal)\b/, unit: "cup", grams: 81 },
  { food: /\brice\b/, unit: "cup", grams: 158 },
  { food: /\bmilk\b/, unit: "cup", grams: 244 },
  { food: /\bprotein\b/, unit: "scoop", grams: 30 }
]

/** Conventions for vague portions, used when the food has no better weight. */
export const vaguePortions: Partial<Record<Unit, number>> = {
  handful: 30, pinch: 0.4, splash: 10, bowl: 250, glass: 250, mug: 240, plate: 300, serving: 100, scoop: 30, can: 330, piece: 30, slice: 30
}

const unitWordsInDescription: Partial<Record<Unit, RegExp>> = {
  cup: /\bcup\b/, tbsp: /\btbsp\b/, tsp: /\btsp\b/, slice: /\bslice\b/, small: /\bsmall\b/, medium: /\bmedium\b/,
  large: /\blarge\b/, piece: /\bpiece\b/, clove: /\bclove\b/, can: /\bcan\b/, each: /^(?:large|medium|fruit|each|item|egg|whole|serving|piece|bar|cookie|muffin|bagel|roll|breast|link|patty|sausage)\b/
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100))

/** The grams `request` stands for, given the matched food's household weights; undefined when nothing says. */
export const resolveGrams = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = []): GramsResolution | undefined => {
  const { quantity, unit } = request
  const name = request.name.toLowerCase()
  const perMass = mass[unit]
  if (perMass !== undefined) return { grams: quantity * perMass }
  const label = `${fmt(quantity)} ${unit === "each" ? "" : `${unit} `}${request.name}`.replace(/\s+/g, " ")
  const curated = portionTable.find((p) => p.unit === unit && p.food.test(name))
  if (curated !== undefined) return { grams: quantity * curated.grams, assumption: `${label} ≈ ${fmt(quantity * curated.grams)} g` }
  const pattern = unitWordsInDescription[unit]
  const fromTable = pattern === undefined ? undefined : household.find((h) => pattern.test(h.description.toLowerCase()) && h.amount > 0)
  if (fromTable !== undefined) {
    const grams = (quantity * fromTable.grams) / fromTable.amount
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (USDA: ${fromTable.amount} ${fromTable.description} = ${fmt(fromTable.grams)} g)` }
  }
  const ml = volumeMl[unit]
  if (ml !== undefined) return { grams: quantity * ml, assumption: `${label} ≈ ${fmt(quantity * ml)} g (1 ml taken as 1 g)` }
  const vague = vaguePortions[unit]
  if (vague !== undefined) return { grams: quantity * vague, assumption: `${label} ≈ ${fmt(quantity * vague)} g (a usual ${unit})` }
  return undefined
}
