/**
 * Counts and containers written in words, as people write lists (break-test
 * of issue 13 item 3): "a dozen eggs", "two avocados", "a bag of apples",
 * "une douzaine d'œufs". The words become the quantity; the search is for
 * the product, since a store's search matches every word it is given.
 */
import { describe, expect, it } from "@effect/vitest"
import { wanted } from "../../../src/domain/shop/quantity.js"

const w = (name: string) => wanted({ name, quantity: undefined })

describe("counts and containers in words", () => {
  it("a spelled-out count is the quantity; an article or 'some' is one", () => {
    expect(w("two avocados")).toEqual({ quantity: 2, searchText: "avocados" })
    expect(w("three limes")).toEqual({ quantity: 3, searchText: "limes" })
    expect(w("an onion")).toEqual({ quantity: 1, searchText: "onion" })
    expect(w("some bananas")).toEqual({ quantity: 1, searchText: "bananas" })
    expect(w("deux baguettes")).toEqual({ quantity: 2, searchText: "baguettes" })
  })

  it("a container or a dozen is what one of them is, not part of the search", () => {
    expect(w("a dozen eggs")).toEqual({ quantity: 1, searchText: "eggs" })
    expect(w("2 dozen eggs")).toEqual({ quantity: 2, searchText: "eggs" })
    expect(w("a bag of apples")).toEqual({ quantity: 1, searchText: "apples" })
    expect(w("two loaves of sourdough")).toEqual({ quantity: 2, searchText: "sourdough" })
    expect(w("une douzaine d'œufs")).toEqual({ quantity: 1, searchText: "œufs" })
    expect(w("a carton of oat milk")).toEqual({ quantity: 1, searchText: "oat milk" })
  })

  it("names that only start like a count stay whole", () => {
    for (const name of ["can opener", "pot roast", "bag clips", "Two-Bite Brownies", "apples", "a", "Oh Henry bar", "onion", "2% milk", "12 eggs", "500 g butter"]) {
      expect(w(name), name).toEqual({ quantity: 1, searchText: name })
    }
    expect(w("bag")).toEqual({ quantity: 1, searchText: "bag" })
    // A container word is one only before "of" / "de": "a can opener" is one can opener.
    expect(w("a can opener")).toEqual({ quantity: 1, searchText: "can opener" })
    expect(w("2 pains de mie")).toEqual({ quantity: 2, searchText: "pains de mie" })
  })
})
