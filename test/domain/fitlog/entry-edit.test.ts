/**
 * Offline chat edits of the diary by name: "remove the almonds", "make the
 * rice 200 g", "the eggs were 3 not 2" are read as a removal or a new amount
 * of a named entry; the name is found among the entries by their text and
 * food description, in either number and any case; a name that fits none or
 * several says so; a new amount rescales the entry (grams, kcal, nutrients).
 */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import { findEntry, newGramsFor, readEntryEdit, resized } from "../../../src/domain/fitlog/entry-edit.js"
import type { ProposalLine } from "../../../src/domain/fitlog/proposal.js"

const line = (text: string, food: string, grams: number, kcal: number): ProposalLine => ({
  text, food, foodId: "1", grams, kcal, protein_g: kcal / 20, carbs_g: null, fat_g: kcal / 40, source: "USDA SR28 #1"
})
const entries = [
  line("2 eggs", "Egg, whole, cooked, fried", 92, 180),
  line("28g almonds", "Nuts, almonds", 28, 164),
  line("2 slices of toast", "Bread, white, toasted", 50, 140),
  line("a coffee", "Beverages, coffee, brewed", 240, 2),
  line("135g white rice cooked", "Rice, white, long-grain, cooked", 135, 175),
  line("250ml milk", "Milk, reduced fat, 2%", 258, 129),
  line("brown toast", "Bread, whole-wheat, toasted", 30, 80)
]

describe("readEntryEdit", () => {
  it("reads removals in the ways people say them", () => {
    for (const [text, name] of [
      ["remove the almonds", "almonds"],
      ["delete the coffee", "coffee"],
      ["take off the toast", "toast"],
      ["Take the toast off", "toast"],
      ["please remove my eggs from today", "eggs"],
      ["get rid of the rice.", "rice"],
      ["drop the milk from breakfast", "milk"]
    ] as const) {
      expect(Option.map(readEntryEdit(text), (e) => [e._tag, e.name]), text).toEqual(Option.some(["Remove", name]))
    }
  })

  it("reads new amounts: make, change … to, were … not", () => {
    const amount = (text: string) => Option.map(readEntryEdit(text), (e) => (e._tag === "Change" ? [e.name, e.amount.quantity, e.amount.unit ?? null] : e._tag))
    expect(amount("make the rice 200 g")).toEqual(Option.some(["rice", 200, "g"]))
    expect(amount("change the milk to 100ml")).toEqual(Option.some(["milk", 100, "ml"]))
    expect(amount("the eggs were 3 not 2")).toEqual(Option.some(["eggs", 3, null]))
    expect(amount("The almonds were 30g, not 28")).toEqual(Option.some(["almonds", 30, "g"]))
    expect(amount("update the coffee to 2 cups")).toEqual(Option.some(["coffee", 2, "cup"]))
  })

  it("leaves food to log, goals and questions alone", () => {
    for (const text of ["2 eggs for breakfast", "make my calories 2200", "set my protein goal to 120", "change my carbs target to 200", "how am I doing?", "remove", "make it quick", "I had 3 eggs", "drop of milk in my tea", "take out curry for dinner", "lunch was 2 eggs and toast"]) {
      expect(readEntryEdit(text), text).toEqual(Option.none())
    }
  })
})

describe("findEntry", () => {
  it("finds one entry by its text or its food, in either number and any case", () => {
    expect(findEntry("almonds", entries)).toEqual({ _tag: "One", index: 1 })
    expect(findEntry("almond", entries)).toEqual({ _tag: "One", index: 1 })
    expect(findEntry("Eggs", entries)).toEqual({ _tag: "One", index: 0 })
    expect(findEntry("egg", entries)).toEqual({ _tag: "One", index: 0 })
    expect(findEntry("coffees", entries)).toEqual({ _tag: "One", index: 3 })
    expect(findEntry("rice", entries)).toEqual({ _tag: "One", index: 4 })
    expect(findEntry("brown toast", entries)).toEqual({ _tag: "One", index: 6 })
    expect(findEntry("whole-wheat toast", entries)).toEqual({ _tag: "One", index: 6 })
  })

  it("a name that fits several entries names them all; one that fits none says none", () => {
    expect(findEntry("toast", entries)).toEqual({ _tag: "Several", indexes: [2, 6] })
    expect(findEntry("bananas", entries)).toEqual({ _tag: "None" })
    expect(findEntry("", entries)).toEqual({ _tag: "None" })
  })
})

describe("entries of the same name", () => {
  const day = [
    { text: "a coffee", food: "Beverages, coffee, brewed", meal: "breakfast", grams: 240 },
    { text: "a coffee", food: "Beverages, coffee, brewed", meal: "lunch", grams: 240 },
    { text: "1 banana", food: "Bananas, raw", meal: "snacks", grams: 118 },
    { text: "1 banana", food: "Bananas, raw", meal: "snacks", grams: 118 }
  ] as const

  it("the meal said picks among them: \"remove the coffee from lunch\"", () => {
    const edit = readEntryEdit("remove the coffee from lunch")
    expect(edit).toEqual(Option.some({ _tag: "Remove", name: "coffee", meal: "lunch" }))
    expect(findEntry("coffee", day)).toEqual({ _tag: "Several", indexes: [0, 1] })
    expect(findEntry("coffee", day, "lunch")).toEqual({ _tag: "One", index: 1 })
    expect(Option.map(readEntryEdit("change the coffee in my breakfast to 100ml"), (e) => e.meal)).toEqual(Option.some("breakfast"))
  })

  it("the same food logged twice alike is one choice: the last", () => {
    expect(findEntry("banana", day)).toEqual({ _tag: "One", index: 3 })
  })
})

describe("a new amount", () => {
  it("in grams is those grams; a count or the same unit scales the entry's grams", () => {
    const amount = (text: string) => {
      const e = readEntryEdit(text)
      return Option.isSome(e) && e.value._tag === "Change" ? e.value.amount : undefined
    }
    expect(newGramsFor(amount("make the rice 200 g")!, entries[4]!)).toEqual(Option.some(200))
    expect(newGramsFor(amount("the eggs were 3 not 2")!, entries[0]!)).toEqual(Option.some(138))
    expect(newGramsFor(amount("change the milk to 100ml")!, entries[5]!)).toEqual(Option.some(103.2))
    expect(newGramsFor(amount("the almonds were 1 oz")!, entries[1]!)).toEqual(Option.some(28.3))
    // A cup of a coffee that was "a coffee": no unit to scale by, so none (the caller estimates it).
    expect(newGramsFor(amount("change the coffee to 2 cups")!, entries[3]!)).toEqual(Option.none())
  })

  it("rescales the entry's nutrients and rewrites its text with the new amount", () => {
    const eggs = resized(entries[0]!, 138, "3")
    expect(eggs.grams).toBe(138)
    expect(eggs.kcal).toBe(270)
    expect(eggs.protein_g).toBe(13.5)
    expect(eggs.carbs_g).toBeNull()
    expect(eggs.text).toBe("3 eggs")
    expect(resized(entries[4]!, 200, "200 g").text).toBe("200 g white rice cooked")
    expect(resized(entries[3]!, 480, "2 cups").text).toBe("2 cups of coffee")
  })
})
