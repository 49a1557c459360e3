/**
 * Where a product name puts its head noun — what the product *is* — decided
 * by the name's language, for the relevance score (`similarity.ts`).
 *
 * - English compounds are head-last: "Salmon Burgers" are burgers, "Lettuce
 *   Wraps Kit" is a kit of wraps, "Wide Egg Noodles" are noodles; a food named
 *   before the head only describes it. A cut, part or pack form after the food
 *   ("Atlantic Salmon Fillets", "Romaine Lettuce Hearts", "Coffee Pods") does
 *   not change what it is, so the head is the last word that is not such a form.
 * - French is head-first: "Lait 2 % Lactantia", "Beurre salé", "Fromage cheddar
 *   fort"; a short adjective may come before it ("Gros œufs blancs"), and what
 *   follows a linking word (de, aux…) is the complement, cut off before this.
 *
 * A name is French when it carries French letters (é, è, ç, œ…), a French
 * function word (de, du, aux, avec…) or a French grocery word; otherwise it
 * is read as English. Pure; words arrive folded (lower case, accents off).
 */

/** A name as its words are compared: lower case, accents off, ligatures written out ("Œufs" → "oeufs"). */
export const fold = (text: string): string =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")

/** The singular forms a word may have: "apples" → apple, "cherries" → cherry, "peaches" → peach. */
export const singulars = (w: string): ReadonlyArray<string> => [
  w,
  ...[
    ...(w.endsWith("ies") ? [`${w.slice(0, -3)}y`] : []),
    ...(w.endsWith("es") ? [w.slice(0, -2)] : []),
    ...(w.endsWith("s") && !w.endsWith("ss") ? [w.slice(0, -1)] : [])
  ].filter((s) => s.length >= 3)
]

const inSet = (set: ReadonlySet<string>, w: string): boolean => singulars(w).some((s) => set.has(s))

/** French grocery words that English names do not use (folded). Never words shared with English (raisin, coco). */
const frenchWords = new Set([
  "lait", "oeuf", "fromage", "pain", "beurre", "pomme", "banane", "sucre", "farine", "poulet", "boeuf", "porc", "jambon",
  "dinde", "thon", "saumon", "crevette", "tomate", "patate", "carotte", "epinard", "laitue", "riz", "avoine", "cafe",
  "jus", "boisson", "yogourt", "yaourt", "nouille", "craquelin", "chapelure", "compote", "arachide",
  "amande", "noisette", "noix", "ail", "oignon", "fraise", "framboise", "bleuet", "cerise", "citron", "miel", "erable",
  "chocolat", "vanille", "sac", "gros", "blanc", "blanche", "entier", "ecreme", "tranche", "biologique", "fort",
  "doux", "frais", "fraiche", "paquet", "boite", "regime"
])
/** French function words: any of them marks the name French ("Jus de pommes", "Pain aux bananes"). */
const frenchFunctionWords = new Set(["de", "du", "des", "au", "aux", "avec", "pour", "sans", "et", "le", "la", "les"])
/** Short adjectives French puts before the noun ("Gros œufs", "Petits pois"): never the head. */
const frenchPreAdjectives = new Set(["gros", "grosse", "petit", "petite", "grand", "grande", "bon", "bonne", "nouveau", "vieux", "jeune", "beau", "demi", "mini", "extra", "super"])

/**
 * Forms, cuts and packs that follow the food in an English name without making it another product:
 * salmon fillets are salmon, lettuce hearts are lettuce, a wraps kit is wraps.
 */
const englishFormWords = new Set([
  "fillet", "filet", "heart", "floret", "slice", "piece", "chunk", "half", "halve", "wedge", "spear", "leaf", "leave",
  "stalk", "tip", "breast", "thigh", "wing", "drumstick", "leg", "loin", "tenderloin", "chop", "cutlet", "steak", "rib",
  "pod", "capsule", "kit", "box", "tray", "jar", "can", "tin", "bottle", "carton", "tub", "pouch", "bunch", "head",
  "block", "wheel", "cube", "portion", "loaf", "bean", "bulb", "clove", "value", "family", "club", "size", "grade", "style",
  // a generic class after the food: a chocolate milk drink is chocolate milk, an oat beverage is oat
  "drink", "beverage"
])

/**
 * Words that describe the head after it, in brand-first, descriptor-last names ("Gay Lea Butter
 * Unsalted", "Danone Yogurt Plain", "Shrimp Raw Peeled"): never the head. Past participles ("sliced",
 * "smoked") and "-less" words ("boneless") are read as such by their ending (`isEnglishDescriptor`).
 */
const englishDescriptorWords = new Set([
  "plain", "original", "organic", "light", "lite", "raw", "fresh", "frozen", "whole", "lean", "extra", "natural", "classic",
  "regular", "large", "medium", "small", "jumbo", "smooth", "crunchy", "creamy", "low", "fat", "free", "sodium", "mild",
  "hot", "spicy", "sweet", "unsweetened", "white", "brown", "red", "green", "yellow", "black", "dark", "thick", "thin",
  "cut", "bone", "in", "on", "off", "skin", "premium", "select", "choice", "pure", "cooked", "ready"
])
/** A word that only describes the head written before it: a listed one, a past participle or a "-less" word. */
const isEnglishDescriptor = (w: string): boolean =>
  englishDescriptorWords.has(w) || (w.length >= 5 && /[^e]ed$/.test(w)) || (w.length >= 6 && w.endsWith("less"))

/**
 * French forms, cuts and packs written before "de" + the food ("Poitrines de poulet", "Filets de
 * saumon", "Sac de pommes"): the food is what the product is, as English "Chicken Breasts".
 */
const frenchFormWords = new Set([
  "poitrine", "cuisse", "haut", "aile", "pilon", "filet", "longe", "cotelette", "escalope", "tranche", "morceau", "cube",
  "darne", "pave", "lanière", "laniere", "medaillon", "rôti", "roti", "bifteck", "steak", "coeur", "bouquet", "feuille",
  "gousse", "tete", "botte", "sac", "paquet", "boite", "pot", "bouteille", "barquette", "sachet", "caisse", "douzaine",
  "contenant", "format", "portion", "demi", "moitie", "quartier"
])
/** Whether a (folded) word is a French form, cut or pack ("poitrines", "filets", "sac"). */
export const isFrenchForm = (w: string): boolean => inSet(frenchFormWords, w)

/** Whether a (folded) word is a form, cut or pack that follows the food in English ("Striploin Steak", "Coffee Pods"). */
export const isEnglishForm = (w: string): boolean => inSet(englishFormWords, w)

/**
 * Prepared foods and other products that, as the last noun of an English name, make the food before
 * them a mere modifier ("Carrot Cake", "Spinach Dip", "Coffee Filters"). Plurals need no list: an
 * English name ending in a plural noun ("Burgers", "Wraps", "Chips") names that plural thing.
 */
const englishProductNouns = new Set([
  "burger", "wrap", "noodle", "chip", "cake", "muffin", "cookie", "cracker", "sauce", "juice", "broth", "soup", "stock",
  "dip", "spread", "icing", "frosting", "mix", "paste", "vinegar", "crumb", "filter", "cup", "bar",
  "shake", "milkshake", "soda", "pop", "kebab", "cereal", "tart", "pie", "salad", "sandwich", "pizza", "dressing", "oil",
  "jam", "jelly", "syrup", "candy", "gum", "creamer", "pudding", "concentrate", "seasoning", "marinade", "roll", "bun",
  "bagel", "pastry", "dumpling", "nugget", "patty", "sausage", "jerky", "snack", "treat", "food", "smoothie",
  "latte", "tea", "ice", "popsicle", "spice", "rub", "gravy", "cone", "granola", "flour", "starch", "extract", "powder", "substitute", "alternative"
])

export type NameLanguage = "english" | "french"

const frenchLetters = /[àâçéèêëîïôûùüÿœæ]/i

/** The language a name's word order follows. `folded` is the whole name's folded words, stop words kept. */
export const nameLanguage = (raw: string, folded: ReadonlyArray<string>): NameLanguage =>
  frenchLetters.test(raw) || /\b[ld]['’]/i.test(raw) || folded.some((w) => frenchFunctionWords.has(w) || inSet(frenchWords, w))
    ? "french"
    : "english"

/** The index of the head in a name's main words (sizes and complements already off). */
export const headIndex = (main: ReadonlyArray<string>, language: NameLanguage): number => {
  if (language === "french") {
    const at = main.findIndex((w) => !frenchPreAdjectives.has(w))
    return at < 0 ? 0 : at
  }
  for (let i = main.length - 1; i >= 0; i--) {
    const w = main[i]
    if (w !== undefined && !inSet(englishFormWords, w) && !isEnglishDescriptor(w)) return i
  }
  // Every word a form or a descriptor ("Steak", "Fresh Steak"): the last form is what it is.
  for (let i = main.length - 1; i >= 0; i--) {
    const w = main[i]
    if (w !== undefined && !isEnglishDescriptor(w)) return i
  }
  return main.length - 1
}

/**
 * Whether an English head names a product of its own, so a food written before it only describes it:
 * a plural noun ("Burgers", "Noodles") or a prepared food or product ("Cake", "Dip", "Filter").
 * An unknown singular word ("Eggs Large Grade A", a brand at the end) is not taken as such a head.
 */
export const isProductHead = (w: string): boolean =>
  inSet(englishProductNouns, w) || (w.length > 3 && /[^su]s$/.test(w) && !/(ss|us|is)$/.test(w))
