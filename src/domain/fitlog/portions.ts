/**
 * How many grams an amount is: mass units directly; volumes and household
 * units from a curated portion table (a tablespoon of oil is not a tablespoon
 * of peanut butter), then the table's own household weights (SR28 gives two
 * per food), then conventions for vague portions ("a handful" = 30 g), each
 * with the assumption shown to the user; a volume nothing else weighs, by its
 * class's density (density.ts). Pure.
 */
import { classWeight, containerOf, cupOf, cupsIn, dryServings, packetOf, pieceOf, servingOf, sizedServings, sizeIn, sliceOf, tablespoonOf } from "./household.js"
import type { Size } from "./household.js"
import { densityOf } from "./density.js"
import { resized, sizeFromName, wholeThings } from "./size-words.js"
import { mass, portionTable, sizeFactor, vaguePortions, volumeMl } from "./portion-table.js"
import type { Portion } from "./portion-table.js"
import type { FoodRequest, HouseholdWeight, Unit } from "./types.js"

export interface GramsResolution {
  readonly grams: number
  /** Shown to the user when the grams were not written: "1 medium banana ≈ 118 g". */
  readonly assumption?: string
}


/** A household weight that counts things ("1 wing", "1 medium", "1 bar"), not a volume or a mass. */
const countable = /^(?!(?:cup|cups|tbsp|tsp|fl oz|oz|g|lb|pint|quart|gallon|liter|ml|serving packet)\b)(?!.*\b(?:mini|miniature|bite|crumbs|chopped|cubic|diced|slice|piece|pieces|chips|nuggets?|tbsp|tsp|bag|box|loaf|carton|yield|hole|holes|scoop|bunch|head)\b)/
/**
 * "1 piece" (not "1 piece, 1/12 of a cake" nor "26 pieces"), when USDA gives no other count: one of the
 * thing ("Rolls, hamburger… 1 piece, roll", "Tostada shells, 1 piece"). A bunch or a head is no count of
 * what one eats.
 */
const onePiece = (h: HouseholdWeight) => h.amount === 1 && /^piece\b(?!.*\b(?:of|cake|pie|pieces|bite|yield)\b|.*\/)/.test(h.description.toLowerCase().trim())

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

/**
 * "1 stalk, large" of broccoli is 280 g: a stalk (or spear) is how a greengrocer weighs it, not a helping.
 * It counts only when the user counted in stalks or spears; "broccoli" alone is a serving of its class.
 */
const uncountedStalk = (h: HouseholdWeight, said: string) => /\b(?:stalks?|spears?)\b/.test(h.description.toLowerCase()) && !/\b(?:stalks?|spears?)\b/i.test(said)

/** Units that count whole things (as opposed to a measure of the food): "a sausage on a biscuit" counts sandwiches. */
const counts = (unit: Unit) => unit === "each" || unit === "piece" || unit === "small" || unit === "medium" || unit === "large"

/** A household description that is no amount of the food as eaten ("amount to make 1/2 cup", "1 cup, dry, yields", "1 unit (yield from 1 lb raw meat)"). */
const notAsEaten = /\b(?:amount to make|yields?|yield from|makes|dry mix|unprepared|reconstituted)\b/

/** A household weight named for a size ("1 package, fun size", "1 miniature"): only for that size said. */
const sizeNamed = /\b(?:fun[ -]?size|snack[ -]?size|miniature|mini|bite[ -]?size|king[ -]?size)\b/

/** A word's singular, enough to tell "oreos" is "Oreo" and "wings" "wing". */
const singular = (w: string) => w.replace(/(?:ies)$/, "y").replace(/(?:ches|shes|oes)$/, (m) => m.slice(0, -2)).replace(/(?<!s)s$/, "")

/** Words of a portion that say its size or measure, not the thing counted. */
const measureWords = /^(?:small|medium|large|regular|extra|jumbo|any|size|whole|serving|each|item|nfs|ns|or|and|of|with|without|the)$/

/**
 * The count portion that names the thing said ("4 oreos": "1 Oreo sandwich"; "2 wings": "1 wing"), a size
 * only when that size was said. A count of it, never a measure (cup, slice, piece) nor a yield.
 */
const namedPortion = (household: ReadonlyArray<HouseholdWeight>, name: string, text: string): HouseholdWeight | undefined => {
  const said = new Set(headOf(name).split(/[^a-z]+/).filter((w) => w.length > 2).map(singular))
  const sizeSaid = sizeNamed.exec(text.toLowerCase())?.[0]
  const named = household.filter((h) => {
    const d = h.description.toLowerCase()
    if (!(h.amount > 0) || !countable.test(d) || notAsEaten.test(d) || (sizeNamed.test(d) && sizeNamed.exec(d)?.[0].slice(0, 3) !== sizeSaid?.slice(0, 3))) return false
    return d.split(/[^a-z]+/).some((w) => w.length > 2 && !measureWords.test(w) && said.has(singular(w)))
  })
  // Sized portions of it ("1 small pancake", "1 medium pancake"…) and no size said: the medium one.
  return named.find((h) => /\b(?:medium|regular)\b/i.test(h.description)) ?? named[0]
}

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
  return cubicInches(request, household, description) ?? wholeThings(request, description, (one) => householdGrams(one, household, description)) ??
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
  // Eaten made up, weighed dry: "a bowl of ramen" is one dry packet.
  const dry = dryServings.find((d) => d.record.test(record) && d.units.includes(unit))
  if (dry !== undefined) return stated(dry.grams, dry.why)
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
  // A count of the thing a portion names ("4 oreos": "1 Oreo sandwich", not "1 large sandwich"): that portion.
  const named = unit === "each" ? namedPortion(household, name, request.text) : undefined
  if (named !== undefined) {
    const grams = (quantity * named.grams) / (sizeNotCount(named) ? 1 : named.amount)
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (USDA: ${named.amount} ${named.description} = ${fmt(named.grams)} g)` }
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
  if (ml !== undefined) {
    const density = densityOf(headOf(name), record, unit)
    if (density === undefined) return { grams: quantity * ml, assumption: `${label} ≈ ${fmt(quantity * ml)} g (no density known for it; taken as water, 1 g/ml)` }
    return stated(ml * density.gPerMl, density.why)
  }
  // A count of a thing ("a wing", "a medium pork chop"): USDA's own count portion of the food, scaled for a stated size.
  const factor = sizeFactor[unit]
  const counted = factor === undefined ? undefined
    : household.find((h) => countable.test(h.description.toLowerCase()) && h.amount > 0 && h.grams / h.amount <= 700 && !notAsEaten.test(h.description.toLowerCase()) && !uncountedStalk(h, request.text)) ?? household.find(onePiece)
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

/** One cubic inch is 16.39 ml. */
const cubicInchMl = 16.387

/** "a cubic inch of cheddar", "two cubic inches of cake": USDA's cubic-inch weight, else the volume by class density. */
const cubicInches = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight>, description: string): GramsResolution | undefined => {
  const words = `${request.name} ${request.text}`.toLowerCase()
  if (!counts(request.unit) || !/\bcubic[- ]inch(?:es)?\b/.test(words)) return undefined
  const n = request.quantity
  const own = household.find((h) => /\bcubic inch\b/.test(h.description.toLowerCase()) && h.amount > 0)
  const label = `${fmt(n)} cubic inch${n === 1 ? "" : "es"} of ${request.name.replace(/^.*?\bcubic[- ]inch(?:es)?\s+(?:of\s+)?/i, "")}`
  if (own !== undefined) {
    const grams = (n * own.grams) / own.amount
    return { grams, assumption: `${label} ≈ ${fmt(grams)} g (USDA: ${own.amount} ${own.description} = ${fmt(own.grams)} g)` }
  }
  const { gPerMl, why } = densityOf(headOf(request.name), description, request.unit) ?? { gPerMl: 1, why: "no density known for it; a solid food is about 1 g/ml" }
  const grams = n * cubicInchMl * gPerMl
  return { grams, assumption: `${label} ≈ ${fmt(grams)} g (1 in³ = 16.4 ml; ${why})` }
}
