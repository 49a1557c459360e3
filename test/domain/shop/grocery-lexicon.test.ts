/** A list in one language at a store in the other (issue 31 item 4): the lexicon translates, the score reads both. */
import { describe, expect, it } from "@effect/vitest"
import { groceryPairs, inTheOtherLanguage } from "../../../src/domain/shop/grocery-lexicon.js"
import { nameSimilarity } from "../../../src/domain/shop/similarity.js"

describe("the bilingual grocery lexicon", () => {
  it("translates an item with its head where the other language puts it", () => {
    expect(inTheOtherLanguage("fromage cheddar")).toBe("cheddar cheese")
    expect(inTheOtherLanguage("Jus de pomme")).toBe("apple juice")
    expect(inTheOtherLanguage("poulet entier")).toBe("whole chicken")
    expect(inTheOtherLanguage("2% milk")).toBe("lait 2%")
    expect(inTheOtherLanguage("cheddar cheese")).toBe("fromage cheddar")
    expect(inTheOtherLanguage("pommes")).toBe("apple")
    expect(inTheOtherLanguage("Œufs")).toBe("egg")
  })

  it("leaves alone what it does not know", () => {
    expect(inTheOtherLanguage("dragonfruit")).toBeUndefined()
    expect(inTheOtherLanguage("")).toBeUndefined()
  })

  it("is data: every word folded, one entry per French word, no French word that is also an everyday English one", () => {
    const fold = (w: string) => w.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    for (const [fr, en] of groceryPairs) {
      expect(fold(fr)).toBe(fr)
      expect(fold(en)).toBe(en)
    }
    expect(new Set(groceryPairs.map(([fr]) => fr)).size).toBe(groceryPairs.length)
    for (const clash of ["the", "sale", "raisin", "noix"]) expect(groceryPairs.some(([fr]) => fr === clash)).toBe(false)
  })

  it("a French item fits the English product, and an English item the French one", () => {
    expect(nameSimilarity("fromage cheddar", "Mild Marbled Cheddar Cheese")).toBeGreaterThanOrEqual(0.5)
    expect(nameSimilarity("lait 2%", "Lactantia 2% Milk 2 L")).toBeGreaterThanOrEqual(0.5)
    expect(nameSimilarity("cheddar cheese", "Fromage cheddar fort")).toBeGreaterThanOrEqual(0.5)
    // A translation never makes another product fit: cheddar crackers are not cheddar cheese.
    expect(nameSimilarity("fromage cheddar", "Cheddar Crackers")).toBeLessThan(0.5)
    expect(nameSimilarity("jus de pomme", "Apple Pie")).toBeLessThan(0.5)
  })
})
