/**
 * The cart decides (issue 31 item 3): an item the cart read at the end of the run does not hold is never
 * reported added. It moves to failed ("not in the cart at the end of the run — check it"), and the totals follow:
 * the estimate plus the differences is still the cart's total. A property over runs of adds and final carts.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { sameProduct } from "../../../src/domain/shop/cart.js"
import type { CartView } from "../../../src/domain/shop/cart.js"
import { Cents, ItemAdded, ItemFailed, ItemId, ItemName, ItemNotFound } from "../../../src/domain/shop/item.js"
import type { ItemOutcome } from "../../../src/domain/shop/item.js"
import { notInCartAtEnd, summarize } from "../../../src/domain/shop/summary.js"

const products = ["Farm Milk 1 L", "Large White Eggs 12", "Sourdough Loaf", "Cheddar 400 g", "Bananas", "Greek Yogurt 750 g"]
const urlOf = (name: string) => `http://127.0.0.1/p/${name.toLowerCase().replace(/\W+/g, "-")}`

const add = (item: string, product: string, cents: number, quantity = 1) =>
  new ItemAdded({ itemId: ItemId.make(item), itemName: ItemName.make(item), productName: product, priceText: "", priceCents: Cents.make(cents), url: urlOf(product), quantity })

describe("the cart decides what was added", () => {
  it("an add the final cart does not hold is failed, named, and takes nothing from the total", () => {
    const outcomes: ReadonlyArray<ItemOutcome> = [
      add("milk", "Farm Milk 1 L", 299),
      add("eggs", "Large White Eggs 12", 429),
      new ItemNotFound({ itemId: ItemId.make("kale"), itemName: ItemName.make("kale"), explanation: "no results" })
    ]
    const after: CartView = { lines: [{ name: "Farm Milk 1 L", url: urlOf("Farm Milk 1 L"), quantity: 1, lineCents: 299 }], totalCents: 299, saysEmpty: false }
    const decided = notInCartAtEnd(outcomes, after)
    expect(decided.map((o) => o._tag)).toEqual(["ItemAdded", "ItemFailed", "ItemNotFound"])
    const eggs = decided[1]
    expect(eggs).toBeInstanceOf(ItemFailed)
    expect(eggs?._tag === "ItemFailed" ? [eggs.reason, eggs.error] : []).toEqual([
      "not_in_cart",
      "Large White Eggs 12 was confirmed when added, but is not in the cart at the end of the run — check the cart"
    ])
    const summary = summarize(outcomes, "http://127.0.0.1/cart", { before: undefined, after })
    expect(summary.added.map((a) => a.itemName)).toEqual(["milk"])
    expect(summary.failed.map((f) => f.itemName)).toEqual(["eggs"])
    expect(summary.totalCents).toBe(299)
    expect(summary.estimatedCents).toBe(299)
    expect(summary.differences).toEqual([])
  })

  it("without a cart read at the end, nothing is decided: the adds stand", () => {
    const outcomes = [add("milk", "Farm Milk 1 L", 299)]
    expect(summarize(outcomes, "http://127.0.0.1/cart").added).toHaveLength(1)
    expect(summarize(outcomes, "http://127.0.0.1/cart", { before: undefined, after: undefined }).added).toHaveLength(1)
  })

  it("is idempotent: deciding twice changes nothing more", () => {
    const outcomes = [add("milk", "Farm Milk 1 L", 299), add("eggs", "Large White Eggs 12", 429)]
    const after: CartView = { lines: [], totalCents: 0, saysEmpty: true }
    const once = notInCartAtEnd(outcomes, after)
    expect(notInCartAtEnd(once, after)).toEqual(once)
  })

  // A run: each item added (some of them, a product chosen among a few), and a final cart holding any of the
  // products, some the run added and some not, at any quantity and price.
  const run = FastCheck.tuple(
    FastCheck.uniqueArray(FastCheck.tuple(FastCheck.constantFrom(...products), FastCheck.integer({ min: 1, max: 2000 }), FastCheck.integer({ min: 1, max: 3 })), {
      selector: ([p]) => p,
      maxLength: products.length
    }),
    FastCheck.uniqueArray(FastCheck.tuple(FastCheck.constantFrom(...products), FastCheck.integer({ min: 1, max: 4 }), FastCheck.integer({ min: 1, max: 5000 })), {
      selector: ([p]) => p,
      maxLength: products.length
    })
  )

  it.prop("no run reports an add its final cart does not hold; the estimate plus the differences is the cart's total", [run], ([[adds, lines]]) => {
    const outcomes = adds.map(([product, cents, quantity], i) => add(`item ${i}`, product, cents, quantity))
    const after: CartView = {
      lines: lines.map(([name, quantity, lineCents]) => ({ name, url: urlOf(name), quantity, lineCents })),
      totalCents: lines.reduce((s, [, , c]) => s + c, 0),
      saysEmpty: lines.length === 0
    }
    const summary = summarize(outcomes, "http://127.0.0.1/cart", { before: undefined, after })
    for (const a of summary.added) expect(after.lines.some((l) => sameProduct({ name: a.productName, url: a.url }, l))).toBe(true)
    for (const o of outcomes) {
      const held = after.lines.some((l) => sameProduct({ name: o.productName, url: o.url }, l))
      const reported = summary.added.some((a) => a.itemId === o.itemId)
      const failed = summary.failed.some((f) => f.itemId === o.itemId && f.reason === "not_in_cart")
      expect([held, reported, failed]).toEqual([held, held, !held])
    }
    expect(summary.totalCents).toBe(after.totalCents)
    expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(summary.totalCents)
  })
})
