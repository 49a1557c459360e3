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

describe("add controls read by what their name means, not only the profile's pattern (issue 31 item 2)", () => {
  // A profile whose pattern knows none of these labels: the meaning finds them; the pattern only ranks.
  const narrowHint = /^add to cart$/i
  const tileWith = (control: string, name = "Mild Marbled Cheddar Cheese 400 g") => `- list:
  - listitem:
    - link "${name}" [ref=e10] [cursor=pointer]:
      - /url: /prod/cheddar
    - text: $6.99
    - ${control}
`
  const addRefOf = (control: string, name?: string) =>
    findTiles(parseSnapshot(tileWith(control, name)), "http://127.0.0.1:1/s?k=cheddar", "^/prod/[\\w-]+$", narrowHint)[0]?.addRef

  it("finds '+ Add', 'Add', 'Ajouter', 'Add 1 to basket', 'Add ⟨the product⟩' and an icon button named for the cart", () => {
    for (const label of ["+ Add", "Add", "ADD +", "Ajouter", "Ajouter au panier", "Add 1 to basket", "Add Mild Marbled Cheddar", "Add Cheddar Cheese to cart", "Cart", "Shopping cart icon"]) {
      expect(addRefOf(`button "${label}" [ref=e11] [cursor=pointer]`), label).toBe("e11")
    }
  })

  it("not a look-alike, nor another product's add, nor a link to the cart page", () => {
    for (const label of ["Add to list", "Add to favourites", "Address", "Added", "Add a note", "Add Greek Yogurt", "Save for later"]) {
      expect(addRefOf(`button "${label}" [ref=e11] [cursor=pointer]`), label).toBeUndefined()
    }
    expect(addRefOf(`link "Cart" [ref=e11] [cursor=pointer]:\n      - /url: /cart`)).toBeUndefined()
  })

  it("the profile's pattern ranks: its control is taken over one found by meaning", () => {
    expect(addRefOf(`button "+ Add" [ref=e11] [cursor=pointer]\n    - button "Add to cart" [ref=e12] [cursor=pointer]`)).toBe("e12")
  })

  it("a stepper with nothing in the cart yet: its first + is the add", () => {
    const stepper = `button "Decrease" [ref=e11] [disabled]\n    - spinbutton "Quantity" [ref=e12]: "0"\n    - button "+" [ref=e13] [cursor=pointer]`
    expect(addRefOf(stepper)).toBe("e13")
    const inCart = `button "Decrease" [ref=e11] [cursor=pointer]\n    - spinbutton "Quantity" [ref=e12]: "2"\n    - button "+" [ref=e13] [cursor=pointer]`
    expect(addRefOf(inCart)).toBeUndefined()
  })
})
