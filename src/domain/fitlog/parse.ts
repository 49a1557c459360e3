/**
 * The rule parser: "113g fried minced beef, 135g white rice cooked, 50g greek
 * yogurt for lunch" → `FoodRequest`s and a `Meal` (DESIGN "fitlog" step 1).
 *
 * Where it sits: ORIENT, before any model. What the rules cannot read is
 * returned in `unread` for the model (agents/fitlog/orient.ts); food names
 * pass through as written (typos are corrected later, against the table's
 * names). Pure and total.
 */
import { Option, Schema } from "effect"
import { fillerWords, structuralWords } from "./english.js"
import { commonFoodFor } from "./common-foods.js"
import { readNarrative, stripFiller } from "./narrative.js"
import { invalidAmount, leadingAmount, trailingAmount, unitOf } from "./quantity.js"
import type { Amount } from "./quantity.js"
import { words } from "./search.js"
import { readList } from "../text/index.js"
import type { FoodRequest, Meal, Unit } from "./types.js"
import { FoodName } from "./types.js"

export interface ParsedText {
  readonly meal: Option.Option<Meal>
  readonly items: ReadonlyArray<FoodRequest>
  /** Pieces with no food in them that the rules could read. */
  readonly unread: ReadonlyArray<string>
  /**
   * Whether the rules read the text with confidence: a list of foods and
   * amounts. Narration ("For lunch I enjoyed a tasty …"), several sentences or
   * long food names are a low-confidence reading, which goes to the model when
   * there is one.
   */
  readonly confident: boolean
}

const mealWords: ReadonlyArray<readonly [RegExp, Meal]> = [
  // "brekkie"/"brekky" is British and Australian for breakfast.
  [/\bbreakfast\b|\bbrunch\b|\bbrekk(?:ie|y)\b/i, "breakfast"],
  [/\blunch\b/i, "lunch"],
  [/\bdinner\b|\bsupper\b|\btea time\b/i, "dinner"],
  [/\bsnacks?\b/i, "snacks"]
]

/** A meal word not naming a food ("breakfast burrito", "snack mix", "dinner roll", "lunch meat"). */
const mealWordFood = String.raw`(?!\s+(?:tarts?|burritos?|sandwich(?:es)?|sausages?|bars?|mix|rolls?|meat|cereals?|pizza|biscuits?|potatoes|casserole|cakes?|crackers|chips|foods?|pastr(?:y|ies)|links?|patt(?:y|ies)|wraps?|tacos?|muffins?|strips|bowl|skillet|platter|special|combo)\b)`
const mealPhrase = new RegExp(String.raw`(?:^|[\s,.;])(?:(?:for|at|as|with|during|my)\s+)*(?:a\s+|my\s+)?(breakfast|brunch|brekkie|brekky|lunch|dinner|supper|(?<!\b(?:fruit|veggie|vegetable|rice|pork|corn|granola|cheese|protein|chocolate|yogurt|seaweed|nut|cracker|pretzel|potato)\s)snacks?)\b(?!-)${mealWordFood}\s*:?`, "gi")

/** "a healthy snack of a banana", "a quick lunch consisting of soup": the occasion, then the food it was. */
const mealOf = new RegExp(String.raw`(?:^|(?<=[\s,.;]))(?:a|an|my|our|the)\s+(?:[a-z-]+\s+){0,2}?(breakfast|brunch|brekkie|brekky|lunch|dinner|supper|snacks?|meal)\s+(?:of|consisting\s+of|made\s+up\s+of|featuring)\s+`, "gi")

/**
 * The occasion said with describing words before the meal word: "For a light snack,", "For my midday meal,",
 * "at a late lunch". It names no food (the describing words describe the occasion), so it goes whole.
 */
const describedMeal = new RegExp(String.raw`(?:^|(?<=[\s,.;]))(?:for|at|during|as)\s+(?:a|an|my|our|the|this)\s+(?:[a-z-]+\s+){1,2}?(breakfast|brunch|brekkie|brekky|lunch|dinner|supper|snacks?|meal)\b${mealWordFood}(?!\s+(?:of|with)\b)`, "gi")

/** The meal the text names ("for lunch", "Dinner: …"), and the text without it. */
export const extractMeal = (text: string): { readonly meal: Option.Option<Meal>; readonly rest: string } => {
  let meal: Option.Option<Meal> = Option.none()
  const rest = text.replace(mealOf, (_whole, word: string) => {
    const found = mealWords.find(([re]) => re.test(word))
    if (found !== undefined && Option.isNone(meal)) meal = Option.some(found[1])
    return " "
  }).replace(describedMeal, (_whole, word: string) => {
    const found = mealWords.find(([re]) => re.test(word))
    if (found !== undefined && Option.isNone(meal)) meal = Option.some(found[1])
    return " "
  }).replace(mealPhrase, (whole, word: string) => {
    const found = mealWords.find(([re]) => re.test(word))
    if (found !== undefined && Option.isNone(meal)) meal = Option.some(found[1])
    return whole.startsWith(",") || whole.startsWith(";") ? "," : " "
  })
  return { meal, rest: rest.replace(/[ \t]+/g, " ").trim() }
}

const preparations = [
  "pan-fried", "deep-fried", "stir-fried", "fried", "grilled", "boiled", "hard-boiled", "soft-boiled", "baked", "roasted",
  "cooked", "raw", "steamed", "scrambled", "poached", "toasted", "mashed", "broiled", "sauteed", "sautéed", "microwaved", "smoked", "dried"
]
const prepRe = new RegExp(`(?:^|\\s)(${preparations.join("|")})(?=\\s|$)`, "gi")

const splitPreparation = (name: string): { readonly name: string; readonly preparation: string | undefined } => {
  const found: Array<string> = []
  const rest = name.replace(prepRe, (_w, p: string) => {
    found.push(p.toLowerCase())
    return " "
  }).replace(/\s+/g, " ").trim()
  // "raw" alone is a name when nothing else is left ("a raw one").
  if (rest.length === 0) return { name: name.trim(), preparation: undefined }
  return { name: rest, preparation: found.length === 0 ? undefined : found.join(" ") }
}

/** An amount starts here: a number, a fraction, "a", "one", "half", "some". */
const amountStart = /^(?:\d|[½¼¾⅓⅔]|\.\d|(?:an?|one|two|three|four|five|six|half|some)$)/i

/**
 * The food grammar's list, over the text layer's (sentences, commas,
 * semicolons, new lines; a decimal comma is part of its number; nothing
 * splits inside brackets): "+" always splits; "and", "plus", "&" and "with"
 * only when an amount follows ("mac and cheese" stays one, "toast with 2 eggs"
 * is two).
 */
export const splitItems = (text: string): ReadonlyArray<string> =>
  readList(text, { joiners: foodJoiners, splitsAt: (joiner, rest) => joiner.text === "+" || amountStart.test(rest[0]?.text ?? "") })
    // An emoji is no part of a food ("🍕 2 slices of pizza"): gone, with its joiners, skin tones and variation selectors.
    .map((s) => s.replace(/[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]/gu, " ").replace(/\s+/g, " "))
    .map((s) => s.replace(/^\s*(?:and|plus|also|then|&)\s+/i, "").replace(/[.!]+$/, "").trim())
    .filter((s) => s.length > 0)

const foodJoiners: ReadonlySet<string> = new Set(["with"])

/** A generic word before the food ("a frozen option of beef", "a plate of pasta", "a helping of stew"): the food is after "of". */
const genericOf = /^((?:[a-z-]+\s+){0,3}?)(?:option|choice|selection|entree|dish|meal|plate|platter|helping|variety|version|medley|assortment|blend|mix)\s+of\s+(?=\S)/i
/** "freshly baked", "freshly cooked": how fresh it is, then its preparation; "freshly" alone names nothing. */
const freshly = /\bfreshly\s+(?=[a-z]+ed\b)/gi

const cleanName = (name: string) =>
  stripFiller(name.replace(/^(?:of|some|my|the)\s+/i, "").replace(genericOf, "$1").replace(freshly, "").replace(/\s*\((?:[^)]*)\)\s*$/, "").replace(/\s+/g, " ").trim())

/** A household unit further in: "a small single-serving bag of popcorn", "a tall glass of milk". */
const innerUnit = /^((?:[a-z-]+\s+){0,3}?)([a-z]+)\s+of\s+(.+)$/i

/** The unit after praise words ("a juicy medium apple") or a few describing words ("a single serving bag of …"). */
const laterUnit = (amount: Amount): Amount => {
  // "a small bag of chips", "a medium cup of coffee": the container is the unit, the size only describes it.
  if (amount.unit === "small" || amount.unit === "medium" || amount.unit === "large") {
    const inner = innerUnit.exec(stripFiller(amount.rest))
    const unit = inner === null ? undefined : unitOf(inner[2] ?? "")
    if (inner !== null && unit !== undefined) return { ...amount, unit, rest: inner[3] ?? "" }
    return amount
  }
  if (amount.unit !== undefined) return amount
  const rest = stripFiller(amount.rest)
  const inner = innerUnit.exec(rest)
  const unit = inner === null ? undefined : unitOf(inner[2] ?? "")
  if (inner !== null && unit !== undefined) return { ...amount, unit, rest: inner[3] ?? "" }
  const sized = /^((?:[a-z-]+\s+){0,2}?)([a-z-]+)\s+(.+)$/i.exec(rest)
  const size = sized === null ? undefined : unitOf(sized[2] ?? "")
  if (sized !== null && (size === "small" || size === "medium" || size === "large")) return { ...amount, unit: size, rest: `${sized[1] ?? ""}${sized[3] ?? ""}` }
  return amount
}

const decodeName = Schema.decodeUnknownOption(FoodName)

/** A curated dish whose name starts like a size ("a big mac" is one Big Mac, not a large macaroni). */
const namedDish = (text: string): Amount | undefined => {
  const m = /^(an?|one|\d+)\s+(.+)$/i.exec(text.trim())
  if (m === null || commonFoodFor(words(m[2] ?? "").join(" ")) === undefined) return undefined
  return { quantity: /^\d+$/.test(m[1] ?? "") ? Number(m[1]) : 1, unit: "each", rest: m[2] ?? "" }
}

/** Words that leave a food what it is ("a regular cupcake", "a fresh kolache"). */
const plainWords = new Set(["regular", "plain", "fresh", "homemade", "classic", "hot", "warm", "single", "standard"])

/** One item: its amount (leading, trailing, or "1 assumed") and its name. */
export const parseItem = (text: string): Option.Option<FoodRequest> => {
  // "cup of tea", "tbsp peanut butter": a unit with no number is one of it.
  const bareUnit = leadingAmount(`1 ${text.trim()}`)
  const found: Amount | undefined = namedDish(text) ?? leadingAmount(text) ?? trailingAmount(text) ?? (bareUnit?.unit === undefined || bareUnit.unit === "each" ? undefined : bareUnit)
  const amount = found === undefined ? undefined : laterUnit(found)
  const rawName = cleanName(amount?.rest ?? text)
  const { name, preparation } = splitPreparation(rawName)
  return Option.map(decodeName(name), (foodName): FoodRequest => {
    const unit: Unit = amount?.unit ?? "each"
    // A food SR28 lacks, counted as the record that makes up nearly all of it ("a latte" as ~4/5 of the cup in milk): said so.
    // Asked with the food itself, not what it is topped or made with ("a cupcake with icing" is a cupcake).
    const standIn = commonFoodFor(words(name.split(/\s+(?:with|made|topped|filled|frosted|iced|decorated|adorned|covered)\b/i)[0] ?? name).filter((w) => !plainWords.has(w)).join(" "))
    const quantity = (amount?.quantity ?? 1) * (standIn?.share ?? 1)
    // One of a food whose stand-in record weighs its pieces otherwise ("a cupcake" is not 1/12 of a cake): its own weight, said.
    const each = unit === "each" ? standIn?.each : undefined
    const weighed = each === undefined ? undefined : `${quantity} ${name} ≈ ${quantity * each.grams} g (${each.why})`
    const assumption = [amount === undefined ? "no amount given: 1 assumed" : amount.assumption, standIn?.standsIn, weighed].filter((a) => a !== undefined).join("; ")
    return {
      text: text.trim(),
      name: foodName,
      quantity: each === undefined ? quantity : quantity * each.grams,
      unit: each === undefined ? unit : "g",
      ...(preparation === undefined ? {} : { preparation }),
      ...(assumption.length === 0 ? {} : { assumption })
    }
  })
}

/** Only digits, units and fillers: nothing a food could be named from. */
const hasNoFood = (s: string) => /^[\d\s.,/½¼¾-]*(?:g|ml|kg|oz|lb|grams?)?$/i.test(s)

/** `isFoodWord`, when given (the table's food words), lets the reader tell a remark from a food. */
export const parseFoodText = (text: string, isFoodWord?: (word: string) => boolean): ParsedText => {
  const { meal, rest } = extractMeal(text)
  const items: Array<FoodRequest> = []
  const unread: Array<string> = []
  const read: Array<readonly [string, FoodRequest]> = []
  for (const piece of readNarrative(rest, isFoodWord)) {
    const item = hasNoFood(piece) || invalidAmount(piece) !== undefined ? Option.none() : parseItem(piece)
    if (Option.isSome(item)) read.push([piece, item.value])
    else unread.push(piece)
  }
  const confident = readConfidently(rest, read.map(([, i]) => i))
  for (const [piece, item] of read) {
    const previous = items[items.length - 1]
    // Narration that weighs a food and then names another with no amount of its own ("a 123g taco, generously
    // filled with egg and meat", "250g pasta with a rich tomato sauce"): the unweighed food is part of the weighed
    // one, inside its weight; it describes that dish and is not added on top.
    // A drink holds no filling: "a 12 fl oz cola with a banana" is two items.
    const merged = !confident && previous !== undefined && weighed.has(previous.unit) && !drinkName.test(previous.name) && (item.unit === "each" || item.unit === "small" || item.unit === "medium" || item.unit === "large") && item.quantity === 1 && !/^\s*(?:\d|one\b)/i.test(piece)
      ? parseItem(`${previous.text} with ${piece.replace(/^(?:with|and)\s+/i, "")}`)
      : Option.none()
    if (Option.isSome(merged)) items[items.length - 1] = merged.value
    else items.push(item)
  }
  return { meal, items, unread, confident }
}

/** Names of drinks. */
const drinkName = /\b(?:water|cola|coke|soda|pop|drink|juice|tea|coffee|beer|wine|lemonade|beverage|espresso|latte|milk)$/i

/** Units that weigh or measure a food exactly. */
const weighed: ReadonlySet<Unit> = new Set(["g", "mg", "kg", "oz", "lb", "ml", "l", "fl oz"])

const amountWords = new Set(["some", "bit", "lot", "lots", "one", "two", "three", "five", "seven", "nine", "ten", "half", "couple", "few", "dozen", "each", "more", "another", "plus", "also", "then"])

/** Narration, more than one sentence, or a food name of more than four words: the rules may have misread it. */
const readConfidently = (text: string, items: ReadonlyArray<FoodRequest>): boolean => {
  const narrated = text.toLowerCase().split(/[^a-z'-]+/).some((w) => fillerWords.has(w) && !structuralWords.has(w) && !amountWords.has(w))
  const sentences = text.split(/[.!?](?=\s+[A-Za-z])/).length
  return !narrated && sentences <= 1 && items.every((i) => i.name.split(/\s+/).length <= 4)
}
