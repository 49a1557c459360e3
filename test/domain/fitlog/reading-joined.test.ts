/**
 * A food after "and", "with" or "on" is a food of its own even when the
 * first has no article (issue 12 break-test class 3): "toast with butter",
 * "fish and chips", "a medium avocado on sourdough toast". A phrase naming
 * one food ("mac and cheese"), a flavour before its food ("cheese and onion
 * crisps") and a dish with its fillings stay whole; milk or sugar in a hot
 * drink, said without an amount, is a splash or a teaspoon — not a glass.
 * Phrases written for this test.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { parseFoodText } from "../../../src/domain/fitlog/parse.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { sr28Table } from "../../support/sr28-table.js"

const read = (text: string) =>
  Effect.map(NutritionTable, (t) => parseFoodText(text, t.isFoodWord).items.map((i) => `${i.quantity} ${i.unit} ${i.name}`))

describe("reading foods joined by and / with / on", () => {
  it.layer(sr28Table, { timeout: 60_000 })((it) => {
    it.effect("two foods, the first without an article", () =>
      Effect.gen(function*() {
        expect(yield* read("toast with butter")).toEqual(["1 each toast", "1 each butter"])
        expect(yield* read("fish and chips")).toEqual(["1 each fish", "1 each chips"])
        expect(yield* read("eggs and baked beans")).toEqual(["1 each eggs", "1 each beans"])
        expect(yield* read("chicken curry with rice")).toEqual(["1 each chicken curry", "1 each rice"])
      }))

    it.effect("a food on a base: the base is eaten too", () =>
      Effect.gen(function*() {
        expect(yield* read("a medium avocado on sourdough toast")).toEqual(["1 medium avocado", "1 each sourdough toast"])
        expect(yield* read("beans on toast")).toEqual(["1 each beans", "1 each toast"])
        // A dish on its bread is one dish.
        expect(yield* read("a burger on a brioche bun")).toHaveLength(1)
      }))

    it.effect("milk or sugar in tea or coffee, no amount said: a splash, a teaspoon", () =>
      Effect.gen(function*() {
        expect(yield* read("tea with milk")).toEqual(["1 each tea", "1 splash milk"])
        expect(yield* read("coffee with milk and sugar")).toEqual(["1 each coffee", "1 splash milk", "1 tsp sugar"])
        const cup = yield* read("a cup of tea with semi-skimmed milk")
        expect(cup).toHaveLength(2)
        expect(cup[1]).toBe("1 splash semi-skimmed milk")
        // An amount said is kept.
        expect(yield* read("coffee with 100ml milk")).toEqual(["1 each coffee", "100 ml milk"])
      }))

    it.effect("a weighed drink holds no food: what is had with it is an item of its own", () =>
      Effect.gen(function*() {
        const items = yield* read("At lunch I had a 12 fl oz can of lemonade paired with a ripe pear.")
        expect(items).toEqual(["12 fl oz lemonade", "1 each ripe pear"])
      }))

    it.effect("\"drink\", \"eat\" are verbs only after a subject or \"to\": a sports drink is a food", () =>
      Effect.gen(function*() {
        // Before: "drink" anywhere was read as the verb, and everything before it dropped as lead-in.
        expect(yield* read("For lunch I had a bottle of energy drink to get me going.")).toEqual(["1 bottle energy drink"])
        expect(yield* read("I wanted to eat a pear")).toEqual(["1 each pear"])
        expect(yield* read("I drink 250ml orange juice")).toEqual(["250 ml orange juice"])
      }))

    it.effect("one food stays whole", () =>
      Effect.gen(function*() {
        expect(yield* read("mac and cheese")).toEqual(["1 each mac and cheese"])
        expect(yield* read("cheese and onion crisps")).toEqual(["1 each cheese and onion crisps"])
        expect(yield* read("ham and cheese sandwich")).toEqual(["1 each ham and cheese sandwich"])
        expect(yield* read("salt and vinegar crisps")).toEqual(["1 each salt and vinegar crisps"])
      }))
  })
})
