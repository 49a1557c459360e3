/**
 * The user's body profile in the chat: kept in the diary, saved only after a
 * yes, and the source of recommended goals — no assumed age or sex. A missing
 * field is a typed tool failure that the model is shown, so it asks the user.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { converse, table, toolResultBlocks } from "./chat-support.js"

describe("the profile in the diary", () => {
  it.effect("starts empty, keeps fields given over several updates, and a later value replaces an earlier one", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      expect(yield* diary.profile).toEqual({})
      yield* diary.updateProfile({ weightKg: 82, sex: "male" })
      yield* diary.updateProfile({ weightKg: 79.5, ageYears: 44 })
      expect(yield* diary.profile).toEqual({ weightKg: 79.5, sex: "male", ageYears: 44 })
    }).pipe(Effect.provide(layerSqliteMemory)))
})

describe("recommended goals in the chat", () => {
  it.effect("with no profile, the tool fails naming every missing field, and nothing is assumed", () =>
    Effect.gen(function*() {
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("calculate_recommended_goals", { weightKg: 70 }),
        ScriptedLlm.text("How old are you, and how tall?")
      ])
      const { replies, results } = yield* Effect.gen(function*() {
        const r = yield* converse(["what should my calorie goal be?"])
        return { ...r, results: yield* toolResultBlocks(2) }
      }).pipe(Effect.provide(llm))
      expect(results).toEqual([{ isError: true, text: expect.stringContaining("missing ageYears, sex, heightCm, activity") }])
      expect(replies[0]).toContain("How old are you")
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))

  it.effect("profile fields are proposed, saved only after yes, then goals come from the saved profile", () =>
    Effect.gen(function*() {
      const profile = { ageYears: 30, sex: "male", heightCm: 180, weightKg: 80, activity: "moderate" } as const
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("propose_profile_update", profile),
        ScriptedLlm.text("Thanks, I'll remember that."),
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("calculate_recommended_goals", {}),
        ScriptedLlm.text("About 2,759 kcal a day.")
      ])
      const diary = yield* Diary
      yield* Effect.gen(function*() {
        const first = yield* converse(["I'm 30, male, 180 cm, 80 kg and moderately active"])
        expect(first.replies[0]).toContain("Save to your profile: 30 years, male, 180 cm, 80 kg, moderately active? (yes / no)")
        expect(yield* diary.profile).toEqual({})
        const saved = yield* converse(["yes"], first.state)
        expect(saved.replies[0]).toContain("Saved to your profile")
        expect(Option.isNone(saved.state.pending)).toBe(true)
        expect(yield* diary.profile).toEqual(profile)
        yield* converse(["so what should my goals be?"], saved.state)
        const results = yield* toolResultBlocks(5)
        expect(results).toHaveLength(1)
        expect(results[0]?.isError).toBe(false)
        expect(JSON.parse(results[0]?.text ?? "{}").recommended).toEqual({ calories: 2759, protein: 128, fat: 92, carbs: 355 })
      }).pipe(Effect.provide(llm))
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))
})
