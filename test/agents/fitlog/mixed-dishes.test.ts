/**
 * A cup of a mixed dish, offline on the real SR28 table: "a cup of pasta with
 * tomato sauce and meat" is one cup of the dish (3/4 of it pasta, a sauce and
 * the meat in it), not a cup of pasta plus a portion of sauce plus 3 oz of
 * meat; the dish must name its base first, so "beef stroganoff with noodles"
 * and baby foods keep their own records. Plain names take the everyday food
 * (a red tomato, common broccoli, regular sour cream), and a stalk is no helping.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { check, layer } from "./meal-check.js"

const run = (text: string) => Effect.map(estimate(text), estimateJson).pipe(Effect.provide(layer))
const total = (json: { readonly total: { readonly kcal: number } }) => json.total.kcal

describe("mixed dishes by the cup, offline", () => {
  it.effect("a cup of pasta with tomato sauce and meat is one cup of the dish: pasta, meat and sauce in it, shown as built", () =>
    Effect.gen(function*() {
      const json = yield* run("For dinner I savored a cup of pasta topped with a rich tomato-based sauce and meat, with a can of diet cola.")
      const dish = json.items.filter((i) => /pasta/.test(i.text))
      expect(dish.map((i) => i.food)).toEqual([expect.stringMatching(/^Pasta, cooked/), expect.stringMatching(/^Beef, ground/), expect.stringMatching(/marinara/)])
      expect(dish.reduce((s, i) => s + (i.grams ?? 0), 0)).toBeCloseTo(210, 0)
      expect("assumption" in dish[0]! ? dish[0]!.assumption : "").toContain("built from typical parts")
      // One cup of the dish is ~300 kcal, not pasta + a separate sauce + 3 oz of meat (~490).
      const dishKcal = dish.reduce((s, i) => s + (i.kcal ?? 0), 0)
      expect(dishKcal).toBeGreaterThan(270)
      expect(dishKcal).toBeLessThan(360)
    }), { timeout: 60_000 })

  it.effect("a bowl is 1 1/2 cups of the dish, a plate 2, and grams written are shared among its parts", () =>
    Effect.gen(function*() {
      const cup = total(yield* run("a cup of rice with chicken and vegetables"))
      const bowl = total(yield* run("a bowl of rice with chicken and vegetables"))
      const plate = total(yield* run("a plate of rice with chicken and vegetables"))
      expect(bowl / cup).toBeCloseTo(1.5, 1)
      expect(plate / cup).toBeCloseTo(2, 1)
      const weighed = yield* run("250g of spaghetti with meat sauce")
      expect(weighed.items.reduce((s, i) => s + (i.grams ?? 0), 0)).toBeCloseTo(250, 0)
      expect(weighed.items.map((i) => i.food)).toContainEqual(expect.stringMatching(/^Beef, ground/))
    }), { timeout: 60_000 })

  it.effect("a creamy sauce is counted as one, not as a tomato sauce", () =>
    Effect.gen(function*() {
      const json = yield* run("a cup of pasta with cheese sauce and chicken")
      expect(json.items.map((i) => i.food)).toContainEqual(expect.stringMatching(/^Sauce, cheese/))
      expect(json.items.map((i) => i.food)).not.toContainEqual(expect.stringMatching(/marinara/))
    }), { timeout: 60_000 })

  it.effect("dishes that are not pasta or rice first keep their own reading", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["256g of beef stroganoff with noodles", [[/stroganoff/i, 256]]],
        ["a cup of rice", [[/^Rice, white/, undefined]]],
        ["a cup of macaroni with cheese", [[/^Macaroni and cheese/, undefined]]],
        ["chicken noodle soup", [[/^Soup, chicken noodle/, undefined]]],
        ["a burrito with rice and beans", [[/^Tortillas/, 72], [/^Refried beans/, 120], [/^Rice, white/, 79], [/^Cheese/, 28]]]
      ])).toEqual([])
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })

  it.effect("plain names are the everyday food, and a stalk is no helping unless counted in stalks", () =>
    Effect.gen(function*() {
      expect(yield* check([
        ["a juicy tomato", [[/^Tomatoes, red, ripe, raw/, 123]]],
        ["broccoli", [[/^Broccoli, cooked, boiled/, 78]]],
        ["a dollop of regular sour cream", [[/^Cream, sour, cultured$/, 12]]],
        ["a taco with meat", [[/taco with beef/i, undefined]]],
        ["meat", [[/^Beef, ground, 80% lean/, undefined]]]
      ])).toEqual([])
    }).pipe(Effect.provide(layer)), { timeout: 60_000 })
})
