/**
 * Grams per ml by food class, for a volume no household weight covers
 * (portions.ts: "a tablespoon of cocoa", "a cubic inch of cake"). A measure of
 * cocoa is not a measure of water: each class's density is a stated USDA
 * household weight divided by the volume it names (a cup 240 ml, a
 * tablespoon 15 ml, as volumeMl), shown with the grams. The user's own words
 * name the class before the matched record does: "a tablespoon of cocoa"
 * matched to a cookie is cocoa. A food of no class is about as dense as water,
 * said so. Pure data and one lookup.
 */
import { volumeMl } from "./portion-table.js"
import type { Unit } from "./types.js"

interface Density {
  readonly food: RegExp
  /** The fact the density comes from: `grams` in one `per`. */
  readonly grams: number
  readonly per: "cup" | "tbsp" | "tsp"
  readonly why: string
  /** Only for these units: bare "cocoa" by the spoon is the powder, by the cup the drink. */
  readonly units?: ReadonlyArray<Unit>
}

const drink = /\b(?:hot chocolate|hot cocoa|milk|milkshakes?|shakes?|smoothies?|juice|coffee|tea|latte|cappuccino|soda|drinks?|beverages?|water|soups?|broth|stock)\b/

/** First match wins: the powders before the drinks ("shake powder", "milk powder"), the drinks before the nuts ("almond milk"). */
const classes: ReadonlyArray<Density> = [
  { food: /\bcocoa\s+powder\b|\b(?:unsweetened|baking|dutch[- ]process(?:ed)?|raw)\s+cocoa\b|\bcocoa,\s*dry powder\b/, grams: 86, per: "cup", why: "USDA: 1 cup cocoa powder = 86 g" },
  { food: /(?<!\bhot\s)\bcocoa\b(?!\s*(?:mix|drink|beverage))/, grams: 86, per: "cup", why: "a spoonful of cocoa is the powder; USDA: 1 cup cocoa powder = 86 g", units: ["tbsp", "tsp"] },
  { food: /\b(?:powdered|confectioners'?|icing)\s+sugar\b|\bsugars?,\s*powdered\b/, grams: 120, per: "cup", why: "USDA: 1 cup powdered sugar = 120 g" },
  { food: /\bbaking\s+(?:powder|soda)\b/, grams: 4.6, per: "tsp", why: "USDA: 1 tsp baking powder = 4.6 g" },
  { food: /\bpowder(?:ed)?\b/, grams: 108, per: "cup", why: "a powder (protein, shake or milk powder) is about 0.45 g/ml; USDA: 1 cup whole dry milk = 128 g, 1 cup cocoa powder = 86 g" },
  { food: /\b(?:flour|cornstarch|corn starch|cornmeal)\b/, grams: 125, per: "cup", why: "USDA: 1 cup all-purpose flour = 125 g" },
  { food: drink, grams: 240, per: "cup", why: "a drink or soup is about as dense as water" },
  { food: /\b(?:peanut|almond|cashew|nut|seed|sunflower|hazelnut)\s+butter\b|\btahini\b|\bnutella\b/, grams: 32, per: "cup", why: "USDA: 2 tbsp peanut butter = 32 g" },
  { food: /\bhoney\b|\bsyrups?\b|\bmolasses\b|\bagave\b/, grams: 21, per: "tbsp", why: "USDA: 1 tbsp honey = 21 g" },
  { food: /\bbrown sugar\b/, grams: 220, per: "cup", why: "USDA: 1 cup brown sugar, packed = 220 g" },
  { food: /\bsugars?\b(?!\s*(?:-|\s)?(?:free|snap|cookies?|coated)\b)/, grams: 200, per: "cup", why: "USDA: 1 cup granulated sugar = 200 g" },
  { food: /(?<!\b(?:in|with|packed)\s)\boils?\b(?!\s*-?\s*(?:packed|spray))|\bghee\b/, grams: 13.5, per: "tbsp", why: "USDA: 1 tbsp olive oil = 13.5 g" },
  { food: /\b(?:butter|margarine|lard|shortening)\b/, grams: 227, per: "cup", why: "USDA: 1 cup butter = 227 g" },
  { food: /\b(?:grated|shredded)\b.*\bcheese\b|\bparmesan\b|\bcheese\b.*\b(?:grated|shredded)\b/, grams: 100, per: "cup", why: "USDA: 1 cup grated parmesan = 100 g" },
  // Kept from the cubic-inch table: a solid block of cheese.
  { food: /\bcheese\b(?!\s*cake)/, grams: 264, per: "cup", why: "cheese is about 1.1 g/ml (USDA: 1 cubic inch of mozzarella = 18 g)" },
  { food: /\b(?:almonds?|peanuts?|walnuts?|pecans?|cashews?|pistachios?|hazelnuts?|macadamias?|nuts|seeds|chia|flax(?:seed)?|pepitas|trail mix)\b/, grams: 143, per: "cup", why: "USDA: 1 cup almonds = 143 g" },
  { food: /\b(?:spinach|lettuce|arugula|rocket|kale|chard|greens|spring mix|mesclun|watercress|cabbage, raw)\b(?!.*\b(?:cooked|boiled|steamed|sauteed|creamed|frozen)\b)/, grams: 30, per: "cup", why: "USDA: 1 cup raw spinach = 30 g" },
  { food: /\b(?:flakes|cereals?|cheerios|krispies|puffs|chex)\b(?!.*\b(?:cooked|prepared|hot)\b)/, grams: 28, per: "cup", why: "USDA: 1 cup corn flakes = 28 g" },
  { food: /\bgranola\b|\bmuesli\b/, grams: 122, per: "cup", why: "USDA: 1 cup granola = 122 g" },
  { food: /\b(?:rolled|dry|raw|uncooked|old[- ]fashioned|quick)\s+oats\b/, grams: 81, per: "cup", why: "USDA: 1 cup rolled oats, dry = 81 g" },
  // Kept from the cubic-inch table: a light cake or bread.
  { food: /(?<!\b(?:pound|cheese|fruit)\s*)\b(?:cakes?|bread|sponge|muffins?|cornbread|breadcrumbs?)\b/, grams: 96, per: "cup", why: "a light cake or bread is about 0.4 g/ml (a 1/12 piece of a 9-inch two-layer cake, about 16 in³, weighs 65–110 g)" }
]

export interface DensityFound {
  /** Grams per ml. */
  readonly gPerMl: number
  readonly why: string
}

const perMl = (d: Density): DensityFound => {
  const gPerMl = d.grams / (volumeMl[d.per] ?? 1)
  return { gPerMl, why: `${d.why}, ${Math.round(gPerMl * 100) / 100} g/ml` }
}

/**
 * A record names its food before the first comma ("Nuts, almonds", "Oil, olive", "Cookies, sugar"): its class
 * is the one named there, not a word further on ("Fish, tuna, canned in oil").
 */
const namedFirst = (re: RegExp, record: string): boolean => {
  const m = re.exec(record)
  const comma = record.indexOf(",")
  return m !== null && (comma < 0 || m.index < comma)
}

/** The density of the food `said` (the user's words) names, else of the record matched; undefined for a food of no class. */
export const densityOf = (said: string, record: string, unit: Unit): DensityFound | undefined => {
  const fits = classes.filter((d) => d.units === undefined || d.units.includes(unit))
  const found = fits.find((d) => d.food.test(said.toLowerCase())) ?? fits.find((d) => namedFirst(d.food, record.toLowerCase()))
  return found === undefined ? undefined : perMl(found)
}
