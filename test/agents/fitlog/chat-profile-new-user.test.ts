/**
 * A new user's own profile in the chat (break test): "I'm 34, female, 165 cm,
 * 60 kg, moderately active", yes, then "what should my goals be?". The goals
 * come from the saved profile: Mifflin-St Jeor for a woman,
 * 10·60 + 6.25·165 − 5·34 − 161 = 1300 kcal, × 1.55 (moderate) ≈ 2015 kcal.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { chatTurn, initialChatState } from "../../../src/agents/fitlog/chat.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { table } from "./chat-support.js"

const ctx = { date: DiaryDate.make("2026-11-23"), likelyMeal: "lunch" as const }

describe("a new user's profile and goals in the chat", () => {
  it.effect("a 34-year-old moderately active woman of 165 cm and 60 kg is recommended about 2015 kcal", () =>
    Effect.gen(function*() {
      const profile = { ageYears: 34, sex: "female", heightCm: 165, weightKg: 60, activity: "moderate" } as const
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("propose_profile_update", profile),
        ScriptedLlm.text("Noted."),
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("calculate_recommended_goals", {}),
        ScriptedLlm.text("About 2,015 kcal a day.")
      ])
      const diary = yield* Diary
      yield* Effect.gen(function*() {
        const first = yield* chatTurn(initialChatState, "I'm 34, female, 165 cm, 60 kg, moderately active", ctx)
        expect(first.reply).toContain("34 years, female, 165 cm, 60 kg, moderately active")
        const saved = yield* chatTurn(first.state, "yes", ctx)
        expect(yield* diary.profile).toEqual(profile)
        const goals = yield* chatTurn(saved.state, "what should my goals be?", ctx)
        expect(goals.reply).toContain("2,015")
        const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
        const result = requests[5]?.messages.at(-1)?.content.flatMap((b) =>
          b._tag === "ToolResult" ? b.content.flatMap((c) => (c._tag === "Text" ? [c.text] : [])) : []
        ).join("") ?? "{}"
        const recommended = JSON.parse(result).recommended
        expect(recommended.calories).toBeGreaterThanOrEqual(2010)
        expect(recommended.calories).toBeLessThanOrEqual(2020)
        // Protein, fat and carbs add up to the calories (4/9/4 kcal per gram), within rounding.
        expect(Math.abs(recommended.protein * 4 + recommended.fat * 9 + recommended.carbs * 4 - recommended.calories)).toBeLessThan(15)
      }).pipe(Effect.provide(llm))
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))
})
