/**
 * How well a product fits a list item, for the rule-based shopper: "eggs"
 * fits "Large White Eggs, 12 count", not "Wide Egg Noodles"; "2% milk" fits
 * "Lactantia 2% Milk 2 L", not "Chocolate Milk Drink 1 L".
 *
 * Where it sits: pure; offline mode (no model) ranks search results with it.
 * A score in [0, 1] built from general rules, strongest first:
 *
 * 1. coverage — the share of the item's words the product names, a whole
 *    word (or the same stem: egg/eggs) counting fully and a mere prefix
 *    (milk/milkshake) by half;
 * 2. the head noun — what the product *is* (`headFit`). In "Wide Egg
 *    Noodles" egg only describes the noodles. The main part of a name is
 *    what comes before a comma, a dash, a bracket or a linking word
 *    (with/in/aux/de…), without sizes ("12 count", "2 L", "2%"); English
 *    puts the head last, French often first. The item's head matching the
 *    product's head keeps the score, a head-first or French word order
 *    costs a little, a mere modifier costs half — so a one-word item that
 *    only describes the product falls under the threshold;
 * 3. the category, when the page gives one ("Dairy & Eggs"): naming the
 *    item's head there adds a little;
 * 4. plain beats flavoured: a word the item did not ask for that is itself
 *    a food or a flavour ("Peanut Butter", "Garlic Bread", "Cheese
 *    Crackers", "Beurre d'arachide"), or says "flavoured", names another
 *    product, and costs 10 % of the score each — enough to rank the plain
 *    product first, never enough to beat the head rule (Orange Pekoe Tea is
 *    still tea, not Tea Biscuits); the product's own head is never such a
 *    modifier ("Old Cheddar Cheese" for "cheddar");
 * 5. a very light penalty per other word the item did not ask for (a brand,
 *    "salted", "white"), so that between two equally relevant names the
 *    plainer one wins — a last resort, never a reason to prefer a short
 *    wrong name.
 *
 * A sponsored tile is never preferred over an ordinary one that fits
 * (`rankCandidates`); equal candidates keep the store's order.
 */

import { inTheOtherLanguage } from "./grocery-lexicon.js"
import { fold, headIndex, isEnglishForm, isFrenchForm, isProductHead, nameLanguage, singulars } from "./name-head.js"

const stopWords = new Set(["a", "an", "the", "of", "and", "or", "de", "la", "le", "les", "et", "du", "des", "l", "d"])
/** Words that join a head to what describes it: the head comes before them. */
const linkingWords = new Set(["with", "in", "aux", "au", "a", "avec", "en", "de", "d", "du", "des", "pour", "for"])
/** Sizes, counts and units at the end of a name are not the product. */
const unitWords = new Set([
  "g", "kg", "mg", "l", "ml", "cl", "lb", "lbs", "oz", "count", "ct", "pack", "pk", "x", "dozen", "un", "unit", "units",
  "ea", "each", "bag", "pc", "pcs", "%"
])

/**
 * Foods and flavours that, named beside a product's head, make it another product (peanut butter is
 * not butter, cheese crackers are not plain crackers), in English and French; and the words that say
 * a product is flavoured. Whole foods only, never a variety of one (cheddar, gala, basmati, roma): a
 * variety is what the item is, not what it is flavoured with.
 */
const flavourWords = new Set([
  // English
  "peanut", "almond", "cashew", "hazelnut", "walnut", "pecan", "pistachio", "nut", "coconut", "garlic", "onion", "herb",
  "cheese", "chocolate", "cocoa", "vanilla", "caramel", "strawberry", "raspberry", "blueberry", "cherry", "banana",
  "apple", "orange", "lemon", "lime", "mango", "peach", "pineapple", "grape", "honey", "maple", "cinnamon", "ginger",
  "mint", "coffee", "mocha", "butter", "milk", "egg", "chicken", "beef", "pork", "bacon", "ham", "turkey", "tuna",
  "salmon", "shrimp", "tomato", "potato", "carrot", "spinach", "pumpkin", "rice", "oat", "bread", "sugar", "jalapeno",
  "bbq", "barbecue", "ranch", "dill", "pickle",
  // frozen into another product: ice cream is not cream, iced tea not tea, crème glacée not crème
  "ice", "iced", "glace", "glacee",
  // French
  "arachide", "amande", "noisette", "noix", "coco", "ail", "oignon", "herbe", "fromage", "chocolat", "vanille", "fraise",
  "framboise", "bleuet", "myrtille", "cerise", "banane", "pomme", "citron", "mangue", "peche", "ananas", "raisin",
  "miel", "erable", "cannelle", "gingembre", "menthe", "cafe", "beurre", "lait", "oeuf", "poulet", "boeuf", "porc",
  "jambon", "dinde", "thon", "saumon", "crevette", "tomate", "patate", "carotte", "epinard", "citrouille", "riz",
  "avoine", "sucre", "pain", "aneth", "cornichon",
  // flavoured
  "flavour", "flavor", "flavoured", "flavored", "saveur", "aromatise", "aromatisee"
])
const isFlavour = (w: string): boolean => singulars(w).some((s) => flavourWords.has(s))

export const words = (text: string): ReadonlyArray<string> =>
  fold(text)
    .split(/[^a-z0-9%]+/)
    .filter((w) => w.length > 0 && !stopWords.has(w))

/** The same word, or the same word in the singular and the plural (egg/eggs, apple/apples, cherry/cherries). */
const sameWord = (a: string, b: string): boolean => {
  if (a === b) return true
  const bs = singulars(b)
  return singulars(a).some((s) => bs.includes(s))
}

/** 1 for the same word or stem, 0.5 when the product word only starts with it (milk → milkshake), else 0. */
const wordFit = (wanted: string, candidates: ReadonlyArray<string>): number =>
  candidates.some((c) => sameWord(wanted, c)) ? 1 : wanted.length >= 4 && candidates.some((c) => c.startsWith(wanted)) ? 0.5 : 0

const isQuantity = (w: string): boolean =>
  /^\d+([.,]\d+)?%?$/.test(w) || /^\d+[a-z]{1,5}$/.test(w) || singulars(w).some((s) => unitWords.has(s))

/** The main part's content words, quantities dropped: "Wide Egg Noodles, 375 g" → [wide, egg, noodles]. */
const mainWords = (text: string): ReadonlyArray<string> => {
  const main = fold(text).split(/,|\s[-–—]\s|\(|\[|\//)[0] ?? ""
  return mainOf(main.split(/[^a-z0-9%]+/).filter((w) => w.length > 0))
}

/** French links after which the food follows a cut or pack ("Poitrines de poulet", "Sac d'oignons"). */
const frenchFormLinks = new Set(["de", "d", "du", "des"])

const mainOf = (all: ReadonlyArray<string>): ReadonlyArray<string> => {
  const beforeLink = all.findIndex((w, i) => i > 0 && linkingWords.has(w))
  const kept = (beforeLink > 0 ? all.slice(0, beforeLink) : all).filter((w) => !stopWords.has(w) && !isQuantity(w))
  // Only a French cut or pack before "de": the food after it is the main part ("Filets de saumon de l'Atlantique" → saumon).
  const link = all[beforeLink]
  if (beforeLink > 0 && link !== undefined && frenchFormLinks.has(link) && kept.length > 0 && kept.every(isFrenchForm)) {
    const rest = mainOf(all.slice(beforeLink + 1).filter((w) => !stopWords.has(w) || linkingWords.has(w)))
    if (rest.length > 0) return rest
  }
  return kept
}

/** Whether the name's main part goes on after a linking word ("Beurre d'arachide", "Pain à l'ail", "Pasta with Sauce"). */
const hasComplement = (text: string): boolean => {
  const main = (fold(text).split(/,|\s[-–—]\s|\(|\[|\//)[0] ?? "").split(/[^a-z0-9%]+/).filter((w) => w.length > 0)
  const at = main.findIndex((w, i) => i > 0 && linkingWords.has(w))
  return at > 0 && main.slice(at + 1).some((w) => !stopWords.has(w) && !isQuantity(w))
}

/** The head noun of a name, by its language (`name-head.ts`): "Salmon Burgers" → burgers, "Lait 2 % Lactantia" → lait. */
export const headOf = (name: string): string | undefined => {
  const main = mainWords(name)
  return main[headIndex(main, nameLanguage(name, fold(name).split(/[^a-z0-9%]+/)))]
}

/**
 * How much the item's head fits the product's head, the head placed by the
 * product name's language — last in English (past cuts and packs: "Atlantic
 * Salmon Fillets"), first in French ("Lait 2 % Lactantia", "Gros œufs blancs"):
 * - 1 when they are the same word ("Large White Eggs"); 0.85 when the name
 *   goes on after a linking word ("Beurre d'arachide", "Pasta with Sauce");
 * - 0.5 when the item's head only describes another product: an English
 *   name whose head is a prepared food or a product of its own ("Salmon
 *   Burgers", "Lettuce Wraps Kit", "Wide Egg Noodles"), or a word after a
 *   French linking word ("Nouilles aux œufs"), or not in the main part at all;
 * - otherwise, when the name's head is a word we cannot tell is a product
 *   ("Eggs Large Grade A", a brand last), 0.85 for the item's head written
 *   first and 0.8 elsewhere in the main part — the old, mild credit. A
 *   plain food as the head keeps it too: "Old Cheddar Cheese" is cheddar.
 */
export const headFit = (item: string, product: string): number => {
  const head = headOf(item)
  const main = mainWords(product)
  const language = nameLanguage(product, fold(product).split(/[^a-z0-9%]+/))
  const productHead = main[headIndex(main, language)]
  if (head === undefined || productHead === undefined) return 1
  if (sameWord(head, productHead)) return main.length === 1 && hasComplement(product) ? 0.85 : 1
  // The item names the cut or form the product's head carries after it ("steak" → "Striploin Steak").
  const at = main.indexOf(productHead)
  if (language === "english" && isEnglishForm(head) && main.slice(at + 1).some((w) => sameWord(head, w))) return 1
  if (!main.includes(head)) return 0.5
  if (language === "english" && isProductHead(productHead)) return 0.5
  return head === main[0] ? 0.85 : 0.8
}

/** A product as a results page shows it. */
export interface ProductCandidate {
  readonly name: string
  /** The aisle or breadcrumb the page files it under, when it says ("Dairy & Eggs"). */
  readonly category?: string | undefined
  /** Marked as an ad ("Sponsored", "Commandité"): never preferred over an ordinary product that fits. */
  readonly sponsored?: boolean | undefined
}

/**
 * How well the product fits the item as written, or as the bilingual lexicon translates it (`grocery-lexicon.ts`):
 * a list in French at a store that names its products in English, or the other way round.
 */
export const relevance = (item: string, product: ProductCandidate): number => {
  const other = inTheOtherLanguage(item)
  return Math.max(relevanceAsWritten(item, product), other === undefined ? 0 : relevanceAsWritten(other, product))
}

const relevanceAsWritten = (item: string, product: ProductCandidate): number => {
  const wanted = words(item)
  const have = words(product.name)
  if (wanted.length === 0 || have.length === 0) return 0
  const fits = wanted.map((w) => wordFit(w, have))
  const coverage = fits.reduce((a, b) => a + b, 0) / wanted.length
  if (coverage === 0) return 0
  const headFactor = headFit(item, product.name)
  const itemHead = headOf(item)
  const categoryBonus = itemHead !== undefined && product.category !== undefined && words(product.category).some((w) => sameWord(w, itemHead))
    ? 0.05
    : 0
  // Sizes and counts are not extra description: "Milk 4 L" asks nothing more of the item than "Milk".
  const extra = Math.max(0, have.filter((w) => !isQuantity(w)).length - fits.filter((f) => f > 0).length)
  // Unasked foods and flavours beside the product's head: another product (plain beats flavoured).
  const productHead = headOf(product.name)
  const flavours = have.filter((w) =>
    isFlavour(w) && !wanted.some((x) => sameWord(x, w)) && (productHead === undefined || !sameWord(w, productHead))
  ).length
  return Math.min(1, coverage * headFactor * (1 / (1 + 0.02 * extra)) * 0.9 ** flavours + categoryBonus)
}

/** The name-only score (no category, not sponsored), for callers that have only names. */
export const nameSimilarity = (item: string, product: string): number => relevance(item, { name: product })

/**
 * Candidates best first: those reaching `threshold` before those that do
 * not, ordinary before sponsored among them, then by score; equal ones keep
 * the store's order.
 */
export const rankCandidates = <A extends ProductCandidate>(
  item: string,
  candidates: ReadonlyArray<A>,
  threshold = 0.5
): ReadonlyArray<{ readonly candidate: A; readonly score: number }> =>
  candidates
    .map((candidate, index) => ({ candidate, score: relevance(item, candidate), index }))
    .sort((a, b) =>
      Number(b.score >= threshold) - Number(a.score >= threshold) ||
      Number(a.candidate.sponsored === true) - Number(b.candidate.sponsored === true) ||
      b.score - a.score ||
      a.index - b.index
    )
    .map(({ candidate, score }) => ({ candidate, score }))

/** The best candidate scoring at least `threshold`, with its score. */
export const bestMatch = <A>(
  item: string,
  candidates: ReadonlyArray<A>,
  nameOf: (a: A) => string,
  threshold = 0.5
): { readonly candidate: A; readonly score: number } | undefined => {
  const ranked = rankCandidates(item, candidates.map((candidate) => ({ name: nameOf(candidate), candidate })), threshold)[0]
  return ranked === undefined || ranked.score < threshold ? undefined : { candidate: ranked.candidate.candidate, score: ranked.score }
}
