/** Money in whole cents, the totals, and the Markdown report. */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { Cents, ItemAdded, ItemFailed, ItemId, ItemName, ItemNotFound } from "../../../src/domain/shop/item.js"
import { formatIn, moneyStyleOf } from "../../../src/domain/shop/money-style.js"
import type { MoneyStyle } from "../../../src/domain/shop/money-style.js"
import { formatCents, parsePriceCents, renderSummary, summarize } from "../../../src/domain/shop/summary.js"

const added = (name: string, cents: number, quantity = 1) =>
  new ItemAdded({
    itemId: ItemId.make(name),
    itemName: ItemName.make(name),
    productName: `${name} product`,
    priceText: formatCents(cents),
    priceCents: Cents.make(cents),
    url: `https://store/p/${name}`,
    quantity
  })

describe("shopping summary", () => {
  it("prices read from store text in cents, never through a float", () => {
    expect(parsePriceCents("$12.34")).toBe(1234)
    expect(parsePriceCents("Price: $ 0.29 /100 g")).toBe(29)
    expect(parsePriceCents("12,34 $")).toBe(1234)
    expect(parsePriceCents("$5")).toBe(500)
    expect(parsePriceCents("2 for 5")).toBeUndefined()
  })

  it.prop("formatting and parsing cents round-trip", [FastCheck.integer({ min: 0, max: 99_999_999 })], ([cents]) => {
    expect(parsePriceCents(formatCents(cents))).toBe(cents)
  })

  it.prop("a store's money style is read back from what it prints, and the amount with it",
    [FastCheck.integer({ min: 0, max: 9_999_999 }), FastCheck.constantFrom<MoneyStyle["symbol"]>("$", "€", "£"), FastCheck.boolean(), FastCheck.boolean()],
    ([cents, symbol, after, comma]) => {
      const style: MoneyStyle = { symbol, after, comma }
      const text = formatIn(style, cents)
      expect(moneyStyleOf([text]), text).toEqual(style)
      expect(parsePriceCents(text), text).toBe(cents)
    })

  it("the total is the sum of unit price × quantity of every added item; lists are filled", () => {
    const summary = summarize(
      [
        added("milk", 549, 2),
        new ItemNotFound({ itemId: ItemId.make("kale"), itemName: ItemName.make("kale"), explanation: "none in stock" }),
        added("eggs", 429),
        new ItemFailed({ itemId: ItemId.make("tea"), itemName: ItemName.make("tea"), reason: "timeout", error: "5m passed" })
      ],
      "https://store/cart"
    )
    expect(summary.totalCents).toBe(549 * 2 + 429)
    expect(summary.added).toHaveLength(2)
    expect(summary.notFound).toHaveLength(1)
    expect(summary.failed).toHaveLength(1)
    const text = renderSummary(summary)
    expect(text).toContain("- **milk**: milk product (<https://store/p/milk>) — $5.49 × 2 = $10.98")
    expect(text).toContain("- **kale**: none in stock")
    expect(text).toContain("- **tea** (timeout): 5m passed")
    expect(text).toContain("**Estimated total: $15.27**")
    expect(text).toContain("https://store/cart")
  })

  it("an empty run says so and totals $0.00", () => {
    const text = renderSummary(summarize([], "https://store/cart"))
    expect(text).toContain("Nothing was added.")
    expect(text).toContain("$0.00")
  })

  it("a store that writes euros (or pounds, or \"3,99 $\") gets its total in its own currency, not \"$\"", () => {
    const inStore = (name: string, cents: number, priceText: string, quantity = 1) =>
      new ItemAdded({ ...added(name, cents, quantity), priceText })
    const euro = renderSummary(summarize([inStore("lait", 149, "1,49 €", 2), inStore("pain", 220, "2,20 €")], "https://store/cart"))
    expect(euro).toContain("**Estimated total: 5,18 €**")
    expect(euro).toContain("= 2,98 €")
    expect(euro).not.toContain("$")
    const pound = renderSummary(summarize([inStore("tea", 210, "£2.10")], "https://store/cart"))
    expect(pound).toContain("**Estimated total: £2.10**")
    const quebec = renderSummary(summarize([inStore("lait", 399, "3,99 $")], "https://store/cart"))
    expect(quebec).toContain("**Estimated total: 3,99 $**")
    // The decimal mark from a price that shows cents, whichever item it is on.
    const deal = renderSummary(summarize([inStore("pain", 250, "2 pour 5 $"), inStore("lait", 399, "3,99 $")], "https://store/cart"))
    expect(deal).toContain("**Estimated total: 6,49 $**")
    // No price seen: dollars, as before.
    expect(renderSummary(summarize([], "https://store/cart"))).toContain("$0.00")
  })
})
