/**
 * Every tidy event the domain declares is emitted by a real session (issue
 * 14, item 6): a photo, the space's function, two cards (one confirmed, one
 * corrected) and a stop. The list of tags is a Record over the event type,
 * so a new event that is declared and never emitted fails to compile here
 * until a session emits it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import { ImageBlock } from "../../../src/domain/llm.js"
import type { TidyEvent } from "../../../src/domain/tidy/events.js"
import { initialState } from "../../../src/domain/tidy/state.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/index.js"

const declared: Record<TidyEvent["_tag"], true> = {
  UserInputReceived: true,
  ResponseGenerated: true,
  PhotoAnalyzed: true,
  SituationClassified: true,
  ActionTaken: true,
  PhaseChanged: true,
  SessionEnded: true,
  ItemProposed: true,
  UserConfirmed: true,
  UserCorrected: true,
  FunctionChosen: true,
  SessionConfirmedDone: true
}

const ex = (wire: object) => ScriptedLlm.toolCall("record_extract", wire)
const say = ScriptedLlm.text

describe("tidy events", () => {
  it.effect("a session emits every declared event, SituationClassified each turn and SessionConfirmedDone at the stop", () =>
    Effect.gen(function*() {
      let state = initialState
      const photo = { text: Option.none(), photos: [ImageBlock.base64("image/png", "iVBORw0KGgo=")] }
      for (const input of [photo, ...["it's for sleeping", "the bed stays", "old mug", "a lamp", "stop"].map((t) => userSaid(t))]) {
        state = (yield* turn(state, input)).state
      }
      const events = yield* CollectedEvents.emitted
      const tags = new Set(events.map((e) => e._tag))
      expect(Object.keys(declared).filter((t) => !tags.has(t))).toEqual([])
      expect(events.filter((e) => e._tag === "SituationClassified")).toHaveLength(6)
      expect(events).toContainEqual({ _tag: "SituationClassified", summary: "stop" })
      expect(events.map((e) => e._tag).slice(-3)).toEqual(["ResponseGenerated", "SessionConfirmedDone", "SessionEnded"])
      expect(state.piles).toEqual({ belongs: ["old mug"], out: ["lamp"], unsure: [] })
    }).pipe(Effect.provide(Layer.mergeAll(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("analyze_photo", { roomType: "bedroom", chaosLevel: "Moderate", visibleItems: ["mug"] }),
        say("What do you need to do in here?"),
        ex({ intent: "start", function: "sleeping" }),
        say("Sleeping, got it. What stays?"),
        ex({ intent: "start", anchors: ["bed"] }),
        say("Pick up one thing. What is it?"),
        ex({ intent: "item", item: "old mug" }),
        ScriptedLlm.toolCall("propose_disposition", { item: "old mug", choices: [{ label: "Keep", kind: "keep" }] }),
        say("Kept."),
        ex({ intent: "item", item: "lamp" }),
        ScriptedLlm.toolCall("propose_disposition", { item: "lamp", choices: [{ label: "Keep", kind: "keep" }] }),
        say("Out it goes.")
      ]),
      ScriptedQuestions.layer([
        { _tag: "DispositionAnswer", disposition: { _tag: "Keep" } },
        { _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }
      ]),
      CollectedEvents.layer
    ))))
})
