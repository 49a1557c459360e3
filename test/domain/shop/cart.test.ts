/** The cart as the truth: reading cart pages, the add verdict, reconciling the summary with the cart, and quantities from the list. */
import { describe, expect, it } from "@effect/vitest"
import { consentButton } from "../../../src/agents/shop/page-reading.js"
import { decideAdd, decideLanded } from "../../../src/agents/shop/verify.js"
import { cartGrowth, readCart } from "../../../src/domain/shop/cart.js"
import type { CartView } from "../../../src/domain/shop/cart.js"
import { Cents, ItemAdded, ItemId, ItemName, ShoppingListItem } from "../../../src/domain/shop/item.js"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { wanted } from "../../../src/domain/shop/quantity.js"
import { reconcile, renderSummary, summarize } from "../../../src/domain/shop/summary.js"

const tableCart = `- main [ref=e1]:
  - heading "Your basket" [level=1] [ref=e2]
  - table [ref=e3]:
    - rowgroup [ref=e4]:
      - row "Product Qty Each Line total" [ref=e5]:
        - columnheader "Product" [ref=e6]
        - columnheader "Qty" [ref=e7]
        - columnheader "Each" [ref=e8]
        - columnheader "Line total" [ref=e9]
    - rowgroup [ref=e10]:
      - row [ref=e11]:
        - cell [ref=e12]:
          - link "Bon Matin White Bread 675 g" [ref=e13] [cursor=pointer]:
            - /url: /item/white-bread
        - cell "3" [ref=e14]
        - cell "$3.99 ea." [ref=e15]
        - cell "$10.99" [ref=e16]
      - row [ref=e17]:
        - cell [ref=e18]:
          - link "Lean Ground Beef" [ref=e19] [cursor=pointer]:
            - /url: /item/ground-beef
        - cell "1" [ref=e20]
        - cell "$11.02 ea." [ref=e21]
        - cell "$11.02" [ref=e22]
  - table [ref=e23]:
    - rowgroup [ref=e24]:
      - row [ref=e25]:
        - cell "Subtotal" [ref=e26]
        - cell "$22.01" [ref=e27]
      - row [ref=e28]:
        - cell "Delivery fee" [ref=e29]
        - cell "$4.99" [ref=e30]
      - row [ref=e31]:
        - cell "Total" [ref=e32]
        - cell "$27.00" [ref=e33]`

const frenchCart = `- main [ref=e1]:
  - list [ref=e2]:
    - listitem [ref=e3]:
      - link "Yogourt grec nature 750 g" [ref=e4] [cursor=pointer]:
        - /url: /fr/epicerie-en-ligne/allees/p/greek-yogurt
      - text: "Quantité : 2 7,32 $"
  - paragraph [ref=e5]:
    - text: "Sous-total :"
    - strong [ref=e6]: 7,32 $`

const added = (name: string, url: string, cents: number, quantity: number, multiBuy?: { count: number; cents: number }) =>
  new ItemAdded({
    itemId: ItemId.make(name),
    itemName: ItemName.make(name),
    productName: name,
    priceText: "",
    priceCents: Cents.make(cents),
    url,
    quantity,
    ...(multiBuy === undefined ? {} : { multiBuy })
  })

describe("reading a cart page", () => {
  it("a table cart: lines with quantities and line totals, the Total (not the Subtotal, not a column header)", () => {
    const cart = readCart(parseSnapshot(tableCart), "http://127.0.0.1/basket", "^/item/[\\w-]+$")
    expect(cart.lines.map((l) => [l.name, l.quantity, l.lineCents])).toEqual([["Bon Matin White Bread 675 g", 3, 1099], ["Lean Ground Beef", 1, 1102]])
    expect(cart.totalCents).toBe(2700)
  })

  it("a French cart: Quantité : 2, 7,32 $, Sous-total", () => {
    const cart = readCart(parseSnapshot(frenchCart), "http://127.0.0.1/fr/panier", "/p/[\\w-]+$")
    expect(cart.lines.map((l) => [l.quantity, l.lineCents])).toEqual([[2, 732]])
    expect(cart.totalCents).toBe(732)
  })
})

describe("an empty cart, whatever the store calls it", () => {
  it("says so for a cart, basket, bag or trolley, in English and French; a product named like one is not an empty cart", () => {
    const empty = (text: string) => readCart(parseSnapshot(`- heading "Your basket" [level=1]\n- paragraph: ${text}`), "http://127.0.0.1/bag", "^/p/").saysEmpty
    expect(["Your bag is empty.", "Your trolley is currently empty", "Your basket is empty", "Empty bag", "Votre panier est vide", "No items in your bag"].map(empty))
      .toEqual([true, true, true, true, true, true])
    expect(["Bag of empty jars", "Reusable shopping bag $1.99", "Your bag has 2 items"].map(empty)).toEqual([false, false, false])
  })
})

describe("is an add true?", () => {
  const bread = { name: "Bon Matin White Bread 675 g", url: "http://127.0.0.1/item/white-bread" }
  const cartWith = (quantity: number): CartView => ({ lines: quantity === 0 ? [] : [{ ...bread, quantity, lineCents: 399 * quantity }], totalCents: undefined, saysEmpty: quantity === 0 })
  it("only when the cart gained exactly the quantity wanted", () => {
    expect(decideAdd(bread, 2, cartWith(0), cartWith(2), false)._tag).toBe("Confirmed")
    expect(decideAdd(bread, 2, cartWith(1), cartWith(3), false)._tag).toBe("Confirmed")
    expect(decideAdd(bread, 2, cartWith(0), cartWith(1), true)).toEqual({ _tag: "WrongQuantity", have: 1, want: 2 })
    expect(decideAdd(bread, 1, cartWith(0), cartWith(0), true)._tag).toBe("NotInCart")
    // A cart page that cannot be read: the page's own signal decides.
    expect(decideAdd(bread, 1, undefined, undefined, true)._tag).toBe("Confirmed")
    expect(decideAdd(bread, 1, undefined, undefined, false)._tag).toBe("NotInCart")
  })
})

describe("a try that failed: did its add land?", () => {
  const eggs = { name: "Large White Eggs, 12 count", url: "http://127.0.0.1/item/eggs-12" }
  const bread = { name: "Bon Matin White Bread 675 g", url: "http://127.0.0.1/item/white-bread" }
  const cart = (...lines: ReadonlyArray<readonly [typeof eggs, number]>): CartView =>
    ({ lines: lines.map(([p, quantity]) => ({ ...p, quantity, lineCents: 429 * quantity })), totalCents: undefined, saysEmpty: lines.length === 0 })
  const item = new ShoppingListItem({ id: ItemId.make("i1"), name: ItemName.make("eggs"), status: "needs_action", tags: [] })
  const euros = { symbol: "€", after: true, comma: true } as const

  it("the cart's growth is per product, lines of one product counted together", () => {
    expect(cartGrowth(cart([bread, 1]), cart([bread, 1], [eggs, 2]))).toEqual([{ line: { ...eggs, quantity: 2, lineCents: 858 }, gained: 2 }])
    expect(cartGrowth(cart([eggs, 1]), cart([eggs, 1], [eggs, 1]))).toEqual([{ line: { ...eggs, quantity: 1, lineCents: 429 }, gained: 1 }])
    expect(cartGrowth(cart([eggs, 2]), cart([eggs, 1]))).toEqual([])
  })

  it("nothing gained: shopping again is safe; the quantity wanted: added, priced from the cart line in the store's money", () => {
    expect(decideLanded(item, 1, [], "timeout", euros)).toBeUndefined()
    const added = decideLanded(item, 1, cartGrowth(cart(), cart([eggs, 1])), "timeout", euros)
    expect(added).toMatchObject({ _tag: "ItemAdded", productName: eggs.name, priceCents: 429, priceText: "4,29 €", quantity: 1, cartLineCents: 429 })
    // Some already in the cart before: the line's total is not this add's.
    const more = decideLanded(item, 1, cartGrowth(cart([eggs, 1]), cart([eggs, 2])), "timeout", euros)
    expect(more).toMatchObject({ _tag: "ItemAdded", priceCents: 429 })
    expect(more).not.toHaveProperty("cartLineCents")
  })

  it("another quantity, or several products, is a failure that says so — and is not tried again", () => {
    expect(decideLanded(item, 1, cartGrowth(cart(), cart([eggs, 2])), "timeout", euros)).toMatchObject({
      _tag: "ItemFailed",
      reason: "wrong_quantity",
      error: expect.stringContaining("the cart gained 2, the list asks for 1")
    })
    expect(decideLanded(item, 1, cartGrowth(cart(), cart([eggs, 1], [bread, 1])), "timeout", euros)).toMatchObject({
      _tag: "ItemFailed",
      error: expect.stringMatching(/1 × Large White Eggs.*1 × Bon Matin.*nothing is added twice/)
    })
  })
})

describe("the summary is the cart's", () => {
  it("total = the cart's total; estimate + differences = total, line by line", () => {
    const before: CartView = { lines: [{ name: "Lean Ground Beef", url: "http://127.0.0.1/item/ground-beef", quantity: 1, lineCents: 1102 }], totalCents: 1601, saysEmpty: false }
    const after = readCart(parseSnapshot(tableCart), "http://127.0.0.1/basket", "^/item/[\\w-]+$")
    const outcomes = [added("Bon Matin White Bread 675 g", "http://127.0.0.1/item/white-bread", 399, 3, { count: 2, cents: 700 })]
    const summary = summarize(outcomes, "http://127.0.0.1/basket", { before, after })
    expect(summary.totalCents).toBe(2700)
    expect(summary.estimatedCents).toBe(1099)
    expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(2700)
    const text = renderSummary(summary)
    expect(text).toContain("**Cart total: $27.00**")
    expect(text).toContain("+$11.02 Lean Ground Beef × 1 ($11.02): already in the cart before this run")
    expect(text).toContain("+$4.99 the cart's total is $27.00, its lines add up to $22.01")
    expect(reconcile(outcomes, before, after).length).toBe(2)
  })
})

describe("quantities from the list", () => {
  it("quantity: field, else a small count before the name; sizes and percentages stay in the name", () => {
    expect(wanted({ name: "milk", quantity: 2 })).toEqual({ quantity: 2, searchText: "milk" })
    expect(wanted({ name: "2 milk", quantity: undefined })).toEqual({ quantity: 2, searchText: "milk" })
    expect(wanted({ name: "3 x yogurt", quantity: undefined })).toEqual({ quantity: 3, searchText: "yogurt" })
    expect(wanted({ name: "2× bread", quantity: undefined })).toEqual({ quantity: 2, searchText: "bread" })
    for (const name of ["2% milk", "2 lb ground beef", "500 g butter", "12 eggs", "2 L milk"]) {
      expect(wanted({ name, quantity: undefined }), name).toEqual({ quantity: 1, searchText: name })
    }
  })

  it("an aside in brackets is a note to the shopper, never searched (a break-test: 'bananas (ripe)' found nothing)", () => {
    expect(wanted({ name: "bananas (ripe)", quantity: undefined })).toEqual({ quantity: 1, searchText: "bananas" })
    expect(wanted({ name: "2 x milk [for Sunday]", quantity: undefined })).toEqual({ quantity: 2, searchText: "milk" })
    expect(wanted({ name: "(whatever's on sale)", quantity: undefined })).toEqual({ quantity: 1, searchText: "(whatever's on sale)" })
  })
})

describe("consent dialogs", () => {
  it("the refuse button first, else accept; nothing when the page has no consent text", () => {
    const dialog = (buttons: string) => parseSnapshot(`- dialog "Cookie consent" [ref=e1]:\n  - paragraph [ref=e2]: We use cookies\n${buttons}`)
    expect(consentButton(dialog(`  - button "Accept all cookies" [ref=e3]\n  - button "Necessary only" [ref=e4]`))).toBe("e4")
    expect(consentButton(dialog(`  - button "Tout accepter" [ref=e3]\n  - button "Tout refuser" [ref=e4]`))).toBe("e4")
    expect(consentButton(dialog(`  - button "Accept" [ref=e3]`))).toBe("e3")
    expect(consentButton(parseSnapshot(`- button "Accept" [ref=e3]`))).toBeUndefined()
  })
})
