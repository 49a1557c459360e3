/**
 * A message typed at a card instead of an answer ("this was my mum's, I
 * can't", "stop", a new thing) is its own answer, `MessageInstead`: the coach
 * answers it ONCE, as the message it is, and the card's item is neither
 * decided nor lost — it waits on the later list, and the care rules set it
 * aside when the message says it is hard. Before, the card was recorded as
 * skipped ("That one can wait for later. What's next?") AND the message was
 * answered again as the next turn: two replies to one line.
 */
import { it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { describe, expect } from "vitest"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import type { Answer } from "../../../src/domain/question.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems, initialState } from "../../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../../src/domain/tidy/types.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import { bedroom, pipeSession } from "./pipe-session.js"

const sorting: SessionState = {
  ...initialState,
  phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() }, currentItem: Option.none() },
  itemsProcessed: 0
}

const instead = (text: string): Answer => ({ _tag: "MessageInstead", text })
const run = (lines: ReadonlyArray<string>) => pipeSession([...bedroom, ...lines]).pipe(Effect.provide(CollectedEvents.layer))
const occurrences = (text: string, part: string) => text.split(part).length - 1

describe("a message typed at a card, in a pipe", () => {
  it.effect("grief at a card: one caring answer; the item waits on the later list and is set aside, never decided", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["mug", "this was my mum's, I can't", "stop"])
      expect(printed).not.toContain("That one can wait")
      expect(occurrences(printed, "That's okay.")).toBe(1)
      const afterCard = printed.slice(printed.indexOf("this was my mum's, I can't"), printed.indexOf("> stop"))
      expect(afterCard.split("\n").filter((l) => l.trim().length > 0 && !l.startsWith("  ·") && !l.startsWith(">"))).toEqual([
        expect.stringContaining("this was my mum's, I can't"),
        "That's okay. Let's leave that for now and turn to the nearest clear surface instead. What's there?"
      ])
      expect(final.later).toEqual(["mug"])
      expect(final.avoid).toEqual(["mug"])
      expect(final.piles).toEqual({ belongs: [], out: [], unsure: [] })
    }))

  it.effect("'stop' at a card: the summary, once, with the item counted for later", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["mug", "stop", "lamp"])
      expect(printed).not.toContain("That one can wait")
      expect(occurrences(printed, "1 thing left for later")).toBe(1)
      expect(printed).not.toContain("What to do with lamp?")
      expect(final.later).toEqual(["mug"])
    }))

  it.effect("a new thing at a card: its card comes next, in the same reply; the first waits for later", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["mug", "a lamp", "1", "stop"])
      expect(printed).not.toContain("That one can wait")
      expect(printed).toContain("What to do with lamp?")
      expect(final.piles.out).toEqual(["lamp"])
      expect(final.later).toEqual(["mug"])
    }))
})

describe("MessageInstead through turn", () => {
  it.effect("offline: the card's item is held, the message is taken in the same turn, one reply", () =>
    Effect.gen(function*() {
      const r = yield* turn(sorting, userSaid("mug"))
      expect(r.action._tag).toBe("PivotAway")
      expect(r.reply).toBe("That's okay. Let's leave that for now and turn to the nearest clear surface instead. What's there?")
      expect(allItems(r.state)).toEqual(["mug"])
      expect(r.state.later).toEqual(["mug"])
      expect(r.state.avoid).toEqual(["mug"])
      const events = yield* CollectedEvents.emitted
      expect(events.filter((e) => e._tag === "UserInputReceived")).toEqual([
        { _tag: "UserInputReceived", text: "mug" },
        { _tag: "UserInputReceived", text: "this was my mum's, I can't" }
      ])
      // Nothing was confirmed or corrected: the card was not answered.
      expect(events.filter((e) => e._tag === "UserConfirmed" || e._tag === "UserCorrected")).toEqual([])
      expect(events.filter((e) => e._tag === "ResponseGenerated")).toHaveLength(1)
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, ScriptedQuestions.layer([instead("this was my mum's, I can't")]), CollectedEvents.layer))))

  it.effect("with a model: the tool loop ends at the message (no model call to reply to the card), and the message gets one reply", () =>
    Effect.gen(function*() {
      const r = yield* turn(sorting, userSaid("the mug"))
      expect(r.reply).toBe("That's okay, we'll leave it. What's on the windowsill?")
      expect(r.state.later).toEqual(["mug"])
      expect(r.state.avoid).toEqual(["mug"])
      expect(yield* Effect.flatMap(ScriptedLlm, (s) => s.remaining)).toBe(0)
    }).pipe(Effect.provide(Layer.mergeAll(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("record_extract", { intent: "item", item: "mug" }),
        ScriptedLlm.toolCall("propose_disposition", { item: "mug", choices: [{ label: "Keep", kind: "keep" }] }),
        // The care message is read by rule; this is the pivot's reply.
        ScriptedLlm.text("That's okay, we'll leave it. What's on the windowsill?")
      ]),
      ScriptedQuestions.layer([instead("this was my mum's, I can't")]),
      CollectedEvents.layer
    ))))

  it.effect("grief about another thing, typed at a card ('my gran's scarf... she passed last year'): the scarf is kept and set aside, the card's item waits", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["jumper", "my gran's scarf... she passed last year", "stop"])
      expect(occurrences(printed, "That's okay.")).toBe(1)
      expect([...final.later].sort()).toEqual(["gran's scarf", "jumper"])
      expect(final.avoid).toEqual(["gran's scarf"])
      expect(printed).toContain("2 things left for later")
    }))

  it.effect("two things named with grief ('books and my late husband's jumper, I can't'): both kept for later, neither brought back", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["books and my late husband's jumper, I can't", "next", "stop"])
      expect([...final.later].sort()).toEqual(["books", "late husband's jumper"])
      expect(printed).not.toContain("What to do with")
      expect(printed).toContain("2 things left for later")
    }))
})
