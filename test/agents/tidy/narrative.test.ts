/**
 * A long message that names several things ("there's a pile of clothes on the
 * chair, books everywhere and my old guitar in the corner") keeps every one:
 * the things are read out of the sentence — without where they lie ("on the
 * chair", "everywhere"), without amounts ("a pile of") — the first gets its
 * card, the others wait on the later list and come up one card at a time when
 * the user says "next". Nothing is made up from the rest of the sentence.
 */
import { it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { describe, expect } from "vitest"
import { extractByRules } from "../../../src/agents/tidy/rules.js"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems, initialState } from "../../../src/domain/tidy/state.js"
import { SpaceFunction } from "../../../src/domain/tidy/types.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import { Layer } from "effect"
import { bedroom, pipeSession } from "./pipe-session.js"

const sorting: SessionState = {
  ...initialState,
  phaseData: {
    _tag: "Sorting",
    active: { function: Option.getOrThrow(SpaceFunction.fromText("sleeping")), anchors: [], lastAnxiety: Option.none() },
    currentItem: Option.none()
  }
}

const named = (text: string) => {
  const e = extractByRules(text, sorting)
  return { item: Option.getOrUndefined(e.item), alsoNamed: [...e.alsoNamed] }
}

describe("the things in a narrative", () => {
  it.each([
    ["there's a pile of clothes on the chair, books everywhere and my old guitar in the corner", "clothes", ["books", "old guitar"]],
    ["I've got a stack of papers on the desk, a broken lamp and some mugs by the bed", "papers", ["broken lamp", "mugs"]],
    ["so there's my jeans on the floor and a couple of mugs", "jeans", ["mugs"]],
    ["there are cables under the desk, shoes by the door, and a box of photos", "cables", ["shoes", "box of photos"]],
    ["books, cables and cups", "books", ["cables", "cups"]],
    ["the mug and the plate", "mug", ["plate"]],
    ["clothes on the bed and books", "clothes", ["books"]],
    ["the mug and dad's watch", "mug", ["dad's watch"]]
  ])("%s", (text, item, others) => {
    expect(named(text)).toEqual({ item, alsoNamed: others })
  })

  it.each([
    ["salt and pepper shakers", "salt and pepper shakers"],
    ["there's a pile of clothes on the chair", "clothes"],
    ["my old guitar in the corner", "old guitar"],
    ["stuff in the drawer", "stuff in the drawer"],
    ["ugh, um, there's like a jumper I guess", "jumper"]
  ])("one thing: %s", (text, item) => {
    expect(named(text)).toEqual({ item, alsoNamed: [] })
  })

  it("a noun that is also a placing verb ('usb stick', 'file') places nothing; the verb at the start of an instruction does", () => {
    const read = (text: string) => {
      const e = extractByRules(text, sorting)
      return { item: Option.getOrUndefined(e.item), place: Option.getOrUndefined(e.place), choice: Option.getOrUndefined(e.choice) }
    }
    expect(read("there's a usb stick on the desk")).toEqual({ item: "usb stick", place: undefined, choice: undefined })
    expect(read("the file in the drawer")).toEqual({ item: "file", place: undefined, choice: undefined })
    expect(read("stick it in the drawer")).toEqual({ item: undefined, place: "in the drawer", choice: "place" })
    expect(read("ok just pop the charger in the box")).toEqual({ item: "charger", place: "in the box", choice: "place" })
    expect(read("the mug goes in the cupboard")).toEqual({ item: "mug", place: "in the cupboard", choice: "place" })
  })

  it.each([
    "my brother is coming to stay and the desk is a mess",
    "keep going, next",
    "ok, and then",
    "lots of stuff everywhere",
    "ugh, um, argh",
    "meh, omg"
  ])("no thing is made up from '%s'", (text) => {
    expect(named(text)).toEqual({ item: undefined, alsoNamed: [] })
  })

  it.effect("in a pipe: every thing named gets its card, one at a time, and ends in a pile", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* pipeSession([
        ...bedroom,
        "there's a pile of clothes on the chair, books everywhere and my old guitar in the corner",
        "1",
        "next",
        "keep",
        "ok",
        "not sure",
        "stop"
      ]).pipe(Effect.provide(CollectedEvents.layer))
      expect(printed).toContain("What to do with clothes?")
      expect(printed).toContain("What to do with books?")
      expect(printed).toContain("What to do with old guitar?")
      expect(final.piles).toEqual({ belongs: ["books"], out: ["clothes"], unsure: ["old guitar"] })
      expect(final.later).toEqual([])
      expect(printed).toContain("You sorted 3 items: 1 staying, 1 out, 1 unsure.")
    }))

  it.effect("stopping before the others come up: they are counted for later, not lost", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* pipeSession([...bedroom, "books everywhere and my old guitar in the corner", "2", "stop"]).pipe(
        Effect.provide(CollectedEvents.layer)
      )
      expect(final.piles.belongs).toEqual(["books"])
      expect(final.later).toEqual(["old guitar"])
      expect(printed).toContain("1 thing left for later")
    }))

  it.effect("with a model: the other things it reads are held too, and asked about next", () =>
    Effect.gen(function*() {
      const first = yield* turn(sorting, userSaid("clothes on the chair and my guitar"))
      expect(allItems(first.state).slice().sort()).toEqual(["clothes", "guitar"])
      const next = yield* turn(first.state, userSaid("next"))
      expect(next.action).toEqual({ _tag: "AskItemDecision", item: "guitar" })
    }).pipe(Effect.provide(Layer.mergeAll(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("record_extract", { intent: "item", item: "clothes", others: ["guitar"] }),
        ScriptedLlm.text("Clothes: where do they go?"),
        // "next" is a control phrase: decided by rule, no extraction call.
        ScriptedLlm.text("And the guitar?")
      ]),
      ScriptedQuestions.layer([]),
      CollectedEvents.layer
    ))))
})
