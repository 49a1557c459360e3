/**
 * Portions, third pass (portions.ts, portion-table.ts, household.ts,
 * same-food.ts, frozen-meals.ts): counts USDA gives only as "1 piece", a
 * bunch or a head that is no count, typical servings of foods USDA weighs no
 * way, sizes on a one-count record, and packaged meals weighed whole. The
 * phrases are our own, not benchmark meals; each case names the fact it
 * protects.
 */
import { describe, expect, it } from "@effect/vitest"
import { foodWords, isMixedDishRecord, isPackagedMeal } from "../../../src/domain/fitlog/frozen-meals.js"
import { sizeFactor } from "../../../src/domain/fitlog/portion-table.js"
import { resolveGrams } from "../../../src/domain/fitlog/portions.js"
import { sameFamilyRecords } from "../../../src/domain/fitlog/same-food.js"
import type { FoodRecord, FoodRequest, HouseholdWeight, Unit } from "../../../src/domain/fitlog/types.js"
import { FoodName } from "../../../src/domain/fitlog/types.js"

const ask = (text: string, name: string, unit: Unit, quantity = 1, assumption?: string): FoodRequest => ({
  text, name: FoodName.make(name), quantity, unit, ...(assumption === undefined ? {} : { assumption })
})
const grams = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = "") =>
  resolveGrams(request, household, description)?.grams
const why = (request: FoodRequest, household: ReadonlyArray<HouseholdWeight> = [], description = "") =>
  resolveGrams(request, household, description)?.assumption ?? ""
const noAmount = "no amount given: 1 assumed"

describe("counts USDA gives another way", () => {
  it("'1 piece, roll' is one roll: a medium roll weighs it, a large one ×1.3", () => {
    const roll: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "piece, roll", grams: 40 }]
    expect(grams(ask("a medium bread roll", "bread roll", "medium"), roll, "Rolls, plain")).toBe(40)
    expect(grams(ask("a large bread roll", "bread roll", "large"), roll, "Rolls, plain")).toBeCloseTo(52)
  })

  it("'26 pieces' or '1 piece (1/12 of a cake)' is no count of one thing", () => {
    const bits: ReadonlyArray<HouseholdWeight> = [{ amount: 26, description: "pieces", grams: 90 }]
    expect(grams(ask("a nugget bar", "nugget bar", "each"), bits, "Frozen nuggets, assorted")).toBeUndefined()
  })

  it("a bunch or a head is not what one eats: broccoli with no amount is a 1/2-cup side", () => {
    const broccoli: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "bunch", grams: 600 }, { amount: 1, description: "cup chopped", grams: 90 }]
    expect(grams(ask("broccoli", "broccoli", "each", 1, noAmount), broccoli, "Broccoli, raw")).toBe(45)
    const lettuce: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "head", grams: 350 }, { amount: 1, description: "cup shredded", grams: 36 }]
    expect(grams(ask("lettuce", "lettuce", "each", 1, noAmount), lettuce, "Lettuce, leaf, raw")).toBe(18)
  })
})

describe("typical servings for foods USDA weighs no way", () => {
  it("an ice cream bar on a stick is 65 g, said so", () => {
    expect(grams(ask("a fudge-coated ice cream bar", "fudge-coated ice cream bar", "each"), [], "Ice cream bar, chocolate coated")).toBe(65)
    expect(why(ask("a fudge-coated ice cream bar", "fudge-coated ice cream bar", "each"), [], "Ice cream bar, chocolate coated")).toContain("2.5 fl oz")
  })

  it("whipped cream as a topping is 2 tbsp (1/8 of USDA's cup), creamer in coffee 1 tbsp, sugar 1 tsp", () => {
    const whipped: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "cup", grams: 64 }]
    expect(grams(ask("whipped cream", "whipped cream", "each", 1, noAmount), whipped, "Cream, whipped, pressurized")).toBe(8)
    expect(grams(ask("creamer", "creamer", "each", 1, noAmount), [], "Cream substitute, liquid")).toBe(15)
    expect(grams(ask("brown sugar", "brown sugar", "each", 1, noAmount), [], "Sugars, brown")).toBe(4.2)
    // Sour cream is a dip, not cream in a drink.
    expect(grams(ask("sour cream", "sour cream", "each", 1, noAmount), [], "Sour cream")).toBe(30)
  })

  it("bread named with no count is one slice; banana bread is not", () => {
    expect(grams(ask("wholemeal bread", "wholemeal bread", "each", 1, noAmount), [], "Bread, whole-wheat")).toBe(30)
    expect(grams(ask("banana bread", "banana bread", "each", 1, noAmount), [], "Bread, banana")).not.toBe(30)
  })
})

describe("sizes on a one-count record", () => {
  it("small ×0.75, medium ×1, large ×1.3 (USDA's own banana, apple, egg weights run so)", () => {
    expect([sizeFactor.small, sizeFactor.medium, sizeFactor.large]).toEqual([0.75, 1, 1.3])
    const chop: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "chop", grams: 100 }]
    expect(grams(ask("a small pork chop", "pork chop", "small"), chop, "Pork, chop, cooked")).toBe(75)
    expect(grams(ask("a large pork chop", "pork chop", "large"), chop, "Pork, chop, cooked")).toBeCloseTo(130)
    expect(why(ask("a large pork chop", "pork chop", "large"), chop, "Pork, chop, cooked")).toContain("×1.3 for large")
  })
})

describe("a weight borrowed from the food's family only when the user named the family", () => {
  const per100g = { kcal: 100, protein_g: 1, carbs_g: 1, fat_g: 1, fibre_g: null, sugar_g: null, alcohol_g: null, sodium_mg: null }
  const rec = (id: string, description: string, household: ReadonlyArray<HouseholdWeight> = []): FoodRecord => ({ id, description, common: false, household, per100g })
  const records = [rec("1", "Dumplings, pork, steamed"), rec("2", "Dumplings, vegetable, steamed", [{ amount: 1, description: "dumpling", grams: 25 }]), rec("3", "Peanuts, all types, raw")]
  it("'pork dumplings' may borrow from other dumplings; a stray word ('all') never borrows a peanut's weight", () => {
    const [pork, , peanuts] = records
    expect(pork === undefined ? [] : sameFamilyRecords(records, pork, "pork dumplings").map((r) => r.id)).toEqual(["2"])
    expect(peanuts === undefined ? [] : sameFamilyRecords(records, peanuts, "all")).toEqual([])
  })
})

describe("packaged meals are weighed whole", () => {
  it("an 11 oz frozen dinner or a bare '10 oz meal' is a packaged meal; an unweighed one or a steak is not", () => {
    expect(isPackagedMeal(ask("an 11 oz frozen turkey dinner", "frozen turkey dinner", "oz", 11))).toBe(true)
    expect(isPackagedMeal(ask("a filling 10 oz meal", "filling meal", "oz", 10))).toBe(true)
    expect(isPackagedMeal(ask("a frozen dinner of fish sticks", "frozen dinner of fish sticks", "each"))).toBe(false)
    expect(isPackagedMeal(ask("a 10 oz steak for dinner", "steak", "oz", 10))).toBe(false)
  })
  it("the foods it names, and which records are mixed dishes as sold", () => {
    expect(foodWords("diet frozen meal of beef with vegetables")).toEqual(["beef", "vegetables"])
    expect(isMixedDishRecord("Lasagna with meat & sauce, frozen entree")).toBe(true)
    expect(isMixedDishRecord("Cracker meal")).toBe(false)
    expect(isMixedDishRecord("Chicken, broilers or fryers, meat only, roasted")).toBe(false)
  })
})

describe("a cubic inch of a solid", () => {
  it("is USDA's cubic-inch weight when given, else 16.4 ml by the class's density, said so", () => {
    const mozzarella: ReadonlyArray<HouseholdWeight> = [{ amount: 1, description: "cubic inch", grams: 18 }]
    expect(grams(ask("two cubic inches of mozzarella", "cubic inches of mozzarella", "each", 2), mozzarella, "Cheese, mozzarella")).toBe(36)
    expect(grams(ask("a cubic inch of gouda cheese", "cubic inch of gouda cheese", "each"), [], "Cheese, gouda")).toBeCloseTo(18.0, 0)
    expect(grams(ask("a cubic inch of sponge cake", "cubic inch of sponge cake", "each"), [], "Cake, sponge")).toBeCloseTo(6.6, 1)
    expect(grams(ask("a cubic inch of smoked ham", "cubic inch of smoked ham", "each"), [], "Ham, smoked")).toBeCloseTo(16.4, 1)
    expect(why(ask("a cubic inch of smoked ham", "cubic inch of smoked ham", "each"), [], "Ham, smoked")).toContain("1 in³ = 16.4 ml")
  })
})
