/**
 * Packaged meals: "an 11 oz frozen dinner", "a frozen chicken dinner, a
 * hearty 10 oz meal", "a diet frozen meal of beef with vegetables". The
 * weight given is of the whole mixed dish (meat, a starch, vegetables and a
 * sauce), not of one ingredient and not of "cracker meal". The matcher
 * (agents/fitlog/estimate.ts) weighs it as a frozen entree record that
 * names one of the foods said, else as USDA's frozen dinner of turkey,
 * stuffing, mashed potatoes with gravy and vegetables (about 1.3 kcal/g,
 * the energy density of such dinners). Pure.
 */
import type { FoodRequest } from "./types.js"

/** SR28 22957: Turkey, stuffing, mashed potatoes w/gravy, assorted vegetables, frozen, microwaved. */
export const genericFrozenDinnerId = "22957"

const mealWord = /\b(?:dinners?|meals?|entrees?|entrées?)\b/
const packaged = /\b(?:frozen|tv|microwav\w*|lean cuisine|healthy choice|banquet|stouffer'?s|marie callender'?s|hungry[- ]man|smart ones|boxed)\b/
/** Words about the meal, not foods in it. */
const notFood = /^(?:an?|the|my|one|frozen|tv|diet|light|lean|hearty|filling|satisfying|delicious|quick|microwav\w*|packaged|boxed|single|serving|portion|option|meal|meals|dinner|dinners|entree|entrees|of|with|and|in|oz|ounces?|consisting|featuring|\d[\d.]*)$/

/** Whether `request` is a weighed packaged meal: its words name a frozen/TV dinner, or a bare "meal", with its weight. */
export const isPackagedMeal = (request: FoodRequest): boolean => {
  const words = `${request.name} ${request.text}`.toLowerCase()
  // Only a weighed one: "a frozen meal of pancakes and sausage" with no weight is read by its foods.
  const mass = request.unit === "g" || request.unit === "oz" || request.unit === "kg" || request.unit === "lb"
  // "a hearty 11 oz meal": a meal named by its weight alone is a packaged one.
  return mass && mealWord.test(words) && (packaged.test(words) || foodWords(request.name).length === 0)
}

/** The foods a packaged meal's words name ("chicken", "beef", "lasagna"). */
export const foodWords = (name: string): ReadonlyArray<string> =>
  name.toLowerCase().split(/[^a-z']+/).filter((w) => w.length > 2 && !notFood.test(w))

/** A record that is a whole mixed dish as sold: a frozen entree or dinner, a pot pie, a rice bowl. */
export const isMixedDishRecord = (description: string): boolean =>
  /\b(?:frozen entree|entree, frozen|frozen, microwaved|frozen, prepared|pot pie|rice bowl|dinner|meal kit)\b/i.test(description) &&
  !/^cracker meal/i.test(description)

/** The stated assumption for a packaged meal weighed as `description`. */
export const packagedMealNote = (description: string, generic: boolean): string =>
  generic
    ? `a frozen or packaged meal is its weight of a mixed dish (meat, starch, vegetables, sauce): weighed as ${description}, USDA's frozen dinner`
    : `a frozen or packaged meal is its weight of a mixed dish: weighed as ${description}`
