/**
 * Ranking SR28 records the way a person means a food: as eaten, not as an
 * ingredient on a shelf. Each rule is a general fact about how people name
 * food, applied only when the user did not say otherwise:
 * - grains, pasta, rice, oats and dried legumes are eaten cooked, not dry;
 * - coffee and tea are drunk brewed, not as powder or instant granules;
 * - a drink mix, concentrate, dry mix or powder is an ingredient, unless named;
 * - baby food and infant formula are meant only when named;
 * - flavoured, sweetened or fortified variants and brands only when named.
 * And a small curated table of very common foods → the SR28 record a person
 * means (test/domain/fitlog/common-foods.test.ts states why each is right).
 * Pure.
 */

export { commonFoodFor, commonFoods } from "./common-foods.js"
export type { CommonFood } from "./common-foods.js"

const has = (set: ReadonlySet<string>, ...ws: ReadonlyArray<string>) => ws.some((w) => set.has(w))

const grainLike = ["rice", "pasta", "spaghetti", "macaroni", "noodles", "noodle", "oats", "oatmeal", "quinoa", "couscous", "barley", "bulgur", "millet", "beans", "lentils", "chickpeas", "peas", "grits"]
const ingredientForms = ["dry", "unprepared", "powder", "mix", "concentrate", "dehydrated", "granules", "flakes", "instant", "freeze-dried", "undiluted"]
const variants = ["deli", "prepackaged", "rotisserie", "flavored", "flavor", "sweetened", "fortified", "decaffeinated", "low", "reduced", "light", "lite", "fat-free", "nonfat", "diet", "imitation", "substitute", "canned", "frozen"]

/**
 * The as-eaten adjustment for one record: `recordWords` are its words,
 * `asked` every word the user wrote (name and preparation).
 */
export const asEaten = (recordWords: ReadonlySet<string>, asked: ReadonlySet<string>): number => {
  let score = 0
  const named = (w: string) => asked.has(w)
  if (grainLike.some((g) => asked.has(g)) && !named("dry") && !named("raw")) {
    if (has(recordWords, "cooked", "boiled", "prepared")) score += 1.5
    if (has(recordWords, "dry", "raw", "unprepared", "uncooked", "flour")) score -= 2.5
  }
  if (has(asked, "coffee", "tea", "espresso") && !named("instant")) {
    if (recordWords.has("brewed")) score += 2
    if (has(recordWords, "instant", "powder", "mix")) score -= 2
  }
  // A drink is drunk made up: prepared or ready-to-drink, not its powder, mix or concentrate.
  if (has(asked, "coffee", "tea", "cocoa", "drink", "beverage", "lemonade", "juice", "chocolate", "shake", "milkshake", "smoothie", "milk") && !has(asked, "powder", "powdered", "dry", "mix", "concentrate")) {
    if (has(recordWords, "prepared", "brewed", "ready-to-drink", "drink", "diluted", "reconstituted")) score += 1
    if (has(recordWords, "powder", "dry", "granules", "concentrate", "undiluted", "syrup")) score -= 2.5
  }
  // A mix or powder "prepared with water/milk" is the food as eaten ("Gelatin desserts, dry mix, prepared with water").
  const madeUp = has(recordWords, "prepared", "reconstituted", "diluted")
  if (madeUp && has(recordWords, "dry", "mix", "powder", "concentrate") && !has(asked, "dry", "mix", "powder", "concentrate")) score += 1.5
  for (const w of ingredientForms) if (recordWords.has(w) && !named(w) && !madeUp) score -= 1
  for (const w of variants) if (recordWords.has(w) && !named(w)) score -= 0.4
  // Fat-free, low-fat, light or diet versions are meant only when named: "American cheese" is the full-fat one.
  if (has(recordWords, "fat-free", "nonfat", "low", "lowfat", "reduced", "light", "lite", "diet") && !has(asked, "fat-free", "nonfat", "low", "reduced", "light", "lite", "diet", "skim", "lowfat", "free", "fat", "calorie", "sugar", "sodium", "carb", "zero")) score -= 1
  if (has(recordWords, "babyfood", "infant", "toddler") && !has(asked, "baby", "babyfood", "infant", "toddler")) score -= 5
  if (recordWords.has("school") && !named("school")) score -= 2
  // Meat-free and regional survey records ("Bacon, meatless", "(Alaska Native)", "(Navajo)") are meant only when named.
  // Organ meats and parts are meant only when named: "chicken" is not chicken liver, "baked potato" not its skin.
  for (const w of ["liver", "livers", "giblets", "gizzard", "gizzards", "heart", "hearts", "kidney", "kidneys", "tongue", "brain", "brains", "feet", "neck", "variety"]) if (recordWords.has(w) && !named(w)) score -= 3
  for (const w of ["meatless", "vegetarian", "imitation", "native", "navajo", "hopi", "apache", "shoshone", "klamath", "alaska"]) if (recordWords.has(w) && !named(w)) score -= 3
  if (asked.has("toast") && recordWords.has("toasted")) score += 1.5
  // A cooking fat is meant only when a fat is named: "cocoa" is the drink, not "Oil, cocoa butter".
  if (has(recordWords, "oil", "shortening", "lard") && !has(asked, "oil", "oils", "butter", "fat", "shortening", "lard", "fried", "dressing")) score -= 3
  return score
}

/** The shape of a record's name, for `asMeant`. */
export interface RecordShape {
  /** Word forms named before any "with", "in", "from" or "made with" (the food itself, not what it is made with). */
  readonly main: ReadonlySet<string>
  readonly all: ReadonlySet<string>
  /** The words naming the food (after a category such as "Snacks, …"). */
  readonly headWords: ReadonlyArray<string>
  /** The record's comma parts, folded. */
  readonly parts: ReadonlyArray<string>
}

/** Record heads that name a food family of their own: "sandwich" asked is not "Cookies, peanut butter sandwich". */
const families = new Set(["spices", "spice", "cookies", "cookie", "crackers", "cracker", "cake", "cakes", "muffins", "muffin", "pie", "pies", "soup", "soups", "sauce", "gravy", "syrup", "syrups", "dressing", "frostings", "frosting", "puddings", "pudding", "pastry", "pastries", "rolls", "bread", "candies", "desserts", "toppings", "topping", "spreads", "spread", "seasoning", "shells", "shell", "crust", "dough", "batter", "coating", "filling", "flour", "starch", "bran", "germ"])

/** Words of "with …" phrases that say how a food is kept or fortified, not what else is in it. */
const additives = new Set(["with", "from", "containing", "without", "and", "salt", "salted", "added", "vitamin", "vitamins", "ascorbic", "acid", "calcium", "water", "tap", "iron", "sodium", "nitrite", "phosphate", "phosphorus", "potassium", "solution", "aspartame", "sucralose", "saccharin", "sweetener", "sweeteners", "fortified", "enriched", "oil", "oils", "fat", "nonfat", "milk", "solids", "skin", "bone", "bones", "recipe", "home", "heat", "boiling", "microwaving", "includes", "include", "commercial", "breading", "breaded", "batter", "sauce", "gravy"])

/** Parts of a food that are not the food as eaten: the skin alone, the separable fat. */
const partOnly = /^(?:skin|skin only|peel|separable fat|fat|rind|seeds)$/

/**
 * Whether a record is the food a person named or something made with it:
 * `head` is the forms of the name's head noun, `asked` every word asked.
 * - the head named only after "with", "in", "from" is an ingredient of
 *   another food ("low-fat milk" is not "Muffins, …, made with low fat milk");
 * - a record whose own head is another food family that was not named is that
 *   food ("PB&J sandwich" is not "Cookies, peanut butter sandwich", "taco" not
 *   "Taco shells");
 * - a part alone (skin, separable fat) is meant only when named.
 */
export const asMeant = (r: RecordShape, head: ReadonlyArray<string>, asked: ReadonlySet<string>): number => {
  let score = 0
  if (head.some((f) => r.all.has(f)) && !head.some((f) => r.main.has(f))) score -= 3
  const recordHead = r.headWords[r.headWords.length - 1]
  if (recordHead !== undefined && families.has(recordHead) && !asked.has(recordHead) && !head.includes(recordHead) && !asked.has(recordHead.replace(/s$/, ""))) score -= 2
  for (const p of r.parts) if (partOnly.test(p) && !p.split(" ").some((w) => asked.has(w))) score -= 2
  // "Snacks, popcorn, cakes" is popcorn cakes: a later part naming another food family counts as its head.
  for (const p of r.parts.slice(1)) if (families.has(p) && !asked.has(p) && !asked.has(p.replace(/s$/, "")) && p !== recordHead) score -= 2
  // A record "with" a food not asked for is another dish ("cottage cheese" is not "Cheese, cottage, with vegetables").
  const extra = [...r.all].filter((w) => !r.main.has(w) && w.length > 3 && !additives.has(w) && !asked.has(w))
  if (extra.length > 0 && ![...r.all].some((w) => !r.main.has(w) && asked.has(w))) score -= 0.75
  // A dish (burrito, sandwich, taco…) naming a main food that was not named is another dish: a bean burrito is not "burrito, with beans and
  // beef" nor "Burrito, beef and bean" (when a record without it exists, it ranks first).
  const saidBesidesHead = [...asked].some((w) => !head.includes(w) && r.all.has(w))
  if (saidBesidesHead && head.some((h) => dishHeads.has(h))) for (const w of mainFoods) if (r.all.has(w) && !asked.has(w) && !head.includes(w) && !(meats.has(w) && has(asked, "meat", "meats"))) score -= 1
  return score
}

/** Meats: "a burrito with meat" names any of them. */
const meats = new Set(["beef", "pork", "ham", "chicken", "turkey", "steak", "sausage", "bacon"])

/** Foods that make a dish another dish when a record adds them (meats, fish, cheese). */
const mainFoods = ["beef", "pork", "ham", "chicken", "turkey", "steak", "sausage", "bacon", "fish", "tuna", "shrimp", "cheese"]

/** Dishes people name by their own noun: a sandwich or a taco is never a cookie or a cracker named after it. */
const dishHeads = new Set(["curry", "stew", "casserole", "sandwich", "sandwiches", "burger", "burgers", "taco", "tacos", "burrito", "burritos", "pizza", "salad", "wrap", "sub", "quesadilla", "enchilada", "omelet", "omelette", "hotdog", "bagel"])

/**
 * A record of another food family for a dish named by its own noun: "peanut
 * butter and jelly sandwich" is not "Cookies, peanut butter sandwich" (nor a
 * sandwich-type cracker). Such a record is no candidate: the dish is then
 * reported unmatched rather than swapped for another food.
 */
export const isOtherFamily = (r: RecordShape, head: ReadonlyArray<string>, asked: ReadonlySet<string>): boolean => {
  const recordHead = r.headWords[r.headWords.length - 1]
  return head.some((h) => dishHeads.has(h)) && recordHead !== undefined && families.has(recordHead) && !asked.has(recordHead) && !asked.has(recordHead.replace(/s$/, "")) && !head.includes(recordHead)
}

/**
 * The maker's parts of a record's name: an all-capitals part followed by a
 * part that names a product in capitals ("Candies, MARS SNACKFOOD US,
 * SNICKERS Bar"; "Cereals ready-to-eat, GENERAL MILLS, FIBER ONE …"). The
 * maker's name is not its product: "a Mars bar" is not a SNICKERS bar.
 */
export const makerParts = (description: string): ReadonlyArray<string> => {
  const parts = description.split(",").map((p) => p.trim())
  return parts.filter((p, i) => /[A-Z]{2}/.test(p) && !/[a-z]/.test(p) && /\b[A-Z][A-Z'&.-]{2,}\b/.test(parts[i + 1] ?? ""))
}

/** One maker's packaged meal ("…, Frozen Entree", "…, frozen, unprepared"): meant only when the brand or "frozen" is named. */
export const packagedMeal = (recordWords: ReadonlySet<string>, asked: ReadonlySet<string>): boolean =>
  has(recordWords, "entree", "entrees", "frozen", "unprepared", "microwavable") && !has(asked, "entree", "frozen", "microwave", "microwavable", "ready", "meal")
