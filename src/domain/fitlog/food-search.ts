/**
 * Finding a food the way people write it, with a full-text engine
 * (MiniSearch) over fitlog's three tables: USDA FNDDS 2021-2023 (foods as
 * eaten, the main table), USDA SR28 (ingredients FNDDS lacks) and CoFID 2021
 * (UK foods). Each food is indexed by its description (boost 3), its
 * synonyms and brand names (1.5) and its category (0.5); typos are matched
 * fuzzily (a fifth of a word's letters) and a word may be the start of a
 * longer one.
 *
 * The engine's top hits are then re-ranked by fitlog's rules, each a general
 * fact about how people name foods:
 * - a food naming more of the words said wins (the engine may rank a food
 *   matching one rare word above one matching all of them);
 * - FNDDS first: it files foods as people eat them; SR28 and CoFID answer
 *   only when they name more of what was said (an ingredient FNDDS lacks, a
 *   UK word);
 * - the words said in the food's own name (its description's first part,
 *   "Banana, raw") over the same words elsewhere ("Bread, banana");
 * - plain over flavoured, unless the flavour is named;
 * - a food as eaten over a dry mix, concentrate or powder, unless named;
 * - a cooked food over a raw one when a cooking is said ("fried");
 * - a snack or sweet (FNDDS's own category: WWEIA's "Snacks and Sweets"
 *   group, and baby foods) of a narrower name than the one said ranks after
 *   the other foods, unless its kind was said: "pizza" is not "Dessert
 *   pizza" (cakes and pies), "toast" is not "Melba toast" (crackers);
 * - a word no food is named by alone matches its participle in full and
 *   names the food made so: "toast" is "Bread, white, toasted" ("roll" and
 *   "butter" name foods of their own, so stay them);
 * - what FNDDS leaves open ("NS as to major flour") narrows nothing, and the
 *   food FNDDS files as the unspecified one of the words said ("pizza, NS as
 *   to source, topping and crust") is the generic food, like "…, NFS".
 *
 * Where it sits: the NutritionTable service builds one index per process,
 * on first use (estimate.ts asks it); this module is pure.
 */
import MiniSearch from "minisearch"
import type { SearchResult } from "minisearch"
import type { SourceTable, TableFood } from "./table-food.js"

export interface FoodHit {
  readonly food: TableFood
  /** The re-ranked score: higher is better; comparable within one search only. */
  readonly score: number
  /** How many of the words said the food matched (a word matched by prefix or fuzzily counts a half), and of how many. */
  readonly matched: number
  readonly asked: number
}

export interface FoodIndex {
  readonly foods: ReadonlyArray<TableFood>
  readonly search: (name: string, preparation?: string, limit?: number) => ReadonlyArray<FoodHit>
}

/** The engine's settings, as measured on FNDDS (issue 29's closing note). */
export const searchSettings = {
  boost: { description: 3, synonyms: 1.5, category: 0.5 },
  fuzzy: 0.2,
  /** Engine hits the re-rank reads: enough that "banana" reaches "Banana, raw" among the banana breads. */
  pool: 200
} as const

/**
 * How a table ranks when two foods name the same words: FNDDS is the table of foods as eaten. CoFID ranks
 * with it when a word said is a UK word: one CoFID's names use and neither USDA table does ("crisps", "courgette").
 */
const tableRank = (source: SourceTable, ukWordSaid: boolean): number => (source === "FNDDS 2021-2023" || (source === "CoFID 2021" && ukWordSaid) ? 0 : 1)

/** Words that say nothing about which food ("a", "of", "some"): never required. */
const stopWords = new Set(["a", "an", "the", "of", "and", "with", "or", "some", "my", "on", "in", "for", "to", "at", "from", "plus", "few", "bit", "little"])

/** Flavours: a flavoured food only when the flavour is named ("yogurt" is plain yogurt). */
const flavours = ["chocolate", "vanilla", "strawberry", "cherry", "raspberry", "blueberry", "peach", "mocha", "caramel", "cinnamon", "maple", "butterscotch", "mint", "peppermint", "fudge", "banana", "lemon", "orange", "apple", "honey", "coconut", "pumpkin", "flavored", "flavoured"]

/** Forms of a food that are not eaten as they are: only when named. */
const notAsEaten = /\b(?:dry mix|dry|powder|powdered|concentrate|unprepared|frozen concentrate|dehydrated|uncooked|raw dough|mix)\b/i

/** Words of a description that narrow nothing: the generic or plain food ("NFS", "NS as to …", "plain", "cooked"). */
const plainWords = new Set(["nfs", "n", "ns", "as", "to", "plain", "cooked", "raw", "fresh", "regular", "type", "made", "with", "from", "or", "and", "fat", "any", "whole", "nonfat", "lowfat", "low", "reduced", "skim", "2%", "1%", "white", "milk"])

/**
 * FNDDS's categories a person names by their kind ("cookie", "cracker", "candy", "ice cream"): WWEIA's food group
 * "Snacks and Sweets" (category codes 5002–5806: chips, crackers, bars, cakes and pies, cookies, pastries, candy,
 * frozen and other desserts) and its infant formulas and baby foods (9002–9404).
 */
const isSnackOrSweet = (food: TableFood): boolean =>
  food.categoryCode !== undefined && ((food.categoryCode >= 5000 && food.categoryCode < 5900) || (food.categoryCode >= 9000 && food.categoryCode < 9500))

const sameWords = (a: ReadonlyArray<string>, b: ReadonlyArray<string>): boolean => a.length === b.length && a.every((w) => b.includes(w))

const tokenize = (text: string): Array<string> => text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9%]+/).filter((w) => w.length > 0)

/**
 * English plurals folded to one term, so "blueberries" finds "Blueberries" and "blueberry"; and the participle of a
 * verb in -ce to the verb, so "minced beef" finds "Beef, mince" (diced, sliced, spiced: the same).
 */
export const stem = (word: string): string =>
  word.length > 4 && word.endsWith("ced") ? word.slice(0, -1)
    : word.length > 4 && word.endsWith("ies") ? `${word.slice(0, -3)}y`
    : word.length > 4 && /(?:ches|shes|sses|xes|oes)$/.test(word) ? word.slice(0, -2)
    : word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") ? word.slice(0, -1)
    : word

const terms = (text: string): Array<string> => tokenize(text).map(stem)

interface Doc {
  readonly id: number
  readonly description: string
  readonly synonyms: string
  readonly category: string
}

/** The words of a description's first part ("Banana, raw" → banana): the food it is, before how it is made. */
const headTerms = (food: TableFood): ReadonlySet<string> => new Set(terms(food.description.split(",")[0] ?? ""))

/** An index of `foods`; build it once (about a second for FNDDS on a loaded machine) and search it many times. */
export const makeFoodIndex = (foods: ReadonlyArray<TableFood>): FoodIndex => {
  const engine = new MiniSearch<Doc>({
    fields: ["description", "synonyms", "category"],
    idField: "id",
    tokenize,
    processTerm: (term) => (stopWords.has(term) ? null : stem(term))
  })
  engine.addAll(foods.map((f, id) => ({ id, description: f.description, synonyms: f.synonyms.join("; "), category: f.category ?? "" })))
  const heads = new Map<number, ReadonlySet<string>>()
  const headOf = (id: number, food: TableFood) => {
    const known = heads.get(id)
    if (known !== undefined) return known
    const made = headTerms(food)
    heads.set(id, made)
    return made
  }
  // Words some food is named by alone (its description's first part is that one word: "Bread", "Banana").
  let sole: ReadonlySet<string> | undefined
  const soleNames = () => (sole ??= new Set(foods.flatMap((f, id) => {
    const head = headOf(id, f)
    return head.size === 1 ? [...head] : []
  })))
  // Each table's words as written (unstemmed): a word only CoFID uses is a UK word.
  let vocabularies: { readonly usda: ReadonlySet<string>; readonly cofid: ReadonlySet<string> } | undefined
  const vocabulary = () =>
    (vocabularies ??= {
      usda: new Set(foods.filter((f) => f.source !== "CoFID 2021").flatMap((f) => tokenize(`${f.description} ${f.synonyms.join(" ")}`))),
      cofid: new Set(foods.filter((f) => f.source === "CoFID 2021").flatMap((f) => tokenize(f.description)))
    })
  const search = (name: string, preparation?: string, limit = 10): ReadonlyArray<FoodHit> => {
    const asked = [...new Set(terms(name).filter((w) => !stopWords.has(w) && !/^\d+$/.test(w)))]
    if (asked.length === 0) return []
    const { usda, cofid } = vocabulary()
    const ukWordSaid = tokenize(name).some((w) => cofid.has(w) && !usda.has(w))
    const prep = preparation === undefined ? [] : terms(preparation).filter((w) => !stopWords.has(w))
    // A word said is also its participle where the tables use one ("toast" → "toasted", "smoke" → "smoked"): the same word, not a prefix.
    // Only for a word no food is named by alone: "roll" and "butter" stay the foods they name.
    const participles = new Map(asked.map((w) => [w, soleNames().has(w) ? [] : [`${w}ed`, `${w}d`].filter((p) => w.length >= 4 && (p === `${w}d`) === w.endsWith("e") && usda.has(p))] as const))
    const query = [...asked, ...[...participles.values()].flat(), ...prep].join(" ")
    const hits: ReadonlyArray<SearchResult> = engine.search(query, {
      boost: { ...searchSettings.boost },
      fuzzy: (term) => (term.length < 5 ? 0 : searchSettings.fuzzy),
      prefix: (term) => term.length >= 4
    }).slice(0, searchSettings.pool)
    const said = new Set([...asked, ...[...participles.values()].flat(), ...prep])
    const wordsOf = (hit: SearchResult): ReadonlyArray<string> => {
      const exact = new Set(hit.terms)
      return asked.filter((w) => exact.has(w) || (participles.get(w) ?? []).some((p) => exact.has(p)))
    }
    // The words said each FNDDS food that is no snack or sweet names: a snack or sweet naming no more ranks after them.
    // (The other tables file no categories FNDDS's way: "Candies, taffy" of SR28 is no plain food.)
    const plainNamed = hits.flatMap((hit) => {
      const food = foods[Number(hit.id)]
      return food === undefined || food.categoryCode === undefined || isSnackOrSweet(food) ? [] : [wordsOf(hit)]
    })
    const ranked = hits.flatMap((hit): Array<{ hit: FoodHit; rank: number }> => {
      const id = Number(hit.id)
      const food = foods[id]
      if (food === undefined) return []
      // A query term matched the food when the engine says so: exactly it counts 1, by prefix or fuzzily a half
      // ("tidbits" is not "timbits"; a word typed wrong still finds its food when nothing matches it exactly).
      const found = new Set(hit.queryTerms)
      const exact = new Set(hit.terms)
      const named = wordsOf(hit)
      const matched = asked.reduce((n, w) => n + (named.includes(w) ? 1 : found.has(w) ? 0.5 : 0), 0)
      const head = headOf(id, food)
      const description = food.description.toLowerCase()
      let score = hit.score
      // A word no food is named by alone, said of a food made so ("toast": "Bread, white, toasted"), names that food.
      const madeSo = asked.filter((w) => (participles.get(w) ?? []).some((p) => exact.has(p)))
      // The words said name the food itself ("Banana, raw"), not what it is made with ("Bread, banana").
      const inHead = asked.filter((w) => head.has(w) || madeSo.includes(w)).length
      score *= 1 + inHead / asked.length
      // The food's own name is nothing but words said ("Rice, cooked, NFS" for rice; not "Rice, fried").
      if (madeSo.length > 0 || [...head].every((w) => said.has(w))) score *= 2
      // Extra words after the name that were not said: each a narrower food than the one named. What FNDDS leaves
      // open ("NS as to major flour") narrows nothing, and a food FNDDS files as the one said, unspecified
      // ("pizza, NS as to source, topping and crust"), is that generic food.
      const generic = food.synonyms.some((syn) => /^[^,]+,\s*(?:nfs$|ns as to\b)/i.test(syn) && sameWords(terms(syn.split(",")[0] ?? ""), asked))
      const rest = generic ? [] : terms(description.replace(/\bns as to [^,]*/g, "").split(",").slice(1).join(" ")).filter((w) => !said.has(w) && !plainWords.has(w))
      score /= 1 + 0.5 * rest.length
      // Plain over flavoured: each flavour the food has and the user did not say halves it.
      for (const f of flavours) if (new RegExp(`\\b${f}\\b`).test(description) && !said.has(stem(f))) score *= 0.5
      // As eaten over a form that is not ("dry mix", "concentrate"), unless one was said.
      const form = notAsEaten.exec(description)?.[0]
      if (form !== undefined && !terms(form).some((w) => said.has(w))) score *= 0.3
      // A cooking said ("fried minced beef") is a cooked food: a raw record only when nothing cooked names as much.
      if (prep.length > 0 && /\braw\b/.test(description) && !said.has("raw")) score *= 0.3
      // A snack or sweet of a longer name than the one said ("Dessert pizza", "Melba toast", "Cookie, granola"), its kind
      // unsaid: after a food that is none and names as much ("Pizza, …", "Bread, white, toasted", "Cereal, granola").
      // None such ("taffy": "Candy, taffy"), the sweet is the food named.
      if (
        isSnackOrSweet(food) && [...head].some((w) => !said.has(w)) && !terms(food.category ?? "").some((w) => said.has(w)) &&
        plainNamed.some((other) => named.length > 0 && named.every((w) => other.includes(w)))
      ) score *= 0.2
      // The generic food ("Pad Thai, NFS") when nothing narrower was said.
      if ((generic || /\bnfs\b/i.test(description)) && matched === asked.length) score *= 1.3
      return [{ hit: { food, score, matched, asked: asked.length }, rank: tableRank(food.source, ukWordSaid) }]
    })
    ranked.sort((a, b) => b.hit.matched - a.hit.matched || a.rank - b.rank || b.hit.score - a.hit.score)
    return ranked.slice(0, limit).map((r) => r.hit)
  }
  return { foods, search }
}
