/**
 * Household amounts and composite dishes through the estimator, offline, on
 * the real SR28 table: a dish SR28 has no record for is built from its
 * typical parts (each an SR28 record, the make-up shown); one it has is
 * matched whole; household amounts get their class's stated weight.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

const run = (text: string) => Effect.map(estimate(text), estimateJson).pipe(Effect.provide(sr28Offline))

describe("dishes and household amounts, offline", () => {
  it.effect("a peanut butter and jelly sandwich is its bread, peanut butter and jelly, in the order written, before the fries", () =>
    Effect.gen(function*() {
      const json = yield* run("a peanut butter and jelly sandwich on white bread, a large order of french fries")
      expect(json.items.map((i) => [i.source, i.grams])).toEqual([
        ["USDA SR28 #18069", 58], ["USDA SR28 #16098", 32], ["USDA SR28 #19300", 21],
        [expect.stringMatching(/^USDA SR28 #/), 154]
      ])
      const assumptions = json.items.map((i) => ("assumption" in i ? i.assumption ?? "" : ""))
      expect(assumptions[0]).toContain("built from typical parts")
      expect(assumptions[3]).toContain("large")
      expect(json.items.every((i) => !("error" in i))).toBe(true)
    }), { timeout: 60_000 })

  it.effect("grams written for a dish are shared among its parts", () =>
    Effect.gen(function*() {
      const json = yield* run("a 222g peanut butter and jelly sandwich")
      expect(json.items.reduce((s, i) => s + (i.grams ?? 0), 0)).toBeCloseTo(222, 0)
    }), { timeout: 60_000 })

  it.effect("a dish SR28 has whole is matched whole, weighed as one item, not as its filling", () =>
    Effect.gen(function*() {
      const json = yield* run("a sausage biscuit")
      expect(json.items).toHaveLength(1)
      expect(json.items[0]?.food).toMatch(/biscuit/i)
      expect(json.items[0]?.grams ?? 0).toBeGreaterThan(90)
    }), { timeout: 60_000 })

  it.effect("a cup of chips is 1 oz of chips, not 240 g", () =>
    Effect.gen(function*() {
      const json = yield* run("a cup of tortilla chips")
      expect(json.items.map((i) => i.grams)).toEqual([28])
    }), { timeout: 60_000 })
})
