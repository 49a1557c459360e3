/**
 * Break-test of the cart reader with bag pages written the ways new users'
 * stores write them (invented here): the count before the name ("2 ×"),
 * a multipack whose name holds "12 x 355 ml", an empty bag said another way.
 */
import { describe, expect, it } from "@effect/vitest"
import { readCart } from "../../../src/domain/shop/cart.js"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"

const bag = (lines: string) => readCart(parseSnapshot(`- main [ref=e1]:\n  - heading "Bag" [level=1] [ref=e2]\n  - list [ref=e3]:\n${lines}`), "http://127.0.0.1/bag", "^/item/[\\w-]+$")
const line = (ref: number, before: string, name: string, sku: string, after: string) =>
  `    - listitem [ref=e${ref}]:
${before === "" ? "" : `      - text: ${before}\n`}      - link "${name}" [ref=e${ref + 1}] [cursor=pointer]:
        - /url: /item/${sku}
      - text: ${after}
`

describe("a bag line's count, wherever the store writes it", () => {
  it("a count written before the name, ending its text (\"2 ×\"), is the line's count", () => {
    const cart = bag(line(10, "2 ×", "Cloudberry Jam 300 g", "cloudberry", "$22.50") + line(20, "3x", "Oat Biscuits 400 g", "oat-biscuits", "$8.67"))
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([["Cloudberry Jam 300 g", 2], ["Oat Biscuits 400 g", 3]])
  })

  it("a multipack's size in its name (\"12 x 355 ml\", \"6 × 1 L\") is not the count: the line's own \"Qty\" is", () => {
    const cart = bag(line(10, "", "Sparkling Water 12 x 355 ml", "water", "Qty: 1 $6.49") + line(20, "", "Oat Milk 6 × 1 L", "oat-milk", "Qty: 2 $25.98"))
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([["Sparkling Water 12 x 355 ml", 1], ["Oat Milk 6 × 1 L", 2]])
  })

  it("a multipack alone on its line, no count shown, is one", () => {
    expect(bag(line(10, "", "Sparkling Water 12 x 355 ml", "water", "$6.49")).lines.map((l) => l.quantity)).toEqual([1])
  })
})

describe("an empty bag said another way", () => {
  it("\"nothing in your bag\", \"your trolley has no items\" are an empty cart; a product is not", () => {
    const empty = (text: string) => readCart(parseSnapshot(`- heading "Bag" [level=1]\n- paragraph: ${text}`), "http://127.0.0.1/bag", "^/item/").saysEmpty
    expect(["There is nothing in your bag yet.", "Nothing in your basket", "Your trolley has no items.", "You have no items in your cart"].map(empty))
      .toEqual([true, true, true, true])
    expect(["Bag of nothing-added granola", "Your bag has 2 items"].map(empty)).toEqual([false, false])
  })
})

describe("products the bag page offers are not in the bag", () => {
  it("a \"Recently viewed\" tile with its own add button is no line; the bag's own line is", () => {
    const page = `- main [ref=e1]:
  - heading "Bag" [level=1] [ref=e2]
  - list [ref=e3]:
${line(10, "", "Oat Biscuits 400 g", "oat-biscuits", "Qty: 2 $5.78")}  - heading "Recently viewed" [level=2] [ref=e30]
  - list [ref=e31]:
    - listitem [ref=e32]:
      - link "Rye Crispbread 250 g" [ref=e33] [cursor=pointer]:
        - /url: /item/rye-crisp
      - text: $3.79
      - button "Add to bag" [ref=e34]
`
    const cart = readCart(parseSnapshot(page), "http://127.0.0.1/bag", "^/item/[\\w-]+$", /\badd to bag\b/i)
    expect(cart.lines.map((l) => [l.name, l.quantity])).toEqual([["Oat Biscuits 400 g", 2]])
  })
})
