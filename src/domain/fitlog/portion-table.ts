/**
 * The curated household weights portions.ts reads: mass and volume units,
 * typical weights of common foods by unit (USDA SR28 / FNDDS portion weights,
 * rounded), conventions for vague portions, and the factors for a size said
 * on a food weighed by one count. Each weight is a stated fact, shown with its
 * assumption. Pure data.
 */
import type { Unit } from "./types.js"

export const mass: Partial<Record<Unit, number>> = { g: 1, mg: 0.001, kg: 1000, oz: 28.3495, lb: 453.592 }
export const volumeMl: Partial<Record<Unit, number>> = { ml: 1, l: 1000, "fl oz": 29.5735, cup: 240, tbsp: 15, tsp: 5 }

export interface Portion {
  readonly food: RegExp
  readonly unit: Unit
  readonly grams: number
  /** The fact behind the weight, shown with it. */
  readonly why?: string
}

/** Beer, lager, ale or cider: not root beer, ginger beer or ginger ale, which are soft drinks. */
const beer = /(?<!\b(?:root|ginger|birch)\s)\b(?:beer|lager|ale|cider)\b/

/** Curated household weights for common foods (USDA SR28 / FNDDS portion weights, rounded). */
export const portionTable: ReadonlyArray<Portion> = [
  { food: /\beggs?\b/, unit: "each", grams: 50 },
  { food: /\beggs?\b/, unit: "small", grams: 38 },
  { food: /\beggs?\b/, unit: "medium", grams: 44 },
  { food: /\beggs?\b/, unit: "large", grams: 50 },
  { food: /\bbananas?\b/, unit: "each", grams: 118 },
  { food: /\bbananas?\b/, unit: "small", grams: 101 },
  { food: /\bbananas?\b/, unit: "medium", grams: 118 },
  { food: /\bbananas?\b/, unit: "large", grams: 136 },
  { food: /\bapples?\b/, unit: "each", grams: 182 },
  { food: /\bapples?\b/, unit: "small", grams: 149 },
  { food: /\bapples?\b/, unit: "medium", grams: 182 },
  { food: /\bapples?\b/, unit: "large", grams: 223 },
  { food: /\boranges?\b/, unit: "each", grams: 131 },
  { food: /\b(?:bread|toast)\b/, unit: "slice", grams: 30 },
  { food: /\btoasts?\b/, unit: "each", grams: 30 },
  { food: /^(?!.*\b(?:banana|zucchini|pumpkin|corn|monkey|garlic|pita|naan|flat|french|soda|sweet)\b).*\bbread$/, unit: "each", grams: 30, why: "bread named with no count is one slice" },
  { food: /^(?!.*pizza).*\bcheese\b/, unit: "slice", grams: 21 },
  { food: /\bpizza\b/, unit: "slice", grams: 107 },
  { food: /\b(?:personal|individual)\b.*\bpizza\b/, unit: "each", grams: 200, why: "a personal pizza, 7 in across, is about 200 g" },
  { food: /\bpizza\b/, unit: "each", grams: 107, why: "a pizza eaten by one person is taken as one slice" },
  { food: /\bbacon\b/, unit: "slice", grams: 8 },
  { food: /\bbagels?\b/, unit: "each", grams: 105 },
  { food: /\benglish muffins?\b/, unit: "each", grams: 57, why: "an English muffin (USDA)" },
  // A plain (American) biscuit only: a sausage biscuit is a sandwich, a digestive biscuit a cookie.
  { food: /^(?:(?:plain|buttermilk|warm|fluffy|flaky|homemade|fresh|southern|golden)[\s,]+)*biscuits?$/, unit: "each", grams: 60, why: "a biscuit, 3 in across, is about 60 g" },
  { food: /\b(?:burger|hamburger|beef|turkey burger|veggie burger) patty\b/, unit: "each", grams: 85, why: "a cooked burger patty, a quarter-pound raw, is about 3 oz" },
  { food: /\bchicken thighs?\b/, unit: "each", grams: 70, why: "a chicken thigh gives about 2.5 oz of cooked meat" },
  { food: /\bcookies?\b/, unit: "each", grams: 15 },
  { food: /\bpotato(?:es)?\b/, unit: "each", grams: 173 },
  { food: /\bpotato(?:es)?\b/, unit: "medium", grams: 173 },
  { food: /\bcarrots?\b/, unit: "each", grams: 61 },
  { food: /\btomato(?:es)?\b/, unit: "each", grams: 123 },
  { food: /\bavocados?\b/, unit: "each", grams: 136 },
  { food: /\bgarlic\b/, unit: "clove", grams: 3 },
  { food: /\bstrawberr(?:y|ies)\b/, unit: "each", grams: 12 },
  { food: /\balmonds?\b/, unit: "each", grams: 1.2 },
  { food: /\bchicken breasts?\b/, unit: "each", grams: 172 },
  { food: /\bcorn tortillas?\b/, unit: "each", grams: 26, why: "a corn tortilla, 6 in across, is 26 g (USDA)" },
  { food: /\btortillas?\b/, unit: "each", grams: 45 },
  { food: /\boil\b/, unit: "tbsp", grams: 13.6 },
  { food: /\boil\b/, unit: "tsp", grams: 4.5 },
  { food: /\bpeanut butter\b/, unit: "tbsp", grams: 16 },
  { food: /^(?!.*peanut).*\bbutter\b/, unit: "tbsp", grams: 14.2 },
  { food: /^(?!.*peanut).*\bbutter\b/, unit: "stick", grams: 113, why: "a US stick of butter is 1/4 lb" },
  { food: /\bhoney\b/, unit: "tbsp", grams: 21 },
  { food: /\bsugar\b/, unit: "tbsp", grams: 12.5 },
  { food: /\bsugar\b/, unit: "tsp", grams: 4.2 },
  { food: /\bflour\b/, unit: "cup", grams: 125 },
  { food: /\boats\b/, unit: "cup", grams: 81 },
  { food: /\b(?:oatmeal|porridge)\b/, unit: "cup", grams: 234, why: "a cup of cooked oatmeal (USDA)" },
  { food: /\brice\b/, unit: "cup", grams: 158 },
  { food: /\bmilk\b/, unit: "cup", grams: 244 },
  { food: /\bprotein\b/, unit: "scoop", grams: 30 },
  { food: /\bice cream\b/, unit: "scoop", grams: 66, why: "a scoop of ice cream is 1/2 cup (USDA)" },
  { food: beer, unit: "bottle", grams: 356, why: "a bottle of beer is 12 fl oz" },
  { food: beer, unit: "pint", grams: 568, why: "a pint of beer is the imperial pub pint, 568 ml" },
  { food: beer, unit: "each", grams: 356, why: "a beer is a 12 fl oz bottle or can" },
  { food: beer, unit: "can", grams: 356, why: "a US can of beer or cider is 12 fl oz" },
  { food: /\b(?:energy drinks?|monster|rockstar|amp)$/, unit: "can", grams: 473, why: "a can of energy drink (Monster, Rockstar, AMP) is 16 fl oz" },
  { food: /\b(?:soda|cola|coke|pepsi|lemonade|sprite|pop|root beer|ginger ale|ginger beer|soft drink)\b/, unit: "bottle", grams: 591, why: "a bottle of soft drink is 20 fl oz" },
  { food: /\b(?:soda|cola|coke|pepsi|ginger ale|soft drink|lemonade|root beer|sprite|pop|tonic)\b/, unit: "can", grams: 370, why: "a can of soft drink is 12 fl oz" },
  { food: /\bespresso\b/, unit: "each", grams: 30, why: "a shot of espresso is 1 fl oz" },
  { food: /\b(?:coffee|tea|latte|cappuccino|americano|flat white|mocha)\b/, unit: "each", grams: 240, why: "a coffee or tea is one 8 fl oz cup" },
  { food: /\bcream cheese\b/, unit: "each", grams: 29, why: "cream cheese on a bagel is 2 tbsp" },
  { food: /\bpeanut butter\b/, unit: "each", grams: 32, why: "a serving of peanut butter is 2 tbsp" },
  { food: /^(?!.*peanut)(?!.*cream).*\bbutter\b/, unit: "each", grams: 5, why: "butter on bread is a pat, 1 tsp" },
  { food: /\b(?:jam|jelly|marmalade|preserves)\b/, unit: "each", grams: 20, why: "jam on bread is 1 tbsp" },
  { food: /\b(?:maple syrup|syrup)\b/, unit: "each", grams: 40, why: "syrup on pancakes is 2 tbsp" },
  { food: /\b(?:ketchup|catsup|mayo|mayonnaise|mustard)\b/, unit: "each", grams: 15, why: "a condiment is 1 tbsp" },
  { food: /\bcroissants?\b/, unit: "each", grams: 57, why: "a medium croissant (USDA)" },
  { food: /\bpears?\b/, unit: "each", grams: 178, why: "a medium pear (USDA)" },
  { food: /\bmuffins?\b/, unit: "each", grams: 113, why: "a medium muffin (USDA)" },
  { food: /\bkiwi(?:fruit)?s?\b/, unit: "each", grams: 69, why: "a kiwifruit, 2 in across (USDA)" },
  { food: /\bpeach(?:es)?\b/, unit: "each", grams: 150, why: "a medium peach (USDA)" },
  { food: /\bsausages?\b/, unit: "each", grams: 50, why: "a sausage (banger or large link) is about 50 g" },
  { food: /\bbacon\b/, unit: "each", grams: 8, why: "a slice of cooked bacon (USDA)" },
  { food: /\b(?:yogh?urt)\b/, unit: "each", grams: 150, why: "a pot of yogurt is 150 g (UK) / 5.3 oz (US)" },
  { food: /\b(?:yogh?urt)\b/, unit: "container", grams: 150, why: "a pot of yogurt is 150 g (UK) / 5.3 oz (US)" },
  { food: /\bbeans\b/, unit: "can", grams: 415, why: "a tin of beans is 415 g (UK); a US 15 oz can is 425 g" },
  { food: /\btuna\b/, unit: "can", grams: 142, why: "a can of tuna is 5 oz drained" },
  { food: /\bwine\b/, unit: "bottle", grams: 750, why: "a bottle of wine is 750 ml" },
  { food: /\bwine\b/, unit: "glass", grams: 148, why: "a glass of wine is 5 fl oz" },
  { food: /\bwine\b/, unit: "each", grams: 148, why: "a glass of wine is 5 fl oz" },
  { food: /\bpizza\b/, unit: "piece", grams: 107, why: "a piece of pizza is a slice" }
]

/** Conventions for household portions, used when the food has no better weight (each with its assumption). */
export const vaguePortions: Partial<Record<Unit, readonly [number, string]>> = {
  handful: [30, "a handful is about 1 oz"],
  pinch: [0.4, "a pinch is about 1/16 tsp"],
  splash: [10, "a splash is about 2 tsp"],
  bowl: [250, "a bowl is about 1 cup"],
  glass: [250, "a glass is about 250 ml"],
  mug: [240, "a mug is 8 fl oz"],
  plate: [300, "a plate is a main-course portion"],
  serving: [100, "a serving with no weight given"],
  scoop: [30, "a scoop is about 1 oz"],
  can: [330, "a can is 330 ml (UK/EU; a US can is 355 ml)"],
  bottle: [500, "a bottle is 500 ml"],
  order: [150, "an order is one restaurant side portion"],
  bag: [28, "a single-serving bag is 1 oz"],
  packet: [28, "a single-serving packet is 1 oz"],
  bar: [40, "a bar is about 40 g"],
  pint: [473, "a pint is 16 fl oz (US)"],
  stick: [28, "a stick (cheese, snack) is 1 oz"],
  container: [170, "a single-serving container is 6 oz"],
  piece: [30, "a piece is about 1 oz"],
  slice: [30, "a slice is about 1 oz"]
}

/**
 * A size said on a food USDA weighs by one count ("a large pork chop" when it gives only "1 chop"):
 * small ≈ 3/4 and large ≈ 1.3 of the medium one. USDA's own small/medium/large weights run about so
 * (banana 101/118/136 g, apple 149/182/223 g, egg 38/44/50 g, potato 138/173/299 g); "regular" and
 * "standard" are medium.
 */
export const sizeFactor: Partial<Record<Unit, number>> = { small: 0.75, medium: 1, large: 1.3, each: 1, piece: 1 }
