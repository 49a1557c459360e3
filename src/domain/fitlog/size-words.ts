/**
 * Words that change what a count weighs, around the household weights of
 * portions.ts: a fraction of a whole thing ("a quarter of a watermelon" is a
 * quarter of a melon, not of a slice), a whole fish, a pack that holds two,
 * and the sizes candy and baked goods are sold in ("a miniature Milky Way",
 * "a fun-size Kit Kat", "a king-size bar", "a mini muffin"). Each weight is a
 * stated fact or a stated ratio, shown with the amount it explains. Pure.
 */
import { classWeight, wholeOf } from "./household.js"
import type { FoodRequest, Unit } from "./types.js"

export interface Resolved {
  readonly grams: number
  readonly assumption?: string
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100))

/** Units that count whole things. */
const countUnits: ReadonlyArray<Unit> = ["each", "small", "medium", "large", "piece"]

/** A fish, by the record matched ("Fish, tilapia, cooked") or the words. */
const fishRecord = /^fish,/i
const fishWords = /\b(?:fish|tilapia|trout|mackerel|snapper|bass|perch|sardines?|herring|whiting|porgy|bream|catfish|flounder|sole|branzino|pompano|mullet)\b/

/** Whole fish as served, by size: the flesh of a pan-size fish, with a stated ratio for small and large. */
const wholeFish = { grams: 340, why: "a whole pan-size fish gives about 12 oz of cooked fish", ratio: { small: 2 / 3, large: 1.5 } } as const

/** Foods sold two to a pack: a foil pack of toaster pastries, a pouch of crunchy granola bars. */
const twoToAPack = /\b(?:breakfast tarts?|toaster pastr(?:y|ies)|pop-?tarts?|crunchy granola bars?|granola bars?, crunchy)\b/

/** A fraction named before the food: "quarter of a watermelon", "a third of a pie". */
const fractionWords = /^(?:an?\s+|one\s+)?(half|third|quarter|fourth|eighth|sixth)\s+of\b/
const fractions: Readonly<Record<string, number>> = { half: 1 / 2, third: 1 / 3, quarter: 1 / 4, fourth: 1 / 4, sixth: 1 / 6, eighth: 1 / 8 }

const numberWords: Readonly<Record<string, number>> = { two: 2, three: 3, four: 4, five: 5, six: 6, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6 }

/**
 * Weights settled before the household tables: a fraction of a whole, a
 * whole fish, a pack holding a number of things. `each` weighs one of the
 * food by the household tables. Undefined when no such words apply.
 */
export const wholeThings = (
  request: FoodRequest,
  description: string,
  each: (request: FoodRequest) => Resolved | undefined
): Resolved | undefined => {
  const name = request.name.toLowerCase()
  const text = request.text.toLowerCase()
  const record = description.toLowerCase()
  const { unit } = request
  // "a quarter of a watermelon" read as 1 "quarter of a watermelon": the fraction word is the amount.
  const part = fractionWords.exec(name)?.[1]
  const quantity = request.quantity * (part === undefined ? 1 : fractions[part] ?? 1)
  // "half a cantaloupe", "a quarter of a watermelon", "half a pizza": the fraction is of the whole thing.
  const whole = quantity < 1 && countUnits.includes(unit) ? classWeight(wholeOf, name, record) : undefined
  if (whole !== undefined) {
    const thing = request.name.replace(fractionWords, "").replace(/^\s*(?:an?|the)\s+/i, "").trim()
    return { grams: quantity * whole.grams, assumption: `${fmt(quantity)} of a whole ${thing} ≈ ${fmt(quantity * whole.grams)} g (${whole.why})` }
  }
  // "a whole pizza", "a 12-inch pizza": the whole of it, not the one slice a pizza otherwise counts as; another
  // diameter than the stated one scales with the area (the same thickness).
  const wholeSaid = /\bwhole\b(?!\s*(?:wheat|grain|milk|meal|food|-))/.test(name)
  const diameter = /\b(\d{1,2})\s*-?\s*(?:inch(?:es)?\b|in\b|")/.exec(name)
  const entire = quantity >= 1 && countUnits.includes(unit) && (wholeSaid || diameter !== null) ? classWeight(wholeOf, name, record) : undefined
  const stated = entire === undefined ? null : /(\d+)-inch/.exec(entire.why)
  if (entire !== undefined && (wholeSaid || stated !== null)) {
    const ratio = diameter === null || stated === null ? 1 : (Number(diameter[1]) / Number(stated[1])) ** 2
    const grams = quantity * entire.grams * ratio
    const scaled = ratio === 1 ? "" : `, ×${fmt(ratio)} for ${diameter?.[1] ?? ""} inches across (the area)`
    return { grams, assumption: `${fmt(quantity)} ${wholeSaid ? "" : "whole "}${request.name} ≈ ${fmt(grams)} g (${entire.why}${scaled})` }
  }
  // "a whole fried tilapia": the fish, not a fillet of it.
  if (countUnits.includes(unit) && /\bwhole\b/.test(text) && (fishRecord.test(record) || (record === "" && fishWords.test(name)))) {
    const ratio = unit === "small" ? wholeFish.ratio.small : unit === "large" ? wholeFish.ratio.large : 1
    const grams = quantity * wholeFish.grams * ratio
    return { grams, assumption: `${fmt(quantity)} ${/\bwhole\b/.test(name) ? "" : "whole "}${request.name} ≈ ${fmt(grams)} g (${wholeFish.why}${ratio === 1 ? "" : `, ×${fmt(ratio)} for ${unit}`})` }
  }
  // "a package of two breakfast tarts", "a pouch of crunchy granola bars": that many of the thing.
  if (unit === "packet" || unit === "bag" || unit === "container") {
    const said = /\b(?:of|containing|with|holding)\s+(two|three|four|five|six|[2-6])\b/.exec(text)?.[1]
    const count = said === undefined ? (twoToAPack.test(name) || twoToAPack.test(record) ? 2 : undefined) : numberWords[said]
    const one = count === undefined ? undefined : each({ ...request, quantity: 1, unit: "each" })
    if (count !== undefined && one !== undefined) {
      const grams = quantity * count * one.grams
      const why = said === undefined ? "sold two to a pack" : `${count} in the pack`
      return { grams, assumption: `${fmt(quantity)} ${unit} of ${request.name} ≈ ${fmt(grams)} g (${why}; ${one.assumption ?? `one ≈ ${fmt(one.grams)} g`})` }
    }
  }
  return undefined
}

type Scale = "mini" | "fun" | "king"

const sizeIn = /\b(mini|miniature|bite[- ]?sized?|fun[- ]?sized?|snack[- ]?sized?|king[- ]?sized?)\b/

/** The size a candy or baked good is sold in, said in the text. */
const scaleIn = (text: string): Scale | undefined => {
  const m = sizeIn.exec(text)?.[1]
  return m === undefined ? undefined : /^(?:mini|bite)/.test(m) ? "mini" : /^(?:fun|snack)/.test(m) ? "fun" : "king"
}

/** A candy bar or chocolate, by the record or the words. */
const candy = (name: string, record: string) => /^candies\b/.test(record) || /\b(?:candy|candies|chocolate bar|candy bar)\b/.test(name)

/** Candy by the size on its wrapper: stated weights; king size a stated ratio of the standard bar. */
const candySizes = {
  mini: { grams: 8.5, why: "a miniature candy bar is about 0.3 oz" },
  fun: { grams: 15, why: "a fun-size candy bar is about 0.5 oz" },
  king: { ratio: 1.8, why: "a king-size bar is about 1.8 standard bars" }
} as const

/** Baked goods and sandwiches: a mini one (a mini muffin, a slider) is about a third of the regular one. */
const miniRatio = { ratio: 1 / 3, why: "a mini one is about a third of a regular one" }

/**
 * A count weight rescaled for the size said on the wrapper or the menu;
 * unchanged when none is said or the weight found is already of that size.
 */
export const resized = (request: FoodRequest, description: string, base: Resolved | undefined): Resolved | undefined => {
  const scale = scaleIn(request.text.toLowerCase())
  if (base === undefined || scale === undefined) return base
  if (!["each", "piece", "bar", "packet", "serving", "small", "medium", "large"].includes(request.unit)) return base
  // The weight found already names the size ("1 package, fun size"): nothing to scale.
  if (/\b(?:fun[ -]?size|snack[ -]?size|miniature|mini|bite[ -]?size|king[ -]?size)\b/i.test((base.assumption ?? "").split("≈")[1] ?? "")) return base
  const name = request.name.toLowerCase()
  const record = description.toLowerCase()
  const sizeWord = scale === "king" ? "king-size" : scale === "fun" ? "fun-size" : "mini"
  const label = `${fmt(request.quantity)} ${sizeIn.test(name) ? "" : `${sizeWord} `}${request.name}`
  const said = (grams: number, why: string): Resolved => ({ grams, assumption: `${label} ≈ ${fmt(grams)} g (${why})` })
  if (candy(name, record)) {
    if (scale === "king") return said(base.grams * candySizes.king.ratio, `${candySizes.king.why}; ${base.assumption ?? ""}`)
    return said(request.quantity * candySizes[scale].grams, candySizes[scale].why)
  }
  // A mini baked good or sandwich is a third of the regular one; "king size" of anything else has no stated weight.
  return scale === "mini" ? said(base.grams * miniRatio.ratio, `${miniRatio.why}; ${base.assumption ?? ""}`) : base
}

/**
 * A size said among the food's words ("a hearty medium burrito", "a
 * normal-sized banana") read as the size of one: small, medium or large.
 * "Regular", "standard" and "normal" sizes are medium.
 */
export const sizeFromName = (request: FoodRequest): FoodRequest => {
  if (request.unit !== "each") return request
  const m = /\b(small|medium|large|extra-large|jumbo|(?:regular|standard|normal|average)(?=[- ]?sized?\b))\b/.exec(request.name.toLowerCase())?.[1]
  if (m === undefined) return request
  return { ...request, unit: m === "small" ? "small" : m === "large" || m === "extra-large" || m === "jumbo" ? "large" : "medium" }
}
