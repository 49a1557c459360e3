/**
 * Choosing among search results by relevance (issue 13 item 4): the
 * product that *is* the item beats one the item only describes, a whole
 * word beats a prefix, the category breaks a tie, the store's order breaks
 * what is left — never the shortest name — and a sponsored tile is never
 * preferred over an ordinary one that fits.
 */
import { describe, expect, it } from "@effect/vitest"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { bestMatch, headFit, rankCandidates, relevance } from "../../../src/domain/shop/similarity.js"
import { isSponsoredTile, tileRange } from "../../../src/domain/shop/snapshot-tiles.js"

const names = (item: string, products: ReadonlyArray<string>) => rankCandidates(item, products.map((name) => ({ name }))).map((r) => r.candidate.name)

describe("relevance", () => {
  it("\"eggs\" picks eggs, not egg noodles, whichever comes first or is shorter", () => {
    // Egg Noodles is the shortest name and first on the page: the old score (coverage, then fewest words) chose it.
    const page = ["Egg Noodles", "Wide Egg Noodles", "Large White Eggs, 12 count"]
    expect(names("eggs", page)[0]).toBe("Large White Eggs, 12 count")
    expect(names("eggs", [...page].reverse())[0]).toBe("Large White Eggs, 12 count")
    // Egg only describes the noodles: alone on the page, they are not a match for eggs at all.
    expect(bestMatch("eggs", ["Wide Egg Noodles"], (n) => n)).toBeUndefined()
  })

  it("the head noun decides: what the product is, not what it contains", () => {
    expect(names("milk", ["Chocolate Milk Drink 1 L", "Lactantia 2% Milk 2 L"])[0]).toBe("Lactantia 2% Milk 2 L")
    expect(names("2% milk", ["Chocolate Milk Drink 1 L", "Lactantia 2% Milk 2 L"])[0]).toBe("Lactantia 2% Milk 2 L")
    expect(names("egg noodles", ["Large White Eggs, 12 count", "Wide Egg Noodles"])[0]).toBe("Wide Egg Noodles")
    expect(names("ground beef", ["Beef Broth 900 ml", "Lean Ground Beef, 450 g"])[0]).toBe("Lean Ground Beef, 450 g")
    // Sizes at the end are not the head: "2 L", "12 count", "375 g".
    expect(headFit("milk", "Lactantia 2% Milk 2 L")).toBe(1)
    expect(headFit("eggs", "Large White Eggs, 12 count")).toBe(1)
  })

  it("French names: the head comes first or before a linking word, adjectives may follow it", () => {
    expect(names("oeufs", ["Nouilles aux œufs 375 g", "Gros œufs blancs, 12"])[0]).toBe("Gros œufs blancs, 12")
    expect(names("lait", ["Boisson au chocolat et lait 1 L", "Lait 2 % Lactantia, 2 L"])[0]).toBe("Lait 2 % Lactantia, 2 L")
    expect(bestMatch("oeufs", ["Nouilles aux œufs 375 g"], (n) => n)).toBeUndefined()
  })

  it("plain beats flavoured: an unasked food or flavour beside the head names another product", () => {
    // Before: the peanut butter, the garlic bread and the cheese crackers won on one fewer word.
    expect(names("butter", ["Peanut Butter 1 kg", "Butter Chicken Sauce 350 ml", "Lactantia Salted Butter 454 g"])[0]).toBe("Lactantia Salted Butter 454 g")
    expect(names("bread", ["Garlic Bread", "Bon Matin White Bread 675 g"])[0]).toBe("Bon Matin White Bread 675 g")
    expect(names("crackers", ["Cheese Crackers 200 g", "Soda Crackers 450 g"])[0]).toBe("Soda Crackers 450 g")
    expect(names("beurre", ["Beurre d'arachide crémeux 1 kg", "Beurre salé Lactantia 454 g"])[0]).toBe("Beurre salé Lactantia 454 g")
    expect(names("yogurt", ["Strawberry Flavoured Yogurt", "Balkan Style Yogurt 750 g"])[0]).toBe("Balkan Style Yogurt 750 g")
    // Asked for, the flavour is no cost; the product's own head is never a flavour modifier.
    expect(names("peanut butter", ["Salted Butter", "Smooth Peanut Butter 1 kg"])[0]).toBe("Smooth Peanut Butter 1 kg")
    expect(relevance("cheddar", { name: "Old Cheddar Cheese 400 g" })).toBeGreaterThanOrEqual(0.5)
    // A variety is what the item is, not a flavour: basmati rice is rice.
    expect(relevance("rice", { name: "Basmati Rice 2 kg" })).toBeGreaterThan(0.9)
  })

  it("a whole word beats a prefix: milk is not a milkshake", () => {
    expect(relevance("milk", { name: "Vanilla Milkshake 500 ml" })).toBeLessThan(relevance("milk", { name: "Organic Whole Milk 4 L" }))
    expect(bestMatch("milk", ["Vanilla Milkshake 500 ml"], (n) => n)).toBeUndefined()
  })

  it("the category breaks a tie between equally named products", () => {
    const ranked = rankCandidates("eggs", [
      { name: "Free Run Eggs", category: "Bakery" },
      { name: "Free Run Eggs", category: "Dairy & Eggs" }
    ])
    expect(ranked.map((r) => r.candidate.category)).toEqual(["Dairy & Eggs", "Bakery"])
  })

  it("equal candidates keep the store's order rather than the shortest name", () => {
    // Same relevance: both are eggs, one word of qualifier each.
    expect(names("eggs", ["Brown Eggs", "White Eggs"])).toEqual(["Brown Eggs", "White Eggs"])
    expect(names("eggs", ["White Eggs", "Brown Eggs"])).toEqual(["White Eggs", "Brown Eggs"])
  })

  it("a sponsored tile is never preferred over an ordinary one that fits, even when it scores higher", () => {
    const ranked = rankCandidates("eggs", [
      { name: "Eggs", sponsored: true },
      { name: "Large White Eggs, 12 count, Grade A", sponsored: false }
    ])
    expect(relevance("eggs", { name: "Eggs" })).toBeGreaterThan(relevance("eggs", { name: "Large White Eggs, 12 count, Grade A" }))
    expect(ranked[0]?.candidate.sponsored).toBe(false)
    // With nothing else that fits, the sponsored product may still be chosen.
    expect(rankCandidates("eggs", [{ name: "Wide Egg Noodles" }, { name: "Eggs", sponsored: true }])[0]?.candidate.name).toBe("Eggs")
  })
})

describe("product tiles in a snapshot", () => {
  const page = `- main [ref=e1]:
  - list [ref=e2]:
    - listitem [ref=e3]:
      - generic [ref=e4]:
        - text: Sponsored
        - link [ref=e5] [cursor=pointer]:
          - /url: /p/noodles
          - heading "Wide Egg Noodles" [level=3] [ref=e6]
      - text: $2.99
      - button "Add to cart" [ref=e7]
    - listitem [ref=e8]:
      - link "Large White Eggs, 12 count" [ref=e9] [cursor=pointer]:
        - /url: /p/eggs
      - link [ref=e10] [cursor=pointer]:
        - /url: /p/eggs
        - img "Large White Eggs"
      - text: $4.29
      - button "Add to cart" [ref=e11]
    - listitem [ref=e12]:
      - 'link "Sponsored: Eggs" [ref=e13] [cursor=pointer]':
        - /url: /p/eggs-ad`

  it("a tile is the item around its link, wrappers included; its badge or label marks it sponsored", () => {
    const nodes = parseSnapshot(page)
    const at = (ref: string) => nodes.findIndex((n) => n.ref === ref)
    expect(nodes.slice(tileRange(nodes, at("e5")).start, tileRange(nodes, at("e5")).end).map((n) => n.ref ?? n.role)).toEqual(
      ["e3", "e4", "text", "e5", "e6", "text", "e7"]
    )
    expect(isSponsoredTile(nodes, at("e5"))).toBe(true)
    expect(isSponsoredTile(nodes, at("e9"))).toBe(false)
    expect(isSponsoredTile(nodes, at("e13"))).toBe(true)
    // The nameless link wrapping the heading is named by it.
    expect(nodes[at("e5")]?.name).toBe("Wide Egg Noodles")
  })
})
