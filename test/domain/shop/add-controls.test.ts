/**
 * The add control as new users' stores write it (break-test of issue 13):
 * a link as well as a button, labelled "Add to bag", "Add to basket", "+ Add",
 * "Ajouter" — found with the default pattern, never "Add to list".
 */
import { describe, expect, it } from "@effect/vitest"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { defaultAddToCartPattern } from "../../../src/domain/shop/store-profile.js"
import { findTiles } from "../../../src/domain/shop/tiles.js"

const addToCart = new RegExp(defaultAddToCartPattern, "i")

const card = (control: string) => `- list:
  - listitem:
    - link "Free Run Eggs Dozen" [ref=e10] [cursor=pointer]:
      - /url: /prod/dozen-eggs
    - text: $5.49
    - ${control}
`

describe("add controls", () => {
  it("the default pattern knows the common labels and not the look-alikes", () => {
    for (const label of ["Add to cart", "Add to basket", "Add to bag", "Add to Trolley", "ADD", "+ Add", "Add +", "Add 1 to basket", "Ajouter au panier", "Ajouter", "Add to cart Bon Matin White Bread"]) {
      expect(addToCart.test(label), label).toBe(true)
    }
    for (const label of ["Add to list", "Add to favourites", "Add to wishlist", "Address", "Added", "Add a note"]) {
      expect(addToCart.test(label), label).toBe(false)
    }
  })

  it("an add link is the tile's add control, like a button", () => {
    for (const control of [`link "Add to bag" [ref=e11] [cursor=pointer]:\n      - /url: /bag/put?sku=dozen-eggs`, `button "+ Add" [ref=e11] [cursor=pointer]`]) {
      const [tile] = findTiles(parseSnapshot(card(control)), "http://127.0.0.1:1/s?k=eggs", "^/prod/[\\w-]+$", addToCart)
      expect(tile?.name).toBe("Free Run Eggs Dozen")
      expect(tile?.addRef).toBe("e11")
    }
  })
})
