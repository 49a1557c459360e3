/**
 * The Android target as a new user met it (issue 12, item 6), on the
 * simulated phone through the real adb client: what the app would log must
 * be the food proposed — the app's "Egg, whole, boiled" for "2 fried eggs"
 * is asked about, and not added unattended — and a line that failed is
 * retried by running the command again, the lines already in the app skipped.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { existsSync } from "node:fs"
import { androidTarget } from "../../../src/agents/fitlog/android-target.js"
import { logFood } from "../../../src/agents/fitlog/log.js"
import type { LogRequest } from "../../../src/agents/fitlog/log.js"
import { entryDifference } from "../../../src/domain/fitlog/app-entry.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { layerAdbSimulated } from "../../../src/services/adb/simulated.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"
import { layerFallback } from "../../../src/services/question-ui/fallback.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"

const haveAdb = existsSync("/usr/bin/adb")
if (!haveAdb) console.log("/usr/bin/adb not found (apt-get install adb): skipping fitlog's Android retry tests")

const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const request = (text: string, yes: boolean): LogRequest => ({ text, date: DiaryDate.make("2026-11-22"), meal: Option.none(), likelyMeal: "lunch", yes })

describe("the app's entry against the proposed food", () => {
  it("a different preparation, or energy beyond the tolerance, is a difference; the same food is not", () => {
    const fried = { text: "2 fried eggs", preparation: "fried", proposedKcal: 196, appFood: "Egg, whole, boiled", appKcal: 155 }
    expect(entryDifference(fried)).toBe("\"boiled\" for \"fried\", 155 kcal in the app vs 196 kcal proposed")
    expect(entryDifference({ ...fried, appKcal: 190 })).toBe("\"boiled\" for \"fried\"")
    expect(entryDifference({ ...fried, preparation: undefined, proposedKcal: 143 })).toBeUndefined()
    expect(entryDifference({ ...fried, appFood: "Egg, whole, fried", appKcal: 190 })).toBeUndefined()
    expect(entryDifference({ ...fried, preparation: undefined, proposedKcal: 300, appKcal: 155 })).toBe("155 kcal in the app vs 300 kcal proposed")
  })
})

describe.skipIf(!haveAdb)("fitlog --to android: retry and a different entry", () => {
  it.scopedLive("unattended, the boiled egg is not added for fried eggs; run again interactively, it is asked, added, and the banana is not logged twice", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      // One session store across the runs, as on disk between two commands.
      const store = yield* Layer.build(layerMemory)
      const world = Layer.mergeAll(table, layerOffline, Layer.succeedContext(store), layerAdbSimulated(device))
      const text = "2 fried eggs, 1 medium banana for breakfast"

      const first = yield* logFood(request(text, true), androidTarget).pipe(Effect.provide(Layer.merge(world, layerFallback)))
      expect(first._tag).toBe("Logged")
      if (first._tag === "Logged") {
        expect(first.report.logged.map((l) => l.food)).toEqual(["Banana, raw"])
        expect(first.report.notLogged.map((n) => n.reason).join()).toMatch(/the app's entry "Egg, whole, boiled" is not the food proposed \("boiled" for "fried"/)
      }
      expect(device.fitness.diary().map((e) => e.food)).toEqual(["Banana, raw"])

      const second = yield* Effect.gen(function*() {
        const outcome = yield* logFood(request(text, false), androidTarget)
        const asked = yield* ScriptedQuestions.asked
        expect(asked.map((q) => (q._tag === "Choose" ? q.id : q._tag))).toEqual(["confirm", "app-entry"])
        const question = asked[1]
        if (question?._tag === "Choose") expect(question.prompt).toMatch(/the app offers "Egg, whole, boiled": "boiled" for "fried"/)
        return outcome
      }).pipe(Effect.provide(Layer.merge(world, ScriptedQuestions.layer([{ _tag: "ChoiceAnswer", value: "yes" }, { _tag: "ChoiceAnswer", value: "yes" }]))))
      expect(second._tag).toBe("Logged")
      if (second._tag === "Logged") {
        expect(second.report.logged.map((l) => l.food)).toEqual(["Egg, whole, boiled"])
        expect(second.report.notLogged).toContainEqual({ text: "1 medium banana", reason: "already in the app from an earlier run; skipped" })
      }
      expect(device.fitness.diary().map((e) => e.food)).toEqual(["Banana, raw", "Egg, whole, boiled"])

      // Everything is in the app now: a third run logs nothing.
      const third = yield* logFood(request(text, true), androidTarget).pipe(Effect.provide(Layer.merge(world, layerFallback)))
      expect(third._tag).toBe("AlreadyLogged")
      expect(device.fitness.diary()).toHaveLength(2)
    }), 120_000)
})
