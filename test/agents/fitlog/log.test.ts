/**
 * fitlog's log loop end to end on the local diary (in-memory SQLite), the
 * real SR28 table, offline: the seeds/000 example with --yes, idempotent
 * commits, confirm / decline / edit, and a pending proposal that survives a
 * restart.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Layer, Option } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { localTarget } from "../../../src/agents/fitlog/local-target.js"
import { logFood } from "../../../src/agents/fitlog/log.js"
import type { LogRequest } from "../../../src/agents/fitlog/log.js"
import { propose } from "../../../src/agents/fitlog/propose.js"
import { pendingProposals } from "../../../src/agents/fitlog/session-kind.js"
import { dayReport } from "../../../src/domain/fitlog/day-report.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"
import { layerFallback } from "../../../src/services/question-ui/fallback.js"
import { QuestionUI } from "../../../src/services/question-ui/question-ui.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import type { ScriptedAnswer } from "../../../src/services/question-ui/scripted.js"
import { SessionId } from "../../../src/services/session-store/session-kind.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"
import { SessionStore } from "../../../src/services/session-store/session-store.js"

const example = "113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch"
const date = DiaryDate.make("2026-11-22")
const request = (text: string, yes: boolean): LogRequest => ({ text, date, meal: Option.none(), likelyMeal: "dinner", yes })

// The table is read once for the file; each test gets a fresh diary and session store.
const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
// --yes runs never ask; the fallback UI would answer a stray question with "no".
/** The id the unedited text would get. */
const estimateId = (text: string) =>
  Effect.map(estimate(text), (e) => {
    const p = propose(e, "lunch", date)
    return p._tag === "Proposal" ? p.proposal.id : "none"
  })
const world = () => Layer.mergeAll(table, layerOffline, layerSqliteMemory, layerMemory, layerFallback)
const asking = (script: ReadonlyArray<ScriptedAnswer>) => Layer.mergeAll(table, layerOffline, layerSqliteMemory, layerMemory, ScriptedQuestions.layer(script))

describe("estimate", () => {
  it.effect("prints the seeds/000 example as stable JSON, with SR28's values and nothing logged", () =>
    Effect.gen(function*() {
      const json = estimateJson(yield* estimate(example))
      expect(json.meal).toBe("lunch")
      expect(json.items.map((i) => [i.text, i.grams])).toEqual([["113g fried minced beef", 113], ["135g white rice cooked", 135], ["50g greek yogurt", 50]])
      const t = yield* NutritionTable
      for (const item of json.items) {
        const record = t.records.find((r) => item.source === `USDA SR28 #${r.id}`)
        expect(record).toBeDefined()
        const expected = ((record?.per100g.kcal ?? 0) * (item.grams ?? 0)) / 100
        expect(Math.abs((item.kcal ?? 0) - expected)).toBeLessThanOrEqual(0.1 * expected)
        expect(Object.keys(item).slice(0, 8)).toEqual(["text", "food", "grams", "kcal", "protein_g", "carbs_g", "fat_g", "source"])
      }
      expect(json.total.kcal).toBeCloseTo(json.items.reduce((s, i) => s + (i.kcal ?? 0), 0), 0)
    }).pipe(Effect.provide(Layer.merge(table, layerOffline))))
})

describe("logFood to the local diary", () => {
  it.effect("the example with --yes, offline: three rows under lunch; the same proposal again writes nothing", () =>
    Effect.gen(function*() {
      const first = yield* logFood(request(example, true), localTarget)
      expect(first._tag).toBe("Logged")
      const diary = yield* Diary
      const rows = yield* diary.day(date)
      expect(rows.map((r) => [r.meal, r.grams])).toEqual([["lunch", 113], ["lunch", 135], ["lunch", 50]])
      expect(rows.map((r) => r.food)).toEqual([expect.stringMatching(/^Beef, ground/), expect.stringMatching(/^Rice, white/), expect.stringMatching(/^Yogurt, Greek/)])
      const t = yield* NutritionTable
      for (const r of rows) {
        const per100 = t.byId(r.foodId)?.per100g.kcal ?? 0
        expect(Math.abs((r.kcal ?? 0) - (per100 * r.grams) / 100)).toBeLessThanOrEqual((0.1 * per100 * r.grams) / 100)
      }
      const again = yield* logFood(request(example, true), localTarget)
      expect(again._tag).toBe("AlreadyLogged")
      if (first._tag === "Logged" && again._tag === "AlreadyLogged") expect(again.proposal.id).toBe(first.proposal.id)
      expect(yield* diary.day(date)).toHaveLength(3)
      // Committing the confirmed proposal itself twice is also a no-op.
      if (first._tag === "Logged") expect(yield* diary.commit(first.proposal)).toBe("already-committed")
      expect(yield* diary.day(date)).toHaveLength(3)
      const report = dayReport(date, rows, { calories: 2200 })
      expect(report).toContain("Lunch")
      expect(report).toMatch(/Calories \d+ \/ 2200 kcal/)
    }).pipe(Effect.provide(world())))

  it.effect("asks for the meal when the text has none, offering the likely one first", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("2 eggs", false), localTarget)
      expect(outcome._tag).toBe("Logged")
      const asked = yield* ScriptedQuestions.asked
      expect(asked[0]?._tag === "Choose" && asked[0].options.map((o) => o.value)).toEqual(["dinner", "breakfast", "lunch", "snacks"])
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => [r.meal, r.grams])).toEqual([["breakfast", 100]])
    }).pipe(Effect.provide(asking(([
      { _tag: "ChoiceAnswer", value: "breakfast" },
      { _tag: "ChoiceAnswer", value: "yes" }
    ])))))

  it.effect("a declined proposal writes nothing and leaves nothing pending", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request(example, false), localTarget)
      expect(outcome._tag).toBe("Declined")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
      if (outcome._tag === "Declined") {
        const pending = yield* Effect.flatMap(SessionStore, (s) => s.load(pendingProposals, SessionId.make(outcome.proposal.id))).pipe(Effect.exit)
        expect(Exit.isFailure(pending)).toBe(true)
      }
    }).pipe(Effect.provide(asking(([{ _tag: "ChoiceAnswer", value: "no" }])))))

  it.effect("an edited list is estimated again and only the confirmed version is logged", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("2 eggs for breakfast", false), localTarget)
      expect(outcome._tag).toBe("Logged")
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => [r.meal, r.grams])).toEqual([["breakfast", 150]])
    }).pipe(Effect.provide(asking(([
      { _tag: "ChoiceAnswer", value: "edit", followUp: { _tag: "TextAnswer", text: "3 eggs for breakfast" } },
      { _tag: "ChoiceAnswer", value: "yes" }
    ])))))

  it.effect("editing one line re-estimates only that line: rice 135 g → 200 g, beef and yogurt unchanged", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request(example, false), localTarget)
      expect(outcome._tag).toBe("Logged")
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => [r.meal, r.text, r.grams])).toEqual([
        ["lunch", "113g fried minced beef", 113],
        ["lunch", "200g white rice cooked", 200],
        ["lunch", "50g greek yogurt", 50]
      ])
      expect(rows[1]?.food).toMatch(/^Rice, white/)
      const t = yield* NutritionTable
      const rice = t.byId(rows[1]?.foodId ?? "")?.per100g.kcal ?? 0
      expect(rows[1]?.kcal).toBeCloseTo(rice * 2, 0)
      // The line question offered each proposed line, its text as the placeholder; then the new proposal was asked again.
      const asked = yield* ScriptedQuestions.asked
      expect(asked).toHaveLength(2)
      const first = asked[0]
      const lineQ = first?._tag === "Choose" ? first.reveals["line"] : undefined
      // Issue 29: "Yes, log it" is listed first; the unattended answer is still the no.
      expect(first?._tag === "Choose" && first.options.map((o) => o.value)).toEqual(["yes", "no", "line", "edit"])
      expect(first?._tag === "Choose" && first.fallback).toBe("no")
      expect(lineQ?._tag === "Choose" && lineQ.options.map((o) => o.value)).toEqual(["1", "2", "3"])
      expect(lineQ?._tag === "Choose" && lineQ.reveals["2"]).toEqual({ _tag: "FreeText", prompt: "Rewrite line 2:", placeholder: "135g white rice cooked" })
      expect(asked[1]?._tag === "Choose" && asked[1].prompt).toMatch(/200 g/)
      if (outcome._tag === "Logged") expect(outcome.proposal.id).not.toBe((yield* estimateId(example)))
    }).pipe(Effect.provide(asking(([
      { _tag: "ChoiceAnswer", value: "line", followUp: { _tag: "ChoiceAnswer", value: "2", followUp: { _tag: "TextAnswer", text: "200g white rice cooked" } } },
      { _tag: "ChoiceAnswer", value: "yes" }
    ])))))

  it.effect("an empty line edit keeps the line's text; \"no\" after it writes nothing", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request(example, false), localTarget)
      expect(outcome._tag).toBe("Declined")
      if (outcome._tag === "Declined") expect(outcome.proposal.lines.map((l) => l.grams)).toEqual([113, 135, 50])
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
    }).pipe(Effect.provide(asking(([
      { _tag: "ChoiceAnswer", value: "line", followUp: { _tag: "ChoiceAnswer", value: "3", followUp: { _tag: "TextAnswer", text: "" } } },
      { _tag: "ChoiceAnswer", value: "no" }
    ])))))

  it.effect("a failed check is shown with its reason and the food is not logged", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("100g schweinebraten, 1 banana for snack", true), localTarget)
      expect(outcome._tag).toBe("Logged")
      if (outcome._tag === "Logged") {
        expect(outcome.report.notLogged).toEqual([{ text: "100g schweinebraten", reason: "no food in the food tables (USDA FNDDS, USDA SR28, CoFID) matches \"schweinebraten\"" }])
        expect(outcome.report.logged.map((l) => l.food)).toEqual(["Bananas, raw"])
      }
    }).pipe(Effect.provide(world())))

  it.effect("nothing loggable is NothingToLog, with every reason, and nothing is written", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("200g schweinebraten for lunch", true), localTarget)
      expect(outcome._tag).toBe("NothingToLog")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
    }).pipe(Effect.provide(world())))

  it.effect("a pending proposal survives a restart: the same command finds it, and a yes commits it once", () =>
    Effect.gen(function*() {
      const store = yield* SessionStore
      // First run: the process stops while the question is open.
      const crashed = yield* logFood(request(example, false), localTarget).pipe(
        Effect.provide(Layer.succeed(QuestionUI, { ask: () => Effect.interrupt })),
        Effect.exit
      )
      expect(Exit.isInterrupted(crashed)).toBe(true)
      const pending = yield* store.list(pendingProposals)
      expect(pending).toHaveLength(1)
      const saved = yield* store.load(pendingProposals, pending[0]?.id ?? SessionId.make("none"))
      expect(saved.lines.map((l) => l.grams)).toEqual([113, 135, 50])
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
      // Second run: same proposal id, confirmed.
      const outcome = yield* logFood(request(example, true), localTarget)
      expect(outcome._tag === "Logged" && outcome.proposal.id).toBe(saved.id)
      expect(yield* store.list(pendingProposals)).toEqual([])
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toHaveLength(3)
    }).pipe(Effect.provide(world())))
})
