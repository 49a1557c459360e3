/**
 * Record choice for brands and generic words (issue 12, natural phrasing):
 * a brand that names the product finds that product (or the generic food it
 * is); a chain's own item is meant only when the chain or its product is
 * named; a word naming an occasion or a choice ("meal", "option") is no food.
 * Names written for these tests.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { sr28Table } from "../../support/sr28-table.js"

const best = (name: string) =>
  Effect.map(NutritionTable, (t) => t.search(t.correct(name), undefined, 1)[0]?.record.description ?? "(nothing)")

const expectBest = (name: string, description: RegExp, why: string) =>
  Effect.map(best(name), (found) => expect(found, `${name}: ${why}`).toMatch(description))

describe("record choice: brands, chains and generic words", () => {
  it.layer(sr28Table, { timeout: 120_000 })((it) => {
    it.effect("a brand that names the product finds the product", () =>
      Effect.gen(function*() {
        yield* expectBest("doritos", /^Snacks, tortilla chips, nacho cheese$/, "Doritos are nacho-cheese tortilla chips")
        yield* expectBest("cool ranch doritos", /tortilla chips, ranch-flavor/, "the flavour named is the flavour found")
        yield* expectBest("twinkie", /snack cakes, creme-filled, sponge/, "a Twinkie is a creme-filled sponge cake")
        yield* expectBest("grape popsicle", /ice type, pop$/, "a Popsicle is an ice pop")
        yield* expectBest("easy mac", /^Macaroni and cheese/, "Easy Mac is boxed mac and cheese, not plain macaroni")
        yield* expectBest("snickers bar", /SNICKERS Bar$/, "a product named is found")
      }))

    it.effect("a candy sense is candy, not the fish", () =>
      Effect.gen(function*() {
        yield* expectBest("caramel sucker", /^Candies, hard$/, "a sucker is a lollipop")
        yield* expectBest("cherry lollipop", /^Candies, hard$/, "a lollipop is hard candy")
        yield* expectBest("dietetic hard candy", /dietetic/, "a dietetic kind named is kept")
      }))

    it.effect("a chain's item only when the chain or its product is named", () =>
      Effect.gen(function*() {
        // SR28's only "chicken salad" records are McDONALD'S salads: a generic name is reported unmatched.
        expect(yield* best("chicken salad")).toBe("(nothing)")
        yield* expectBest("small taco with meat", /^Fast foods, taco/, "\"taco\" alone does not name TACO BELL")
        yield* expectBest("cheeseburger from mcdonald's", /^McDONALD'S, Cheeseburger$/, "the chain named finds its item")
        yield* expectBest("whopper", /BURGER KING, WHOPPER/, "a chain's product named finds it")
      }))

    it.effect("an occasion or a choice names no food", () =>
      Effect.gen(function*() {
        expect(yield* best("hearty meal")).toBe("(nothing)")
        expect(yield* best("frozen option")).toBe("(nothing)")
        // Sizes a food is sold in are not part of its name.
        yield* expectBest("personal size pizza", /^Pizza, cheese topping/, "a personal pizza is a pizza")
      }))
  })
})
