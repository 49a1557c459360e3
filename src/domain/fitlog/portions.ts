/**
 * How many grams an amount is: mass units directly; volumes and household
 * units from a curated portion table (a tablespoon of oil is not a tablespoon
 * of peanut butter), then the table's own household weights (SR28 gives two
 * per food), then conventions for vague portions ("a handful" = 30 g), each
 * with the assumption shown to the user. Pure.
 */
import { classWeight, containerOf, cupOf, packetOf, pieceOf, servingOf, sizedServings, sizeIn, sliceOf, tablespoonOf } from "./household.js"
import type { Size } from "./household.js"
import { resized, sizeFromName, wholeThings } from "./size-words.js"
import type { FoodRecord, FoodRequest, HouseholdWeight, Unit } from "./types.js"

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
  /** The fact behind the weight, shown with it. */
  readonly why?: string
}

/** Beer, lager, ale or cider: not root beer, ginger beer or ginger ale, which are soft drinks. */
const beer = /(?<!\b(?:root|ginger|birch)\s)\b(?:beer|lager|ale|cider)\b/

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
  { food: /^(?!.*pizza).*\bcheese\b/, unit: "slice", grams: 21 },
  { food: /\bpizza\b/, unit: "slice", grams: 107 },
  { food: /\b(?:personal|individual)\b.*\bpizza\b/, unit: "each", grams: 200, why: "a personal pizza, 7 in across, is about 200 g" },
  { food: /\bpizza\b/, unit: "each", grams: 107, why: "a pizza eaten by one person is taken as one slice" },
  { food: /\bbacon\b/, unit: "slice", grams: 8 },
  { food: /\bbagels?\b/, unit: "each", grams: 105 },
  { food: /\benglish muffins?\b/, unit: "each", grams: 57, why: "an English muffin (USDA)" },
  // A plain (American) biscuit only: a sausage biscuit is a sandwich, a digestive biscuit a cookie.
  { food: /^(?:(?:plain|buttermilk|warm|fluffy|flaky|homemade|fresh|southern|golden)[\s,]+)*biscuits?$/, unit: "each", grams: 60, why: "a biscuit, 3 in across, is about 60 g" },
  { food: /\b(?:burger|hamburger|beef|turkey burger|veggie burger) patty\b/, unit: "each", grams: 85, why: "a cooked burger patty, a quarter-pound raw, is about 3 oz" },
  { food: /\bchicken thighs?\b/, unit: "each", grams: 70, why: "a chicken thigh gives about 2.5 oz of cooked meat" },
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
  { food: /^(?!.*peanut).*\bbutter\b/, unit: "stick", grams: 113, why: "a US stick of butter is 1/4 lb" },
  { food: /\bhoney\b/, unit: "tbsp", grams: 21 },
  { food: /\bsugar\b/, unit: "tbsp", grams: 12.5 },
  { food: /\bsugar\b/, unit: "tsp", grams: 4.2 },
  { food: /\bflour\b/, unit: "cup", grams: 125 },
  { food: /\boats\b/, unit: "cup", grams: 81 },
  { food: /\b(?:oatmeal|porridge)\b/, unit: "cup", grams: 234, why: "a cup of cooked oatmeal (USDA)" },
  { food: /\brice\b/, unit: "cup", grams: 158 },
  { food: /\bmilk\b/, unit: "cup", grams: 244 },
  { food: /\bprotein\b/, unit: "scoop", grams: 30 },
  { food: /\bice cream\b/, unit: "scoop", grams: 66, why: "a scoop of ice cream is 1/2 cup (USDA)" },
  { food: beer, unit: "bottle", grams: 356, why: "a bottle of beer is 12 fl oz" },
  { food: beer, unit: "pint", grams: 568, why: "a pint of beer is the imperial pub pint, 568 ml" },
  { food: beer, unit: "each", grams: 356, why: "a beer is a 12 fl oz bottle or can" },
  { food: /\b(?:soda|cola|coke|pepsi|lemonade|sprite|pop|root beer|ginger ale|ginger beer|soft drink)\b/, unit: "bottle", grams: 591, why: "a bottle of soft drink is 20 fl oz" },
  { food: /\b(?:soda|cola|coke|pepsi|ginger ale|soft drink|lemonade|root beer|sprite|pop|tonic)\b/, unit: "can", grams: 370, why: "a can of soft drink is 12 fl oz" },
  { food: /\bespresso\b/, unit: "each", grams: 30, why: "a shot of espresso is 1 fl oz" },
  { food: /\b(?:coffee|tea|latte|cappuccino|americano|flat white|mocha)\b/, unit: "each", grams: 240, why: "a coffee or tea is one 8 fl oz cup" },
  { food: /\bcream cheese\b/, unit: "each", grams: 29, why: "cream cheese on a bagel is 2 tbsp" },
  { food: /\bpeanut butter\b/, unit: "each", grams: 32, why: "a serving of peanut butter is 2 tbsp" },
  { food: /^(?!.*peanut)(?!.*cream).*\bbutter\b/, unit: "each", grams: 5, why: "butter on bread is a pat, 1 tsp" },
  { food: /\b(?:jam|jelly|marmalade|preserves)\b/, unit: "each", grams: 20, why: "jam on bread is 1 tbsp" },
  { food: /\b(?:maple syrup|syrup)\b/, unit: "each", grams: 40, why: "syrup on pancakes is 2 tbsp" },
  { food: /\b(?:ketchup|catsup|mayo|mayonnaise|mustard)\b/, unit: "each", grams: 15, why: "a condiment is 1 tbsp" },
  { food: /\bcroissants?\b/, unit: "each", grams: 57, why: "a medium croissant (USDA)" },
  { food: /\bpears?\b/, unit: "each", grams: 178, why: "a medium pear (USDA)" },
  { food: /\bmuffins?\b/, unit: "each", grams: 113, why: "a medium muffin (USDA)" },
  { food: /\bkiwi(?:fruit)?s?\b/, unit: "each", grams: 69, why: "a kiwifruit, 2 in across (USDA)" },
  { food: /\bpeach(?:es)?\b/, unit: "each", grams: 150, why: "a medium peach (USDA)" },
  { food: /\bsausages?\b/, unit: "each", grams: 50, why: "a sausage (banger or large link) is about 50 g" },
  { food: /\bbacon\b/, unit: "each", grams: 8, why: "a slice of cooked bacon (USDA)" },
  { food: /\b(?:yogh?urt)\b/, unit: "each", grams: 150, why: "a pot of yogurt is 150 g (UK) / 5.3 oz (US)" },
  { food: /\b(?:yogh?urt)\b/, unit: "container", grams: 150, why: "a pot of yogurt is 150 g (UK) / 5.3 oz (US)" },
  { food: /\btuna\b/, unit: "can", grams: 142, why: "a can of tuna is 5 oz drained" },
  { food: /\bwine\b/, unit: "bottle", grams: 750, why: "a bottle of wine is 750 ml" },
  { food: /\bwine\b/, unit: "glass", grams: 148, why: "a glass of wine is 5 fl oz" },
  { food: /\bwine\b/, unit: "each", grams: 148, why: "a glass of wine is 5 fl oz" },
  { food: /\bpizza\b/, unit: "piece", grams: 107, why: "a piece of pizza is a slice" }
]

/** Conventions for household portions, used when the food has no better weight (each with its assumption). */
export const vaguePortions: Partial<Record<Unit, readonly [number, string]>> = {
  handful: [30, "a handful is about 1 oz"],
  pinch: [0.4, "a pinch is about 1/16 tsp"],
  splash: [10, "a splash is about 2 tsp"],
  bowl: [250, "a bowl is about 1 cup"],
  glass: [250, "a glass is about 250 ml"],
  mug: [240, "a mug is 8 fl oz"],
  plate: [300, "a plate is a main-course portion"],
  serving: [100, "a serving with no weight given"],
  scoop: [30, "a scoop is about 1 oz"],
  can: [330, "a can is 330 ml (UK/EU; a US can is 355 ml)"],
  bottle: [500, "a bottle is 500 ml"],
  order: [150, "an order is one restaurant side portion"],
  bag: [28, "a single-serving bag is 1 oz"],
  packet: [28, "a single-serving packet is 1 oz"],
  bar: [40, "a bar is about 40 g"],
  pint: [473, "a pint is 16 fl oz (US)"],
  stick: [28, "a stick (cheese, snack) is 1 oz"],
  container: [170, "a single-serving container is 6 oz"],
  piece: [30, "a piece is about 1 oz"],
  slice: [30, "a slice is about 1 oz"]
}

/** Household vessels measured in cups of the food they hold. */
const cupsIn: Partial<Record<Unit, readonly [number, string]>> = {
  bowl: [1.5, "a bowl is 1 1/2 cups"],
  glass: [1, "a glass is 8 fl oz, 1 cup"],
  mug: [1, "a mug is 8 fl oz, 1 cup"],
  plate: [2, "a plate is 2 cups"]
}

/** A household weight that counts things ("1 wing", "1 medium", "1 bar"), not a volume or a mass. */
const countable = /^(?!(?:cup|cups|tbsp|tsp|fl oz|oz|g|lb|pint|quart|gallon|liter|ml|serving packet)\b)(?!.*\b(?:mini|miniature|bite|crumbs|chopped|cubic|diced|slice|piece|pieces|chips|nuggets?|tbsp|tsp|bag|box|loaf|carton|yield|hole|holes|scoop)\b)/
const sizeFactor: Partial<Record<Unit, number>> = { small: 0.75, medium: 1, large: 1.25, each: 1, piece: 1 }

const unitWordsInDescription: Partial<Record<Unit, RegExp>> = {
  cup: /\bcup\b/, tbsp: /\btbsp\b/, tsp: /\btsp\b/, slice: /\bslice\b/, small: /\bsmall\b/, medium: /\bmedium\b/,
  large: /\blarge\b/, piece: /\bpiece\b/, clove: /\bclove\b/, can: /\bcan\b/, bar: /\bbar\b/, stick: /\bstick\b/,
  container: /\bcontainer\b/, packet: /\b(?:packet|package|pouch)\b/, bottle: /\bbottle\b/, order: /\border\b/, bag: /\bbag\b/, serving: /\bserving\b/,
  each: /^(?:large|medium|fruit|each|item|egg|whole|serving|piece|bar|cookie|muffin|bagel|roll|breast|link|patty|sausage)\b/
}

/** Where the words that say what the food is end: "egg and cheese sandwich on biscuit" is a sandwich, not an egg. */
const headOf = (name: string): string =>
  (name.split(/\s+(?:on|with|in|filled|topped|made|served|from|without|covered|coated|dipped|stuffed|packed|alongside|paired|plus|for)\b/)[0] ?? name)
    .replace(/(?:\s+(?:slices?|pieces?|portions?|servings?|\w+ed))+$/, "").trim()

/** "sausage on a biscuit", "ice cream in a cone": a food served on bread is the whole sandwich, not its filling. */
const onBread = /\b(?:on|in)\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:biscuits?|bagels?|buns?|rolls?|bread|muffins?|croissants?|toast|tortillas?|wraps?|cones?|pitas?)\b/

/** The curated weight for the food `name` names: its head must end with the curated food's words. */
const curatedFor = (name: string, unit: Unit, household: ReadonlyArray<HouseholdWeight>): Portion | undefined => {
  if (counts(unit) && onBread.test(name)) return undefined
  const head = headOf(name)
  const about = (p: Portion) => {
    const m = p.food.exec(head)
    return m !== null && m.index + m[0].length === head.length
  }
  const exact = portionTable.find((p) => p.unit === unit && about(p))
  if (exact !== undefined || (unit !== "small" && unit !== "large" && unit !== "medium")) return exact
  // USDA's own weight for that size of the food ("1 potato large") wins over scaling the typical one.
  const own = unitWordsInDescription[unit]
  if (own !== undefined && household.some((h) => own.test(h.description.toLowerCase()))) return undefined
  // "a small croissant": the typical one, scaled for the size said.
  const each = portionTable.find((p) => p.unit === "each" && about(p))
  const factor = sizeFactor[unit] ?? 1
  return each === undefined ? undefined : { ...each, unit, grams: each.grams * factor, why: `${each.why ?? "a typical one"}${factor === 1 ? "" : `, ×${factor} for ${unit}`}` }
}

/** Units that count whole things (as opposed to a measure of the food): "a sausage on a biscuit" counts sandwiches. */
const counts = (unit: Unit) => unit === "each" || unit === "piece" || unit === "small" || unit === "medium" || unit === "large"

/** A household description that is no amount of the food as eaten ("amount to make 1/2 cup", "1 cup, dry, yields", "1 unit (yield from 1 lb raw meat)"). */
const notAsEaten = /\b(?:amount to make|yields?|yield from|makes|dry mix|unprepared|reconstituted)\b/

/** A household weight named for a size ("1 package, fun size", "1 miniature"): only for that size said. */
const sizeNamed = /\b(?:fun[ -]?size|snack[ -]?size|miniature|mini|bite[ -]?size|king[ -]?size)\b/

/**
 * How many of the unit one household weight holds: USDA writes "1 serving, 1/2 cup = 66 g", so a cup of it
 * is 132 g, not 66.
 */
export const unitsIn = (h: HouseholdWeight, unit: Unit): number => {
  // "0.75 cup, (1 NLEA serving)": the serving is the whole of it.
  if (unit === "serving") return /^(?!serving\b).*\b1\s+(?:nlea\s+)?serving\b/.test(h.description.toLowerCase()) ? 1 : h.amount
  if (unit !== "cup") return h.amount
  const inner = /^(?!cups?\b).*?(?:\b(\d+)[- ])?\b(\d+(?:\.\d+)?)(?:\/(\d+))?\s*cups?\b/.exec(h.description.toLowerCase())
  if (inner === null) return h.amount
  const n = Number(inner[1] ?? 0) + Number(inner[2]) / Number(inner[3] ?? 1)
  return n > 0 ? h.amount * n : h.amount
}

/** "6 inch, sub", "12\" pizza": the number is a size, the weight is one item. */
const sizeNotCount = (h: HouseholdWeight) => /^\s*(?:inch|in\b|"|-inch|cm)/.test(h.description)

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100))

/**
 * The grams `request` stands for, given the matched food's household weights
 * and description; undefined when nothing says. Fractions of a whole, whole
 * fish and packs of several first, then the household tables, then the size
 * said on a wrapper (size-words.ts).
 */
export const resolveGrams = (said: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = ""): GramsResolution | undefined => {
  const request = sizeFromName(said)
  return wholeThings(request, description, (one) => householdGrams(one, household, description)) ??
    resized(request, description, householdGrams(request, household, description))
}

/** The grams of `request` by the household tables alone. */
const householdGrams = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight>, description: string): GramsResolution | undefined => {
  const { quantity, unit } = request
  const name = request.name.toLowerCase()
  const record = description.toLowerCase()
  const perMass = mass[unit]
  if (perMass !== undefined) return { grams: quantity * perMass }
  const label = `${fmt(quantity)} ${unit === "each" || new RegExp(`\\b${unit}\\b`, "i").test(request.name) ? "" : `${unit} `}${request.name}`.replace(/\s+/g, " ")
  const stated = (grams: number, why: string): GramsResolution => ({ grams: quantity * grams, assumption: `${label} ≈ ${fmt(quantity * grams)} g (${why})` })
  // Foods sold in sizes: "a large order of fries", "a small bag of chips", "a medium soft drink".
  const said: Size | undefined = unit === "small" || unit === "medium" || unit === "large" ? unit : sizeIn(request.text, unit)
  // The class of the record matched ("chips" matched to fries are fries), else of the words; a size assumed
  // ("an order of fries") only when the user named a food sold in sizes, never for a record a stray word matched.
  const fits = sizedServings.filter((s) => s.units.includes(unit))
  const sized = fits.find((s) => s.food.test(record)) ?? fits.find((s) => s.food.test(name))
  const namedSized = sizedServings.some((s) => s.food.test(name))
  const size = said ?? (namedSized ? sized?.plain : undefined)
  if (sized !== undefined && size !== undefined && !(counts(unit) && onBread.test(name))) return stated(sized.grams[size], `${size}; ${sized.why}`)
  const curated = curatedFor(name, unit, household)
  if (curated !== undefined) {
    return { grams: quantity * curated.grams, assumption: `${label} ≈ ${fmt(quantity * curated.grams)} g${curated.why === undefined ? "" : ` (${curated.why})`}` }
  }
  const pattern = unitWordsInDescription[unit]
  const saidSize = sizeNamed.exec(request.text.toLowerCase())?.[0]
  const fromTable = pattern === undefined ? undefined : household.find((h) => {
    const d = h.description.toLowerCase()
    return pattern.test(d) && h.amount > 0 && !notAsEaten.test(d) && (!sizeNamed.test(d) || (saidSize !== undefined && sizeNamed.exec(d)?.[0].slice(0, 3) === saidSize.slice(0, 3)))
  })
  if (fromTable !== undefined) {
    const grams = (quantity * fromTable.grams) / (sizeNotCount(fromTable) ? 1 : unitsIn(fromTable, unit))
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (USDA: ${fromTable.amount} ${fromTable.description} = ${fmt(fromTable.grams)} g)` }
  }
  // A bowl, glass or mug of a food USDA measures by the cup: that many cups of it.
  const cups = cupsIn[unit]
  const cup = cups === undefined ? undefined : household.find((h) => /\bcup\b/.test(h.description.toLowerCase()) && h.amount > 0 && !notAsEaten.test(h.description.toLowerCase()))
  if (cups !== undefined && cup !== undefined) {
    const grams = (quantity * cups[0] * cup.grams) / unitsIn(cup, "cup")
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (${cups[1]}; USDA: ${cup.amount} ${cup.description} = ${fmt(cup.grams)} g)` }
  }
  // A piece, cup or spoonful of a food USDA weighs another way: the class's typical weight.
  const byClass = unit === "piece" ? classWeight(pieceOf, name, record)
    : unit === "cup" ? classWeight(cupOf, name, record)
    : unit === "tbsp" ? classWeight(tablespoonOf, name, record)
    : unit === "slice" ? classWeight(sliceOf, name, record)
    : unit === "packet" ? classWeight(packetOf, name, record)
    : unit === "container" ? containerOf.find((c) => c.food.test(`${name} ${request.text.toLowerCase()}`)) ?? containerOf.find((c) => c.food.test(record))
    : undefined
  if (byClass !== undefined) return stated(byClass.grams, byClass.why)
  const ml = volumeMl[unit]
  if (ml !== undefined) return { grams: quantity * ml, assumption: `${label} ≈ ${fmt(quantity * ml)} g (1 ml taken as 1 g)` }
  // A count of a thing ("a wing", "a medium pork chop"): USDA's own count portion of the food, scaled for a stated size.
  const factor = sizeFactor[unit]
  const counted = factor === undefined ? undefined : household.find((h) => countable.test(h.description.toLowerCase()) && h.amount > 0 && h.grams / h.amount <= 700)
  if (factor !== undefined && counted !== undefined) {
    const grams = (quantity * factor * counted.grams) / (sizeNotCount(counted) ? 1 : counted.amount)
    const size = factor === 1 ? "" : `, ×${factor} for ${unit}`
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (USDA: ${counted.amount} ${counted.description} = ${fmt(counted.grams)} g${size})` }
  }
  // A serving, or a food named with no amount or count ("rice and beans"): one typical serving of its class.
  const perServing = unit === "serving" ? 1 : factor
  const serving = perServing === undefined ? undefined : servingOf.find((c) => c.food.test(headOf(name)))
  if (perServing !== undefined && serving !== undefined) {
    const cupWeight = serving.cups === undefined ? undefined : household.find((h) => /\bcup\b/.test(h.description.toLowerCase()) && h.amount > 0 && !notAsEaten.test(h.description.toLowerCase()))
    const one = cupWeight === undefined || serving.cups === undefined ? serving.grams : (serving.cups * cupWeight.grams) / unitsIn(cupWeight, "cup")
    const size = perServing === 1 ? "" : `, ×${perServing} for ${unit}`
    return { grams: quantity * perServing * one, assumption: `${label} ≈ ${fmt(quantity * perServing * one)} g (${serving.why}${size})` }
  }
  const vague = vaguePortions[unit]
  if (vague !== undefined) return { grams: quantity * vague[0], assumption: `${label} ≈ ${fmt(quantity * vague[0])} g (${vague[1]})` }
  return undefined
}

/**
 * How many of a built dish (dishes.ts) `request` stands for: a count, a size
 * (small ×0.75, large ×1.25), or grams given for the whole dish. None for a
 * volume ("a cup of sandwich" is no dish amount).
 */
export const dishScale = (request: FoodRequest, dishGrams: number): { readonly factor: number; readonly assumption?: string } | undefined => {
  const perMass = mass[request.unit]
  if (perMass !== undefined) return { factor: (request.quantity * perMass) / dishGrams }
  const size = sizeFactor[request.unit]
  if (size !== undefined) return size === 1 ? { factor: request.quantity } : { factor: request.quantity * size, assumption: `${request.unit}: ×${size} of a typical one` }
  return request.unit === "serving" || request.unit === "order" || request.unit === "plate" ? { factor: request.quantity } : undefined
}

const cookedWords = /\b(?:cooked|boiled|baked|roasted|fried|grilled|broiled|steamed|braised|stewed|microwaved|canned|drained)\b/i

/**
 * Records of the same food as `record` in the same state, the general one
 * first: the same first two parts of the description ("Squash, summer") and
 * both raw or both prepared. USDA often gives a count weight ("1 medium") only
 * on the general record ("Squash, summer, all varieties, raw"), and a medium
 * zucchini weighs what a medium summer squash does: a weight, never nutrients,
 * is taken from them.
 */
export const sameFoodRecords = (records: ReadonlyArray<FoodRecord>, record: FoodRecord): ReadonlyArray<FoodRecord> => {
  const parts = record.description.split(", ")
  if (parts.length < 3) return []
  const family = `${parts.slice(0, 2).join(", ")}, `
  const cooked = cookedWords.test(record.description)
  return records
    .filter((r) => r.id !== record.id && r.description.startsWith(family) && cookedWords.test(r.description) === cooked)
    .sort((a, b) => Number(/\ball varieties\b/i.test(b.description)) - Number(/\ball varieties\b/i.test(a.description)) || a.description.length - b.description.length)
}
