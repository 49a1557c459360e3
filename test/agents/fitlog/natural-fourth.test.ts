/**
 * Fourth pass on natural phrasing (issue 12), through the offline estimator
 * on the real SR28 table. Each case is a general rule or a stated fact, on a
 * phrase written for this test (not a benchmark meal):
 * - words that go back to the food before ("complete with …", "both …"), a
 *   pizza's crust and a sense of the food ("its zesty flavour") are no food;
 * - a filled dish "packed/loaded with" bare fillings holds them;
 * - vanilla is the plain flavour; "low fat" is SR28's "lowfat";
 * - an ice cream cone is eaten filled; icing is frosting, and is already in
 *   a frosted record; a glazed doughnut is the yeast-raised one;
 * - weights: a corn tortilla is 26 g (USDA), brownies weigh as brownies, a
 *   cupcake "with icing" is still one cupcake.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { sr28Offline } from "../../support/sr28-table.js"

const run = (text: string) => Effect.map(estimate(text), estimateJson).pipe(Effect.provide(sr28Offline))
const foods = (text: string) => Effect.map(run(text), (json) => json.items.map((i) => `${i.food ?? "—"} @ ${i.grams ?? ""}`))
const note = (item: object | undefined): string => item !== undefined && "assumption" in item && typeof item.assumption === "string" ? item.assumption : ""

describe("natural phrasing, fourth pass", () => {
  it.effect("'complete with …' and 'both …' go back to the food before and add none", () =>
    Effect.gen(function*() {
      // Before: "complete" matched "Pancakes, plain, dry mix, complete" and "both" a pretzel record.
      const sub = yield* foods("For lunch I had a ham sub, complete with lettuce, onion, and mustard, alongside a small bag of potato chips.")
      expect(sub).toHaveLength(2)
      expect(sub[0]).toMatch(/submarine sandwich, ham/)
      expect(sub[1]).toMatch(/potato chips/)
      const both = yield* foods("I ate a grilled pork chop and a baked potato, both seasoned with herbs.")
      expect(both).toHaveLength(2)
      expect(both.join(" ")).not.toMatch(/pretzel|pancake/i)
    }), { timeout: 60_000 })

  it.effect("a pizza's crust and a food's flavour are said of the food, not eaten beside it", () =>
    Effect.gen(function*() {
      // Before: "a thick crust" was a 160 g pie crust (800 kcal) and "its zesty flavor" a bean dip.
      const pizza = yield* foods("I had a slice of sausage pizza with a thick crust.")
      expect(pizza).toHaveLength(1)
      expect(pizza[0]).toMatch(/pizza/i)
      const fruit = yield* foods("I snacked on a tangerine with its zesty flavor.")
      expect(fruit).toHaveLength(1)
      expect(fruit[0]).toMatch(/^Tangerines/)
    }), { timeout: 60_000 })

  it.effect("a burrito loaded with bare fillings holds them; nachos or lasagna 'with meat' are the dish", () =>
    Effect.gen(function*() {
      const burrito = yield* run("For supper I grabbed a small burrito loaded with chicken, beans, and cheese.")
      expect(burrito.items).toHaveLength(1)
      expect(burrito.items[0]?.food).toMatch(/burrito/i)
      expect(note(burrito.items[0])).toContain("counted in its weight")
      // Before: "meat" was a separate 85 g of raw ground venison.
      const nachos = yield* foods("I shared a plate of nachos with meat and cheese.")
      expect(nachos).toHaveLength(1)
      expect(nachos[0]).toMatch(/nachos/i)
      const lasagna = yield* foods("a bowl of lasagna with meat")
      expect(lasagna).toHaveLength(1)
      expect(lasagna[0]).toMatch(/^Lasagna/)
    }), { timeout: 60_000 })

  it.effect("vanilla is the plain flavour; 'low fat' is SR28's 'lowfat'", () =>
    Effect.gen(function*() {
      // Before: a vanilla ice cream sandwich was the light-ice-cream record; low-fat cottage cheese was Swiss cheese.
      expect((yield* foods("a vanilla ice cream sandwich"))[0]).toMatch(/^Ice cream sandwich @/)
      expect((yield* foods("half a cup of low fat cottage cheese"))[0]).toMatch(/^Cheese, cottage, lowfat/)
      // A flavour other than vanilla still finds its own record.
      expect((yield* foods("a scoop of strawberry ice cream"))[0]).toMatch(/strawberry/i)
    }), { timeout: 60_000 })

  it.effect("an ice cream cone is eaten filled, said so; the empty cone only when named alone", () =>
    Effect.gen(function*() {
      // Before: "a chocolate chip ice cream cone" was the 4 g wafer cone, 17 kcal.
      const cone = yield* run("a chocolate chip ice cream cone")
      expect(cone.items[0]?.food).toMatch(/^Ice cream cone, chocolate covered/)
      expect(cone.total.kcal).toBeGreaterThan(250)
      expect(note(cone.items[0])).toContain("empty cone")
      expect((yield* foods("2 wafer cones"))[0]).toMatch(/^Ice cream cones, cake or wafer-type/)
    }), { timeout: 60_000 })

  it.effect("icing is frosting, 1 tbsp when no amount is said; on a frosted record it is already counted", () =>
    Effect.gen(function*() {
      // Before: icing was "Oil, industrial, … icings and fillings", 124 kcal.
      const cookie = yield* run("a sugar cookie with pink icing")
      expect(cookie.items.map((i) => i.food)).toContain("Frostings, vanilla, creamy, ready-to-eat")
      expect(cookie.items.find((i) => /Frostings/.test(i.food ?? ""))?.grams).toBe(16)
      const cupcake = yield* run("a vanilla cupcake with icing")
      expect(cupcake.items).toHaveLength(1)
      expect(cupcake.items[0]?.grams).toBe(70)
      expect(note(cupcake.items[0])).toContain("already in")
      expect((yield* foods("a glazed donut"))[0]).toMatch(/^Doughnuts, yeast-leavened, glazed/)
    }), { timeout: 60_000 })

  it.effect("weights: a corn tortilla 26 g (USDA, 6 in); brownies weigh as brownies, not cookies", () =>
    Effect.gen(function*() {
      expect((yield* foods("two corn tortillas"))[0]).toMatch(/corn @ 52$/)
      // A cookie is 30 g medium; a medium brownie, 2-3/4 in square, is 56 g (USDA).
      expect((yield* foods("a medium brownie"))[0]).toMatch(/brownies.* @ 56$/)
      expect((yield* foods("a medium oatmeal cookie"))[0]).toMatch(/@ 30$/)
    }), { timeout: 60_000 })

  it.effect("iced tea as sold in the US is sweetened unless said otherwise; hot tea is plain brewed tea", () =>
    Effect.gen(function*() {
      // Before: a large fountain iced tea was brewed tea, 6 kcal.
      const iced = yield* run("a medium iced tea from the drive-thru")
      expect(iced.items[0]?.food).toMatch(/^Beverages, tea, black, ready-to-drink, lemon, sweetened/)
      expect(iced.items[0]?.grams).toBe(473)
      // "unsweetened" said is never the sweetened record, though the plain name finds it.
      expect((yield* foods("a tall glass of unsweetened iced tea"))[0]).toMatch(/unsweetened/)
      expect((yield* foods("a mug of tea"))[0]).toMatch(/^Beverages, tea, black, brewed/)
    }), { timeout: 60_000 })

  it.effect("bare examples after 'including' / 'such as' are the food before; with an article they are foods of their own", () =>
    Effect.gen(function*() {
      // Before: "including peas" and "corn" were added beside the cup of vegetables.
      const veg = yield* foods("For supper I had a cup of mixed vegetables, including peas and corn, alongside a baked pork chop.")
      expect(veg).toHaveLength(2)
      expect(veg[0]).toMatch(/^Vegetables, mixed/)
      const lunch = yield* foods("My lunch, including a bagel and a coffee, was quick.")
      expect(lunch.join(" ")).toMatch(/Bagels/)
    }), { timeout: 60_000 })

  it.effect("assorted vegetables are mixed vegetables as eaten, a 1/2-cup side when no amount is said", () =>
    Effect.gen(function*() {
      // Before: "assorted vegetables" was a 385 g frozen turkey dinner (whose name lists them), and a "package yields" weight counted as one.
      const json = yield* run("grilled fish with assorted vegetables")
      const veg = json.items.find((i) => /Vegetables, mixed/.test(i.food ?? ""))
      expect(veg?.food).toBe("Vegetables, mixed, frozen, cooked, boiled, drained, without salt")
      expect(veg?.grams).toBe(91)
    }), { timeout: 60_000 })

  it.effect("a US can of beer is 12 fl oz, of energy drink 16 fl oz; a can of crisps is a snack serving, not 330 ml", () =>
    Effect.gen(function*() {
      expect((yield* foods("a can of lager"))[0]).toMatch(/@ 356$/)
      // Monster (a brand) is the original drink, not its low-carb one.
      expect((yield* foods("a can of Monster"))[0]).toMatch(/^Beverages, Energy Drink, Monster.* @ 473$/)
      expect((yield* foods("a can of sour cream and onion potato chips"))[0]).toMatch(/potato chips.* @ 28$/)
      // "for creaminess" and "as well" are remarks, not part of the name.
      expect((yield* foods("a cup of coffee with a splash of skim milk for creaminess"))[1]).toMatch(/^Milk, nonfat/)
    }), { timeout: 60_000 })

  it.effect("a food shaped or named like another is that food: freezer pops, gummy fish, a crisp apple", () =>
    Effect.gen(function*() {
      // Before: a freezer pop was a 370 g can of cola, a gummy shark 218 g of raw fish, a crisp pear-sized apple an apple crisp.
      expect((yield* foods("an orange freezer pop"))[0]).toMatch(/^Frozen novelties, ice type, pop/)
      const gummy = yield* run("three gummy sharks")
      expect(gummy.items[0]?.food).toMatch(/^Candies, gumdrops/)
      expect(note(gummy.items[0])).toContain("counted as gumdrops")
      expect((yield* foods("a crisp green apple"))[0]).toMatch(/^Apples, raw/)
      // A preparation note is no food: "without any added fat" never finds a fat record.
      const carrots = yield* foods("a cup of carrots steamed without any added fat")
      expect(carrots).toHaveLength(1)
      expect(carrots[0]).toMatch(/^Carrots/)
    }), { timeout: 60_000 })
})
