/**
 * Reading amounts: numbers as people write them ("113", "1.5", "1 1/2",
 * "½", "1½", "two", "a couple of", "2-3") and the unit that follows
 * ("g", "grams", "tbsp", "slices", "a handful"). Pure; parse.ts uses it.
 */
import type { Unit } from "./types.js"

const unicodeFractions: Readonly<Record<string, number>> = {
  "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8
}
const fractionChars = Object.keys(unicodeFractions).join("")

const wordNumbers: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, half: 0.5, dozen: 12, couple: 2, few: 3, another: 1
}

/** Parts of a whole said in words: "a quarter of a pizza", "two thirds of a cup". */
const partWords: Readonly<Record<string, number>> = { half: 1 / 2, halves: 1 / 2, third: 1 / 3, thirds: 1 / 3, quarter: 1 / 4, quarters: 1 / 4, fourth: 1 / 4, fourths: 1 / 4, fifth: 1 / 5, sixth: 1 / 6, eighth: 1 / 8 }
const partOf = /^(a|an|one|two|three)\s+(half|third|thirds|quarter|quarters|fourth|fourths|fifth|sixth|eighth)\s+of\s+(?:an?\s+|the\s+)?(.*)$/i

/** Unit words → unit; plural and abbreviations included. */
const unitWords: ReadonlyArray<readonly [RegExp, Unit]> = [
  [/^(?:g|gr|grs|gram|grams|gramme|grammes)$/, "g"],
  [/^(?:mg|milligrams?)$/, "mg"],
  [/^(?:kg|kgs|kilos?|kilograms?)$/, "kg"],
  [/^(?:fl\.? ?oz|fluid ounces?)$/, "fl oz"],
  [/^(?:oz|ozs|ounces?)$/, "oz"],
  [/^(?:lb|lbs|pounds?)$/, "lb"],
  [/^(?:ml|mls|millilitres?|milliliters?)$/, "ml"],
  [/^(?:l|litres?|liters?)$/, "l"],
  [/^(?:cups?|c)$/, "cup"],
  [/^(?:tbsp|tbsps|tbs|tblsp|tablespoons?|tablespoonfuls?|spoonfuls?|dollops?)$/, "tbsp"],
  // A touch, dab, smear, drizzle or sprinkle of a fat, sauce or topping: about a teaspoon.
  [/^(?:tsp|tsps|teaspoons?|teaspoonfuls?|touch|touches|dabs?|smears?|drizzles?|sprinkle|sprinkling|smidgens?|smidges?)$/, "tsp"],
  [/^(?:slices?|rashers?)$/, "slice"],
  [/^(?:small|small-sized)$/, "small"],
  [/^(?:medium|med|medium-sized|average|average-sized)$/, "medium"],
  [/^(?:large|big|large-sized|extra-large|jumbo)$/, "large"],
  [/^(?:pieces?|pcs?)$/, "piece"],
  [/^(?:cloves?)$/, "clove"],
  [/^(?:scoops?)$/, "scoop"],
  [/^(?:cans?|tins?)$/, "can"],
  [/^(?:handfuls?|handfull?s?)$/, "handful"],
  [/^(?:pinch|pinches)$/, "pinch"],
  [/^(?:splash|splashes|dash|dashes)$/, "splash"],
  [/^(?:bowls?|bowlfuls?)$/, "bowl"],
  [/^(?:glass|glasses)$/, "glass"],
  [/^(?:mugs?)$/, "mug"],
  [/^(?:plates?|platefuls?)$/, "plate"],
  [/^(?:servings?|portions?|helpings?)$/, "serving"],
  [/^(?:bottles?)$/, "bottle"],
  [/^(?:orders?)$/, "order"],
  [/^(?:bags?)$/, "bag"],
  [/^(?:packets?|packs?|packages?|pouch|pouches|sachets?)$/, "packet"],
  [/^(?:bars?)$/, "bar"],
  [/^(?:pints?)$/, "pint"],
  [/^(?:sticks?)$/, "stick"],
  [/^(?:containers?|cartons?|tubs?)$/, "container"]
]

export const unitOf = (word: string): Unit | undefined => unitWords.find(([re]) => re.test(word.toLowerCase()))?.[1]

export interface Amount {
  readonly quantity: number
  readonly unit: Unit | undefined
  readonly assumption?: string
  /** The rest of the text after the amount (and a following "of"). */
  readonly rest: string
}

const num = `(?:\\d+(?:[.,]\\d+)?)`
const fraction = `(?:\\d+\\s*\\/\\s*\\d+)`
const mixed = `(?:\\d+\\s+\\d+\\s*\\/\\s*\\d+|\\d+\\s*[${fractionChars}]|${fraction}|[${fractionChars}]|${num})`
const numberRe = new RegExp(`^(${mixed})(?:\\s*(?:-|–|to)\\s*(${mixed}))?`)

const readNumber = (text: string): number | undefined => {
  const t = text.trim().replace(",", ".")
  const m = /^(\d+)\s+(\d+)\s*\/\s*(\d+)$/.exec(t)
  if (m !== null) return Number(m[1]) + Number(m[2]) / Number(m[3])
  const f = /^(\d+)\s*\/\s*(\d+)$/.exec(t)
  if (f !== null) return Number(f[2]) === 0 ? undefined : Number(f[1]) / Number(f[2])
  const u = new RegExp(`^(\\d*)\\s*([${fractionChars}])$`).exec(t)
  if (u !== null) return (u[1] === "" ? 0 : Number(u[1])) + (unicodeFractions[u[2] ?? ""] ?? 0)
  const n = Number(t)
  return Number.isFinite(n) ? n : undefined
}

const dropOf = (text: string): string => text.replace(/^of\s+/i, "").trim()

/** The unit at the start of `text` (one or two words: "fl oz"), and what follows it. */
const leadingUnit = (text: string): { readonly unit: Unit | undefined; readonly rest: string } => {
  const two = /^([a-z.]+\s+[a-z]+)\b\.?\s*(.*)$/i.exec(text)
  if (two !== null && unitOf(two[1] ?? "") !== undefined) return { unit: unitOf(two[1] ?? ""), rest: dropOf(two[2] ?? "") }
  const one = /^([a-z]+)\b\.?\s*(.*)$/i.exec(text)
  if (one !== null && unitOf(one[1] ?? "") !== undefined) {
    // "a medium banana" reads as a size, but "a large pizza slice" too: the size word is the unit either way.
    return { unit: unitOf(one[1] ?? ""), rest: dropOf(one[2] ?? "") }
  }
  return { unit: undefined, rest: text.trim() }
}

/** The amount at the start of `text`: digits, fractions, a range, or number words ("two", "a couple of", "half a dozen"). */
export const leadingAmount = (text: string): Amount | undefined => {
  const t = text.trim()
  // "100% apple juice", "2% milk": a share naming the food, not an amount of it.
  if (/^\d+(?:[.,]\d+)?\s*%/.test(t)) return undefined
  const m = numberRe.exec(t)
  if (m !== null) {
    const low = readNumber(m[1] ?? "")
    const high = m[2] === undefined ? undefined : readNumber(m[2])
    if (low === undefined || low <= 0) return undefined
    const quantity = high === undefined ? low : (low + high) / 2
    const { unit, rest } = leadingUnit(t.slice(m[0].length).trim())
    return {
      quantity,
      unit,
      rest,
      ...(high === undefined ? {} : { assumption: `${m[1]}–${m[2]}: the middle, ${round(quantity)}, assumed` })
    }
  }
  // "a quarter of a pizza", "a third of a cup of rice", "two thirds of a bagel": that share of one.
  const part = partOf.exec(t)
  const share = part === null ? undefined : partWords[(part[2] ?? "").toLowerCase()]
  if (part !== null && share !== undefined && (part[3] ?? "").length > 0) {
    const times = wordNumbers[(part[1] ?? "").toLowerCase()] ?? 1
    return { quantity: Math.round(times * share * 1000) / 1000, ...leadingUnit(part[3] ?? "") }
  }
  const halfDozen = /^half\s+a\s+dozen\b\s*(.*)$/i.exec(t)
  if (halfDozen !== null) return { quantity: 6, ...leadingUnit(dropOf(halfDozen[1] ?? "")) }
  const words = /^(a couple|a few|a dozen|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half|dozen|couple|few|another)\b(?:\s+(?:of|a|an)\b)?\s*(.*)$/i.exec(t)
  if (words !== null) {
    const w = (words[1] ?? "").toLowerCase().replace(/^a /, "")
    const q = wordNumbers[w]
    if (q === undefined) return undefined
    const { unit, rest } = leadingUnit(words[2] ?? "")
    if (rest.length === 0) return undefined
    return { quantity: q, unit, rest, ...(w === "few" ? { assumption: "\"a few\": 3 assumed" } : {}) }
  }
  return undefined
}

/** An amount written after the food: "beef 113g", "rice (135 g)", "yogurt x2". */
export const trailingAmount = (text: string): Amount | undefined => {
  const m = new RegExp(`^(.*?)[\\s(]+(${mixed})\\s*([a-z][a-z. ]*?)?\\)?\\s*$`, "i").exec(text.trim())
  if (m === null) return undefined
  const name = (m[1] ?? "").trim()
  const q = readNumber(m[2] ?? "")
  const unit = m[3] === undefined ? undefined : unitOf(m[3].trim())
  if (name.length === 0 || q === undefined || q <= 0 || (m[3] !== undefined && unit === undefined)) return undefined
  return { quantity: q, unit, rest: name }
}

const round = (n: number) => Math.round(n * 100) / 100

/**
 * Why `text` holds an amount that is no amount — negative ("-2 eggs",
 * "eggs -2"), not a number ("NaN eggs", "Infinity g rice") or zero ("0 g
 * butter") — or undefined. Such a piece is refused, never read as "1
 * assumed" of the food that follows.
 */
export const invalidAmount = (text: string): string | undefined => {
  const t = text.trim()
  const negative = /(?:^|\s|\()([-−–]\s*\d+(?:[.,]\d+)?)/.exec(t)
  if (negative !== null) return `${negative[1] ?? "a negative number"} is negative: an amount must be more than 0`
  const notANumber = /\b(NaN|[Ii]nfinity)\b/.exec(t)
  if (notANumber !== null) return `${notANumber[1] ?? "that"} is not an amount: give a number more than 0`
  if (/^0+(?:[.,]0+)?\b(?![.,]?\d|\s*\/)/.test(t)) return "0 is not an amount: give a number more than 0"
  return undefined
}
