/**
 * Portions by food class, second pass (portions.ts, household.ts,
 * size-words.ts): slices and pieces of cake and pie, fractions of a whole,
 * whole fish, packs of several, sizes printed on candy wrappers, a size
 * said among the food's words, and the USDA household descriptions that
 * were misread. Each case names the fact it protects; the phrases are our
 * own, not benchmark meals.
 */
import { describe, expect, it } from "@effect/vitest"
import { resolveGrams, unitsIn } from "../../../src/domain/fitlog/portions.js"
import type { FoodRequest, HouseholdWeight, Unit } from "../../../src/domain/fitlog/types.js"
import { FoodName } from "../../../src/domain/fitlog/types.js"

const ask = (text: string, name: string, unit: Unit, quantity = 1, assumption?: string): FoodRequest => ({
  text, name: FoodName.make(name), quantity, unit, ...(assumption === undefined ? {} : { assumption })
})
const grams = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = "") =>
  resolveGrams(request, household, description)?.grams
const why = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = "") =>
  resolveGrams(request, household, description)?.assumption ?? ""

describe("USDA household descriptions read for what they say", () => {
  it("'1 serving, 1/2 cup = 66 g' is half a cup: a cup of it is 132 g, not 66", () => {
    const iceCream: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "serving, 1/2 cup", grams: 66 }]
    expect(unitsIn(iceCream[0] ?? { amount: 0, description: "", grams: 0 }, "cup")).toBe(0.5)
    expect(grams(ask("a cup of vanilla ice cream", "vanilla ice cream", "cup"), iceCream, "Ice creams, vanilla")).toBe(132)
    // A mixed number: "serving, 1 1/2 cups" holds one and a half cups.
    expect(unitsIn({ amount: 1, description: "serving, 1 1/2 cups", grams: 300 }, "cup")).toBe(1.5)
    // A description that starts with the cup counts cups by its amount.
    expect(unitsIn({ amount: 0.5, description: "cup", grams: 125 }, "cup")).toBe(0.5)
  })

  it("'0.75 cup, (1 NLEA serving) = 29 g' is one serving of 29 g, not 0.75 of one", () => {
    const cereal: ReadonlyArray<HouseholdWeight> = [{ amount: 0.75, description: "cup,  (1 NLEA serving)", grams: 29 }]
    expect(grams(ask("a serving of cocoa puffs", "cocoa puffs", "serving"), cereal, "Cereals ready-to-eat, cocoa puffs")).toBe(29)
  })

  it("a unit 'yield from 1 lb' of meat is no count of one piece: a cooked burger patty is about 3 oz", () => {
    const patty: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "unit, cooked (yield from 1 lb raw meat)", grams: 313 }]
    expect(grams(ask("a ground beef patty", "ground beef patty", "each"), patty, "Beef, ground, patty, cooked")).toBe(85)
    // A sausage patty is no burger patty.
    expect(grams(ask("a sausage patty", "pork sausage patty", "each"), [{ amount: 1, description: "patty", grams: 27 }], "Pork sausage, link/patty, cooked")).toBe(27)
  })

  it("a 7 oz bag is many servings: chips named with no amount are one 1 oz serving", () => {
    const chips: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "oz", grams: 28.35 }, { amount: 1, description: "bag,  (7 oz)", grams: 198 }]
    expect(grams(ask("potato chips", "potato chips", "each", 1, "no amount given: 1 assumed"), chips, "Snacks, potato chips, plain")).toBe(28)
  })

  it("a weight USDA names for a size ('1 package, fun size') is that size, used only when it is said", () => {
    const candy: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "package, fun size", grams: 18 }]
    const description = "Candies, peanut chocolate candies"
    expect(grams(ask("a package of peanut chocolate candies", "peanut chocolate candies", "packet"), candy, description)).toBe(50)
    expect(grams(ask("a fun size package of peanut chocolate candies", "peanut chocolate candies", "packet"), candy, description)).toBe(18)
  })

  it("USDA's own weight for a size ('1 potato, large') wins over scaling a typical one", () => {
    const potato: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "potato, large", grams: 299 }]
    expect(grams(ask("a large baked potato", "baked potato", "large"), potato, "Potatoes, baked, flesh and skin")).toBe(299)
    expect(grams(ask("a large baked potato", "baked potato", "large"))).toBeCloseTo(173 * 1.3) // the typical potato ×1.3 for large (portion-table.ts sizeFactor)
  })
})

describe("curated count weights", () => {
  it("an English muffin is 57 g, not a 113 g bakery muffin", () => {
    expect(grams(ask("an English muffin", "English muffin", "each"))).toBe(57)
    expect(grams(ask("a blueberry muffin", "blueberry muffin", "each"))).toBe(113)
  })

  it("a plain biscuit is 60 g (3 in across), as dishes.ts builds one; a sausage biscuit is no plain biscuit", () => {
    expect(grams(ask("a warm buttermilk biscuit", "warm buttermilk biscuit", "each"))).toBe(60)
    expect(grams(ask("a sausage biscuit", "sausage biscuit", "each"), [{ amount: 1, description: "item, 4.1 oz", grams: 117 }], "McDONALD'S, Sausage Biscuit")).toBe(117)
  })

  it("root beer, ginger beer and ginger ale are soft drinks: a bottle is not a 12 fl oz beer", () => {
    expect(grams(ask("a bottle of beer", "beer", "bottle"))).toBe(356)
    expect(grams(ask("a bottle of root beer", "root beer", "bottle"))).toBe(591)
    expect(grams(ask("a bottle of ginger ale", "ginger ale", "bottle"))).toBe(591)
  })

  it("a chicken thigh gives about 70 g of meat; a personal pizza is about 200 g, a pizza slice stays 107 g", () => {
    expect(grams(ask("a baked chicken thigh", "chicken thigh", "each"))).toBe(70)
    expect(grams(ask("a personal size cheese pizza", "personal size cheese pizza", "each"))).toBe(200)
    expect(grams(ask("a slice of cheese pizza", "cheese pizza", "slice"))).toBe(107)
  })
})

describe("slices and pieces by food class", () => {
  it.each([
    ["a slice of chocolate cake", "chocolate cake", 110],
    ["a slice of carrot cake", "carrot cake", 110],
    ["a slice of cheesecake", "cheesecake", 125],
    ["a slice of apple pie", "apple pie", 125],
    ["a slice of pound cake", "pound cake", 80],
    ["a slice of watermelon", "watermelon", 286]
  ])("%s ≈ %d g, not a 1 oz slice of bread", (text, name, expected) => {
    expect(grams(ask(text, name, "slice"))).toBe(expected)
    expect(why(ask(text, name, "slice"))).toMatch(/slice|wedge/)
  })

  it("a rice cake or a fish cake is no slice of layer cake", () => {
    expect(grams(ask("a slice of rice cake", "rice cake", "slice"))).toBe(30)
    expect(grams(ask("a slice of fish cake", "fish cake", "slice"))).toBe(30)
  })

  it("a piece of layer cake is a slice of it; a brownie stays 80 g", () => {
    expect(grams(ask("a piece of carrot cake", "carrot cake", "piece"))).toBe(110)
    expect(grams(ask("a piece of brownie", "brownie", "piece"))).toBe(80)
  })
})

describe("fractions of a whole", () => {
  it("a quarter of a watermelon is a quarter of a whole melon (USDA 4,518 g)", () => {
    expect(grams(ask("a quarter of a watermelon", "quarter of a watermelon", "each"), [], "Watermelon, raw")).toBeCloseTo(1129.5)
    expect(grams(ask("0.25 watermelon", "watermelon", "each", 0.25))).toBeCloseTo(1129.5)
  })

  it("half a cantaloupe, a third of a pie, half a pizza: fractions of the whole, with the whole stated", () => {
    expect(grams(ask("half a cantaloupe", "cantaloupe", "each", 0.5))).toBe(276)
    expect(grams(ask("a third of a pie", "third of a pie", "each"))).toBeCloseTo(333.3, 0)
    expect(grams(ask("half a pizza", "pizza", "each", 0.5))).toBe(428)
    expect(why(ask("half a pizza", "pizza", "each", 0.5))).toContain("a whole 14-inch pizza")
  })

  it("a fraction of a food with a count weight of its own stays a fraction of one (half an avocado)", () => {
    expect(grams(ask("half an avocado", "avocado", "each", 0.5))).toBe(68)
  })
})

describe("whole fish", () => {
  it("a whole fish is the fish, about 340 g cooked, not a fillet; small ×2/3, large ×1.5", () => {
    const fillet: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "fillet", grams: 87 }]
    const description = "Fish, tilapia, cooked, dry heat"
    expect(grams(ask("a whole grilled tilapia", "whole tilapia", "each"), fillet, description)).toBe(340)
    expect(grams(ask("a small whole tilapia", "whole tilapia", "small"), fillet, description)).toBeCloseTo(226.7, 1)
    expect(grams(ask("a large whole tilapia", "whole tilapia", "large"), fillet, description)).toBe(510)
    expect(grams(ask("a tilapia fillet", "tilapia fillet", "each"), fillet, description)).toBe(87)
  })
})

describe("packs holding several", () => {
  const tart: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "tart", grams: 52 }]
  it("a package of two is two; breakfast tarts come two to a foil pack", () => {
    expect(grams(ask("a package of two breakfast tarts", "breakfast tarts", "packet"), tart, "Breakfast tart, low fat")).toBe(104)
    expect(grams(ask("a package of breakfast tarts", "breakfast tarts", "packet"), tart, "Breakfast tart, low fat")).toBe(104)
    // Three cookies of the curated 15 g each.
    expect(grams(ask("a package containing three cookies", "cookies", "packet"), [], "Cookies, chocolate chip")).toBe(45)
  })

  it("a pack of candy or nuts with no weight of its own is a 1.75 oz checkout pack", () => {
    expect(grams(ask("a package of dry roasted peanuts", "dry roasted peanuts", "packet"), [], "Peanuts, all types, dry-roasted")).toBe(50)
  })

  it("a package of noodle soup, prepared, is about 2 cups; a dry soup mix is not", () => {
    expect(grams(ask("a package of noodle soup", "noodle soup", "packet"), [], "Soup, chicken noodle, prepared with water")).toBe(490)
    expect(grams(ask("a package of noodle soup", "noodle soup", "packet"), [], "Soup, chicken noodle, dry mix")).toBe(28)
  })
})

describe("sizes printed on the wrapper", () => {
  const bar: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "bar (1.5 oz)", grams: 42 }]
  const description = "Candies, milk chocolate wafer bar"
  it("miniature 8.5 g, fun size 15 g, king size 1.8 standard bars", () => {
    expect(grams(ask("a miniature wafer bar", "miniature wafer bar", "each"), bar, description)).toBe(8.5)
    expect(grams(ask("a fun-size wafer bar", "fun-size wafer bar", "each"), bar, description)).toBe(15)
    expect(grams(ask("a king-size wafer bar", "king-size wafer bar", "each"), bar, description)).toBeCloseTo(75.6)
    expect(grams(ask("a wafer bar", "wafer bar", "each"), bar, description)).toBe(42)
  })

  it("a mini muffin or a mini sandwich is a third of the regular one, said so", () => {
    expect(grams(ask("a mini blueberry muffin", "mini blueberry muffin", "each"))).toBeCloseTo(113 / 3)
    expect(why(ask("a mini blueberry muffin", "mini blueberry muffin", "each"))).toContain("a third of a regular one")
  })
})

describe("a size among the food's words", () => {
  it("'a hearty medium burrito' is a medium restaurant burrito; small and large by the stated sizes", () => {
    const frozen: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "burrito, cooked", grams: 116 }]
    const description = "Burrito, beef and bean, microwaved"
    expect(grams(ask("a hearty medium burrito", "hearty medium burrito", "each"), frozen, description)).toBe(270)
    expect(grams(ask("a small burrito", "burrito", "small"), frozen, description)).toBe(170)
    expect(grams(ask("a burrito", "burrito", "each"), frozen, description)).toBe(116)
  })

  it("'normal-sized', 'regular-size' and 'standard size' are medium; a Big Mac is no large anything", () => {
    expect(why(ask("a normal-sized apple", "normal-sized apple", "each"))).toContain("182 g")
    expect(grams(ask("a regular-size apple", "regular-size apple", "each"))).toBe(182)
    expect(grams(ask("a large apple", "large apple", "each"))).toBe(223)
    const bigMac: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "item", grams: 219 }]
    expect(grams(ask("a big mac", "big mac", "each"), bigMac, "McDONALD'S, BIG MAC")).toBe(219)
  })
})

describe("a cup of a dish is not a cup of diced meat", () => {
  it("sesame chicken or lasagna is a cup by volume; plain chicken is diced meat, 140 g", () => {
    expect(grams(ask("a cup of sesame chicken", "sesame chicken", "cup"), [], "Restaurant, Chinese, sesame chicken")).toBe(240)
    expect(grams(ask("a cup of meat lasagna", "meat lasagna", "cup"), [], "Lasagna with meat & sauce, frozen entree")).toBe(240)
    expect(grams(ask("a cup of chicken", "chicken", "cup"), [], "Chicken, broilers or fryers, meat only, roasted")).toBe(140)
  })
})

describe("a serving of a food USDA gives no serving for", () => {
  it("is one serving of its class (a drink 1 cup, meat 3 oz), not 100 g", () => {
    expect(grams(ask("a serving of chicken", "chicken", "serving"))).toBe(85)
    expect(grams(ask("a serving of lemonade", "lemonade", "serving"))).toBe(240)
    expect(grams(ask("a serving of mystery food", "mystery food", "serving"))).toBe(100)
  })
})
