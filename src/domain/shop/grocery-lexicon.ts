/**
 * French and English grocery words, for a list written in one language shopped at a store that names its products
 * in the other ("fromage cheddar" at a store that sells "Mild Marbled Cheddar Cheese").
 *
 * Source: written for Shoal from the two names Canadian grocery packages carry side by side (the Consumer Packaging
 * and Labelling Act requires both): one common word each side, folded (lower case, accents off), singular. A word
 * is left out when its folded French form is also an English word with another meaning ("thé" folds to "the",
 * "salé" to "sale", "raisin" is a grape in French) or one side names several foods ("noix").
 *
 * Where it sits: pure data and a translation for the relevance score (`similarity.ts`).
 */
import { fold, headIndex, nameLanguage, singulars } from "./name-head.js"

/** [French, English] */
export const groceryPairs: ReadonlyArray<readonly [string, string]> = [
  // dairy and eggs
  ["lait", "milk"], ["fromage", "cheese"], ["beurre", "butter"], ["creme", "cream"], ["yogourt", "yogurt"], ["yaourt", "yogurt"],
  ["oeuf", "egg"],
  // bakery and grains
  ["pain", "bread"], ["farine", "flour"], ["riz", "rice"], ["avoine", "oat"], ["nouille", "noodle"], ["pate", "pasta"],
  ["craquelin", "cracker"], ["gateau", "cake"], ["cereale", "cereal"],
  // meat and fish
  ["poulet", "chicken"], ["boeuf", "beef"], ["porc", "pork"], ["jambon", "ham"], ["dinde", "turkey"], ["agneau", "lamb"],
  ["saucisse", "sausage"], ["thon", "tuna"], ["saumon", "salmon"], ["crevette", "shrimp"], ["morue", "cod"],
  // fruit and vegetables
  ["pomme", "apple"], ["banane", "banana"], ["poire", "pear"], ["peche", "peach"], ["fraise", "strawberry"],
  ["framboise", "raspberry"], ["bleuet", "blueberry"], ["myrtille", "blueberry"], ["cerise", "cherry"], ["citron", "lemon"],
  ["lime", "lime"], ["ananas", "pineapple"], ["mangue", "mango"], ["tomate", "tomato"], ["patate", "potato"],
  ["carotte", "carrot"], ["epinard", "spinach"], ["laitue", "lettuce"], ["concombre", "cucumber"], ["champignon", "mushroom"],
  ["brocoli", "broccoli"], ["chou", "cabbage"], ["mais", "corn"], ["pois", "pea"], ["haricot", "bean"], ["lentille", "lentil"],
  ["oignon", "onion"], ["ail", "garlic"], ["poivron", "pepper"], ["celeri", "celery"], ["courgette", "zucchini"],
  // pantry
  ["sucre", "sugar"], ["sel", "salt"], ["miel", "honey"], ["erable", "maple"], ["huile", "oil"], ["vinaigre", "vinegar"],
  ["confiture", "jam"], ["arachide", "peanut"], ["amande", "almond"], ["noisette", "hazelnut"], ["chocolat", "chocolate"],
  ["vanille", "vanilla"], ["cafe", "coffee"], ["jus", "juice"], ["eau", "water"], ["soupe", "soup"], ["bouillon", "broth"],
  // how it comes
  ["blanc", "white"], ["entier", "whole"], ["ecreme", "skim"], ["tranche", "sliced"], ["hache", "ground"], ["frais", "fresh"],
  ["surgele", "frozen"], ["biologique", "organic"]
]

const toEnglish = new Map(groceryPairs)
const toFrench = new Map(groceryPairs.map(([fr, en]) => [en, fr] as const))

/** French words that join or determine, dropped from a translation ("jus de pomme" → apple juice). */
const frenchLinks = new Set(["de", "d", "du", "des", "la", "le", "les", "l", "au", "aux", "a", "en", "et"])

const lookUp = (dictionary: ReadonlyMap<string, string>, word: string): string | undefined =>
  singulars(word).map((s) => dictionary.get(s)).find((w) => w !== undefined)

/**
 * The item in the other language, its head placed as that language does (English last, French first), when the
 * lexicon knows at least one of its words: "fromage cheddar" → "cheddar cheese", "jus de pomme" → "apple juice",
 * "2% milk" → "lait 2%". Undefined when nothing translates.
 */
export const inTheOtherLanguage = (item: string): string | undefined => {
  const all = fold(item).split(/[^a-z0-9%]+/).filter((w) => w.length > 0)
  const french = nameLanguage(item, all) === "french"
  const kept = french ? all.filter((w) => !frenchLinks.has(w)) : all
  if (kept.length === 0) return undefined
  const translated = kept.map((w) => lookUp(french ? toEnglish : toFrench, w) ?? w)
  if (translated.every((w, i) => w === kept[i])) return undefined
  // French puts the head first (its main words, before a linking word); English puts it last.
  const head = french ? headIndex(kept, "french") : kept.length - 1
  const headWord = translated[head] ?? ""
  const rest = translated.filter((_, i) => i !== head)
  return (french ? [...rest, headWord] : [headWord, ...rest]).join(" ")
}
