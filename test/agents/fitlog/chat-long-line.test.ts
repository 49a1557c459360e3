/**
 * Break-test (issue 17, a user of `shoal fitlog chat`): a long food list on
 * one line (over 200 characters: "log 2 eggs, a banana, …") was taken for a
 * pasted recipe, whose reader wants ingredient lines, found none, and
 * answered "I could not find anything to log: " — with nothing after the
 * colon. A long line with no ingredient lines is a food list; and "nothing
 * to log" always says why.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { chatTurn, initialChatState } from "../../../src/agents/fitlog/chat.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"

const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const ctx = { date: DiaryDate.make("2026-11-23"), likelyMeal: "lunch" as const }
const foods = ["2 eggs", "a banana", "1 slice of toast", "200g rice", "a glass of milk", "an apple", "100g chicken breast", "a yoghurt"]

describe("a long food list on one line", () => {
  it.effect("is proposed like a short one, every food on its line", () =>
    Effect.gen(function*() {
      const text = `log ${[...foods, ...foods, ...foods].join(", ")}`
      expect(text.length).toBeGreaterThan(200)
      const { reply, state } = yield* chatTurn(initialChatState, text, ctx)
      expect(reply).toContain("Log it?")
      expect(Option.isSome(state.pending)).toBe(true)
      expect(reply).not.toMatch(/anything to log: $/)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("a long line with no food in it says so in words, never an empty reason", () =>
    Effect.gen(function*() {
      const text = `log ${Array.from({ length: 40 }, () => "qwzx").join(", ")}`
      const { reply } = yield* chatTurn(initialChatState, text, ctx)
      expect(reply).not.toMatch(/: $/)
      expect(reply).toMatch(/qwzx/)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))
})
