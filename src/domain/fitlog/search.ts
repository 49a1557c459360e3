/**
 * Finding a food in the table the way people write foods: "fried minced
 * beef" is SR28's "Beef, ground, …, crumbles, cooked, pan-browned", "greek
 * yoghurt" is "Yogurt, Greek, plain, …". Words are folded through synonyms,
 * typos are corrected against the table's own words (never an English or
 * SR28 word), and records are ranked by words matched (the head noun must
 * match: "chicken sandwich" is never plain chicken), the preparation asked
 * for, the food as eaten (rank.ts), plain generic foods over brands, and
 * brevity. Candidates come from a word index, so a search touches only the
 * records that share the head noun. Pure.
 */
import { englishWords, fillerWords } from "./english.js"
import { asEaten, asMeant, commonFoodFor, isOtherFamily, makerParts, packagedMeal } from "./rank.js"
import type { FoodRecord } from "./types.js"

/** How people say it → how SR28 says it. */
const synonyms: Readonly<Record<string, ReadonlyArray<string>>> = {
  minced: ["ground"], mince: ["ground"], hamburger: ["ground", "beef"], yoghurt: ["yogurt"], yoghurts: ["yogurt"],
  fried: ["cooked", "pan-browned", "pan-fried", "fried"], grilled: ["cooked", "grilled", "broiled"], roasted: ["cooked", "roasted"],
  boiled: ["cooked", "boiled"], baked: ["cooked", "baked"], steamed: ["cooked", "steamed"], scrambled: ["scrambled"],
  sauteed: ["cooked", "fried"], broiled: ["cooked", "broiled"], stewed: ["cooked", "stewed"], braised: ["cooked", "braised"],
  toast: ["bread", "toasted"], porridge: ["oats", "cooked"], oatmeal: ["oats"], aubergine: ["eggplant"], courgette: ["squash", "zucchini"],
  prawns: ["shrimp"], prawn: ["shrimp"], chips: ["potatoes", "french", "fried"], crisps: ["potato", "chips"], fries: ["potato", "french", "fried"],
  soda: ["carbonated"], pop: ["carbonated"], coke: ["cola"], cookie: ["cookies"], biscuit: ["cookies", "biscuits"], biscuits: ["cookies", "biscuits"],
  donut: ["doughnuts"], donuts: ["doughnuts"], doughnut: ["doughnuts"], oj: ["orange", "juice"], veggies: ["vegetables"], veg: ["vegetables"],
  skim: ["nonfat"], lowfat: ["low"], low: ["lowfat"], fat: ["lowfat", "milkfat"], whole: ["whole"], spuds: ["potatoes"], drink: ["beverages", "beverage"],
  mayo: ["mayonnaise"], ketchup: ["catsup"], scallion: ["onions", "spring"], coriander: ["coriander"], cilantro: ["coriander"],
  rocket: ["arugula"], swede: ["rutabagas"], beetroot: ["beets"], mangetout: ["peas", "edible-podded"], sultanas: ["raisins"],
  jam: ["jams", "preserves"], jelly: ["jellies", "jams"], hotdog: ["frankfurter"], dog: ["frankfurter", "hotdog"], "hot-dog": ["frankfurter"], wiener: ["frankfurter"],
  soft: ["soft"], sub: ["submarine"], hoagie: ["submarine"], spaghetti: ["spaghetti", "pasta"], penne: ["pasta"], macaroni: ["macaroni", "pasta"],
  noodles: ["noodles", "pasta"], lager: ["beer"], ale: ["beer"], mac: ["macaroni"], jacket: ["baked"], rashers: ["bacon"], kiwi: ["kiwifruit"], cooked: ["cooked"], raw: ["raw"], cheesy: ["cheese"], diet: ["low", "calorie"], fizzy: ["carbonated"]
}

export const fold = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/** Words, hyphenated ones split ("cheese-flavored" is cheese + flavored, as SR28's "cheese-flavor"). */
export const words = (text: string): ReadonlyArray<string> => fold(text).split(/[^a-z0-9%]+/).filter((w) => w.length > 0)

/** A word's spellings: itself and its singular forms ("cookies" → cookie, "berries" → berry, "potatoes" → potato). */
export const forms = (w: string): ReadonlyArray<string> => {
  // "flavored" is SR28's "flavor", "sweetened" its "sweeten…"
  if (w.length > 5 && w.endsWith("ed")) return [w, w.slice(0, -2), w.slice(0, -1)]
  if (w.length <= 3 || !w.endsWith("s") || w.endsWith("ss")) return [w]
  const out = [w, w.slice(0, -1)]
  if (w.endsWith("es")) out.push(w.slice(0, -2))
  if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`)
  return out
}

/** A word made from another with "-ed" ("breaded" from bread), not a spelling of it. */
const derived = (w: string, of: ReadonlyArray<string>) => w.length > 5 && w.endsWith("ed") && !of.includes(w)

/** Whether a record holds the head noun only inside a derived word: "fried bread" and "Fast foods, shrimp, breaded and fried". */
const namesOnlyByDerivedWord = (r: { readonly exact: ReadonlySet<string> }, head: string): boolean => {
  const own = forms(head)
  const holding = [...r.exact].filter((w) => forms(w).some((f) => own.includes(f)))
  return holding.length > 0 && holding.every((w) => derived(w, own))
}

/** Levenshtein distance, bounded: stops early past `max`. */
export const editDistance = (a: string, b: string, max = 3): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
      cur.push(v)
      best = Math.min(best, v)
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length] ?? max + 1
}

/** Every word of the table, brands and proper names too, by the correction targets built from it: none is ever corrected. */
const tableWords = new WeakMap<ReadonlySet<string>, ReadonlySet<string>>()

/**
 * The table's words a misspelling may be corrected to. Brand and proper names
 * (capitalised inside SR28's descriptions: "MONSTER", "Monster", "Hopi") are
 * left out — "monsieur" is not a misspelt energy drink — but stay known words.
 */
export const vocabulary = (records: ReadonlyArray<FoodRecord>): ReadonlySet<string> => {
  const v = new Set<string>()
  const all = new Set<string>()
  for (const r of records) {
    for (const w of words(r.description)) if (/^[a-z]{3,}$/.test(w)) all.add(w)
    const common = r.description.replace(/^\S+/, (first) => first.toLowerCase()).replace(/\b[A-Z][A-Za-z'&.-]*/g, " ")
    for (const w of words(common)) if (/^[a-z]{3,}$/.test(w)) v.add(w)
  }
  for (const w of Object.keys(synonyms)) v.add(w)
  tableWords.set(v, all)
  return v
}

/** An English word or a regular inflection of one the corrector must leave alone ("savored", "that", "tasty"). */
const isKnown = (w: string, vocab: ReadonlySet<string>): boolean =>
  englishWords.has(w) || forms(w).some((f) => vocab.has(f) || englishWords.has(f) || tableWords.get(vocab)?.has(f) === true) ||
  // Inflections and derivations of English words are English ("savored", "simmering", "gently").
  /(?:ed|ing|ly|ful|ness|ous|ish)$/.test(w)

const corrections = new WeakMap<ReadonlySet<string>, Map<string, string>>()

/**
 * Corrects each word of `name` that is neither a word of the table nor an
 * English word to the nearest table word (one edit for words of 4+ letters,
 * two for 7+); words with no close match stay as written, so a name in
 * another language passes untouched.
 */
export const correctTypos = (name: string, vocab: ReadonlySet<string>): string => {
  const memo = corrections.get(vocab) ?? new Map<string, string>()
  corrections.set(vocab, memo)
  return name.split(/(\s+)/).map((token) => {
    const w = fold(token)
    // A short word with a doubled letter typed once ("egs"): the table word with that letter doubled.
    if (/^[a-z]{3}$/.test(w) && !isKnown(w, vocab)) {
      const doubled = [...w].map((c, i) => `${w.slice(0, i + 1)}${c}${w.slice(i + 1)}`).find((d) => vocab.has(d))
      return doubled ?? token
    }
    if (!/^[a-z]{4,}$/.test(w) || isKnown(w, vocab)) return token
    const known = memo.get(w)
    if (known !== undefined) return known === w ? token : known
    const max = w.length >= 7 ? 2 : 1
    let best: string | undefined
    let bestD = max + 1
    for (const candidate of vocab) {
      if (Math.abs(candidate.length - w.length) > max || candidate[0] !== w[0]) continue
      const d = editDistance(w, candidate, max)
      if (d < bestD) [best, bestD] = [candidate, d]
    }
    memo.set(w, best ?? w)
    return best ?? token
  }).join("")
}

export interface ScoredRecord {
  readonly record: FoodRecord
  readonly score: number
}

/** A record's words, computed once per table (searching is then a pass over sets). */
export interface IndexedRecord {
  readonly record: FoodRecord
  readonly all: ReadonlySet<string>
  readonly exact: ReadonlySet<string>
  readonly head: ReadonlySet<string>
  /** The words of the second and third parts, where SR28 often names the food ("Pork, cured, bacon"). */
  readonly near: ReadonlySet<string>
  readonly headWords: ReadonlyArray<string>
  readonly segments: number
  /** Words of the record's upper-case brand or restaurant names (SR28 writes them in capitals). */
  readonly brandWords: ReadonlySet<string>
  /**
   * A restaurant chain's own item ("McDONALD'S Bacon Ranch Salad", "PIZZA HUT 14\" Cheese Pizza"): SR28's fast-food
   * (21xxx) and restaurant (36xxx) groups with the chain's name first. Meant only when the chain is named.
   */
  readonly chain: ReadonlySet<string>
  /** Word forms of the maker's part ("MARS SNACKFOOD US" before "SNICKERS Bar"): a maker's name is not its product. */
  readonly maker: ReadonlySet<string>
  /** Word forms of every other part. */
  readonly product: ReadonlySet<string>
  /** Word forms before any "with", "in", "from" (what the food is, not what it is made with). */
  readonly main: ReadonlySet<string>
  readonly parts: ReadonlyArray<string>
}

/** SR28 first parts that name a category, not the food: the food is named in the next part ("Snacks, potato chips"). */
const categoryHeads = new Set(["snacks", "beverages", "fast foods", "candies", "alcoholic beverage", "school lunch", "restaurant", "cereals ready-to-eat", "desserts", "infant formula", "babyfood", "formulated bar", "ice creams"])

/** The words that name foods in the table (each record's head part): the reader tells a remark from a food with them. */
export const foodWords = (records: ReadonlyArray<IndexedRecord>): ReadonlySet<string> =>
  // Brand names ("MILKY WAY", "KASHI INDIGO MORNING") name no food by their words.
  // Nor do words that only describe one ("creamy", "crispy", "regular"): "a cup of creamy" names no food yet.
  new Set(records.filter((r) => r.brandWords.size === 0).flatMap((r) => r.headWords.flatMap(forms)).filter((w) => !fillerWords.has(w) && !softWords.has(w) && /^[a-z]{3,}$/.test(w)))

/** The chain's name leading a fast-food or restaurant record (its words in capitals: "McDONALD'S", "BURGER KING"); empty otherwise. */
const chainWords = (record: FoodRecord): ReadonlySet<string> => {
  if (!/^(?:21|36)/.test(record.id)) return new Set()
  const lead = /^(?:[A-Za-z'&.-]*[A-Z]{2}[A-Za-z'&.-]*\s*)+/.exec(record.description.split(",")[0] ?? "")?.[0] ?? ""
  return new Set(words(lead).filter((w) => w.length > 1))
}

export const indexRecords = (records: ReadonlyArray<FoodRecord>): ReadonlyArray<IndexedRecord> =>
  records.map((record) => {
    const segments = fold(record.description).split(/[,;]/).map((s) => s.trim())
    const exact = new Set(segments.flatMap((s) => words(s)))
    const first = segments[0] ?? ""
    // A category or a brand first ("Snacks, potato chips", "McDONALD'S, BIG MAC"): the food is named next.
    const named = categoryHeads.has(first) || /^[A-Z][A-Za-z'&. -]{2,}$/.test(record.description.split(",")[0] ?? "") && /[A-Z]{3}/.test(record.description.split(",")[0] ?? "")
    // "Fast foods, taco with beef, …" names a taco: the head stops before "with"/"in"/"on".
    const headWords = (named ? words(segments[1] ?? "") : words(first)).join(" ").split(/ (?:with|in|made from|made with) /)[0]?.split(" ").filter((w) => w.length > 0) ?? []
    const maker = makerParts(record.description)
    return {
      record,
      exact,
      chain: chainWords(record),
      maker: new Set(maker.flatMap((m) => words(m)).flatMap(forms)),
      product: new Set(segments.filter((x) => !maker.some((m) => fold(m) === x)).flatMap((x) => words(x)).flatMap(forms)),
      all: new Set([...exact].flatMap(forms)),
      head: new Set([...headWords, ...(named ? words(first) : [])].flatMap(forms)),
      near: new Set(segments.slice(1, 3).flatMap((x) => words(x)).flatMap(forms)),
      headWords,
      segments: segments.length,
      brandWords: new Set((record.description.match(/\b[A-Z][A-Z'&.-]{2,}\b/g) ?? []).flatMap((b) => words(b))),
      main: new Set(words(fold(record.description).split(/\b(?:with|in|from|containing)\b/)[0] ?? "").flatMap(forms)),
      parts: segments
    }
  })

/** word form → positions of the records holding it; built once per indexed table. */
const wordIndexes = new WeakMap<ReadonlyArray<IndexedRecord>, ReadonlyMap<string, ReadonlyArray<number>>>()
const wordIndex = (records: ReadonlyArray<IndexedRecord>): ReadonlyMap<string, ReadonlyArray<number>> => {
  const known = wordIndexes.get(records)
  if (known !== undefined) return known
  const index = new Map<string, Array<number>>()
  records.forEach((r, i) => {
    for (const w of r.all) {
      const list = index.get(w)
      if (list === undefined) index.set(w, [i])
      else list.push(i)
    }
  })
  wordIndexes.set(records, index)
  return index
}

const expand = (w: string): ReadonlyArray<string> => [...forms(w), ...(synonyms[w] ?? []).flatMap(forms)]

/** Words that mark the usual form of a food ("Egg, whole", "Yogurt, plain"). */
const usual = new Set(["whole", "plain", "regular", "fresh", "fluid", "commercial", "cooking"])

/** Words after which a name goes on describing its head ("cookie with icing", "bar coated in chocolate"). */
const trailers = new Set(["with", "in", "on", "coated", "topped", "filled", "made", "prepared", "from", "without", "dipped", "drizzled", "covered", "stuffed", "loaded", "packed", "nestled", "served", "scooped", "smothered", "sprinkled", "slathered", "layered", "wrapped", "tucked", "piled", "featuring", "including", "combining"])

/** How a food was cut: "cucumber slices" is cucumber. */
const cuts = new Set(["fillet", "fillets", "filet", "filets", "slices", "slice", "pieces", "piece", "chunks", "wedges", "cubes", "halves", "florets", "segments", "spears", "bites"])

/** The head noun of a name: its last word before any trailing description. */
export const headNoun = (nameWords: ReadonlyArray<string>): string | undefined => {
  const cut = nameWords.findIndex((w, i) => i > 0 && (trailers.has(w) || w.endsWith("ed") && ["with", "in", "on", "and"].includes(nameWords[i + 1] ?? "")))
  const main = cut < 0 ? nameWords : nameWords.slice(0, cut)
  const last = main[main.length - 1]
  return last !== undefined && cuts.has(last) && main.length > 1 ? main[main.length - 2] : last
}

/** Words that say how or where a food was made or served, not what it is: they help when matched and cost nothing when not. */
const softWords = new Set(["home", "homemade", "recipe", "style", "type", "restaurant", "regular", "plain", "ready", "heat", "packaged", "store", "bought", "fresh", "hot", "warm", "cold", "nfs", "own", "leftover", "sized", "fast", "food", "made", "scratch", "traditional", "classic", "simple", "basic", "generic", "kind", "brand", "reconstituted", "hearty", "crispy", "crunchy", "juicy", "all", "any",
  // Praise that SR28 also uses inside a few names ("red delicious", "crisp"): optional, never required.
  "delicious", "crisp", "fluffy", "filling", "fulfilling", "rich", "robust", "bubbly", "zesty", "soothing", "moist", "smooth", "thick", "creamy", "tender", "savory", "savoury", "pure", "clean", "golden", "chewy", "included", "combination", "feasted", "added", "sided",
  // Sizes a food is sold or served in ("a personal size pizza", "an individual-sized pie", "a single stick"): the portion, not the food.
  "personal", "individual", "single", "size", "serving", "servings", "portion", "snack", ...cuts,
  // How big across ("a 12 inch pizza"): weighed by portions.ts, not the food.
  "inch", "inches"])

/** "a whole pizza": "whole" leading the name is how much (portions.ts), unless it names the kind ("whole milk", "whole wheat"). */
const wholeAmount = (ws: ReadonlyArray<string>): boolean =>
  ws[0] === "whole" && ws.length > 1 && !/^(?:milk|wheat|grains?|meal|foods?|kernel|egg|eggs|bean|beans)$/.test(ws[1] ?? "")

/** Words that name an occasion or a choice, not a food ("a hearty 11 oz meal", "a frozen option"): as the head, nothing is matched. */
const genericHeads = new Set(["meal", "meals", "option", "options", "entree", "entrees", "dish", "dishes", "choice", "selection", "plate", "platter", "combo", "something", "item", "items"])

/** Dishes named by their kind ("Caesar salad", "chicken curry", "lentil soup"): a record of another kind is another dish. */
const kindedDishes = new Set(["salad", "soup", "curry", "stew", "casserole", "chowder"])

/** Plants whose "milk" is a drink made from them, not a dairy milk. */
const plantMilks = new Set(["oat", "oats", "almond", "rice", "soy", "soya", "coconut", "cashew", "hemp", "pea", "hazelnut", "macadamia", "flax", "quinoa"])

/** Flavours: a flavoured variant only when the flavour is named ("milk" is not chocolate milk). */
const flavours = ["chocolate", "vanilla", "strawberry", "cherry", "raspberry", "blueberry", "peach", "mocha", "caramel", "cinnamon", "maple", "butterscotch", "coconut", "mint", "peppermint", "fudge", "banana"]

/**
 * The name as SR28 files it: "strained carrot baby food" is babyfood
 * (SR28's one word, named first so the food stays the head), and
 * "cheese-filled crackers" are crackers ("-filled", "-coated" describe the
 * head; they do not end the name as a separate "filled with" does).
 */
const readName = (name: string): string => {
  const baby = /\bbaby[ -]?food\b|\bfor (?:babies|infants|toddlers)\b/i
  // "a crisp apple" is an apple (crisp describes it); "apple crisp", crisp last, is the dessert.
  const n = name.replace(/-(?:filled|coated|topped|covered|stuffed|dipped|glazed|iced)\b/gi, "").replace(/\bcrisp\s+(?=[a-z])/gi, "")
  return baby.test(n) ? `babyfood ${n.replace(baby, " ")}` : n
}

/**
 * A container or measure before "of" ("cup of tea", "packet of crisps"): the portion (weighed by portions.ts from the
 * whole name), not the food; the curated table is asked for what it holds, as if named alone. (A jar of strained
 * pears or a bar of nougat keeps its word: "jar" and "bar" also tell baby food and candy bars.)
 */
const measureOf = /^(?:cups?|mugs?|glass(?:es)?|packets?|packs?|bags?|bowls?|cans?|tins?|bottles?|pots?|tubs?|cartons?|boxes?|handfuls?|servings?|portions?)\s+of\s+(?=\S)/i

/** "cooked" and its forms: the generic match of any preparation. */
const cookedForms = forms("cooked")

/** Ranked matches for a food name (and its preparation), best first; the head noun always matches. */
export const searchRecords = (
  records: ReadonlyArray<IndexedRecord>,
  name: string,
  preparation?: string,
  limit = 10
): ReadonlyArray<ScoredRecord> => {
  const allWords = words(readName(name)).filter((w) => !fillerWords.has(w) || w === "or" || w === "with" || w === "in" || w === "on")
  const nameWords = allWords.filter((w) => w !== "or" && !trailers.has(w))
  const head = headNoun(allWords.filter((w) => w !== "or"))
  // "a hearty 11 oz meal" names no food: reported unmatched, never "Cracker meal".
  if (head === undefined || genericHeads.has(head)) return []
  // "a creamy", "rich", "crisp": words that only describe a food name none (never "Frostings, creamy" by the pound).
  if (nameWords.every((w) => softWords.has(w) || /^\d+$/.test(w))) return []
  // "chicken or turkey soup", "butter or sugar cookie": either alternative may match, neither is required.
  const optional = new Set(allWords.flatMap((w, i) => (w === "or" ? [allWords[i - 1] ?? "", allWords[i + 1] ?? ""] : [])))
  // Words after the head describe it ("cookie with icing"): they count for less.
  const cut = allWords.findIndex((w, i) => i > 0 && trailers.has(w))
  const described = new Set(cut < 0 ? [] : allWords.slice(cut + 1))
  const prepWords = preparation === undefined ? [] : words(preparation)
  // The curated table is asked with the main phrase only: "warm oatmeal made with milk" is oatmeal.
  const mainWords = (cut < 0 ? allWords : allWords.slice(0, cut)).filter((w) => w !== "or")
  // Asked with its preparation first when one was said: "baked beans" is the curated canned record, not beans baked at home.
  // "cup of tea", "packet of crisps": the curated table is asked for what the container holds.
  const lookupWords = cut < 0 && measureOf.test(name.trim()) || wholeAmount(mainWords) ? mainWords.slice(1) : mainWords
  const plainCommon = (prepWords.length === 0 ? undefined : commonFoodFor([...prepWords, ...lookupWords].join(" "))) ?? commonFoodFor(lookupWords.join(" ")) ?? commonFoodFor(lookupWords.filter((w) => !softWords.has(w) && !["unsweetened", "bottled", "tap", "still", "chilled", "cold", "100%", "pure", "natural"].includes(w) || lookupWords.length === 1).join(" "))
  // "unsweetened" or "diet" said is never a sweetened record, though the plain name finds one ("unsweetened iced tea").
  const common = plainCommon !== undefined && mainWords.some((w) => w === "unsweetened" || w === "diet") && records.some((r) => r.record.id === plainCommon.id && /\b(?<!un)sweetened\b/i.test(r.record.description)) ? undefined : plainCommon
  const asked = new Set([...nameWords, ...prepWords].flatMap(expand))
  const index = wordIndex(records)
  const candidates = new Set(expand(head).flatMap((f) => index.get(f) ?? []))
  // The curated record is always a candidate ("pepsi" is a cola whose SR28 name does not say Pepsi).
  if (common !== undefined) records.forEach((r, i) => (r.record.id === common.id ? candidates.add(i) : undefined))
  for (const w of nameWords) if (softWords.has(w) || /^\d+$/.test(w)) optional.add(w)
  if (wholeAmount(nameWords)) optional.add("whole")
  const required = nameWords.filter((w) => !optional.has(w) && !described.has(w))
  // The word naming the kind of the head ("caesar" salad, "chicken" curry), when there is one.
  const before = mainWords[mainWords.indexOf(head) - 1]
  const kind = kindedDishes.has(head) && mainWords.indexOf(head) > 0 && before !== undefined && !softWords.has(before) && !optional.has(before) && /^[a-z]{3,}$/.test(before) ? before : undefined
  const plant = ["milk", "milks"].includes(head) && before !== undefined && plantMilks.has(before) ? before : undefined
  // SR28 writes soy milk as one word ("Soymilk, …").
  if (plant === "soy" || plant === "soya") for (const i of index.get("soymilk") ?? []) candidates.add(i)
  // Preparations said that some candidate names in its own words ("fried", not merely "cooked").
  const prepFound = new Set(prepWords.filter((w) => [...candidates].some((i) => {
    const r = records[i]
    return r !== undefined && forms(w).some((f) => !cookedForms.includes(f) && r.all.has(f)) && expand(head).some((f) => r.all.has(f))
  })))
  const scored: Array<ScoredRecord> = []
  for (const i of candidates) {
    const r = records[i]
    if (r === undefined) continue
    let score = 0
    let matched = 0
    // The words before "made from" / "from": what the record is, not what it is made of.
    const beforeFrom = /\bfrom\b/i.test(r.record.description) ? words(r.record.description.split(/\b(?:made )?from\b/i)[0] ?? "").flatMap(forms) : undefined
    for (const w of nameWords) {
      const own = forms(w)
      const weight = described.has(w) ? 0.4 : 1
      // "a Mars bar" names the maker's bar, not "MARS SNACKFOOD US, SNICKERS Bar": a word found only in the maker's part is not found.
      if (own.some((f) => r.maker.has(f)) && !own.some((f) => r.product.has(f))) {
        if (!optional.has(w)) score -= described.has(w) ? 0.5 : 1.5
        continue
      }
      if (own.some((f) => r.head.has(f))) score += 3 * weight
      else if (own.some((f) => r.near.has(f))) score += 2.5 * weight
      // Found only among what the record is made from ("Sauce, peanut, made from …, soy sauce"): an ingredient of another food.
      else if (own.some((f) => r.all.has(f))) score += (beforeFrom === undefined || own.some((f) => beforeFrom.includes(f)) ? 2 : 0.5) * weight
      else if ((synonyms[w] ?? []).flatMap(forms).some((f) => r.all.has(f))) score += 1.5 * weight
      else {
        // Vanilla is the plain flavour: a record naming no flavour is the vanilla one ("Ice cream sandwich" for a vanilla one).
        const plainFlavour = w === "vanilla" && !flavours.some((f) => r.exact.has(f))
        if (plainFlavour) score += 1.5 * weight
        else if (!optional.has(w)) score -= described.has(w) ? 0.5 : 1.5
        continue
      }
      // A dish record "X with Y" for "X with Y": the whole dish, not X alone ("pasta with tomato sauce").
      if (described.has(w) && own.some((f) => r.all.has(f) && !r.main.has(f))) score += 0.8
      if (!optional.has(w) && !described.has(w)) matched++
      if (r.exact.has(w)) score += 0.25
    }
    const curated = common !== undefined && r.record.id === common.id
    if (matched < Math.ceil(required.length / 2) && !curated) continue
    // A generic dish is never one maker's packaged meal ("chicken curry" is not KASHI's frozen entree) unless the brand or
    // "frozen" is named; with no other record it is reported unmatched.
    const brandNamed = [...r.brandWords].some((b) => asked.has(b) && !forms(head).includes(b) && !forms(b).includes(head))
    if (!curated && r.brandWords.size > 0 && !brandNamed && packagedMeal(r.all, asked)) continue
    // A generic name never picks one chain's item ("chicken salad" is not McDONALD'S Bacon Ranch Salad): only when the chain is named.
    // Named by the whole chain name ("taco" alone is not TACO BELL) or by a product name of its own ("a Whopper").
    const chainNamed = r.chain.size > 0 && ([...r.chain].every((b) => asked.has(b)) || [...r.brandWords].some((b) => !r.chain.has(b) && asked.has(b)))
    if (!curated && r.chain.size > 0 && !chainNamed) continue
    // "Caesar salad" is not "Potato salad with egg" nor "McDONALD'S Bacon Ranch Salad": a dish named by its kind is a record of that kind.
    if (!curated && kind !== undefined && !expand(kind).some((f) => r.all.has(f))) continue
    // "oat milk", "almond milk": a plant's milk is a record naming the plant and the milk, never a dairy milk (SR28 has
    // no oat milk: it is then unmatched, not buttermilk).
    if (!curated && plant !== undefined && !(forms(plant).some((f) => r.main.has(f)) && forms(head).some((f) => r.main.has(f)) || r.main.has(`${plant}milk`)) || plant !== undefined && !curated && fold(r.record.description).includes(`non-${plant}`)) continue
    // The head named only by a word made from it ("breaded", "pickled", "buttered") is another food made with it.
    if (!curated && namesOnlyByDerivedWord(r, head)) continue
    if (!curated && isOtherFamily(r, expand(head), asked)) continue
    // The food named last in the record's name is the one asked for: "Milk, chocolate" for chocolate milk, not "milk chocolate".
    const recordHead = r.headWords[r.headWords.length - 1]
    if (recordHead !== undefined && forms(recordHead).some((f) => forms(head).includes(f))) score += 1
    // A head like "Milk and cereal bar" or "Potato salad with egg" names another dish.
    if (r.headWords.length > 1) score -= 0.75 * r.headWords.filter((w) => !fillerWords.has(w) && !forms(w).some((f) => asked.has(f))).length
    for (const w of prepWords) {
      if (forms(w).some((f) => r.all.has(f))) score += 2
      // Only "cooked" when a record of the food names the preparation itself: that one is meant ("fried rice").
      else if (prepFound.has(w) && !(synonyms[w] ?? []).some((f) => !cookedForms.includes(f) && r.all.has(f))) score -= 2
      else if ((synonyms[w] ?? []).some((f) => r.all.has(f))) score += 0.75
      // A preparation asked for and absent ("raw apple" is not apple crisp).
      else score -= 1
    }
    // Without a preparation, a plain fruit or vegetable is the usual meaning ("banana" is a raw banana).
    if (prepWords.length === 0 && r.all.has("raw")) score += 0.5
    if (prepWords.length > 0 && r.all.has("raw") && !prepWords.includes("raw")) score -= 1.5
    for (const u of usual) if (r.exact.has(u)) score += 0.5
    for (const f of flavours) if (r.exact.has(f) && !asked.has(f)) score -= 1
    if (r.record.common) score += 0.5
    // A brand counts against a record only when the user did not name it.
    if (r.brandWords.size > 0 || r.chain.size > 0) score -= brandNamed || chainNamed ? -1 : 1.5
    score += asEaten(r.all, asked) + asMeant(r, expand(head), asked)
    // The curated record, unless a preparation was asked for that it is not ("fried egg" is not a raw egg).
    // "Cooked" is no match for a named preparation ("fried rice" is not boiled rice) when another candidate has it.
    if (common !== undefined && r.record.id === common.id && prepWords.every((w) => expand(w).some((f) => r.all.has(f) && (!cookedForms.includes(f) || w === "cooked" || !prepFound.has(w))))) score += 20
    score -= 0.25 * Math.max(0, r.segments - 2)
    scored.push({ record: r.record, score })
  }
  return scored.sort((a, b) => b.score - a.score || a.record.description.length - b.record.description.length).slice(0, limit)
}
