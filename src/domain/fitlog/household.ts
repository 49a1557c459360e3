/**
 * Household weights by food class, for amounts USDA gives no gram weight
 * for: a cup of chips is not a cup of milk, a large order of fries is not a
 * medium one, a piece of candy is not a bar. Each weight is a stated typical
 * fact (USDA SR28 / FNDDS-style portions, rounded), shown to the user with
 * the amount it explains. Pure; portions.ts uses it.
 */
import type { Unit } from "./types.js"

export interface ClassWeight {
  /** The food class, tested against the user's name and the record's description. */
  readonly food: RegExp
  /** When a record is matched, it must be of this kind too ("a cup of sesame chicken" is a dish, not diced meat). */
  readonly record?: RegExp
  readonly grams: number
  readonly why: string
}

/** A cake cut in slices: not a rice cake, fish cake, pancake or a snack cake sold whole. */
const layerCake = /^(?!.*\b(?:rice|fish|crab|potato|snack|griddle|sponge|cup)\s*cakes?\b).*\bcakes?\b/

/** Grams in one cup of solid foods, by class (a volume of a solid is not 1 g per ml). */
export const cupOf: ReadonlyArray<ClassWeight> = [
  { food: /\bchocolate chips\b/, grams: 168, why: "a cup of chocolate chips is about 6 oz" },
  { food: /\bcaramel\b.*\bpopcorn\b|\bpopcorn\b.*\b(?:caramel|kettle|candied|sugar)\b|\bcracker jack/, grams: 35, why: "a cup of caramel popcorn is about 35 g" },
  { food: /\bpopcorn\b/, grams: 11, why: "a cup of popped popcorn is about 11 g" },
  { food: /\bpretzels?\b/, grams: 45, why: "a cup of pretzel twists is about 45 g" },
  { food: /\b(?:crackers?|cheez-?its?|goldfish)\b/, grams: 62, why: "a cup of bite-size crackers is about 62 g" },
  { food: /\b(?:fries|french fried)\b/, grams: 50, why: "a cup of French fries is about 10 strips, 50 g" },
  { food: /\b(?:chips|crisps|fritos|doritos|cheetos|tortilla chips)\b/, grams: 28, why: "a cup of chips is about 1 oz" },
  { food: /\b(?:cereals? ready-to-eat|flakes|cheerios|puffs|crisps cereal)\b/, grams: 30, why: "a cup of flaked or puffed cereal is about 30 g" },
  { food: /\b(?:nuts?|almonds|peanuts|cashews|walnuts|pecans|trail mix|brittle|seeds)\b/, grams: 140, why: "a cup of nuts is about 140 g" },
  { food: /\bcottage cheese\b/, grams: 226, why: "a cup of cottage cheese is 226 g (USDA)" },
  { food: /\b(?:shredded|grated)\b.*\bcheese\b|\bcheese\b.*\b(?:shredded|grated)\b/, grams: 113, why: "a cup of shredded cheese is 4 oz" },
  { food: /\bice creams?\b|\bfrozen yogh?urt\b/, grams: 132, why: "a cup of ice cream is 132 g (USDA: 1/2 cup = 66 g)" },
  {
    food: /\b(?:chicken|turkey|beef|pork|ham|lamb|fish|salmon|tuna|shrimp|roast|meat|steak)\b(?!.*\b(?:soup|broth|stew|chili|salad|casserole|noodles?|rice|pasta|sauce)\b)/,
    // Plain meat or fish, not a dish named after its meat (sesame chicken, beef pot pie, lasagna): a cup of a dish is a cup by volume.
    record: /^(?!.*\b(?:pie|entree|dinner|meal|lasagna|casserole|sandwich|salad|soup|stew|chili|restaurant|fast foods?|breaded|sauce|gravy)\b)(?:chicken|beef|pork|turkey|lamb|veal|ham|fish|crustaceans|mollusks|game meat)\b/i,
    grams: 140,
    why: "a cup of diced cooked meat or fish is about 140 g"
  },
  { food: /\b(?:lettuce|salad greens|mixed greens|arugula|spinach, raw|kale, raw|romaine)\b/, grams: 40, why: "a cup of raw leafy greens is about 40 g" },
  { food: /\b(?:broccoli|spinach|green beans|carrots|cauliflower|peas|corn|vegetables|zucchini|squash|cabbage|brussels|asparagus|mushrooms|peppers|onions)\b(?!.*\b(?:soup|juice|sauce)\b)/, grams: 156, why: "a cup of cooked vegetables is about 156 g" },
  { food: /\b(?:raisins|dried fruit|dates|prunes|dried cranberries|craisins)\b/, grams: 150, why: "a cup of dried fruit is about 150 g" },
  { food: /\b(?:berries|blueberries|raspberries|grapes|cherries|melon|watermelon|cantaloupe|pineapple|fruit salad|mango|peaches)\b(?!.*\bjuice\b)/, grams: 150, why: "a cup of fresh fruit pieces is about 150 g" }
]

/** Grams in one tablespoon, by class, for foods USDA gives no tablespoon for. */
export const tablespoonOf: ReadonlyArray<ClassWeight> = [
  { food: /\b(?:margarine|butter|spread|shortening|lard)\b/, grams: 14, why: "a tablespoon of a fat or spread is 14 g" },
  { food: /\b(?:mayo|mayonnaise)\b/, grams: 14, why: "a tablespoon of mayonnaise is 14 g" },
  { food: /\bsour cream\b/, grams: 12, why: "a tablespoon of sour cream is 12 g" },
  { food: /\b(?:parmesan|grated cheese)\b/, grams: 5, why: "a tablespoon of grated cheese is 5 g" },
  { food: /\b(?:jam|jelly|preserves|marmalade|honey|syrup|molasses)\b/, grams: 20, why: "a tablespoon of jam, honey or syrup is 20 g" },
  { food: /\bsugar\b/, grams: 12.5, why: "a tablespoon of sugar is 12.5 g" }
]

/** Size words in front of a serving container ("a large order of fries", "a small bag of chips"). */
export type Size = "small" | "medium" | "large"

export const sizeIn = (text: string, unit: Unit): Size | undefined => {
  const m = new RegExp(`\\b(small|kids?|child-sized|children's|snack-size|mini|medium|regular|large|big|king-size|extra-large|jumbo)\\b[\\w\\s-]{0,30}?\\b${unit === "packet" ? "(?:packet|package|pouch)" : unit}`, "i").exec(text)
  const word = m?.[1]?.toLowerCase()
  if (word === undefined) return undefined
  return /^(?:small|kids?|child-sized|children's|snack-size|mini)$/.test(word) ? "small" : /^(?:medium|regular)$/.test(word) ? "medium" : "large"
}

interface Sized {
  readonly food: RegExp
  readonly units: ReadonlyArray<Unit>
  readonly grams: Readonly<Record<Size, number>>
  /** The size a container of it is when none is said ("an order of fries"), or none: a size must be said. */
  readonly plain?: Size
  readonly why: string
}

/** Typical servings by size, for foods sold in sizes. */
export const sizedServings: ReadonlyArray<Sized> = [
  {
    food: /\b(?:fries|french fried|french fries)\b/,
    units: ["order", "serving", "bag", "each", "small", "medium", "large", "container"],
    grams: { small: 71, medium: 117, large: 154 },
    plain: "medium",
    why: "fast-food fries: small 71 g, medium 117 g, large 154 g (USDA)"
  },
  {
    food: /\bpopcorn\b(?=.*\bmicrowave)|\bmicrowave\b.*\bpopcorn\b/,
    units: ["bag", "packet", "each"],
    grams: { small: 43, medium: 85, large: 85 },
    plain: "medium",
    why: "a microwave bag of popcorn is 3 oz (85 g); a mini bag 1.5 oz"
  },
  {
    food: /^(?!.*\bbars?\b).*\b(?:chips|crisps|popcorn|pretzels|cheetos|doritos|fritos|cheez-?its?|crackers?|snacks?)\b/,
    units: ["bag", "packet", "serving", "container", "can"],
    grams: { small: 28, medium: 43, large: 71 },
    plain: "small",
    why: "a single-serve snack bag: small 1 oz, medium 1.5 oz, large 2.5 oz"
  },
  {
    food: /\b(?:soft drinks?|soda|cola|pop|lemonade|root beer|ginger ale|fruit-flavored drink|fruit punch|iced tea|sweet tea|sprite|pepsi|coke)\b/,
    units: ["small", "medium", "large", "cup", "each", "serving"],
    grams: { small: 480, medium: 630, large: 900 },
    why: "fountain drinks: small 16 fl oz, medium 21 fl oz, large 30 fl oz"
  },
  {
    food: /\b(?:coffee|latte|cappuccino|mocha|americano|macchiato|tea|hot chocolate|cocoa)\b/,
    units: ["small", "medium", "large", "cup", "each", "serving"],
    grams: { small: 355, medium: 473, large: 591 },
    why: "coffee-shop cups: small 12 fl oz, medium 16 fl oz, large 20 fl oz"
  },
  {
    // No size said ("a glass of wine") keeps the US pour of 5 fl oz (portion-table.ts).
    food: /\bwines?\b/,
    units: ["glass"],
    grams: { small: 125, medium: 175, large: 250 },
    why: "UK wine glasses: small 125 ml, medium 175 ml, large 250 ml"
  },
  {
    food: /\bburritos?\b/,
    units: ["small", "medium", "large"],
    grams: { small: 170, medium: 270, large: 340 },
    why: "restaurant burritos: small (6 in) 170 g, medium (8 in) 270 g, large (10 in) 340 g"
  },
  {
    // A brownie (or "brownie cookie") is a bar cut from a pan, denser and larger than a cookie.
    food: /\bbrownies?\b/,
    units: ["small", "medium", "large"],
    grams: { small: 28, medium: 56, large: 85 },
    why: "brownies: small (2 in square) 28 g, medium (2-3/4 in square) 56 g (USDA), large (3 in square, bakery) 85 g"
  },
  {
    food: /\bcookies?\b/,
    units: ["small", "medium", "large"],
    grams: { small: 15, medium: 30, large: 55 },
    why: "cookies: small (2 in) 15 g, medium (3 in) 30 g, large (4 in, bakery) 55 g"
  },
  {
    food: /\b(?:milkshake|shake|smoothie|frappuccino|frappe|slushie|slush)\b/,
    units: ["small", "medium", "large", "cup", "each", "serving", "glass"],
    grams: { small: 340, medium: 454, large: 624 },
    why: "shakes and smoothies: small 12 fl oz, medium 16 fl oz, large 22 fl oz"
  }
]

/**
 * Foods eaten made up that SR28 has only dry (instant ramen): a serving is the dry amount one is made from, weighed
 * dry, and the assumption says so (a bowl is never 250 g of dry noodles).
 */
export const dryServings: ReadonlyArray<{ readonly record: RegExp; readonly units: ReadonlyArray<Unit>; readonly grams: number; readonly why: string }> = [
  {
    record: /\bramen\b.*\bdry\b/,
    units: ["bowl", "serving", "plate", "each", "packet", "container", "cup"],
    grams: 85,
    why: "a bowl of instant ramen is one packet made up, about 85 g dry with its flavour sachet; weighed as the dry record, the only one SR28 has"
  }
]

/** Grams in a pouch or packet, by class, where a 1 oz snack packet is not what is meant. */
export const packetOf: ReadonlyArray<ClassWeight> = [
  { food: /\b(?:applesauce|apple sauce|fruit puree|puree|baby food|squeeze)\b/, grams: 90, why: "a squeeze pouch of fruit puree or applesauce is 3.2 oz" },
  { food: /\b(?:soup|ramen)\b/, record: /\bprepared\b|\bready-to-serve\b/i, grams: 490, why: "a package of noodle soup, prepared, is about 2 cups" },
  { food: /\b(?:candies|candy|m&m'?s|skittles|peanuts|nuts|almonds|cashews|trail mix|sunflower seeds)\b/, grams: 50, why: "a single-serve pack of candy or nuts is about 1.75 oz" },
  { food: /\b(?:oatmeal|oats)\b/, grams: 43, why: "a packet of instant oatmeal is 1.5 oz dry" }
]

/** Grams in an individual container or cup, by class (a creamer cup is not a yogurt pot). */
export const containerOf: ReadonlyArray<ClassWeight> = [
  { food: /\bcreamers?\b|\bhalf and half\b/, grams: 11, why: "an individual creamer cup is 3/8 fl oz" },
  { food: /\b(?:sour cream|dip|dressing|sauce|salsa|guacamole|cream cheese|butter|margarine|syrup|ketchup|mayonnaise|peanut butter|jelly|jam|hummus)\b/, grams: 28, why: "a single-serve cup of a condiment or dip is 1 oz" },
  { food: /\bjuice box\b/, grams: 200, why: "a juice box is 200 ml (6.75 fl oz)" },
  { food: /\bjuice\b/, grams: 125, why: "an individual juice cup or carton is 4 fl oz" },
  { food: /\bmilk\b/, grams: 244, why: "an individual milk carton is 8 fl oz" },
  { food: /\b(?:applesauce|apple sauce|fruit cup|fruit cocktail|mandarin|peaches|pineapple|mixed fruit|pears)\b/, grams: 113, why: "a single-serve fruit or applesauce cup is 4 oz" },
  // A tub is the take-home size, not the single-serve cup: a pint (UK 500 ml) tub holds 2 cups.
  { food: /\btubs?\b.*\b(?:ice creams?|frozen yogh?urt)\b|\b(?:ice creams?|frozen yogh?urt)\b.*\btubs?\b/, grams: 264, why: "a tub of ice cream is a pint, 2 cups of 132 g (USDA)" },
  { food: /\bice creams?\b|\bfrozen yogh?urt\b/, grams: 66, why: "an individual ice cream cup is 1/2 cup, 66 g (USDA)" },
  { food: /\b(?:pudding|gelatin|jell-?o|custard)\b/, grams: 99, why: "a single-serve pudding or gelatin cup is 3.5 oz" },
  { food: /\b(?:cottage cheese|yogh?urt)\b/, grams: 150, why: "an individual pot of yogurt or cottage cheese is 5.3 oz (150 g)" },
  { food: /\bhummus\b/, grams: 57, why: "a single-serve hummus cup is 2 oz" }
]

/** A piece of a food that USDA weighs as a whole bar, pie or pizza. */
export const pieceOf: ReadonlyArray<ClassWeight> = [
  { food: /\bpizza\b/, grams: 107, why: "a piece of pizza is a slice, 1/8 of a 14-inch pizza" },
  { food: /\b(?:candy|candies|chocolate|truffles?|caramels?|fudge|toffee|taffy|bonbons?)\b/, grams: 10, why: "a piece of candy is about 10 g" },
  { food: /\bgum\b/, grams: 3, why: "a piece of chewing gum is 3 g" },
  { food: /\b(?:pie|tart)\b/, grams: 125, why: "a piece of pie is 1/8 of a 9-inch pie" },
  { food: /\bcheesecake\b/, grams: 125, why: "a piece of cheesecake is 1/12 of a 9-inch cake" },
  { food: /\b(?:brownie|cornbread|coffee ?cake|pound cake)\b/, grams: 80, why: "a piece of a brownie, cornbread or pound cake is about 80 g" },
  { food: layerCake, grams: 110, why: "a piece of cake is 1/12 of a 9-inch two-layer cake, about 110 g" },
  { food: /\b(?:bread|toast)\b/, grams: 30, why: "a piece of bread is a slice" },
  { food: /\bcheese\b/, grams: 28, why: "a piece of cheese is 1 oz" }
]

/**
 * A slice of a food USDA weighs another way (it gives "1 piece" of a small
 * commercial cake, or nothing): a slice as cut at home or in a bakery.
 */
export const sliceOf: ReadonlyArray<ClassWeight> = [
  { food: /\bpizza\b/, grams: 107, why: "a slice of pizza is 1/8 of a 14-inch pizza" },
  { food: /\bmeat ?loaf\b|\bloaf, cooked\b/, grams: 115, why: "a slice of meatloaf, 1 in thick, is about 4 oz" },
  { food: /\bcheesecake\b/, grams: 125, why: "a slice of cheesecake is 1/12 of a 9-inch cake" },
  { food: /\b(?:pound cake|loaf cake|banana bread|zucchini bread|pumpkin bread)\b/, grams: 80, why: "a slice of pound cake or a sweet loaf is about 80 g" },
  { food: layerCake, grams: 110, why: "a slice of cake is 1/12 of a 9-inch two-layer cake, about 110 g" },
  { food: /\b(?:pies?|tarts?|quiche)\b/, grams: 125, why: "a slice of pie is 1/8 of a 9-inch pie" },
  { food: /\bwatermelon\b/, grams: 286, why: "a slice of watermelon is a wedge, 1/16 of a melon (USDA)" },
  { food: /\b(?:cantaloupe|honeydew|melon)\b/, grams: 69, why: "a slice of melon is a wedge, 1/8 of a medium melon (USDA)" }
]

/**
 * The whole of a food people eat a fraction of ("half a cantaloupe", "a
 * quarter of a watermelon", "half a pizza"): the fraction is of this.
 */
export const wholeOf: ReadonlyArray<ClassWeight> = [
  { food: /\bwatermelons?\b/, grams: 4518, why: "a whole watermelon, 15 in long, is 4,518 g (USDA)" },
  { food: /\b(?:cantaloupes?|muskmelons?)\b/, grams: 552, why: "a whole medium cantaloupe, 5 in across, is 552 g (USDA)" },
  { food: /\bhoneydews?\b/, grams: 1280, why: "a whole honeydew, 6-7 in across, is 1,280 g (USDA)" },
  { food: /\bpineapples?\b/, grams: 905, why: "a whole pineapple is 905 g of fruit (USDA)" },
  { food: /\bpizzas?\b/, grams: 856, why: "a whole 14-inch pizza is 8 slices of 107 g" },
  { food: /\bcheesecakes?\b/, grams: 1500, why: "a whole 9-inch cheesecake is 12 slices of 125 g" },
  { food: /\b(?:pies?|quiches?)\b/, grams: 1000, why: "a whole 9-inch pie is 8 slices of 125 g" },
  { food: layerCake, grams: 1320, why: "a whole 9-inch layer cake is 12 slices of 110 g" },
  { food: /\bbaguettes?\b/, grams: 250, why: "a baguette is 250 g" }
]

export interface Serving {
  /** The food class, tested against the user's words for the food only (never the record's). */
  readonly food: RegExp
  /** Cups of the food (its USDA cup weight), when USDA gives one. */
  readonly cups?: number
  /** Grams otherwise. */
  readonly grams: number
  readonly why: string
}

/** One serving of a food named with no amount and no count ("rice", "beans and cheese"): a typical serving, stated. */
export const servingOf: ReadonlyArray<Serving> = [
  { food: /\bice cream (?:bars?|pops?)$|\b(?:ice cream|frozen yogh?urt|fudge) (?:on a )?sticks?$|\b(?:popsicles?|fudgsicles?|creamsicles?)$/, grams: 65, why: "an ice cream bar on a stick is about 2.5 fl oz, 65 g" },
  { food: /\bwhipped (?:cream|topping)(?: topping)?$|\bcool whip$/, cups: 2 / 16, grams: 8, why: "a topping of whipped cream is 2 tbsp" },
  { food: /\b(?:creamer|coffee cream)$/, grams: 15, why: "creamer in a drink is 1 tbsp" },
  { food: /^(?:(?:white|brown|cane|granulated|raw|some|a little)\s+)*sugar$/, grams: 4.2, why: "sugar in a drink or on cereal is 1 tsp (a packet is 4 g)" },
  { food: /\b(?:lettuce|greens|spinach leaves)$/, cups: 0.5, grams: 20, why: "lettuce in a dish is 1/2 cup shredded" },
  { food: /\b(?:rice|pasta|spaghetti|macaroni|noodles|couscous|quinoa|grits|oatmeal|porridge|mashed potato(?:es)?|casserole|chili|stew|soup|mac and cheese|macaroni and cheese|fried rice)$/, cups: 1, grams: 200, why: "a serving of a grain, soup or stew is 1 cup" },
  { food: /\b(?:beans|vegetables|veggies|corn|peas|broccoli|carrots|green beans|spinach|coleslaw|salad|fruit salad|applesauce|potatoes|onions|mushrooms|peppers)$/, cups: 0.5, grams: 80, why: "a side of vegetables, beans or fruit is 1/2 cup" },
  { food: /\b(?:milk|juice|soy ?milk|almond milk|smoothie|lemonade|iced tea|soda|cola|shake|milkshake|nutritional drink)$/, cups: 1, grams: 240, why: "a drink is one 8 fl oz cup" },
  { food: /\b(?:cheese)$/, grams: 28, why: "a serving of cheese is 1 oz" },
  { food: /\b(?:sauce|gravy|dressing|salsa|dip|hummus|syrup|ketchup|mayonnaise|mayo|sour cream)$/, grams: 30, why: "a serving of a sauce or dip is 2 tbsp" },
  { food: /\b(?:cereal|granola)$/, cups: 1, grams: 30, why: "a bowl of breakfast cereal is 1 cup" },
  { food: /\b(?:ice cream|frozen yogh?urt|sorbet|pudding)$/, cups: 0.5, grams: 66, why: "a serving of ice cream or pudding is 1/2 cup" },
  { food: /\b(?:yogh?urt)$/, grams: 170, why: "a serving of yogurt is a 6 oz container" },
  { food: /\b(?:chicken|beef|pork|steak|fish|salmon|tuna|turkey|ham|lamb|shrimp|meat|tofu)$/, grams: 85, why: "a serving of meat, fish or tofu is 3 oz cooked" },
  { food: /\b(?:chips|crisps|pretzels|popcorn|crackers|nuts|almonds|peanuts|trail mix)$/, grams: 28, why: "a serving of a snack is 1 oz" }
]

/** The first class weight for `name` or the record's `description`. */
export const classWeight = (table: ReadonlyArray<ClassWeight>, name: string, description: string): ClassWeight | undefined => {
  const ofRecord = (c: ClassWeight) => description === "" || c.record === undefined || c.record.test(description)
  return table.find((c) => c.food.test(name) && ofRecord(c)) ?? table.find((c) => c.food.test(description) && ofRecord(c))
}

/** Household vessels measured in cups of the food they hold. */
export const vesselCups = {
  bowl: [1.5, "a bowl is 1 1/2 cups"],
  glass: [1, "a glass is 8 fl oz, 1 cup"],
  mug: [1, "a mug is 8 fl oz, 1 cup"],
  plate: [2, "a plate is 2 cups"]
} as const satisfies Partial<Record<Unit, readonly [number, string]>>
export const cupsIn: Partial<Record<Unit, readonly [number, string]>> = vesselCups
