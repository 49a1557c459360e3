/**
 * The portions people mean when they name no amount (issue 29, item 4), from
 * the matched food's own FNDDS portions rather than from rules per food:
 *
 * - a food named alone ("pad thai") is FNDDS's "Quantity not specified"
 *   weight: the amount USDA's survey assigns when a person did not say;
 * - a food of a topping class in a topping role ("porridge with
 *   blueberries", "topped with coconut", "a burger with cheese") is a
 *   topping of its class, measured with the food's own cup or tablespoon: a
 *   quarter cup of fruit or cereal, two tablespoons of nuts, seeds or cheese,
 *   one of a spread, sauce or sweetener, half a cup of milk — never more than
 *   the food's unspecified amount, so a whole fruit, box or package never
 *   stands for a topping. A food of another class after "with" is a side
 *   ("chicken with rice"): its unspecified amount;
 * - a spread on bread ("toast with butter", "a bagel w jam") is the food's
 *   own FNDDS "Guideline amount per slice of bread/roll", once per slice of
 *   the bread it is on, where FNDDS gives one (butter, margarine, jams,
 *   nut butters, honey).
 *
 * The class is the food's WWEIA category (FNDDS gives one per food). Where it
 * sits: estimate.ts asks `roleOf` for each item of the meal text and
 * `unsaidPortion` before the portion rules (portions.ts). Pure.
 */
import type { FoodRecord, FoodRequest, HouseholdWeight } from "./types.js"

export type PortionRole = "main" | "topping"

/** Words before an item that put it on or beside another food. */
const toppingLead = /\b(?:topped with|sprinkled with|drizzled with|covered (?:with|in)|dipped in|with|w\/|w|and a (?:bit|little) of|plus)\s*$/i

/**
 * The role of each item in the meal text: "topping" when the words just before it put it with another food
 * ("… with blueberries"), "main" otherwise (the first item is always main).
 */
export const rolesIn = (mealText: string, requests: ReadonlyArray<FoodRequest>): ReadonlyArray<PortionRole> => {
  const text = mealText.toLowerCase()
  let from = 0
  const roles: Array<PortionRole> = []
  return requests.map((r, i) => {
    const at = text.indexOf(r.text.toLowerCase(), from)
    if (at < 0 || i === 0) {
      if (at >= 0) from = at + r.text.length
      roles.push("main")
      return "main"
    }
    const before = text.slice(from, at)
    from = at + r.text.length
    // "with granola and coconut": an item joined to a topping by "and" or a comma is a topping too.
    const role: PortionRole = toppingLead.test(before.trimEnd()) || (roles[i - 1] === "topping" && /^\s*(?:,|and|&|\+)\s*$/.test(before)) ? "topping" : "main"
    roles.push(role)
    return role
  })
}

/** Classes of food that go on or beside another one, by WWEIA category, and how much of one a topping is. */
const toppingClasses: ReadonlyArray<{ readonly category: RegExp; readonly cups: number; readonly why: string }> = [
  { category: /^(?:Apples|Bananas|Grapes|Peaches and nectarines|Strawberries|Blueberries and other berries|Citrus fruits|Melons|Other fruits and fruit salads|Pears|Pineapple|Mango and papaya)$/, cups: 1 / 4, why: "fruit on or beside a dish is about 1/4 cup" },
  { category: /^(?:Milk, (?:whole|reduced fat|lowfat|nonfat)|Plant-based milk)$/, cups: 1 / 2, why: "milk on or with a food is about 1/2 cup" },
  { category: /^(?:Ready-to-eat cereal|Dried fruits)/, cups: 1 / 4, why: "cereal or dried fruit as a topping is about 1/4 cup" },
  { category: /^(?:Nuts and seeds|Cheese|Cottage\/ricotta cheese|Bacon)$/, cups: 1 / 8, why: "nuts, seeds, cheese or bacon as a topping is about 2 tablespoons" },
  { category: /^(?:Sugars and honey|Jams, syrups, toppings|Cream cheese, sour cream, whipped cream|Cream and cream substitutes|Butter and animal fats|Margarine|Mayonnaise|Salad dressings and vegetable oils|Tomato-based condiments|Soy-based condiments|Mustard and other condiments|Dips, gravies, other sauces|Pasta sauces, tomato-based)$/, cups: 1 / 16, why: "a spread, sauce, sweetener or cream on a food is about 1 tablespoon" }
]

/** Whether foods of a WWEIA category go on or beside another food as a topping (fruit, nuts, cheese, sauces, milk…). */
export const isToppingClass = (category: string): boolean => toppingClasses.some((c) => c.category.test(category))

const isUnspecified = (h: HouseholdWeight) => /^quantity not specified\b/i.test(h.description)

/** The food's weight of one cup, from its cup or tablespoon portion (16 tablespoons to the cup). */
const cupWeight = (household: ReadonlyArray<HouseholdWeight>): { readonly grams: number; readonly from: HouseholdWeight } | undefined => {
  const cup = household.find((h) => /^cups?\b/i.test(h.description) && h.amount > 0)
  if (cup !== undefined) return { grams: cup.grams / cup.amount, from: cup }
  const tbsp = household.find((h) => /^(?:tablespoons?|tbsp)\b/i.test(h.description) && h.amount > 0)
  return tbsp === undefined ? undefined : { grams: (16 * tbsp.grams) / tbsp.amount, from: tbsp }
}

const fmt = (n: number) => String(Math.round(n * 10) / 10)

/** Whether the parser found no amount in the item's words ("pad thai", not "a pad thai" nor "200 g pad thai"). */
export const noAmountSaid = (request: FoodRequest): boolean => (request.assumption ?? "").startsWith("no amount given")

/** FNDDS's categories of bread and rolls: what a spread's "per slice of bread/roll" guideline is for. */
const isBreadClass = (category: string): boolean => /^(?:Yeast breads|Rolls and buns|Bagels and English muffins|Biscuits, muffins, quick breads)$/.test(category)

/** The bread a topping is on: its FNDDS category and how many slices (or rolls) of it were eaten. */
export interface Host {
  readonly category: string
  readonly slices: number
}

/** How many slices of a bread `grams` are, by its own "slice" (or roll, bagel, muffin) portion; 1 when it has none. */
export const slicesOf = (household: ReadonlyArray<HouseholdWeight>, grams: number): number => {
  const slices = household.filter((h) => /\b(?:slices?|rolls?|bagels?|muffins?|buns?)\b/i.test(h.description) && !/crust not eaten|snack-size/i.test(h.description) && h.amount > 0 && h.grams > 0)
  // A medium or regular slice where FNDDS gives sizes ("1 medium or regular slice" = 25 g), else the first.
  const slice = slices.find((h) => /\b(?:medium|regular)\b/i.test(h.description)) ?? slices[0]
  return slice === undefined ? 1 : Math.max(1, Math.round((grams * slice.amount) / slice.grams))
}

/**
 * The grams of a food named with no amount, from its own portions: a spread on bread by its guideline per slice,
 * a topping of its class in a topping role, else FNDDS's "Quantity not specified". Undefined when an amount was
 * said or the food has none of these portions.
 */
export const unsaidPortion = (request: FoodRequest, record: FoodRecord, role: PortionRole, host?: Host): { readonly grams: number; readonly assumption: string } | undefined => {
  if (!noAmountSaid(request)) return undefined
  const unspecified = record.household.find(isUnspecified)
  const perSlice = record.household.find((h) => /^guideline amount per slice of bread/i.test(h.description))
  if (role === "topping" && host !== undefined && isBreadClass(host.category) && perSlice !== undefined) {
    const grams = perSlice.grams * host.slices
    return { grams, assumption: `no amount given: ${request.name} on ${host.slices === 1 ? "a slice" : `${host.slices} slices`} of bread ≈ ${fmt(grams)} g (USDA: ${perSlice.description.toLowerCase()} = ${fmt(perSlice.grams)} g)` }
  }
  if (role === "topping" && record.category !== undefined) {
    const cls = toppingClasses.find((c) => c.category.test(record.category ?? ""))
    const cup = cupWeight(record.household)
    if (cls !== undefined && cup !== undefined) {
      const grams = Math.min(cls.cups * cup.grams, unspecified?.grams ?? Infinity)
      return { grams, assumption: `no amount given: ${request.name} as a topping ≈ ${fmt(grams)} g (${cls.why}; USDA: ${fmt(cup.from.amount)} ${cup.from.description} = ${fmt(cup.from.grams)} g)` }
    }
  }
  if (unspecified === undefined) return undefined
  return { grams: unspecified.grams, assumption: `no amount given: ${request.name} ≈ ${fmt(unspecified.grams)} g (USDA FNDDS's amount when none is said)` }
}
