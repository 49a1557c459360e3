/**
 * Never silently substitute a different food (issue 12, item 2): classes a
 * non-author break test found. Each case is written for this test, from no
 * data set; the comment above each states why the expected record and weight
 * are right. A food is a pattern on the SR28 description; grams within 10 %.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

const layer = sr28Offline

interface Expect {
  readonly food: RegExp
  readonly grams?: number
  /** A phrase the assumption must hold (what was assumed, said). */
  readonly says?: RegExp
}

const check = (cases: ReadonlyArray<readonly [string, Expect]>) =>
  Effect.gen(function*() {
    const failures: Array<string> = []
    for (const [text, want] of cases) {
      const json = estimateJson(yield* estimate(text))
      const said = (i: (typeof json.items)[number]) => ("assumption" in i ? i.assumption ?? "" : "")
      const got = json.items.map((i) => `${i.food ?? "unmatched"} ${i.grams ?? "-"} g [${said(i)}]`).join("; ")
      const item = json.items[0]
      const ok = json.items.length === 1 && item !== undefined && item.food !== null && want.food.test(item.food) &&
        (want.grams === undefined || (item.grams !== null && item.grams !== undefined && Math.abs(item.grams - want.grams) <= 0.1 * want.grams)) &&
        (want.says === undefined || want.says.test(said(item)))
      if (!ok) failures.push(`${text}: expected ${want.food} ${want.grams ?? "(any)"} g ${want.says ?? ""}, got ${got}`)
    }
    return failures
  })

describe("no silent substitute of a different food", () => {
  // A preparation said is kept: SR28 has fried rice (a Chinese restaurant dish, with its oil), so "fried rice" is that,
  // never plain boiled rice; a fried egg is the fried record.
  it.effect("a preparation said is never dropped for a plain record", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["fried rice", { food: /fried rice/i }],
        ["a fried egg", { food: /^Egg, whole, cooked, fried/ }],
        ["a cup of rice", { food: /^Rice, white, .*cooked/ }]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)

  // A dish record naming a main food the user did not name is another dish: a bean burrito is "burrito, with beans",
  // not "with beans and beef"; a cheese sandwich or bean taco likewise keeps only what was said.
  it.effect("a dish record with an extra main food ranks below the one without", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["a bean burrito", { food: /^Fast foods, burrito, with beans$/ }],
        ["a bean and cheese burrito", { food: /^Fast foods, burrito, with beans and cheese$/ }],
        ["a beef and bean burrito", { food: /beef/i }]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)

  // Lactose-free milk is milk with the lactose split by lactase: the same energy and macronutrients as the milk it is
  // made from. "Lactose-free whole milk" is whole milk (never buttermilk), and the assumption says the record stands in.
  it.effect("a qualifier like lactose-free keeps the food and says so", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["a cup of lactose-free whole milk", { food: /^Milk, whole, 3\.25% milkfat/, grams: 244, says: /lactose-free/i }],
        ["200ml lactose free milk", { food: /^Milk, (?!buttermilk)/, grams: 200, says: /lactose-free/i }]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)

  // SR28 has ramen only as the dry block: a bowl eaten is one packet made up, ~85 g of the dry block (a stated
  // fact), never 250 g of dry noodles (1,100 kcal); the assumption says it was weighed dry.
  it.effect("a food with only a dry record is weighed as the dry amount one serving is made from", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["a bowl of ramen", { food: /^Soup, ramen noodle, .*dry/, grams: 85, says: /dry/ }],
        ["2 packets of ramen", { food: /^Soup, ramen noodle, .*dry/, grams: 170, says: /dry/ }],
        ["ramen", { food: /^Soup, ramen noodle, .*dry/, grams: 85, says: /dry/ }]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)

  // Stated sizes: a UK large glass of wine is 250 ml (small 125, medium 175); a UK tin of baked beans is 415 g
  // (a US 15 oz can 425 g), not a 330 ml drink can; a tub of ice cream is a pint (2 cups of 132 g, USDA), not a
  // half-cup single-serve cup.
  it.effect("sizes said on a glass, a tin and a tub are weighed as said", () =>
    Effect.gen(function*() {
      const failures = yield* check([
        ["a large glass of red wine", { food: /^Alcoholic beverage, wine, table, red/, grams: 250 }],
        ["a small glass of white wine", { food: /^Alcoholic beverage, wine, table, white/, grams: 125 }],
        ["a glass of red wine", { food: /^Alcoholic beverage, wine, table, red/, grams: 148 }],
        ["a tin of baked beans", { food: /^Beans, baked/, grams: 415 }],
        ["a tub of ice cream", { food: /^Ice creams, vanilla/, grams: 264 }],
        ["a cup of ice cream", { food: /^Ice creams, vanilla/ }]
      ])
      expect(failures).toEqual([])
    }).pipe(Effect.provide(layer)), 120_000)
})
