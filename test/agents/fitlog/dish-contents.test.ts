/**
 * The ingredients of a named dish are the dish (contents.ts), through the
 * offline estimator on the real SR28 table: an omelette made with eggs is
 * weighed as those eggs, once; the fillings a burrito is said to hold are
 * in its weight, not added beside it; foods eaten besides stay. Phrases are
 * our own.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

const run = (text: string) => Effect.map(estimate(text), estimateJson).pipe(Effect.provide(sr28Offline))

describe("a dish and what it is made of, counted once", () => {
  it.effect("an omelette made with 3 eggs is 150 g of omelette, not an omelette plus 3 raw eggs", () =>
    Effect.gen(function*() {
      const json = yield* run("an omelette made with 3 eggs")
      expect(json.items).toHaveLength(1)
      expect(json.items[0]?.food).toMatch(/omelet/i)
      expect(json.items[0]?.grams).toBe(150)
      expect(json.items[0] && "assumption" in json.items[0] ? json.items[0].assumption : "").toContain("made with 3 eggs")
    }), { timeout: 60_000 })

  it.effect("a drink after the omelette is eaten besides it and stays", () =>
    Effect.gen(function*() {
      const json = yield* run("an omelette made with 2 eggs and a glass of orange juice")
      expect(json.items.map((i) => i.grams)).toEqual([100, 248])
      expect(json.items[1]?.food).toMatch(/^Orange juice/)
    }), { timeout: 60_000 })

  it.effect("the fillings a burrito is said to hold are in its weight, said so", () =>
    Effect.gen(function*() {
      const json = yield* run("a burrito, packed with chicken, beans and rice")
      expect(json.items).toHaveLength(1)
      expect(json.items[0]?.food).toMatch(/burrito/i)
      expect(json.items[0] && "assumption" in json.items[0] ? json.items[0].assumption : "").toContain("counted in its weight")
    }), { timeout: 60_000 })

  it.effect("a dish built from its own named fillings keeps the foods named after it (they are not in it)", () =>
    Effect.gen(function*() {
      const json = yield* run("a wrap filled with chicken and a coke")
      expect(json.items.some((i) => /cola/i.test(i.food ?? ""))).toBe(true)
      expect(json.items.some((i) => /^Tortillas/.test(i.food ?? ""))).toBe(true)
    }), { timeout: 60_000 })
})
