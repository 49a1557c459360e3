/**
 * The rule parser over written food descriptions: each case asserts the
 * food's name, its grams (through the portion table) and the meal.
 */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import { parseFoodText } from "../../../src/domain/fitlog/parse.js"
import { resolveGrams } from "../../../src/domain/fitlog/portions.js"

type Case = readonly [text: string, name: string, grams: number, meal: string | null]

const cases: ReadonlyArray<Case> = [
  // grams, kilograms, milligrams, no space, trailing amounts
  ["113g fried minced beef for lunch", "minced beef", 113, "lunch"],
  ["135 g white rice cooked", "white rice", 135, null],
  ["50 grams greek yogurt", "greek yogurt", 50, null],
  ["0.5kg potatoes for dinner", "potatoes", 500, "dinner"],
  ["1,5 kg watermelon", "watermelon", 1500, null],
  ["500mg vitamin c", "vitamin c", 0.5, null],
  ["chicken breast 150g", "chicken breast", 150, null],
  ["rice (200 g) at dinner", "rice", 200, "dinner"],
  ["salmon 120 grams", "salmon", 120, null],
  ["Lunch: 80g pasta", "pasta", 80, "lunch"],
  // ounces are mass; pounds; fluid ounces only when written
  ["3 oz salmon", "salmon", 85.05, null],
  ["8 ounces steak for dinner", "steak", 226.8, "dinner"],
  ["1 lb ground beef", "ground beef", 453.59, null],
  ["12 fl oz cola", "cola", 354.88, null],
  // millilitres and litres
  ["250ml milk for breakfast", "milk", 250, "breakfast"],
  ["1 l water", "water", 1000, null],
  ["330 ml beer", "beer", 330, null],
  // cups, tablespoons, teaspoons (food-specific weights)
  ["1 cup rice", "rice", 158, null],
  ["2 cups milk", "milk", 488, null],
  ["1 tbsp olive oil", "olive oil", 13.6, null],
  ["1 tbsp peanut butter", "peanut butter", 16, null],
  ["2 tbsp honey", "honey", 42, null],
  ["1 tsp sugar", "sugar", 4.2, null],
  ["1 tablespoon butter", "butter", 14.2, null],
  ["3 teaspoons sugar", "sugar", 12.6, null],
  ["1 cup flour", "flour", 125, null],
  ["half a cup of oats for breakfast", "oats", 40.5, "breakfast"],
  // fractions and unicode fractions
  ["1 1/2 cups milk", "milk", 366, null],
  ["1/2 cup rice", "rice", 79, null],
  ["½ cup oats", "oats", 40.5, null],
  ["1½ cups rice", "rice", 237, null],
  ["¼ cup flour", "flour", 31.25, null],
  ["¾ cup milk", "milk", 183, null],
  ["2 ½ tbsp peanut butter", "peanut butter", 40, null],
  // ranges: the middle
  ["2-3 eggs", "eggs", 125, null],
  ["100 to 150g chicken breast", "chicken breast", 125, null],
  ["1–2 slices of bread", "bread", 45, null],
  // word numbers
  ["two eggs for breakfast", "eggs", 100, "breakfast"],
  ["three apples", "apples", 546, null],
  ["an apple", "apple", 182, null],
  ["a banana as a snack", "banana", 118, "snacks"],
  ["one orange", "orange", 131, null],
  ["a couple of eggs", "eggs", 100, null],
  ["half a dozen eggs", "eggs", 300, null],
  ["a dozen almonds", "almonds", 14.4, null],
  ["twelve strawberries", "strawberries", 144, null],
  // counts with household units
  ["2 slices of toast", "toast", 60, null],
  ["1 medium banana", "banana", 118, null],
  ["1 large egg", "egg", 50, null],
  ["2 small eggs", "eggs", 76, null],
  ["a slice of pizza for dinner", "pizza", 107, "dinner"],
  ["3 slices bacon", "bacon", 24, null],
  ["2 cloves garlic", "garlic", 6, null],
  ["1 scoop protein powder", "protein powder", 30, null],
  ["2 eggs", "eggs", 100, null],
  ["1 bagel", "bagel", 105, null],
  ["1 large apple", "apple", 223, null],
  // vague portions, from the convention table
  ["a handful of almonds", "almonds", 30, null],
  ["a bowl of soup for lunch", "soup", 250, "lunch"],
  ["a glass of orange juice", "orange juice", 250, null],
  ["a pinch of salt", "salt", 0.4, null],
  ["a splash of milk", "milk", 10, null],
  ["a mug of hot chocolate", "hot chocolate", 240, null],
  ["a plate of spaghetti for supper", "spaghetti", 300, "dinner"],
  // preparations are kept apart from the name
  ["200g grilled chicken breast", "chicken breast", 200, null],
  ["2 scrambled eggs for brunch", "eggs", 100, "breakfast"],
  ["150 g boiled potatoes", "potatoes", 150, null],
  // non-English food names pass through untouched
  ["200g crème brûlée", "crème brûlée", 200, null],
  ["150 g Schweinebraten zum Mittag", "Schweinebraten zum Mittag", 150, null],
  ["100g jamón ibérico", "jamón ibérico", 100, null],
  ["2 onigiri", "onigiri", null as unknown as number, null]
]

describe("parseFoodText: one item", () => {
  for (const [text, name, grams, meal] of cases) {
    it(`${text} → ${name}, ${grams ?? "no weight"} g, ${meal ?? "no meal"}`, () => {
      const parsed = parseFoodText(text)
      expect(parsed.unread).toEqual([])
      expect(parsed.items).toHaveLength(1)
      const item = parsed.items[0]
      expect(item?.name).toBe(name)
      expect(Option.getOrNull(parsed.meal)).toBe(meal)
      const resolved = item === undefined ? undefined : resolveGrams(item)
      if (grams === null) expect(resolved).toBeUndefined()
      else expect(resolved?.grams).toBeCloseTo(grams, 1)
    })
  }
  it("covers at least 60 descriptions", () => expect(cases.length).toBeGreaterThanOrEqual(60))
})

describe("parseFoodText: several items", () => {
  it("reads the seeds/000 example into three requests for lunch", () => {
    const parsed = parseFoodText("113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch")
    expect(Option.getOrNull(parsed.meal)).toBe("lunch")
    expect(parsed.items.map((i) => [i.name, i.quantity, i.unit, i.preparation])).toEqual([
      ["minced beef", 113, "g", "fried"],
      ["white rice", 135, "g", "cooked"],
      ["greek yogurt", 50, "g", undefined]
    ])
    expect(parsed.items.map((i) => i.text)).toEqual(["113g fried minced beef", "135g white rice cooked", "50g greek yogurt"])
  })

  it("splits on 'and' only before an amount, so 'mac and cheese' stays one food", () => {
    const parsed = parseFoodText("200g mac and cheese and 2 eggs for dinner")
    expect(parsed.items.map((i) => i.name)).toEqual(["mac and cheese", "eggs"])
    expect(Option.getOrNull(parsed.meal)).toBe("dinner")
  })

  it("reads one item per line", () => {
    const parsed = parseFoodText("Breakfast:\n2 slices of toast\n1 tbsp peanut butter\na banana")
    expect(parsed.items.map((i) => i.name)).toEqual(["toast", "peanut butter", "banana"])
    expect(Option.getOrNull(parsed.meal)).toBe("breakfast")
  })

  it("assumes one when no amount is written, and says so", () => {
    const parsed = parseFoodText("banana")
    expect(parsed.items[0]?.quantity).toBe(1)
    expect(parsed.items[0]?.assumption).toContain("1 assumed")
  })

  it("leaves nothing for a text with no food in it", () => {
    expect(parseFoodText("150g").items).toEqual([])
    expect(parseFoodText("150g").unread).toEqual(["150g"])
  })
})

describe("parseFoodText: the occasion is no food", () => {
  // Describing words before the meal word describe the occasion, not a food: "light" is no light cream,
  // "midday meal" no cracker meal. The meal word is still read.
  it("drops 'For a light snack,' whole and reads the meal", () => {
    const parsed = parseFoodText("For a light snack, I had a cup of cooked Brussels sprouts.")
    expect(parsed.items.map((i) => i.name)).toEqual(["Brussels sprouts"])
    expect(Option.getOrNull(parsed.meal)).toBe("snacks")
  })

  it("drops 'For my midday meal,' and a trailing 'a delightful meal'", () => {
    const parsed = parseFoodText("For my midday meal, I savored a large burrito.")
    expect(parsed.items.map((i) => i.name)).toEqual(["burrito"])
    expect(parseFoodText("I had a banana, a delightful meal.").items.map((i) => i.name)).toEqual(["banana"])
  })

  it("keeps a food named after the meal word ('a quick snack bar' is a bar)", () => {
    expect(parseFoodText("for a quick snack bar").items.length).toBe(1)
  })
})

describe("parseFoodText: a piece of only describing words belongs to the food before", () => {
  // Participles name no food: "marinated" is how the salmon was made, not an item of its own (it was read
  // as an unknown food, marking the meal unmatched). An "-ing" food word ("icing") is still a food.
  const isFoodWord = (w: string) => ["salmon", "cake", "icing", "pizza"].includes(w)
  it("drops 'marinated' and 'which made' after a food", () => {
    expect(parseFoodText("I had 100g of salmon, marinated.", isFoodWord).items.map((i) => i.name)).toEqual(["salmon"])
    expect(parseFoodText("I had a slice of cake, which made my day.", isFoodWord).items.map((i) => i.name)).toEqual(["cake"])
  })
  it("keeps an -ing food after a food", () => {
    expect(parseFoodText("I had a slice of cake, and icing", isFoodWord).items.map((i) => i.name)).toContain("icing")
  })
})
