/**
 * Break-test (issue 17, a new user of `shoal fitlog chat`): the ways people
 * answer "Log it? (yes / no)" and start a food line. "yes please", "no
 * thanks", a thumbs-up, "nah", or a food line that starts with an emoji were
 * not understood offline: the page answered "I need a model for that
 * question", and a pipe joined "yes please" to the food above it, where it
 * was dropped without a word.
 */
import { describe, expect, it } from "vitest"
import { groupLines } from "../../../src/domain/fitlog/chat-input.js"
import { classify, route } from "../../../src/domain/fitlog/chat-router.js"
import { splitItems } from "../../../src/domain/fitlog/parse.js"

describe("fitlog chat reads everyday yes, no and food lines by rules", () => {
  it("a yes with a polite tail, punctuation or a thumbs-up confirms what is waiting", () => {
    for (const text of ["yes please", "Yes, please!", "yes thanks", "yes 👍", "👍", "ok, log it", "sure thing", "yeah go ahead"]) {
      expect([text, classify(text).fastPath]).toEqual([text, "confirm"])
      expect([text, route({ pending: "food_log" }, classify(text))._tag]).toEqual([text, "CommitPending"])
    }
  })

  it("a no with a polite tail, 'nah' or a thumbs-down clears it", () => {
    for (const text of ["no thanks", "No thank you.", "nah", "nope 👎", "👎", "no, don't"]) {
      expect([text, classify(text).fastPath]).toEqual([text, "decline"])
      expect([text, route({ pending: "food_log" }, classify(text))._tag]).toEqual([text, "ClearPending"])
    }
  })

  it("a food line is food with an emoji in front or behind", () => {
    for (const text of ["🍕 2 slices of pizza", "2 eggs 🥚", "🥣 a bowl of porridge"]) {
      expect([text, classify(text).intent]).toEqual([text, "log_food"])
    }
  })

  it("a piped reply stands alone: it is never joined to the food line above it", () => {
    expect(groupLines(["2 eggs", "yes please"])).toEqual(["2 eggs", "yes please"])
    expect(groupLines(["toast", "👍"])).toEqual(["toast", "👍"])
  })

  it("food and questions that only begin like a yes or a no are still read as what they are", () => {
    expect(classify("ok so I had 2 eggs").fastPath).toBe("none")
    expect(classify("no breakfast today, just 2 coffees").fastPath).toBe("none")
    expect(classify("yes I also had a banana").fastPath).toBe("none")
    expect(classify("sure, how am I doing today?").fastPath).toBe("none")
  })

  it("an emoji is no part of a food: its amount is read as without it", () => {
    expect(splitItems("🍕 2 slices of pizza, 🥚🥚 2 eggs 👍")).toEqual(["2 slices of pizza", "2 eggs"])
    expect(splitItems("a ☕️ coffee")).toEqual(["a coffee"])
  })
})
