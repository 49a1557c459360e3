/**
 * The head noun is placed by the name's language (issue 13 item 4, bench row
 * shop-relevance): English compounds are head-last ("Salmon Burgers" are
 * burgers), French names head-first ("Lait 2 % Lactantia"); a cut or pack
 * after the food ("Salmon Fillets", "Lettuce Hearts") leaves it the food. So a
 * product whose head is another product is never "the food asked for".
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { headIndex, nameLanguage } from "../../../src/domain/shop/name-head.js"
import { bestMatch, headFit, headOf, rankCandidates } from "../../../src/domain/shop/similarity.js"

const first = (item: string, products: ReadonlyArray<string>) => rankCandidates(item, products.map((name) => ({ name })))[0]?.candidate.name

describe("the head noun by the name's language", () => {
  it("English puts the head last, past cuts and packs; French first, past a short adjective", () => {
    expect(headOf("Salmon Burgers")).toBe("burgers")
    expect(headOf("Atlantic Salmon Fillets 2 pack")).toBe("salmon")
    expect(headOf("Lettuce Wraps Kit")).toBe("wraps")
    expect(headOf("Romaine Lettuce Hearts 3 pack")).toBe("lettuce")
    expect(headOf("Lait 2 % Lactantia, 2 L")).toBe("lait")
    expect(headOf("Gros œufs blancs, 12")).toBe("oeufs")
    expect(headOf("Fromage cheddar fort 400 g")).toBe("fromage")
    expect(headOf("Lactantia 2% Milk 2 L")).toBe("milk")
    // A generic class after the food leaves it the food: a chocolate milk drink is chocolate milk.
    expect(headOf("Chocolate Milk Drink 1 L")).toBe("milk")
    // A loaf of sourdough is sourdough; coffee beans are coffee.
    expect(headOf("Sourdough Loaf")).toBe("sourdough")
    expect(headOf("Whole Coffee Beans 1 kg")).toBe("coffee")
    expect(first("chocolate milk", ["Chocolate Milk Drink 1 L", "Lactantia 2% Milk 2 L"])).toBe("Chocolate Milk Drink 1 L")
  })

  it("a name is French by its letters, its function words or its grocery words; else English", () => {
    expect(nameLanguage("Beurre salé", ["beurre", "sale"])).toBe("french")
    expect(nameLanguage("Jus de pommes 1,89 L", ["jus", "de", "pommes", "1", "89", "l"])).toBe("french")
    expect(nameLanguage("Lait Natrel", ["lait", "natrel"])).toBe("french")
    // A litre sign or raisins are not French.
    expect(nameLanguage("Lactantia 2% Milk 2 L", ["lactantia", "2%", "milk", "2", "l"])).toBe("english")
    expect(nameLanguage("Yogurt Covered Raisins", ["yogurt", "covered", "raisins"])).toBe("english")
    expect(headIndex(["wild", "salmon", "fillets"], "english")).toBe(1)
    expect(headIndex(["petits", "pois"], "french")).toBe(0)
  })

  it("the food asked for is not a product it only describes (the held-out misses)", () => {
    expect(headFit("salmon", "Salmon Burgers")).toBe(0.5)
    expect(headFit("salmon", "Atlantic Salmon Fillets 2 pack")).toBe(1)
    expect(headFit("lettuce", "Lettuce Wraps Kit")).toBe(0.5)
    expect(headFit("lettuce", "Romaine Lettuce Hearts 3 pack")).toBe(1)
    expect(first("salmon", ["Salmon Burgers", "Atlantic Salmon Fillets 2 pack"])).toBe("Atlantic Salmon Fillets 2 pack")
    expect(first("lettuce", ["Lettuce Wraps Kit", "Romaine Lettuce Hearts 3 pack"])).toBe("Romaine Lettuce Hearts 3 pack")
    // Alone on the page, the burgers are not salmon at all.
    expect(bestMatch("salmon", ["Salmon Burgers"], (n) => n)).toBeUndefined()
  })

  it("a head we cannot tell is a product keeps the mild credit: 'Eggs Large Grade A', a variety before its food", () => {
    expect(bestMatch("eggs", ["Eggs Large Grade A"], (n) => n)).toBeDefined()
    expect(headFit("cheddar", "Old Cheddar Cheese 400 g")).toBeGreaterThanOrEqual(0.8)
  })
})

// Foods, products and forms not used on the bench pages: the rule, not the examples.
const englishFood = FastCheck.constantFrom("tuna", "turkey", "shrimp", "mushroom", "cod", "broccoli", "kale", "beef", "zucchini", "haddock")
const productOfItsOwn = FastCheck.constantFrom("Burgers", "Patties", "Nuggets", "Wraps", "Chips", "Pies", "Cake", "Dip", "Soup", "Sauce", "Wraps Kit", "Bites")
const formOfTheFood = FastCheck.constantFrom("Fillets", "Steaks", "Florets", "Slices", "Chunks", "Pieces", "Portions", "Tray")
const describing = FastCheck.constantFrom("Wild", "Fresh", "Organic", "Frozen", "Compliments", "Selection")
const cap = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`

describe("English names are head-last, whatever the food", () => {
  it.prop("the food before a product of its own is a modifier; before a cut or pack it is the head; the food wins either order",
    [englishFood, productOfItsOwn, formOfTheFood, describing, FastCheck.boolean()],
    ([food, product, form, adjective, swap]) => {
      const other = `${cap(food)} ${product}`
      const plain = `${adjective} ${cap(food)} ${form} 2 pack`
      expect(headFit(food, other), other).toBe(0.5)
      expect(headFit(food, plain), plain).toBe(1)
      expect(first(food, swap ? [plain, other] : [other, plain])).toBe(plain)
    })
})

const frenchFood = FastCheck.constantFrom("saumon", "thon", "dinde", "poulet", "jambon", "carottes", "épinards", "tomates")
const frenchAdjective = FastCheck.constantFrom("fumé", "frais", "biologique", "tranché", "entier", "doux")
const frenchProduct = FastCheck.constantFrom("Galettes", "Croquettes", "Soupe", "Sauce", "Tartinade", "Bouchées")

describe("French names are head-first, whatever the food", () => {
  it.prop("the food written first is the head; after a linking word it only describes",
    [frenchFood, frenchAdjective, frenchProduct, FastCheck.constantFrom("de", "au", "aux"), FastCheck.boolean()],
    ([food, adjective, product, link, swap]) => {
      const plain = `${cap(food)} ${adjective} Compliments 400 g`
      const other = `${product} ${link} ${food}`
      expect(headFit(food, plain), plain).toBe(1)
      expect(headFit(food, other), other).toBe(0.5)
      expect(first(food, swap ? [plain, other] : [other, plain])).toBe(plain)
    })
})
