/**
 * Is the app's entry the food that was proposed? Before the navigator adds
 * an entry in MyFitnessPal, its name and calories are compared with the
 * confirmed line: a different preparation ("boiled" for "fried") or energy
 * beyond the validator's tolerance (155 vs 196 kcal) is a different food,
 * which the user must approve. Pure.
 */
import { energyTolerance } from "./validate.js"

const preparations = ["fried", "boiled", "poached", "scrambled", "grilled", "baked", "roasted", "steamed", "raw", "cooked", "dried", "smoked", "broiled", "toasted", "mashed", "stewed"]

const prepsIn = (text: string): ReadonlyArray<string> => {
  const lower = text.toLowerCase()
  return preparations.filter((p) => new RegExp(`\\b${p}\\b`).test(lower))
}

export interface EntryComparison {
  /** The user's words for the food and their preparation (from the proposal line). */
  readonly text: string
  readonly preparation: string | undefined
  readonly proposedKcal: number | null
  readonly appFood: string
  readonly appKcal: number | null
}

/** How the app's entry differs from what was proposed, or undefined when it is the same food. */
export const entryDifference = (c: EntryComparison): string | undefined => {
  const wanted = prepsIn(c.preparation ?? "")
  const offered = prepsIn(c.appFood)
  const differences: Array<string> = []
  if (wanted.length > 0 && offered.length > 0 && !wanted.some((w) => offered.includes(w))) {
    differences.push(`"${offered.join(" ")}" for "${wanted.join(" ")}"`)
  }
  if (c.proposedKcal !== null && c.appKcal !== null) {
    const allowed = Math.max(energyTolerance.relative * Math.max(c.proposedKcal, c.appKcal), energyTolerance.kcalPer100g)
    if (Math.abs(c.proposedKcal - c.appKcal) > allowed) differences.push(`${Math.round(c.appKcal)} kcal in the app vs ${Math.round(c.proposedKcal)} kcal proposed`)
  }
  return differences.length === 0 ? undefined : differences.join(", ")
}
