/** Words typed in the page's message box while a card is up: the same reading as the terminal's. */
import { describe, expect, it } from "vitest"
import { readTyped } from "../../src/gui/card-closing.js"
import type { Question } from "../../src/domain/question.js"

describe("readTyped at a disposition card", () => {
  const card: Question & { readonly _tag: "ProposeDisposition" } = {
    _tag: "ProposeDisposition",
    item: "old mug",
    choices: [
      { label: "Trash", disposition: { _tag: "Trash" } },
      { label: "Keep", disposition: { _tag: "Keep" } },
      { label: "Not sure", disposition: { _tag: "Unsure" } }
    ]
  }
  it("takes the user's own words for a choice, like the terminal does", () => {
    expect(readTyped(card, "chuck it")).toMatchObject({ _tag: "Answers", answer: { disposition: { _tag: "Trash" } } })
    expect(readTyped(card, "put it in the drawer")).toMatchObject({
      _tag: "Answers",
      answer: { disposition: { _tag: "PlaceAt", location: "in the drawer" } }
    })
    expect(readTyped(card, "keep")).toMatchObject({ _tag: "Answers", answer: { disposition: { _tag: "Keep" } } })
  })
  it("'not now' sets the card aside; anything else answers it as the next message (MessageInstead)", () => {
    expect(readTyped(card, "not now")._tag).toBe("NotNow")
    expect(readTyped(card, "my brother is coming to stay")).toEqual({
      _tag: "Answers",
      answer: { _tag: "MessageInstead", text: "my brother is coming to stay" }
    })
    expect(readTyped(card, "this was my mum's, I can't")).toEqual({ _tag: "Answers", answer: { _tag: "MessageInstead", text: "this was my mum's, I can't" } })
  })
})
