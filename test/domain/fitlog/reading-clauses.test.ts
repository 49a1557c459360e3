/**
 * Joining and narrating words around a food are not the food, and never eat
 * it (issue 12, natural phrasing): a relative clause after the food ("that was
 * marinated overnight"), any "I <verb> up/open" before it, an amount said in
 * parentheses, "a quick snack of X", a filled dish with bare fillings.
 * Phrases written for this test.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { parseFoodText } from "../../../src/domain/fitlog/parse.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { sr28Table } from "../../support/sr28-table.js"

const read = (text: string) =>
  Effect.map(NutritionTable, (t) => parseFoodText(text, t.isFoodWord).items.map((i) => `${i.quantity} ${i.unit} ${i.name}`))

describe("reading clauses around a food", () => {
  it.layer(sr28Table, { timeout: 60_000 })((it) => {
    it.effect("a relative clause after the food describes it; the food is kept", () =>
      Effect.gen(function*() {
        // Before: "was" inside the clause was read as the lead-in and everything before it dropped.
        expect(yield* read("For supper I had a medium roast chicken breast that was marinated overnight, with the skin on.")).toEqual(["1 medium roast chicken breast"])
        expect(yield* read("At lunch I ate a bowl of lentil soup which was piping hot.")).toEqual(["1 bowl lentil soup"])
        expect(yield* read("I had a cup of sweet and sour pork that was bursting with flavour.")).toEqual(["1 cup sweet and sour pork"])
      }))

    it.effect("\"I <verb> up / open / on\" before the food is a lead-in", () =>
      Effect.gen(function*() {
        expect(yield* read("I warmed up a bowl of tomato soup.")).toEqual(["1 bowl tomato soup"])
        expect(yield* read("After work I cracked open a can of lager.")).toEqual(["1 can lager"])
        expect(yield* read("I blended up a glass of mango smoothie.")).toEqual(["1 glass mango smoothie"])
      }))

    it.effect("an amount in parentheses after a food is that food's amount", () =>
      Effect.gen(function*() {
        expect(yield* read("I grabbed a bottle of still water (500 ml) and a small piece of fudge (1 oz).")).toEqual(["500 ml still water", "1 oz piece of fudge"])
      }))

    it.effect("\"a snack of X\" is the occasion; \"snack-sized\" is a size, not the occasion", () =>
      Effect.gen(function*() {
        const parsed = yield* Effect.map(NutritionTable, (t) => parseFoodText("I had a light snack of a ripe pear paired with a snack-sized bag of pretzels.", t.isFoodWord))
        expect(parsed.items.map((i) => `${i.quantity} ${i.unit} ${i.name}`)).toEqual(["1 each ripe pear", "1 bag pretzels"])
        expect(parsed.meal._tag === "Some" ? parsed.meal.value : undefined).toBe("snacks")
      }))

    it.effect("a filled dish keeps its bare fillings; a side with its own article is an item", () =>
      Effect.gen(function*() {
        expect(yield* read("a soft taco with meat and a burrito with beans and cheese")).toEqual(["1 each soft taco with meat", "1 each burrito with beans and cheese"])
        expect(yield* read("a wrap with chicken and lettuce")).toEqual(["1 each wrap with chicken and lettuce"])
        // A bread base is not a filled dish: what is spread on it is its own food.
        expect(yield* read("a bagel with cream cheese")).toEqual(["1 each bagel", "1 each cream cheese"])
        expect(yield* read("a tablespoon of butter on a toasted bagel")).toEqual(["1 tbsp butter", "1 each bagel"])
        // A flavour naming one food stays whole.
        expect(yield* read("a small bag of sour cream and onion crisps")).toHaveLength(1)
      }))
  })
})

describe("reading amounts said in words", () => {
  it.layer(sr28Table, { timeout: 60_000 })((it) => {
    it.effect("a part of a whole, and \"another\"", () =>
      Effect.gen(function*() {
        expect(yield* read("a third of a cup of couscous")).toEqual(["0.333 cup couscous"])
        expect(yield* read("two thirds of a baguette")).toEqual(["0.667 each baguette"])
        expect(yield* read("I had another can of ginger ale")).toEqual(["1 can ginger ale"])
      }))

    it.effect("a percentage names the food, it is no amount", () =>
      Effect.gen(function*() {
        expect(yield* read("100% grape juice")).toEqual(["1 each 100% grape juice"])
      }))

    it.effect("a container filled with a food is a container of it; a food's own noun is not the occasion", () =>
      Effect.gen(function*() {
        expect(yield* read("a juice box filled with pineapple juice")).toEqual(["1 each juice box of pineapple juice"])
        expect(yield* read("a bowl packed with raspberries")).toEqual(["1 bowl raspberries"])
        expect(yield* read("a tea with a splash of half and half")).toEqual(["1 each tea", "1 splash half and half"])
        expect(yield* read("a pouch of fruit snacks")).toEqual(["1 packet fruit snacks"])
      }))
  })
})
