/**
 * A whole tidying session end to end over fake layers: a scripted model,
 * scripted one-tap answers, collected events, TestClock. Asserts the exact
 * replies, the phases on the way, the final piles, and that canned actions
 * never asked the model.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Ref } from "effect"
import type { TurnResponse } from "../../../src/agents/tidy/turn.js"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import type { Answer } from "../../../src/domain/question.js"
import type { ExtractWire } from "../../../src/domain/tidy/extract.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { emergentCategories, initialState, phase } from "../../../src/domain/tidy/state.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/index.js"

const ex = (wire: ExtractWire) => ScriptedLlm.toolCall("record_extract", wire)
const say = (text: string) => ScriptedLlm.text(text)
const trash: Answer = { _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }

/** Model calls so far (none without a scripted model). */
const modelCalls = Effect.serviceOption(ScriptedLlm).pipe(
  Effect.flatMap(Option.match({ onNone: () => Effect.succeed(0), onSome: (s) => Effect.map(s.requests, (r) => r.length) }))
)

/** Runs the lines in order, keeping the state; records each reply, phase and model-call count. */
const play = (lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const state = yield* Ref.make<SessionState>(initialState)
    const log: Array<{ line: string; reply: string; phase: string; calls: number; action: string }> = []
    let last: TurnResponse | undefined
    for (const line of lines) {
      const before = yield* modelCalls
      last = yield* turn(yield* Ref.get(state), userSaid(line))
      yield* Ref.set(state, last.state)
      const after = yield* modelCalls
      log.push({ line, reply: last.reply, phase: phase(last.state), calls: after - before, action: last.action._tag })
    }
    return { log, final: yield* Ref.get(state), ended: last?.ended ?? false }
  })

const unsureItems = ["sweater", "charging cable", "old letters", "scarf", "usb stick", "notebook"]

describe("tidy session, with a (scripted) model", () => {
  const script = [
    ex({ intent: "start", function: "working from home" }),
    say("Working from home, got it. What's definitely staying?"),
    ex({ intent: "start", anchors: ["desk", "lamp"] }),
    say("Pick up the thing nearest you. What is it?"),
    ex({ intent: "item", item: "old mug" }),
    ScriptedLlm.toolCall("propose_disposition", {
      item: "old mug",
      choices: [{ label: "Kitchen", kind: "place", location: "the kitchen" }],
      reason: "mugs live in the kitchen"
    }),
    say("Out it goes. Next?"),
    ex({ intent: "decided", item: "receipts", choice: "trash" }),
    // The sixth unsure item makes the pile too big: the split is offered in the same turn.
    ...unsureItems.map((item) => ex({ intent: "decided", item, choice: "unsure" })),
    say("That unsure pile is big. Let's split it into clothes, cables, papers and books. Ready?"),
    // "ready", "next" and "stop" are decided by rule: no extraction call for them.
    say("Let's start with the clothes."),
    ex({ intent: "decided", item: "sweater", choice: "keep" }),
    ex({ intent: "help", item: "scarf" }),
    say("You work from home here. Does the scarf help with that?"),
    ex({ intent: "decided", choice: "trash" }),
    say("Clothes are done. Now the cables.")
    // The summary is counted, never written by the model.
  ]

  it.effect("goes Surveying → Sorting → Splitting → Refining → DecisionSupport → Summary with exact replies and piles", () =>
    Effect.gen(function*() {
      const { log, final, ended } = yield* play([
        "I work from home here",
        "the desk and the lamp stay",
        "an old mug",
        "receipts, trash",
        ...unsureItems.map((i) => `${i}, not sure`),
        "ready",
        "the sweater stays",
        "help, I can't decide about the scarf",
        "ok, it can go",
        "next",
        "stop"
      ])
      expect(log.map((l) => [l.action, l.phase, l.reply])).toEqual([
        ["AskAnchors", "Surveying", "Working from home, got it. What's definitely staying?"],
        ["FirstInstruction", "Sorting", "Pick up the thing nearest you. What is it?"],
        ["AskItemDecision", "Sorting", "Out it goes. Next?"],
        ["InstructTrash", "Sorting", "Trashed! Next?"],
        ...unsureItems.slice(1).map(() => ["InstructUnsure", "Sorting", "Unsure pile. Next?"]),
        ["InstructSplit", "Splitting", "That unsure pile is big. Let's split it into clothes, cables, papers and books. Ready?"],
        ["AckProgress", "Refining", "Let's start with the clothes."],
        ["InstructKeep", "Refining", "It stays. Next?"],
        ["DecisionAid", "DecisionSupport", "You work from home here. Does the scarf help with that?"],
        ["InstructTrash", "Refining", "Trashed! Next?"],
        ["AckProgress", "Refining", "Clothes are done. Now the cables."],
        ["Summary", "Refining", "Nice work. You sorted 8 items: 1 staying, 3 out, 4 unsure. Take the out pile to the bin or the door now, while it's decided."]
      ])
      expect(ended).toBe(true)

      // Canned actions cost exactly one call (orient), never an act call.
      for (const l of log) {
        if (["InstructTrash", "InstructUnsure", "InstructKeep", "InstructNext"].includes(l.action)) expect(l.calls).toBe(1)
      }
      expect(yield* Effect.flatMap(ScriptedLlm, (s) => s.remaining)).toBe(0)

      expect(final.piles).toEqual({ belongs: ["sweater"], out: ["old mug", "receipts", "scarf"], unsure: [] })
      expect(emergentCategories(final).map((c) => [c.name, c.items])).toEqual([
        ["Cables and tech", ["charging cable", "usb stick"]],
        ["Papers", ["old letters"]],
        ["Books and media", ["notebook"]]
      ])
      // Items, not decisions: 1 staying, 3 out, 4 still in categories.
      expect(final.itemsProcessed).toBe(8)

      // The user corrected the model's suggestion with one tap, and that was recorded.
      const events = yield* CollectedEvents.emitted
      expect(events).toContainEqual({ _tag: "UserCorrected", item: "old mug", choice: "Trash" })
      expect(events.filter((e) => e._tag === "PhaseChanged").map((e) => ("to" in e ? e.to : ""))).toEqual([
        "Sorting", "Splitting", "Refining", "DecisionSupport", "Refining"
      ])
      const [question] = yield* ScriptedQuestions.asked
      expect(question).toMatchObject({ _tag: "ProposeDisposition", item: "old mug", reason: "mugs live in the kitchen" })
    }).pipe(Effect.provide(Layer.mergeAll(ScriptedLlm.layer(script), ScriptedQuestions.layer([trash]), CollectedEvents.layer))))
})

describe("tidy session, offline (no model at all)", () => {
  it.effect("the same session reaches Summary on rules and templates", () =>
    Effect.gen(function*() {
      const { log, final, ended } = yield* play([
        "it is my home office",
        "the desk stays",
        "old mug",
        "receipts, trash",
        ...unsureItems.map((i) => `${i}, not sure`),
        "ready",
        "the sweater stays",
        "I'm stuck on the scarf",
        "throw it away",
        "next",
        "stop"
      ])
      expect(log.map((l) => l.action)).toEqual([
        "AskAnchors", "FirstInstruction", "AskItemDecision", "InstructTrash",
        ...unsureItems.slice(1).map(() => "InstructUnsure"),
        "InstructSplit", "AckProgress", "InstructKeep", "DecisionAid", "InstructTrash", "AckProgress", "Summary"
      ])
      expect(log[0]?.reply).toBe("Got it: home office. What's definitely staying?")
      expect(log[2]?.reply).toBe("Trashed! Next?")
      expect(log.at(-1)?.reply).toBe(
        "Nice work. You sorted 8 items: 1 staying, 3 out, 4 unsure. Take the out pile to the bin or the door now, while it's decided."
      )
      expect(ended).toBe(true)
      expect(final.piles).toEqual({ belongs: ["sweater"], out: ["old mug", "receipts", "scarf"], unsure: [] })
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, ScriptedQuestions.layer([trash]), CollectedEvents.layer))))
})
