/**
 * Household weights by food class (portions.ts, household.ts): each class of
 * amount a person writes without grams resolves to a stated typical weight,
 * with the assumption shown; USDA's own weight for the food wins where it
 * has one. Each case says the fact it protects.
 */
import { describe, expect, it } from "@effect/vitest"
import { dishScale } from "../../../src/domain/fitlog/dish-scale.js"
import { resolveGrams } from "../../../src/domain/fitlog/portions.js"
import type { FoodRequest, HouseholdWeight, Unit } from "../../../src/domain/fitlog/types.js"
import { FoodName } from "../../../src/domain/fitlog/types.js"

const ask = (text: string, name: string, unit: Unit, quantity = 1): FoodRequest => ({ text, name: FoodName.make(name), quantity, unit })
const grams = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = "") =>
  resolveGrams(request, household, description)?.grams

describe("a cup of a solid is weighed by its class, not as 1 g per ml", () => {
  it.each([
    ["a cup of tortilla chips", "tortilla chips", 28],
    ["a cup of hard pretzels", "hard pretzels", 45],
    ["a cup of popcorn", "popcorn", 11],
    ["a cup of caramel popcorn", "caramel popcorn", 35],
    ["a cup of Cheez-It crackers", "Cheez-It crackers", 62],
    ["a cup of french fries", "french fries", 50],
    ["a cup of diced rotisserie chicken", "diced rotisserie chicken", 140],
    ["a cup of cooked broccoli", "broccoli", 156],
    ["a cup of almonds", "almonds", 140],
    ["a cup of vanilla ice cream", "vanilla ice cream", 132]
  ])("%s ≈ %d g", (text, name, expected) => {
    const resolved = resolveGrams(ask(text, name, "cup"))
    expect(resolved?.grams).toBe(expected)
    expect(resolved?.assumption).toMatch(/a cup of/)
  })

  it("USDA's own cup weight wins over the class; a drink with none is 1 g per ml", () => {
    expect(grams(ask("a cup of milk", "whole milk", "cup"), [{ amount: 1, description: "cup", grams: 244 }])).toBe(244)
    expect(grams(ask("a cup of chips", "chips", "cup"), [{ amount: 1, description: "cup, crushed", grams: 75 }])).toBe(75)
    expect(grams(ask("a cup of tea", "tea", "cup"))).toBe(240)
  })

  it("a household weight of a dry mix ('amount to make 1/2 cup') is never taken for the food as eaten", () => {
    const mix: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "portion,  amount to make 1/2 cup", grams: 21 }]
    expect(grams(ask("a cup of gelatin dessert", "gelatin dessert", "cup"), mix)).not.toBe(21)
  })
})

describe("a tablespoon of a spread USDA gives no spoon for", () => {
  it.each([
    ["margarine", 14], ["mayonnaise", 14], ["sour cream", 12], ["grated parmesan", 5], ["jam", 20]
  ])("a tablespoon of %s ≈ %d g", (name, expected) => {
    expect(grams(ask(`a tablespoon of ${name}`, name, "tbsp"))).toBe(expected)
  })
})

describe("foods sold in sizes", () => {
  it("fast-food fries: small 71 g, medium 117 g, large 154 g; an order with no size is medium", () => {
    expect(grams(ask("a small order of fries", "fries", "order"))).toBe(71)
    expect(grams(ask("an order of fries", "fries", "order"))).toBe(117)
    expect(grams(ask("a large serving of crispy French fries", "crispy French fries", "serving"))).toBe(154)
    expect(resolveGrams(ask("a large serving of fries", "fries", "serving"))?.assumption).toContain("large")
  })

  it("snack bags: a single-serve bag is 1 oz unless a bigger size is said", () => {
    expect(grams(ask("a bag of potato chips", "potato chips", "bag"))).toBe(28)
    expect(grams(ask("a medium single serving bag of tortilla chips", "tortilla chips", "bag"))).toBe(43)
    expect(grams(ask("a large bag of pretzels", "pretzels", "bag"))).toBe(71)
  })

  it("a microwave bag of popcorn is 3 oz, not a 1 oz snack bag", () => {
    expect(grams(ask("a bag of microwave popcorn", "microwave popcorn", "bag"))).toBe(85)
  })

  it("fountain drinks and coffee-shop cups by the size said", () => {
    expect(grams(ask("a medium soft drink", "soft drink", "medium"))).toBe(630)
    expect(grams(ask("a large cola", "cola", "large"))).toBe(900)
    expect(grams(ask("a small cup of coffee", "coffee", "cup"))).toBe(355)
    // No size said: a cup of coffee is a cup.
    expect(grams(ask("a cup of coffee", "coffee", "cup"))).toBe(240)
  })

  it("cookies by size: a medium (3 in) cookie is 30 g", () => {
    expect(grams(ask("a medium chocolate chip cookie", "chocolate chip cookie", "medium"))).toBe(30)
    expect(grams(ask("a large oatmeal cookie", "oatmeal cookie", "large"))).toBe(55)
  })

  it("a size of a food with a curated weight scales it: a small croissant is 3/4 of a medium one", () => {
    expect(grams(ask("a small croissant", "croissant", "small"))).toBeCloseTo(57 * 0.75)
  })

  it("a size assumed for a container fits only the food named, never a record a stray word matched", () => {
    expect(grams(ask("its minty flavor", "mints flavor", "each"), [], "Popcorn, microwave, regular (butter) flavor")).not.toBe(85)
  })
})

describe("pieces, packets and containers by class", () => {
  it("a piece of pizza is a slice; a piece of candy 10 g; a piece of gum 3 g", () => {
    expect(grams(ask("a piece of stuffed crust pizza", "stuffed crust pizza", "piece"))).toBe(107)
    expect(grams(ask("a piece of milk chocolate candy", "milk chocolate candy", "piece"))).toBe(10)
    expect(grams(ask("a piece of chewing gum", "chewing gum", "piece"))).toBe(3)
  })

  it("USDA's own piece weight wins over the class", () => {
    expect(grams(ask("a piece of truffle", "truffle", "piece"), [{ amount: 1, description: "piece", grams: 12 }])).toBe(12)
  })

  it("a pouch of applesauce is 3.2 oz, not a 1 oz snack packet; 'package' reads as a packet", () => {
    expect(grams(ask("a pouch of applesauce", "applesauce", "packet"))).toBe(90)
  })

  it.each([
    ["an individual container of flavored liquid creamer", "flavored creamer", 11],
    ["an individual container of sour cream", "sour cream", 28],
    ["an individual school container of apple juice", "apple juice", 125],
    ["a juice box container of fruit juice", "fruit juice", 200],
    ["a container of applesauce", "applesauce", 113],
    ["a container of chocolate pudding", "chocolate pudding", 99]
  ])("%s ≈ %d g", (text, name, expected) => {
    expect(grams(ask(text, name, "container"))).toBe(expected)
  })
})

describe("a food named with no amount is one typical serving of its class", () => {
  it("rice is a cup (USDA's cup weight), beans half a cup, cheese 1 oz, meat 3 oz", () => {
    expect(grams(ask("rice", "rice", "each"), [{ amount: 1, description: "cup", grams: 158 }])).toBe(158)
    expect(grams(ask("beans", "beans", "each"))).toBe(80)
    expect(grams(ask("cheese", "cheese", "each"))).toBe(28)
    expect(grams(ask("chicken", "chicken", "each"))).toBe(85)
    expect(resolveGrams(ask("rice", "rice", "each"))?.assumption).toContain("1 cup")
  })

  it("words that are no food get no serving ('no added fat' stays without a weight)", () => {
    expect(resolveGrams(ask("with no added fat", "no added fat", "each"))).toBeUndefined()
  })
})

describe("curated weights apply only to the food a name is about", () => {
  it("an egg and cheese sandwich is not an egg; a sausage on a biscuit is not a sausage", () => {
    const sandwich: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "sandwich", grams: 138 }]
    expect(grams(ask("a warm egg and cheese sandwich on a biscuit", "egg and cheese sandwich on biscuit", "each"), sandwich)).toBe(138)
    expect(grams(ask("a sausage on a biscuit", "regular sausage on biscuit", "each"), [{ amount: 1, description: "item", grams: 137 }])).toBe(137)
    expect(grams(ask("a chicken, bacon and tomato club sandwich", "chicken, bacon, and tomato club sandwich", "each"), sandwich)).toBe(138)
  })

  it("the curated weight still applies to the food itself and to a scoop of ice cream in a cone", () => {
    expect(grams(ask("2 eggs", "eggs", "each", 2))).toBe(100)
    expect(grams(ask("a scoop of vanilla ice cream in a cone", "vanilla ice cream served in classic cone", "scoop"))).toBe(66)
  })

  it("'6 inch, sub' is the size of one sub, not six of them", () => {
    expect(grams(ask("a tuna sub", "tuna sub", "each"), [{ amount: 6, description: "inch, sub", grams: 209 }])).toBe(209)
  })
})

describe("how many of a built dish", () => {
  it("a count, a size, or grams for the whole dish; a volume is no dish amount", () => {
    expect(dishScale(ask("2 sandwiches", "sandwich", "each", 2), 117)?.factor).toBe(2)
    expect(dishScale(ask("a small burrito", "burrito", "small"), 200)?.factor).toBe(0.75)
    expect(dishScale(ask("a 300g burrito", "burrito", "g", 300), 150)?.factor).toBe(2)
    expect(dishScale(ask("a cup of sandwich", "sandwich", "cup"), 117)).toBeUndefined()
  })
})

describe("a count of the thing a FNDDS portion names", () => {
  // FNDDS's portions of "Cookie, chocolate sandwich" and "Pancakes, NFS", in USDA's order.
  const oreo: ReadonlyArray<HouseholdWeight> = [
    { amount: 1, description: "miniature/bite size", grams: 3 }, { amount: 1, description: "Oreo mini sandwich", grams: 3 },
    { amount: 1, description: "Oreo sandwich", grams: 11 }, { amount: 1, description: "Oreo thin", grams: 7 },
    { amount: 1, description: "sandwich", grams: 14 }, { amount: 1, description: "large sandwich", grams: 36 },
    { amount: 1, description: "Quantity not specified", grams: 42 }
  ]
  const pancakes: ReadonlyArray<HouseholdWeight> = [
    { amount: 1, description: "miniature/bite size pancake", grams: 10 }, { amount: 1, description: "silver dollar pancake", grams: 20 },
    { amount: 1, description: "small pancake", grams: 20 }, { amount: 1, description: "medium pancake", grams: 50 },
    { amount: 1, description: "large pancake", grams: 90 }, { amount: 1, description: "Quantity not specified", grams: 100 }
  ]

  it("is four of the cookie, not four large sandwiches: \"4 oreos\" is 4 × 1 Oreo sandwich", () => {
    expect(grams(ask("4 oreos", "oreos", "each", 4), oreo, "Cookie, chocolate sandwich")).toBe(44)
  })

  it("is the medium one of several sizes when no size is said", () => {
    expect(grams(ask("3 pancakes", "pancakes", "each", 3), pancakes, "Pancakes, NFS")).toBe(150)
  })
})
