/**
 * Prices as the store writes them (break-test of issue 13 item 2, on a new
 * user's store): the price text shown is the store's own words for that
 * price — no neighbouring label swept in, no deal re-worded in English —
 * and euro and pound prices read like dollar ones.
 */
import { describe, expect, it } from "@effect/vitest"
import { moneyIn, readTilePrice } from "../../../src/domain/shop/price.js"

const read = (...texts: ReadonlyArray<string>) => {
  const p = readTilePrice(texts)
  return p === undefined ? undefined : { cents: p.unitCents, text: p.text, unitPrices: p.unitPrices, deal: p.multiBuy, regular: p.regularCents }
}

describe("the price text is the store's words for the price, nothing more", () => {
  it("an 'each' price is not followed by the next label on the tile", () => {
    expect(read("2 for $5", "$3.00 each", "Add to bag")).toEqual({ cents: 300, text: "$3.00 each", unitPrices: [], deal: { count: 2, cents: 500 }, regular: undefined })
    expect(read("$1.29 ea or 3 for $3")?.text).toBe("$1.29 ea")
    expect(read("$5.49 avg. ea.", "Add to cart")?.text).toBe("$5.49 avg. ea.")
  })

  it("a per-unit price is kept as written, without the words after it", () => {
    expect(read("$0.89/lb", "approx. $1.78 ea", "Add to bag")).toEqual({ cents: 178, text: "$1.78 ea", unitPrices: ["$0.89/lb"], deal: undefined, regular: undefined })
    expect(read("$4.00", "$0.40 / 100 g", "Add")?.unitPrices).toEqual(["$0.40 / 100 g"])
  })

  it("a deal alone is shown in the store's words, French included", () => {
    expect(read("3 pour 5 $")?.text).toBe("3 pour 5 $")
    expect(read("2 for $5")?.text).toBe("2 for $5")
    expect(read("2 / $7.00")?.text).toBe("2 / $7.00")
  })
})

describe("euro and pound prices", () => {
  it("are read like dollar ones, leading or trailing, decimal comma or dot", () => {
    expect(moneyIn("4,49 €").map((m) => m.cents)).toEqual([449])
    expect(moneyIn("€4.49").map((m) => m.cents)).toEqual([449])
    expect(moneyIn("£2.10").map((m) => m.cents)).toEqual([210])
    expect(moneyIn("1 299,00 €").map((m) => m.cents)).toEqual([129900])
    expect(read("4,49 €")).toEqual({ cents: 449, text: "4,49 €", unitPrices: [], deal: undefined, regular: undefined })
    expect(read("1,99 €/kg", "3,98 €")).toEqual({ cents: 398, text: "3,98 €", unitPrices: ["1,99 €/kg"], deal: undefined, regular: undefined })
    expect(read("Was £3.00 Now £2.50")).toEqual({ cents: 250, text: "£2.50", unitPrices: [], deal: undefined, regular: 300 })
  })
})
