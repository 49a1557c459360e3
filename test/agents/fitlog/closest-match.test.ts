/**
 * No quiet swaps (issue 29, item 5), on the commands' own tables (FNDDS, SR28
 * and CoFID searched by MiniSearch), offline: the plain food of the kind
 * named rather than a snack or sweet of a longer name; a food that is only
 * the closest match to the one named is said to be so, with how sure the
 * match is, in the estimate's JSON and in the proposal `log` asks about;
 * `--yes` logs it only above the confidence line and reports the rest
 * unmatched. The meals are made up here ("zorblax" and "quibbert" are no food).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { confidenceLine, estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { localTarget } from "../../../src/agents/fitlog/local-target.js"
import { logFood } from "../../../src/agents/fitlog/log.js"
import type { LogRequest } from "../../../src/agents/fitlog/log.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerFoodSearch } from "../../../src/services/nutrition-table/food-search-table.js"
import { layerFallback } from "../../../src/services/question-ui/fallback.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"

const date = DiaryDate.make("2026-11-28")
const request = (text: string, yes: boolean): LogRequest => ({ text, date, meal: Option.some("dinner"), likelyMeal: "dinner", yes })
const tables = Layer.merge(layerFoodSearch, layerOffline)

describe("no quiet swap of the food named", () => {
  it.effect("toast is toasted bread and a slice of pizza is pizza, each the food named, fully sure", () =>
    Effect.gen(function*() {
      const json = estimateJson(yield* estimate("toast with 2 slices of pizza for dinner"))
      const [toast, pizza] = json.items
      expect(toast?.food).toMatch(/^Bread, .*toasted/)
      expect(pizza?.food).toMatch(/^Pizza\b/)
      expect(pizza?.food).not.toMatch(/dessert/i)
      for (const item of [toast, pizza]) expect(item !== undefined && "match" in item ? item.match : undefined).toEqual({ named: true, confidence: 1 })
    }).pipe(Effect.provide(tables)))

  it.effect("a food that is only the closest match says so in the JSON, with how sure the match is", () =>
    Effect.gen(function*() {
      const json = estimateJson(yield* estimate("2 slices of pizza, a zorblax quibbert steak"))
      const steak = json.items[1]
      expect(steak?.food).toMatch(/steak/i)
      const match = steak !== undefined && "match" in steak ? steak.match : undefined
      expect(match?.named).toBe(false)
      // One word of three said is in the food's names.
      expect(match?.confidence).toBeCloseTo(1 / 3, 2)
    }).pipe(Effect.provide(tables)))

  it.effect("--yes logs the food named and reports a closest match below the confidence line unmatched", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("2 slices of pizza, a zorblax quibbert steak", true), localTarget)
      expect(outcome._tag).toBe("Logged")
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => r.food)).toEqual([expect.stringMatching(/^Pizza\b/)])
      if (outcome._tag === "Logged") {
        expect(outcome.report.notLogged).toEqual([{ text: "a zorblax quibbert steak", reason: expect.stringMatching(/unmatched: not the food named.*33 % sure.*below the 50 %/) }])
      }
    }).pipe(Effect.provide(Layer.mergeAll(tables, layerSqliteMemory, layerMemory, layerFallback))))

  it.effect("--yes with nothing above the confidence line logs nothing, and says why", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("a zorblax quibbert steak", true), localTarget)
      expect(outcome._tag).toBe("NothingToLog")
      if (outcome._tag === "NothingToLog") expect(outcome.skipped.map((s) => s.reason)).toEqual([expect.stringMatching(/^unmatched: not the food named/)])
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(tables, layerSqliteMemory, layerMemory, layerFallback))))

  it.effect("asked, the proposal marks the closest match with how sure it is, and a yes logs it as confirmed", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("2 slices of pizza, a zorblax quibbert steak", false), localTarget)
      const [confirm] = yield* ScriptedQuestions.asked
      expect(confirm?._tag === "Choose" ? confirm.prompt : "").toMatch(/not the food named: "a zorblax quibbert steak" is closest to .*steak.* \(33 % sure\)/i)
      expect(outcome._tag).toBe("Logged")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toHaveLength(2)
    }).pipe(Effect.provide(Layer.mergeAll(tables, layerSqliteMemory, layerMemory, ScriptedQuestions.layer([{ _tag: "ChoiceAnswer", value: "yes" }])))))

  it.effect("--yes still logs a typo'd name: a word found through its typo is half sure, on the confidence line", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("a cup of blueberies", true), localTarget)
      expect(outcome._tag).toBe("Logged")
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => r.food)).toEqual([expect.stringMatching(/^Blueberries/)])
      expect(outcome._tag === "Logged" ? outcome.proposal.lines[0].confidence : undefined).toBe(confidenceLine)
    }).pipe(Effect.provide(Layer.mergeAll(tables, layerSqliteMemory, layerMemory, layerFallback))))
})
