/**
 * Bugs a new user met in `log` (issue 12, item 6), on the local diary
 * (in-memory SQLite), the real SR28 table, offline: a meal eaten again is
 * logged again only when the user says so (`--again` or yes to "did you eat
 * it again?"); a meal over the sanity bounds is asked about, refused under
 * --yes; a proposal another run wrote first reports "already logged";
 * negative, NaN and zero amounts are refused, never logged as one of the food.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { estimate } from "../../../src/agents/fitlog/estimate.js"
import { localTarget } from "../../../src/agents/fitlog/local-target.js"
import { logFood } from "../../../src/agents/fitlog/log.js"
import type { LogRequest } from "../../../src/agents/fitlog/log.js"
import { propose } from "../../../src/agents/fitlog/propose.js"
import { mealBounds, overBound, ProposalId } from "../../../src/domain/fitlog/proposal.js"
import type { Proposal, ProposalLine } from "../../../src/domain/fitlog/proposal.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"
import { layerFallback } from "../../../src/services/question-ui/fallback.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/scripted.js"
import type { ScriptedAnswer } from "../../../src/services/question-ui/scripted.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"

const date = DiaryDate.make("2026-11-22")
const request = (text: string, yes: boolean, again = false): LogRequest => ({ text, date, meal: Option.none(), likelyMeal: "lunch", yes, again })
const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const world = () => Layer.mergeAll(table, layerOffline, layerSqliteMemory, layerMemory, layerFallback)
const asking = (script: ReadonlyArray<ScriptedAnswer>) => Layer.mergeAll(table, layerOffline, layerSqliteMemory, layerMemory, ScriptedQuestions.layer(script))
const yes: ScriptedAnswer = { _tag: "ChoiceAnswer", value: "yes" }
const no: ScriptedAnswer = { _tag: "ChoiceAnswer", value: "no" }

// Three foods each under the validator's 2500 kcal per item, together over 5000 kcal.
const feast = "300g butter, 250g olive oil, 400g peanuts for dinner"

describe("logging the same meal again", () => {
  it.effect("--yes twice logs once; --again logs it a second time, as its own entry", () =>
    Effect.gen(function*() {
      expect((yield* logFood(request("1 banana for lunch", true), localTarget))._tag).toBe("Logged")
      expect((yield* logFood(request("1 banana for lunch", true), localTarget))._tag).toBe("AlreadyLogged")
      const again = yield* logFood(request("1 banana for lunch", true, true), localTarget)
      expect(again._tag).toBe("Logged")
      const third = yield* logFood(request("1 banana for lunch", true, true), localTarget)
      expect(third._tag).toBe("Logged")
      const rows = yield* Effect.flatMap(Diary, (d) => d.day(date))
      expect(rows.map((r) => r.food)).toEqual(["Bananas, raw", "Bananas, raw", "Bananas, raw"])
      expect(new Set(rows.map((r) => r.proposalId)).size).toBe(3)
    }).pipe(Effect.provide(world())))

  it.effect("interactively, a repeat is asked about: yes logs it again, no writes nothing", () =>
    Effect.gen(function*() {
      expect((yield* logFood(request("1 banana for lunch", false), localTarget))._tag).toBe("Logged")
      expect((yield* logFood(request("1 banana for lunch", false), localTarget))._tag).toBe("Logged")
      expect((yield* logFood(request("1 banana for lunch", false), localTarget))._tag).toBe("AlreadyLogged")
      const asked = yield* ScriptedQuestions.asked
      expect(asked.map((q) => (q._tag === "Choose" ? q.id : q._tag))).toEqual(["confirm", "again", "confirm", "again"])
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toHaveLength(2)
    }).pipe(Effect.provide(asking([yes, yes, yes, no]))))
})

describe("a meal over the sanity bounds", () => {
  it.effect("--yes refuses it with the reason and writes nothing", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request(feast, true), localTarget)
      expect(outcome._tag).toBe("Refused")
      if (outcome._tag === "Refused") expect(outcome.reason).toMatch(/this meal is \d+ kcal, more than the 5000 kcal/)
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
    }).pipe(Effect.provide(world())))

  it.effect("interactively it is asked about before the proposal: no writes nothing, yes goes on to confirm", () =>
    Effect.gen(function*() {
      expect((yield* logFood(request(feast, false), localTarget))._tag).toBe("Declined")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
      expect((yield* logFood(request(feast, false), localTarget))._tag).toBe("Logged")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toHaveLength(3)
      const asked = yield* ScriptedQuestions.asked
      expect(asked.map((q) => (q._tag === "Choose" ? q.id : q._tag))).toEqual(["bound", "bound", "confirm"])
    }).pipe(Effect.provide(asking([no, yes, yes]))))

  it("61 foods are over the bound, 60 are not", () => {
    const line: ProposalLine = { text: "1 grape", food: "Grapes", foodId: "09132", grams: 5, kcal: 3, protein_g: 0, carbs_g: 1, fat_g: 0, source: "test" }
    const meal = (n: number): Proposal => {
      const [first, ...rest] = Array.from({ length: n }, () => line)
      if (first === undefined) throw new Error("empty")
      return { id: ProposalId.make("p-0000000000000000"), date, meal: "snacks", lines: [first, ...rest], skipped: [] }
    }
    expect(overBound(meal(mealBounds.items))).toBeUndefined()
    expect(overBound(meal(mealBounds.items + 1))).toMatch(/61 foods, more than the 60/)
  })
})

describe("a proposal another run committed first", () => {
  it.effect("is reported as already logged, not as logged with nothing in it", () =>
    Effect.gen(function*() {
      const proposed = propose(yield* estimate("1 banana for lunch"), "lunch", date)
      if (proposed._tag !== "Proposal") return yield* Effect.dieMessage("nothing proposed")
      // The other run writes between this run's check and its commit.
      const racing = { ...localTarget, isCommitted: () => Effect.succeed(false) }
      expect((yield* logFood(request("1 banana for lunch", true), racing))._tag).toBe("Logged")
      const second = yield* logFood(request("1 banana for lunch", true), racing)
      expect(second._tag).toBe("AlreadyLogged")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toHaveLength(1)
    }).pipe(Effect.provide(world())))
})

describe("amounts that are not amounts", () => {
  it.effect.each(["-2 eggs", "NaN eggs", "0 eggs", "eggs -2", "Infinity g rice"])("%s is refused with the reason, not logged as one", (text) =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request(`${text} for breakfast`, true), localTarget)
      expect(outcome._tag).toBe("NothingToLog")
      if (outcome._tag === "NothingToLog") expect(outcome.skipped.map((s) => s.reason).join()).toMatch(/negative|not an amount/)
      expect(yield* Effect.flatMap(Diary, (d) => d.day(date))).toEqual([])
    }).pipe(Effect.provide(world())))

  it.effect("the good lines of a text are still logged beside a refused one", () =>
    Effect.gen(function*() {
      const outcome = yield* logFood(request("-2 eggs, 1 banana for breakfast", true), localTarget)
      expect(outcome._tag).toBe("Logged")
      if (outcome._tag === "Logged") expect(outcome.proposal.skipped).toEqual([{ text: "-2 eggs", reason: "-2 is negative: an amount must be more than 0" }])
      expect((yield* Effect.flatMap(Diary, (d) => d.day(date))).map((r) => r.food)).toEqual(["Bananas, raw"])
    }).pipe(Effect.provide(world())))
})
