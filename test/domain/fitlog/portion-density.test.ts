/**
 * A volume no household weight covers is weighed by its class's density
 * (density.ts), not as 1 g per ml: powders, flours, sugars, oils, syrups,
 * greens, nuts and dry cereals each have their stated USDA weight. The user's
 * words name the class before a record a stray word matched.
 */
import { describe, expect, it } from "@effect/vitest"
import { resolveGrams } from "../../../src/domain/fitlog/portions.js"
import type { FoodRequest, Unit } from "../../../src/domain/fitlog/types.js"
import { FoodName } from "../../../src/domain/fitlog/types.js"

const ask = (text: string, name: string, unit: Unit, quantity = 1): FoodRequest => ({ text, name: FoodName.make(name), quantity, unit })

describe("a volume with no household weight is weighed by its class's density", () => {
  it.each([
    ["a tablespoon of cocoa powder", "cocoa powder", "tbsp", 1, "", 5.4, "1 cup cocoa powder = 86 g"],
    ["a teaspoon of unsweetened cocoa", "unsweetened cocoa", "tsp", 1, "", 1.8, "1 cup cocoa powder = 86 g"],
    ["a teaspoon of baking powder", "baking powder", "tsp", 1, "", 4.6, "1 tsp baking powder = 4.6 g"],
    ["2 tablespoons of shake powder", "shake powder", "tbsp", 2, "", 13.5, "powder"],
    ["a tablespoon of flour", "flour", "tbsp", 1, "", 7.8, "1 cup all-purpose flour = 125 g"],
    ["a cup of sugar", "sugar", "cup", 1, "", 200, "1 cup granulated sugar = 200 g"],
    ["a cup of powdered sugar", "powdered sugar", "cup", 1, "", 120, "1 cup powdered sugar = 120 g"],
    ["2 fl oz of olive oil", "olive oil", "fl oz", 2, "", 53.2, "1 tbsp olive oil = 13.5 g"],
    ["a teaspoon of honey", "honey", "tsp", 1, "", 7, "1 tbsp honey = 21 g"],
    ["a cup of kale", "kale", "cup", 1, "", 30, "1 cup raw spinach = 30 g"],
    ["a tablespoon of chia seeds", "chia seeds", "tbsp", 1, "", 8.9, "1 cup almonds = 143 g"],
    ["a cup of rice krispies", "rice krispies", "cup", 1, "", 28, "1 cup corn flakes = 28 g"],
    ["an ounce of maple syrup", "maple syrup", "fl oz", 1, "", 41.4, "1 tbsp honey = 21 g"],
    ["half a cup of melted butter", "melted butter", "cup", 0.5, "", 113.5, "1 cup butter = 227 g"]
  ] as const)("%s: its class density, said", (text, name, unit, quantity, record, expected, fact) => {
    const resolved = resolveGrams(ask(text, name, unit, quantity), [], record)
    expect(resolved?.grams).toBeCloseTo(expected, 1)
    expect(resolved?.assumption).toContain(fact)
    expect(resolved?.assumption).toMatch(/g\/ml/)
    expect(resolved?.assumption).not.toContain("1 ml taken as 1 g")
  })

  it("takes the record's class when the user's words name none: 'Oil, olive' for 'a tablespoon of evoo'", () => {
    const resolved = resolveGrams(ask("a tablespoon of evoo", "evoo", "tbsp"), [], "Oil, olive, salad or cooking")
    expect(resolved?.grams).toBeCloseTo(13.5, 1)
    expect(resolved?.assumption).toContain("1 tbsp olive oil = 13.5 g")
  })

  it("a record's class is the food it names first, not a later word: tuna canned in oil is no oil", () => {
    expect(resolveGrams(ask("a tablespoon of tuna", "tuna", "tbsp"), [], "Fish, tuna, light, canned in oil, drained solids")?.grams).toBe(15)
  })
})

describe("the user's words win over a record a stray word matched", () => {
  it("a tablespoon of cocoa matched to a cookie is cocoa powder", () => {
    const resolved = resolveGrams(ask("a tablespoon of cocoa", "cocoa", "tbsp"), [], "Cookies, chocolate sandwich, with creme filling")
    expect(resolved?.grams).toBeCloseTo(5.4, 1)
    expect(resolved?.assumption).toContain("cocoa")
  })

  it("a cup of hot cocoa matched to the dry powder is a drink, as dense as water", () => {
    const resolved = resolveGrams(ask("a cup of hot cocoa", "hot cocoa", "cup"), [], "Cocoa, dry powder, unsweetened")
    expect(resolved?.grams).toBe(240)
    expect(resolved?.assumption).toContain("drink")
  })

  it("a cup of cocoa is the drink, not the powder: bare cocoa is the powder only by the spoon", () => {
    expect(resolveGrams(ask("a cup of cocoa", "cocoa", "cup"))?.grams).toBe(240)
  })

  it("almond milk is a drink, not almonds", () => {
    expect(resolveGrams(ask("a tablespoon of almond milk", "almond milk", "tbsp"))?.grams).toBe(15)
  })
})

describe("a food of no class keeps 1 g per ml, said so", () => {
  it("a cup of gravy is 240 g, with no density claimed", () => {
    const resolved = resolveGrams(ask("a cup of gravy", "gravy", "cup"))
    expect(resolved?.grams).toBe(240)
    expect(resolved?.assumption).toMatch(/no density known.*1 g\/ml/)
  })
})
