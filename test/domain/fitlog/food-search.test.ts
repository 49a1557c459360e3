/**
 * domain/fitlog/food-search.ts: fitlog's tables searched with a full-text
 * engine (MiniSearch) and re-ranked by its rules, on the real committed
 * FNDDS and CoFID files (data/fitlog). Meal phrases are made up here; none
 * comes from a measurement set.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc, Schema } from "effect"
import { readFileSync } from "node:fs"
import { CofidFile, cofidFoods, FnddsFile, fnddsFoods } from "../../../src/domain/fitlog/food-table-files.js"
import { makeFoodIndex, stem } from "../../../src/domain/fitlog/food-search.js"

const read = (name: string) => readFileSync(new URL(`../../../data/fitlog/${name}`, import.meta.url), "utf8")
const fndds = fnddsFoods(Schema.decodeUnknownSync(Schema.parseJson(FnddsFile))(read("fndds-2021-2023.json")))
const cofid = cofidFoods(Schema.decodeUnknownSync(Schema.parseJson(CofidFile))(read("cofid-2021.json")))
const index = makeFoodIndex([...fndds, ...cofid])
const top = (name: string, preparation?: string) => index.search(name, preparation, 1)[0]?.food

const flavours = /\b(?:chocolate|vanilla|strawberry|caramel|mocha|cinnamon|maple|honey|fruit|flavored)\b/i

describe("food search over FNDDS and CoFID", () => {
  it("finds a dish FNDDS names, as the generic one when nothing narrower is said", () => {
    expect(top("pad thai")?.description).toBe("Pad Thai, NFS")
    expect(top("pad thai with chicken")?.description).toBe("Pad Thai with chicken")
    expect(top("lasagna")?.description).toMatch(/^Lasagna/)
  })

  it("finds a food by a synonym or brand name FNDDS gives it", () => {
    expect(top("spring roll")?.description).toMatch(/^Egg roll/)
    expect(top("oreo cookies")?.description).toMatch(/^Cookie, chocolate sandwich/)
    expect(top("salmon nigiri")?.description).toBe("Sushi, topped with salmon")
  })

  it("finds the food through a typo", () => {
    expect(top("blueberies")?.description).toBe("Blueberries, raw")
  })

  it("gives the food named, not a food made with it", () => {
    expect(top("banana")?.description).toBe("Banana, raw")
    expect(top("rice")?.description).toMatch(/^Rice, (?:white, )?cooked/)
  })

  it("gives a plain food over a flavoured one unless the flavour is named", () => {
    expect(top("greek yogurt")?.description).not.toMatch(flavours)
    expect(top("chocolate milk")?.description).toMatch(/chocolate/i)
  })

  it("takes FNDDS first when both tables name the words, CoFID for a word only CoFID uses", () => {
    expect(top("orange juice")?.source).toBe("FNDDS 2021-2023")
    expect(top("chicken tikka masala")?.source).toBe("CoFID 2021")
    // The UK spelling is a UK word: McCance and Widdowson's lasagne.
    expect(top("lasagne")).toMatchObject({ source: "CoFID 2021", description: expect.stringMatching(/^Lasagne/) })
  })

  it("finds a UK word's food by its verb: minced beef is CoFID's beef mince", () => {
    expect(top("minced beef")?.description).toMatch(/^Beef, mince\b/)
    expect(stem("minced")).toBe(stem("mince"))
    expect(stem("diced")).toBe("dice")
  })

  it("gives a cooked food, not the raw record, when a cooking is said", () => {
    expect(top("minced beef", "fried")?.description).not.toMatch(/\braw\b/)
    expect(top("minced beef")?.description).toMatch(/^Beef, mince\b/)
  })

  it("gives the plain food of the kind named, not a snack or sweet of a longer name (FNDDS's category), unless its kind is said", () => {
    // "toast" is toasted bread (FNDDS: "Bread, …, toasted"), not Melba toast (a cracker) or French toast.
    expect(top("toast")).toMatchObject({ category: "Yeast breads", description: expect.stringMatching(/^Bread, .*toasted/) })
    // A slice of pizza is pizza, not the dessert pizza filed under cakes and pies; FNDDS's generic pizza when nothing narrower is said.
    expect(top("pizza")).toMatchObject({ category: "Pizza", description: expect.stringMatching(/^Pizza\b.*NS as to/) })
    // Its kind said, the sweet is found: a granola bar, a chocolate chip cookie, cheesecake.
    expect(top("granola bar")?.category).toBe("Cereal bars")
    expect(top("granola")?.category).toMatch(/cereal/i)
    expect(top("chocolate chip cookie")?.category).toBe("Cookies and brownies")
    expect(top("cheesecake")?.description).toMatch(/^Cheesecake/)
    expect(top("dessert pizza")?.description).toBe("Dessert pizza")
    expect(top("melba toast")?.description).toBe("Melba toast")
    // No plain food names it: the sweet is the food named ("taffy" is FNDDS's "Candy, taffy", not a sweet potato).
    expect(top("taffy")?.description).toBe("Candy, taffy")
    expect(top("sweet taffy")?.description).toBe("Candy, taffy")
  })

  it("reads a word said as the food made so only when no food is named by that word alone", () => {
    // "bread" names bread (a food FNDDS names by that word alone), never a breaded chicken.
    expect(top("bread")?.description).toMatch(/^Bread\b/)
    expect(top("roast beef")?.description).toMatch(/^Beef, roast/)
  })

  it("names no food for words that name none", () => {
    expect(index.search("the of and", undefined, 5)).toEqual([])
  })

  it.prop("a food searched by its own FNDDS description is found among the first five", [fc.integer({ min: 0, max: fndds.length - 1 })], ([i]) => {
    const food = fndds[i]
    if (food === undefined) return
    const hits = index.search(food.description, undefined, 5)
    // Foods FNDDS describes alike ("…, NS as to fat") may share every word: the one asked for, or one with its exact description.
    expect(hits.some((h) => h.food.description === food.description)).toBe(true)
  }, { fastCheck: { numRuns: 60 } })

  it.prop("plural and singular are one word", [fc.constantFrom("berries", "cookies", "tomatoes", "peaches", "sandwiches")], ([w]) => {
    expect(stem(w)).toBe(stem(w.replace(/ies$/, "y").replace(/(?:oes|ches)$/, (m) => m.slice(0, -2)).replace(/s$/, "")))
  })
})
