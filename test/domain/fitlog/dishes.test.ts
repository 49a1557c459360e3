/**
 * Composite dishes SR28 has no record for (dishes.ts): what holds the dish
 * and the fillings the name says, each a typical amount mapped to an SR28
 * record; a table record that names the whole dish is preferred.
 */
import { describe, expect, it } from "@effect/vitest"
import { describeDish, dishFor, isWholeDish } from "../../../src/domain/fitlog/dishes.js"

const parts = (name: string) => dishFor(name)?.parts.map((p) => [p.id, p.grams])

describe("dishes built from their parts", () => {
  it("a peanut butter and jelly sandwich: 2 slices of bread, 2 tbsp peanut butter, 1 tbsp jelly", () => {
    expect(parts("peanut butter and jelly sandwich on wheat bread")).toEqual([["18075", 64], ["16098", 32], ["19300", 21]])
    expect(parts("peanut butter and jelly sandwich")).toEqual([["18069", 58], ["16098", 32], ["19300", 21]])
  })

  it("an egg and cheese sandwich on a biscuit is a biscuit, an egg and a slice of cheese", () => {
    expect(parts("egg and cheese sandwich on a biscuit")).toEqual([["18009", 60], ["01132", 50], ["01253", 21]])
  })

  it("a breakfast sandwich with no fillings named has the usual egg, cheese and sausage", () => {
    expect(parts("breakfast sandwich")?.map(([id]) => id)).toEqual(["18069", "01132", "01253", "07064"])
    expect(parts("sausage, egg and cheese on a bagel")?.map(([id]) => id)).toEqual(["18001", "01132", "01253", "07064"])
  })

  it("a beef hot dog on a bun is a bun and a frankfurter (the beef is what the frankfurter is made of)", () => {
    expect(parts("beef hot dog on a wheat bun")).toEqual([["28313", 44], ["07950", 52]])
    expect(parts("hot dog")).toEqual([["18350", 44], ["07950", 52]])
  })

  it("a burrito: a 10-inch tortilla, what it is filled with, and cheese unless it has none", () => {
    expect(parts("burrito packed with beans and rice, without meat")).toEqual([["18364", 72], ["16103", 120], ["20045", 79], ["01253", 28]])
    expect(parts("bean burrito without cheese")).toEqual([["18364", 72], ["16103", 120]])
    expect(parts("burrito")).toEqual([["18364", 72], ["01253", 28], ["16103", 120]])
  })

  it("a taco with nothing named is a beef taco in a shell; a soft taco has a flour tortilla", () => {
    expect(parts("taco")?.map(([id]) => id)).toEqual(["18360", "01253", "23575", "11251"])
    expect(parts("soft taco with chicken")?.[0]).toEqual(["18450", 32])
  })
})

describe("what is no built dish", () => {
  it.each([
    "ice cream sandwich", "egg roll", "cheeseburger", "toast with jam", "bread and cheese", "peanut butter cookie", "pizza", "banana"
  ])("%s", (name) => {
    expect(dishFor(name)).toBeUndefined()
  })
})

describe("the table's whole-dish record is preferred", () => {
  it("a record naming the holder and every filling said is the dish", () => {
    const dish = dishFor("sausage biscuit")
    expect(dish).toBeDefined()
    if (dish !== undefined) expect(isWholeDish("McDONALD'S, Sausage Biscuit", dish)).toBe(true)
  })

  it("a record missing a filling, or naming a cookie, is not the dish", () => {
    const pbj = dishFor("peanut butter and jelly sandwich")
    const pb = dishFor("peanut butter sandwich")
    expect(pbj !== undefined && pb !== undefined).toBe(true)
    if (pbj !== undefined) expect(isWholeDish("Fast foods, submarine sandwich, peanut butter", pbj)).toBe(false)
    if (pb !== undefined) expect(isWholeDish("Cookies, peanut butter sandwich, regular", pb)).toBe(false)
  })

  it("the make-up of a built dish is shown as an assumption, scaled", () => {
    const dish = dishFor("peanut butter and jelly sandwich")
    expect(dish === undefined ? "" : describeDish(dish, 2)).toBe(
      "peanut butter and jelly sandwich, built from typical parts: 2 slices white bread 116 g + peanut butter (2 tbsp) 64 g + jelly (1 tbsp) 42 g (assumed)"
    )
  })
})
