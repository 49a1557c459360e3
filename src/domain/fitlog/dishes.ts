/**
 * Composite dishes SR28 has no record for ("a peanut butter and jelly
 * sandwich on wheat bread", "an egg and cheese biscuit", "a bean and cheese
 * burrito"): built from what holds them (bread, a bun, a biscuit, a tortilla)
 * and the fillings the name says, each a typical amount in grams mapped to an
 * SR28 record and shown to the user as an assumption. Pure; the matcher
 * (agents/fitlog/estimate.ts) uses it when the table's best record is not
 * the whole dish. Amounts are typical household portions (USDA serving
 * sizes: 2 tbsp peanut butter, a slice of cheese, a large egg).
 */

export interface DishPart {
  /** What the part is, as the user reads it: "2 slices wheat bread". */
  readonly label: string
  /** SR28 NDB number of the part. */
  readonly id: string
  readonly grams: number
}

export interface Dish {
  /** "peanut butter and jelly sandwich" */
  readonly name: string
  readonly parts: ReadonlyArray<DishPart>
  /** The words that name the dish in a table record: its holder and the fillings the user named. */
  readonly words: ReadonlyArray<RegExp>
  /** Its parts are one cup of a mixed dish ("pasta with tomato sauce and meat"): a cup, bowl or plate of it is measured in cups. */
  readonly perCup?: boolean
}

interface Holder {
  readonly noun: RegExp
  readonly kind: "sandwich" | "burrito" | "taco" | "bowl"
  readonly part: (name: string) => DishPart
}

/** The grains a mixed dish by the cup is made on ("pasta with tomato sauce and meat"), as a pattern's alternatives. */
export const mixedDishBase = "pasta|spaghetti|penne|macaroni|noodles|fettuccine|linguine|rice"

const wheat = (name: string) => /\b(?:wheat|whole[- ]?grain|wholemeal|brown)\b/.test(name)

/** What holds the fillings, by the word that names it (the first that applies). */
const holders: ReadonlyArray<Holder> = [
  { noun: /\bburritos?\b/, kind: "burrito", part: () => ({ label: "a 10-inch flour tortilla", id: "18364", grams: 72 }) },
  { noun: /\b(?:wraps?)\b/, kind: "burrito", part: () => ({ label: "a 10-inch flour tortilla", id: "18364", grams: 72 }) },
  { noun: /\btacos?\b/, kind: "taco", part: (n) => /\bsoft\b/.test(n) ? { label: "a 6-inch flour tortilla", id: "18450", grams: 32 } : { label: "a taco shell", id: "18360", grams: 13 } },
  { noun: /\bbiscuits?\b/, kind: "sandwich", part: () => ({ label: "a biscuit (3 in across)", id: "18009", grams: 60 }) },
  { noun: /\benglish muffins?\b|\bmuffins?\b(?=.*\b(?:eggs?|sausage|bacon|ham)\b)|\b(?:eggs?|sausage|bacon|ham)\b.*\bmuffins?\b/, kind: "sandwich", part: () => ({ label: "an English muffin", id: "18258", grams: 57 }) },
  { noun: /\bbagels?\b/, kind: "sandwich", part: () => ({ label: "a bagel", id: "18001", grams: 99 }) },
  { noun: /\bcroissants?\b/, kind: "sandwich", part: () => ({ label: "a croissant", id: "18239", grams: 57 }) },
  { noun: /\b(?:buns?|rolls?|hot ?dogs?)\b/, kind: "sandwich", part: (n) => ({ label: "a bun", id: wheat(n) ? "28313" : "18350", grams: 44 }) },
  // A toastie (UK) is a toasted sandwich.
  { noun: /\bsandwich(?:es)?\b|\btoasties?\b|\bbread\b|\btoast\b/, kind: "sandwich", part: (n) => wheat(n) ? { label: "2 slices wheat bread", id: "18075", grams: 64 } : { label: "2 slices white bread", id: "18069", grams: 58 } },
  // A cup of pasta or rice mixed with a sauce, meat or vegetables (SR28 has no such mixed dish): 3/4 of the cup is the base.
  // The base is named first ("pasta with …", not "beef stroganoff with noodles" nor "beans and rice"); last, so "a burrito
  // with rice" stays a burrito; never a soup, pudding, cake, cereal, salad, milk or baby food named after its grain.
  {
    noun: new RegExp(String.raw`^(?!.*\b(?:soups?|broth|stew|pudding|cakes?|krispies|crispies|cereal|milk|flour|vinegar|wine|paper|salads?|casserole|baby ?food|babyfood|toddler|junior|stroganoff)\b)(?:[a-z-]+\s+){0,3}?(?:${mixedDishBase})\s+(?:with|in|mixed|tossed|topped|smothered|covered)\b`),
    kind: "bowl",
    part: (n) =>
      /\brice\b/.test(n)
        ? { label: "3/4 cup cooked rice", id: /\bbrown rice\b/.test(n) ? "20037" : "20045", grams: 119 }
        : { label: "3/4 cup cooked pasta", id: wheat(n) ? "20125" : "20121", grams: 105 }
  }
]

interface Filling {
  readonly word: RegExp
  /** Grams in a sandwich, a burrito and a taco (0: not in that kind). */
  readonly grams: Readonly<Record<Holder["kind"], number>>
  readonly id: string
  readonly label: string
}

/** Fillings by the word that names them, with typical amounts. */
const fillings: ReadonlyArray<Filling> = [
  { word: /\bpeanut butter\b/, id: "16098", label: "peanut butter (2 tbsp)", grams: { sandwich: 32, burrito: 32, taco: 0, bowl: 0 } },
  { word: /\b(?:jelly|jam|preserves)\b/, id: "19300", label: "jelly (1 tbsp)", grams: { sandwich: 21, burrito: 21, taco: 0, bowl: 0 } },
  { word: /\beggs?\b/, id: "01132", label: "egg (1 large, scrambled or fried)", grams: { sandwich: 50, burrito: 61, taco: 50, bowl: 50 } },
  { word: /\bcheese\b(?!\s+sauce)/, id: "01253", label: "cheese (a slice, or 1/4 cup shredded)", grams: { sandwich: 21, burrito: 28, taco: 14, bowl: 14 } },
  { word: /\bsausage\b|\bbreakfast meat\b/, id: "07064", label: "pork sausage (a 1.5 oz patty)", grams: { sandwich: 43, burrito: 43, taco: 28, bowl: 43 } },
  { word: /\bbacon\b/, id: "10862", label: "bacon (2 slices; 1 in a taco or a cup of pasta or rice)", grams: { sandwich: 23, burrito: 23, taco: 12, bowl: 12 } },
  { word: /\bham\b/, id: "07029", label: "ham (2 oz; 1.5 oz in a cup of pasta or rice)", grams: { sandwich: 56, burrito: 56, taco: 28, bowl: 43 } },
  { word: /\bturkey\b/, id: "07046", label: "turkey (2 oz; 1.5 oz in a taco or a cup of pasta or rice)", grams: { sandwich: 56, burrito: 56, taco: 43, bowl: 43 } },
  { word: /\btuna\b/, id: "15128", label: "tuna salad (1/2 cup)", grams: { sandwich: 100, burrito: 100, taco: 0, bowl: 0 } },
  { word: /\bchicken\b/, id: "05064", label: "cooked chicken (3 oz; 1.5 oz in a taco or a cup of pasta or rice)", grams: { sandwich: 85, burrito: 85, taco: 43, bowl: 43 } },
  { word: /\b(?:beef|steak|meat)\b/, id: "23575", label: "cooked ground beef (2 oz; 3 oz in a burrito, 1.5 oz in a taco or a cup of pasta or rice)", grams: { sandwich: 57, burrito: 85, taco: 43, bowl: 43 } },
  { word: /\b(?:frankfurter|hot ?dog|wiener|frank)\b/, id: "07950", label: "a frankfurter", grams: { sandwich: 52, burrito: 52, taco: 0, bowl: 0 } },
  { word: /\bbeans?\b/, id: "16103", label: "refried beans (1/2 cup in a burrito; 1/4 cup in a sandwich or a cup of pasta or rice; 2 tbsp in a taco)", grams: { sandwich: 60, burrito: 120, taco: 32, bowl: 60 } },
  { word: /\brice\b/, id: "20045", label: "cooked rice (1/2 cup)", grams: { sandwich: 0, burrito: 79, taco: 0, bowl: 0 } },
  { word: /\blettuce\b/, id: "11251", label: "lettuce", grams: { sandwich: 10, burrito: 10, taco: 10, bowl: 0 } },
  { word: /\btomato(?:es)?\b(?![- ](?:based|sauce))/, id: "11529", label: "tomato (2 slices)", grams: { sandwich: 40, burrito: 30, taco: 15, bowl: 0 } },
  { word: /\b(?:mayo|mayonnaise|spread)\b/, id: "04025", label: "mayonnaise (1 tbsp)", grams: { sandwich: 14, burrito: 14, taco: 0, bowl: 0 } },
  { word: /\bsalsa\b/, id: "06164", label: "salsa (2 tbsp)", grams: { sandwich: 0, burrito: 36, taco: 18, bowl: 0 } },
  // Sauces and vegetables of a mixed pasta or rice dish (1/4 cup of a sauce, 1/4 cup of vegetables).
  { word: /\b(?:cream|creamy|alfredo|cheese|white)\s+sauce\b/, id: "06930", label: "a creamy sauce (1/4 cup)", grams: { sandwich: 0, burrito: 0, taco: 0, bowl: 62 } },
  { word: /^(?!.*\b(?:cream|creamy|alfredo|cheese|white)\s+sauce\b).*(?:\bsauce\b|\bmarinara\b)/, id: "06931", label: "tomato sauce (1/4 cup)", grams: { sandwich: 0, burrito: 0, taco: 0, bowl: 62 } },
  { word: /\b(?:vegetables|veggies)\b/, id: "11584", label: "mixed vegetables (1/4 cup)", grams: { sandwich: 0, burrito: 0, taco: 0, bowl: 40 } },
  { word: /\bavocados?\b/, id: "09038", label: "avocado (1/4 of a Hass avocado, sliced)", grams: { sandwich: 34, burrito: 34, taco: 17, bowl: 0 } }
]

/** Meat fillings a frankfurter is made of. */
const meats = new Set(["23575", "05064", "07046", "07029"])

/** Names of other foods that hold a filling word: an egg roll, cheesecake, an ice cream sandwich, a peanut butter cookie. */
const notADish = /\b(?:egg ?rolls?|spring rolls?|cinnamon rolls?|sweet rolls?|cheesecake|ice cream|cookies?|crackers?|cakes?|pies?|pizzas?|burgers?|hamburgers?|cheeseburgers?|salads?(?! sandwich))\b/

/** The fillings of a dish named by its holder alone: "a burrito", "a taco", "a breakfast sandwich", "a hot dog". */
const usualFillings = (name: string, kind: Holder["kind"]): ReadonlyArray<string> =>
  kind === "burrito" ? ["beans", "cheese"]
  : kind === "taco" ? ["beef", "cheese", "lettuce"]
  : /\bbreakfast\b/.test(name) ? ["egg", "cheese", "sausage"]
  : /\bhot ?dogs?\b/.test(name) ? ["frankfurter"]
  : []

/**
 * The dish `name` describes, built from its holder and fillings, or
 * undefined when the name is no such dish (no holder, or nothing in it).
 */
export const dishFor = (rawName: string): Dish | undefined => {
  const name = rawName.toLowerCase()
  if (notADish.test(name)) return undefined
  const holder = holders.find((h) => h.noun.test(name))
  if (holder === undefined) return undefined
  // "without meat", "no cheese": what is said to be left out is no filling.
  const said = name.replace(/\b(?:no|without|minus|hold the|skip the)\s+(?:any\s+|the\s+|added\s+)?[\w-]+(?:\s+(?:or|and)\s+[\w-]+)?/g, " ")
  const frank = /\b(?:frankfurter|hot ?dog|wiener|frank)\b/.test(name)
  // "a beef hot dog": the meat word says what the frankfurter is made of.
  const named = fillings.filter((f) => f.word.test(said) && f.grams[holder.kind] > 0 && !(frank && meats.has(f.id)))
  const usual = usualFillings(name, holder.kind)
  // A burrito has cheese in it unless it is said to have none.
  // A burrito comes with cheese; a wrap holds only what is named.
  const cheese = holder.kind === "burrito" && /\bburritos?\b/.test(name) ? ["cheese"] : []
  const wanted = named.length > 0 ? cheese : usual
  const leftOut = (f: Filling) => f.word.test(name) && !f.word.test(said)
  const chosen = [...named, ...fillings.filter((f) => !named.includes(f) && !leftOut(f) && wanted.some((word) => f.word.test(word)))]
  if (named.length === 0 && usual.length === 0) return undefined
  // Bread with one spread and no "sandwich" ("toast with jam", "bread and cheese") is two foods, not a dish.
  // Pasta or rice with nothing said in it is the plain food; macaroni or noodles with cheese alone is mac and cheese (common-foods.ts).
  if (holder.kind === "bowl" && (named.length === 0 || named.every((f) => f.id === "01253"))) return undefined
  if (holder.kind === "sandwich" && !/\b(?:sandwich(?:es)?|toasties?|biscuits?|bagels?|muffins?|croissants?|buns?|rolls?|hot ?dogs?)\b/.test(name)) return undefined
  return {
    name: rawName,
    parts: [holder.part(name), ...chosen.map((f) => ({ label: f.label, id: f.id, grams: f.grams[holder.kind] }))],
    words: [holder.noun, ...named.map((f) => f.word)],
    ...(holder.kind === "bowl" ? { perCup: true } : {})
  }
}

/**
 * Whether a table record is the whole dish: its description names the
 * holder and every filling the user named ("McDONALD'S, Sausage Biscuit" for
 * "a sausage biscuit"; not "Cookies, peanut butter sandwich" for a peanut
 * butter and jelly sandwich). Such a record is preferred over building it.
 */
export const isWholeDish = (description: string, dish: Dish): boolean => {
  const d = description.toLowerCase()
  // "Cookies, peanut butter sandwich" names a cookie, whatever its words.
  if (notADish.test(d) && !notADish.test(dish.name.toLowerCase())) return false
  // "Pasta with tomato sauce, no meat" does not name the meat of "pasta with sauce and meat".
  const named = d.replace(/\b(?:no|without|meatless)\s+[\w-]+/g, " ")
  return dish.words.every((w) => w.test(named))
}

/** "a peanut butter and jelly sandwich = 2 slices white bread 58 g + peanut butter (2 tbsp) 32 g + …". */
export const describeDish = (dish: Dish, scale: number): string =>
  `${dish.name}, built from typical parts: ${dish.parts.map((p) => `${p.label} ${Math.round(p.grams * scale)} g`).join(" + ")} (assumed)`

/** Foods that go inside a wrapped or held dish besides the fillings above. */
const alsoInside = /\b(?:meat|sour cream|guacamole|onions?|peppers?|potato(?:es)?|vegetables|veggies)\b/

/** Whether `name` only lists what goes inside a wrapped or held dish ("meat, beans and rice", "cheese"): its fillings. */
export const isFilling = (name: string): boolean => {
  const parts = name.toLowerCase().split(/\s*(?:,|\band\b|&)\s*/).map((p) => p.trim()).filter((p) => p !== "")
  return parts.length > 0 && parts.every((p) => fillings.some((f) => f.word.test(p)) || alsoInside.test(p))
}
