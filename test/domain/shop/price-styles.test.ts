/**
 * Prices written the ways a new user's stores write them (issue 13,
 * new-user breaks): a price range is not a sale; a decimal comma after `$`,
 * a bare `$.99`, cents in `¢`, and thousands with a trailing `$` all read as
 * the same cents. The property: a price formatted in each store style reads
 * back as the cents it was made from.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { moneyIn, readTilePrice } from "../../../src/domain/shop/price.js"

describe("a price range", () => {
  it("'$3.99 - $5.99' is a range: the low end, marked 'from', never a sale", () => {
    for (const text of ["$3.99 - $5.99", "$3.99–$5.99", "$3.99 to $5.99", "3,99 $ à 5,99 $", "3,99 $ - 5,99 $"]) {
      const price = readTilePrice([text])
      expect(price, text).toMatchObject({ unitCents: 399, regularCents: undefined, range: { lowCents: 399, highCents: 599 } })
      expect(price?.text, text).toMatch(/^from /)
    }
    // Split across elements too.
    expect(readTilePrice(["$3.99", "-", "$5.99"])).toMatchObject({ unitCents: 399, regularCents: undefined, range: { lowCents: 399, highCents: 599 } })
  })

  it("a sale is still a sale, and a discount written with a dash is not a range", () => {
    expect(readTilePrice(["$5.99", "$3.99"])).toMatchObject({ unitCents: 399, regularCents: 599, range: undefined })
    expect(readTilePrice(["$4.99", "Save $1.00"])).toMatchObject({ unitCents: 499, range: undefined })
  })
})

describe("amounts written differently", () => {
  it("a decimal comma after $, a bare $.99, ¢, and thousands before a trailing $", () => {
    expect(moneyIn("$1,99").map((m) => m.cents)).toEqual([199])
    expect(moneyIn("$ 12,49").map((m) => m.cents)).toEqual([1249])
    expect(moneyIn("$1,299").map((m) => m.cents)).toEqual([129900])
    expect(moneyIn("$.99").map((m) => m.cents)).toEqual([99])
    expect(moneyIn("99¢").map((m) => m.cents)).toEqual([99])
    expect(moneyIn("99 ¢").map((m) => m.cents)).toEqual([99])
    expect(moneyIn("1,299.00 $").map((m) => m.cents)).toEqual([129900])
    expect(moneyIn("1.299,00 $").map((m) => m.cents)).toEqual([129900])
    for (const [text, cents] of [["$1,99", 199], ["$.99", 99], ["99¢", 99], ["1,299.00 $", 129900]] as const) {
      expect(readTilePrice([text])?.unitCents, text).toBe(cents)
    }
  })
})

/** Store styles: how one amount is written, by stores in English and in French. */
const group = (whole: number, sep: string): string => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, sep)
const two = (cents: number) => String(cents % 100).padStart(2, "0")
const styles: ReadonlyArray<readonly [string, (cents: number) => string | undefined]> = [
  ["$1,234.56", (c) => `$${group(Math.floor(c / 100), ",")}.${two(c)}`],
  ["$1234.56", (c) => `$${Math.floor(c / 100)}.${two(c)}`],
  ["$ 1234.56", (c) => `$ ${Math.floor(c / 100)}.${two(c)}`],
  ["1 234,56 $ (nbsp)", (c) => `${group(Math.floor(c / 100), "\u00a0")},${two(c)}\u00a0$`],
  ["1 234,56 $ (narrow nbsp)", (c) => `${group(Math.floor(c / 100), "\u202f")},${two(c)} $`],
  ["1234,56$", (c) => `${Math.floor(c / 100)},${two(c)}$`],
  ["1,234.56 $", (c) => `${group(Math.floor(c / 100), ",")}.${two(c)} $`],
  ["1.234,56 $", (c) => `${group(Math.floor(c / 100), ".")},${two(c)} $`],
  ["$12,34 (under $1,000)", (c) => (c < 100_000 ? `$${Math.floor(c / 100)},${two(c)}` : undefined)],
  ["$.99", (c) => (c < 100 ? `$.${two(c)}` : undefined)],
  ["99¢", (c) => (c < 100 ? `${c}¢` : undefined)]
]

describe("formatting a price in each store style reads back the same cents", () => {
  for (const [name, format] of styles) {
    it.prop(name, [FastCheck.integer({ min: 1, max: 9_999_999 })], ([cents]) => {
      const text = format(cents)
      if (text === undefined) return
      expect(moneyIn(text).map((m) => m.cents), text).toEqual([cents])
      expect(readTilePrice([text])?.unitCents, text).toBe(cents)
      // Among a tile's other words, too.
      expect(readTilePrice(["Organic Milk 2 L", text, "$0.20 /100 ml"])?.unitCents, text).toBe(cents)
    })
  }
})
