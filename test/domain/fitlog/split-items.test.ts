/**
 * fitlog's list split on the text layer (src/domain/text): the food grammar
 * ("+" always; "and", "plus", "&", "with" before an amount) over the layer's
 * sentences, commas and brackets.
 */
import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { parseFoodText, splitItems } from "../../../src/domain/fitlog/parse.js"

describe("splitItems on the text layer", () => {
  it("joiners split before an amount only; '+' always", () => {
    expect(splitItems("mac and cheese with 2 eggs")).toEqual(["mac and cheese", "2 eggs"])
    expect(splitItems("fish and chips + mushy peas")).toEqual(["fish and chips", "mushy peas"])
    expect(splitItems("toast with butter and a banana")).toEqual(["toast with butter", "a banana"])
  })

  it("two sentences are two pieces; an abbreviation's or a decimal's point ends none", () => {
    expect(splitItems("a bagel. Then 2 eggs")).toEqual(["a bagel", "2 eggs"])
    expect(splitItems("a can of Dr. Pepper")).toEqual(["a can of Dr. Pepper"])
    expect(splitItems("a .5 oz lollipop, 1.5 cups rice")).toEqual(["a .5 oz lollipop", "1.5 cups rice"])
  })

  it("nothing splits inside brackets, and the bracket stays with its item", () => {
    expect(splitItems("rice (150g, cooked), dal")).toEqual(["rice (150g, cooked)", "dal"])
    expect(splitItems("a bottle of water (16.9 fl oz or 500 ml)")).toEqual(["a bottle of water (16.9 fl oz or 500 ml)"])
  })

  it("a decimal comma is part of its number", () => {
    expect(splitItems("1,5 kg potatoes, 2 carrots")).toEqual(["1,5 kg potatoes", "2 carrots"])
  })
})

describe("the narrative reader's sentences come from the text layer", () => {
  it("an abbreviation inside a sentence does not cut the food in two", () => {
    const read = parseFoodText("I had a can of Dr. Pepper and a bagel.")
    expect(read.items.map((i) => i.name.toLowerCase()).some((n) => n.includes("pepper"))).toBe(true)
    expect(read.items.some((i) => i.name.toLowerCase() === "dr")).toBe(false)
    expect(Option.isNone(read.meal)).toBe(true)
  })
})
