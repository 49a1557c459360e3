/**
 * The Agent record's events (issue 17, item 3): every event an agent emits
 * decodes with the Event Schema its record names, and fitlog chat, through
 * its agent, tells the story of a proposal (proposed, committed, cleared).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Schema } from "effect"
import { fitlogChatAgent } from "../../src/agents/fitlog/chat-agent.js"
import { tidyAgent } from "../../src/agents/tidy/agent.js"
import { DiaryDate } from "../../src/domain/fitlog/types.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { Diary } from "../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../src/services/diary/sqlite.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerSr28 } from "../../src/services/nutrition-table/sr28-file.js"
import { ScriptedQuestions } from "../../src/services/question-ui/index.js"

const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const context = { date: DiaryDate.make("2026-11-22"), likelyMeal: "breakfast" as const }

describe("agent events", () => {
  it.effect("fitlog chat: message, proposal, commit, clear — each decodes with FitlogChatEvent", () =>
    Effect.gen(function*() {
      let state = fitlogChatAgent.initial
      const replies: Array<string> = []
      for (const text of ["log 2 eggs", "yes", "set my calories to 2200", "no"]) {
        const r = yield* fitlogChatAgent.turn(state, { text, context })
        expect(r.ended).toBe(false)
        replies.push(r.reply)
        state = r.state
      }
      expect(yield* Effect.flatMap(Diary, (d) => d.day(context.date))).toHaveLength(1)
      expect(yield* Effect.flatMap(Diary, (d) => d.goals)).toEqual({})
      const emitted = yield* CollectedEvents.emitted
      const decoded = emitted.map((e) => Schema.decodeUnknownSync(fitlogChatAgent.events)(Schema.encodeSync(fitlogChatAgent.events)(Schema.decodeUnknownSync(fitlogChatAgent.events)(e))))
      expect(decoded).toEqual(emitted)
      expect(emitted.map((e) => e._tag)).toEqual([
        "MessageReceived", "PendingProposed", "ReplyGiven",
        "MessageReceived", "PendingCommitted", "ReplyGiven",
        "MessageReceived", "PendingProposed", "ReplyGiven",
        "MessageReceived", "PendingCleared", "ReplyGiven"
      ])
      expect(emitted).toContainEqual({ _tag: "PendingCommitted", kind: "FoodLog" })
      expect(emitted).toContainEqual({ _tag: "PendingCleared", kind: "GoalUpdate" })
      expect(emitted).toContainEqual({ _tag: "PendingProposed", kind: "FoodLog", question: replies[0] })
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory, CollectedEvents.layer))))

  it.effect("fitlog chat: a quick reply keeps the pending proposal without proposing it again", () =>
    Effect.gen(function*() {
      const first = yield* fitlogChatAgent.turn(fitlogChatAgent.initial, { text: "log 2 eggs", context })
      yield* fitlogChatAgent.turn(first.state, { text: "thanks!", context })
      const tags = (yield* CollectedEvents.emitted).map((e) => e._tag)
      expect(tags.filter((t) => t === "PendingProposed")).toHaveLength(1)
      expect(fitlogChatAgent.view.welcomeBack(first.state)).toContain("waiting for your yes or no")
      expect(fitlogChatAgent.view.welcomeBack(fitlogChatAgent.initial)).toContain("What did you eat?")
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory, CollectedEvents.layer))))

  it.effect("tidy: an offline session's events all decode with TidyEvent, and a stop ends it with the summary", () =>
    Effect.gen(function*() {
      let state = tidyAgent.initial
      let ended = false
      for (const line of ["it's for sleeping", "old mug", "stop"]) {
        const r = yield* tidyAgent.turn(state, yield* tidyAgent.input(line))
        state = r.state
        ended = r.ended
      }
      expect(ended).toBe(true)
      const emitted = yield* CollectedEvents.emitted
      expect(emitted.length).toBeGreaterThan(6)
      for (const event of emitted) {
        expect(Schema.decodeUnknownSync(tidyAgent.events)(Schema.encodeSync(tidyAgent.events)(Schema.decodeUnknownSync(tidyAgent.events)(event)))).toEqual(event)
      }
      expect(Option.getOrThrow(tidyAgent.view.status(state))).toMatch(/· \w+ · \d+ staying/)
      expect(tidyAgent.view.describe(state)).toMatch(/item/)
    }).pipe(Effect.provide(Layer.mergeAll(
      layerOffline,
      ScriptedQuestions.layer([{ _tag: "DispositionAnswer", disposition: { _tag: "Keep" } }]),
      CollectedEvents.layer
    ))))
})
