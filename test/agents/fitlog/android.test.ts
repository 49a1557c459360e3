/**
 * The Android target on the simulated phone through the real adb client
 * (Debian's `adb` + appium-adb against the simulator's ADB server on
 * 127.0.0.1): the seeds/000 example lands in the app's lunch diary with zero
 * model calls offline; an unknown dialog is handed to the Chat ↔ Tool loop
 * (ScriptedLlm), which dismisses it; a food with no results is reported.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Ref } from "effect"
import { existsSync } from "node:fs"
import { androidTarget } from "../../../src/agents/fitlog/android-target.js"
import { logFood } from "../../../src/agents/fitlog/log.js"
import type { LogRequest } from "../../../src/agents/fitlog/log.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Offline } from "../../../src/domain/llm.js"
import { layerAdbSimulated } from "../../../src/services/adb/simulated.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { offline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"
import { layerFallback } from "../../../src/services/question-ui/fallback.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"

const haveAdb = existsSync("/usr/bin/adb")
if (!haveAdb) console.log("/usr/bin/adb not found (apt-get install adb): skipping fitlog's Android tests")

const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const request = (text: string): LogRequest => ({ text, date: DiaryDate.make("2026-11-22"), meal: Option.none(), likelyMeal: "lunch", yes: true })

/** The offline Llm, counting every call made to it (the navigator must make none). */
const countingOffline = (calls: Ref.Ref<number>) =>
  Layer.succeed(Llm, { ...offline, generate: () => Effect.zipRight(Ref.update(calls, (n) => n + 1), Effect.fail(new Offline())) })

const base = (device: SimulatedDevice) => Layer.mergeAll(table, layerMemory, layerFallback, layerAdbSimulated(device))

describe.skipIf(!haveAdb)("fitlog --to android on the simulated phone", () => {
  it.scopedLive("the example meal: three lunch entries with the right amounts, zero model calls offline; a rerun logs nothing", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const calls = yield* Ref.make(0)
      const world = Layer.merge(base(device), countingOffline(calls))
      const example = request("113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch")
      // One world for both runs: the same phone and the same session store.
      const [outcome, again] = yield* Effect.all([logFood(example, androidTarget), logFood(example, androidTarget)]).pipe(Effect.provide(world))
      expect(outcome._tag).toBe("Logged")
      if (outcome._tag === "Logged") {
        expect(outcome.report.notLogged).toEqual([])
        expect(outcome.report.modelCalls).toBe(0)
      }
      expect(yield* Ref.get(calls)).toBe(0)
      expect(device.fitness.diary().map((e) => [e.meal, e.food, e.amount])).toEqual([
        ["Lunch", "Minced Beef 20% fat, fried", "113.0 x 1 g"],
        ["Lunch", "White Rice, cooked", "135.0 x 1 g"],
        ["Lunch", "Greek Yogurt, plain, nonfat", "50.0 x 1 g"]
      ])
      expect(device.fitness.diary().map((e) => e.calories)).toEqual([329, 176, 30])
      expect(again._tag).toBe("AlreadyLogged")
      expect(device.fitness.diary()).toHaveLength(3)
    }), 60_000)

  it.scopedLive("an unknown dialog hands control to the Chat ↔ Tool loop, which dismisses it; the run completes", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.showDialog()
      // The dialog's "Later" button is centred at (540, 1380) on the simulated 1080×2400 screen.
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("get_ui_hierarchy", {}),
        ScriptedLlm.toolCall("tap_screen", { x: 540, y: 1380 }),
        ScriptedLlm.text("Dismissed the Google Play services dialog with Later; the diary shows."),
        // With a model configured, the navigator asks it once per food to choose a result.
        ScriptedLlm.toolCall("choose_result", { index: 1 })
      ])
      const outcome = yield* Effect.gen(function*() {
        const result = yield* logFood(request("2 eggs for breakfast"), androidTarget)
        const scripted = yield* ScriptedLlm
        expect(yield* scripted.remaining).toBe(0)
        const requests = yield* scripted.requests
        expect(requests[0]?.tools.map((t) => t.name)).toEqual([
          "tap_screen", "type_text", "swipe_screen", "press_key", "launch_app", "kill_app", "get_ui_hierarchy", "execute_shell_command", "ui_parser", "get_user_input"
        ])
        return result
      }).pipe(Effect.provide(Layer.merge(base(device), llm)))
      expect(device.currentDialog()).toBeUndefined()
      expect(outcome._tag).toBe("Logged")
      if (outcome._tag === "Logged") expect(outcome.report.modelCalls).toBe(4)
      expect(device.fitness.diary().map((e) => [e.meal, e.food, e.amount])).toEqual([["Breakfast", "Egg, whole, boiled", "100.0 x 1 g"]])
    }), 60_000)

  it.scopedLive("a food the app has no results for is reported as not logged, with why; the others are logged", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const calls = yield* Ref.make(0)
      const outcome = yield* logFood(request("100g tofu, 1 medium banana for snacks"), androidTarget).pipe(
        Effect.provide(Layer.merge(base(device), countingOffline(calls)))
      )
      expect(outcome._tag).toBe("Logged")
      if (outcome._tag === "Logged") {
        expect(outcome.report.notLogged).toEqual([{ text: "100g tofu", reason: "no results in the app for \"tofu\"" }])
        expect(outcome.report.logged.map((l) => l.food)).toEqual(["Banana, raw"])
      }
      expect(device.fitness.diary().map((e) => [e.meal, e.food])).toEqual([["Snacks", "Banana, raw"]])
    }), 60_000)
})
