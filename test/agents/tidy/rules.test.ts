/**
 * The offline keyword grammar: what people actually type while tidying.
 */
import { Option } from "effect"
import { describe, expect, it } from "vitest"
import { extractByRules } from "../../../src/agents/tidy/rules.js"
import type { Extract } from "../../../src/domain/tidy/extract.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { initialState } from "../../../src/domain/tidy/state.js"
import { mentions, SpaceFunction } from "../../../src/domain/tidy/types.js"

const sorting: SessionState = {
  ...initialState,
  phaseData: {
    _tag: "Sorting",
    active: { function: Option.getOrThrow(SpaceFunction.fromText("work")), anchors: [], lastAnxiety: Option.none() },
    currentItem: Option.none()
  }
}

/** Only the fields that are set, for readable expectations. */
const facts = (e: Extract) => ({
  intent: e.intent,
  ...Object.fromEntries(
    (["item", "choice", "place", "function", "anchors", "anxiety", "feeling"] as const)
      .flatMap((k) => {
        const value: Option.Option<unknown> = e[k]
        return Option.isSome(value) ? [[k, value.value]] : []
      })
  ),
  ...(e.tired ? { tired: true } : {})
})

describe("offline rules while surveying", () => {
  it.each([
    ["it is my home office", { intent: "start", function: "home office" }],
    ["it's for working from home", { intent: "start", function: "working from home" }],
    ["I need to sleep here", { intent: "start", function: "sleeping" }],
    ["home office", { intent: "start", function: "home office" }],
    ["the desk stays", { intent: "start", anchors: ["desk"] }],
    ["the bed and the lamp are staying", { intent: "start", anchors: ["bed", "lamp"] }],
    ["nothing", { intent: "continue" }],
    ["stop", { intent: "stop" }]
  ])("%s", (text, expected) => {
    expect(facts(extractByRules(text, initialState))).toEqual(expected)
  })
})

describe("offline rules while sorting", () => {
  it.each([
    ["old mug", { intent: "item", item: "old mug" }],
    ["there's an old mug", { intent: "item", item: "old mug" }],
    ["trash", { intent: "decided", choice: "trash" }],
    ["the mug goes in the trash", { intent: "decided", item: "mug", choice: "trash" }],
    ["throw away the receipts", { intent: "decided", item: "receipts", choice: "trash" }],
    ["keep it", { intent: "decided", choice: "keep" }],
    ["not sure", { intent: "decided", choice: "unsure" }],
    // The place keeps its preposition, so a reply never has to guess "on" or "in".
    ["put it on the shelf", { intent: "decided", choice: "place", place: "on the shelf" }],
    ["put the books back on the shelf", { intent: "decided", item: "books", choice: "place", place: "back on the shelf" }],
    ["I'm stuck on this sweater", { intent: "help", item: "sweater" }],
    ["the box of letters makes me anxious", { intent: "help", item: "box of letters", anxiety: "box of letters", feeling: "anxiety" }],
    ["I'm so tired", { intent: "help", tired: true, feeling: "tired" }],
    ["next", { intent: "continue" }],
    ["ok", { intent: "continue" }],
    ["I'm done for today", { intent: "stop" }]
  ])("%s", (text, expected) => {
    expect(facts(extractByRules(text, sorting))).toEqual(expected)
  })

  it("reads a whole sentence as no item rather than a nonsense name", () => {
    expect(Option.isNone(extractByRules("well I was thinking that maybe I should start with the pile over by the window", sorting).item)).toBe(true)
  })
})

describe("clean words (issue 14)", () => {
  it.each([
    ["the bed and the wardrobe stay", ["bed", "wardrobe"]],
    ["the desk, the lamp & the chair are staying", ["desk", "lamp", "chair"]]
  ])("a list is split into anchors: %s", (text, anchors) => {
    expect(facts(extractByRules(text, initialState))).toEqual({ intent: "start", anchors })
  })

  it.each(["my brother is coming to stay", "we are going to stay here a while"])("a sentence about people or plans is no anchor: %s", (text) => {
    const afterFunction: SessionState = { ...initialState, phaseData: { _tag: "Surveying", gatheredFunction: SpaceFunction.fromText("sleeping"), gatheredAnchors: [] } }
    expect(Option.isNone(extractByRules(text, afterFunction).anchors)).toBe(true)
    expect(Option.isNone(extractByRules(text, afterFunction).function)).toBe(true)
  })

  it.each([
    ["headphones... dunno", "headphones"],
    ["um, the mug", "mug"],
    ["there's an old phone I guess", "old phone"],
    ["the birthday card from mum, not sure", "birthday card from mum"]
  ])("item names lose filler and hedges: %s", (text, item) => {
    expect(Option.getOrUndefined(extractByRules(text, sorting).item)).toBe(item)
  })

  it.each(["keep going", "next", "ok", "not now", "no, not now", "yes", "one more", "1"])("%s invents no item", (text) => {
    expect(Option.isNone(extractByRules(text, sorting).item)).toBe(true)
  })

  it.each(["stop", "ok stop", "can we stop now", "I'm done", "that's enough for today", "let's call it a day", "I want to stop"])(
    "%s ends the session",
    (text) => {
      expect(extractByRules(text, sorting).intent).toBe("stop")
    }
  )

  it.each(["I'm done with the mug", "a door stop", "stop light"])("%s does not end the session", (text) => {
    expect(extractByRules(text, sorting).intent).not.toBe("stop")
  })

  it("pronouns name no item: the one under discussion is meant", () => {
    expect(facts(extractByRules("keep it", sorting))).toEqual({ intent: "decided", choice: "keep" })
    expect(Option.isNone(extractByRules("it makes me sad", sorting).anxiety)).toBe(true)
  })

  it("words are matched whole: 'it' is no match for 'kitchen timer'", () => {
    expect(mentions("kitchen timer", "it")).toBe(false)
    expect(mentions("kitchen timer", "kitchen")).toBe(true)
    expect(mentions("the old birthday card", "birthday card")).toBe(true)
    expect(mentions("cardigan", "card")).toBe(false)
  })
})
