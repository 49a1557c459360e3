/**
 * Chat bugs a new user met (issue 12, item 6): "How am I doing this week?"
 * answers for the week, not the day; a pasted multi-line recipe is read as
 * one message, from a terminal's burst of lines or a pipe, while a piped
 * conversation stays one message a line.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { PassThrough } from "node:stream"
import { chatTurn, initialChatState } from "../../../src/agents/fitlog/chat.js"
import { groupLines } from "../../../src/domain/fitlog/chat-input.js"
import { classify, route } from "../../../src/domain/fitlog/chat-router.js"
import { proposalIdFor } from "../../../src/domain/fitlog/proposal.js"
import type { ProposalLine } from "../../../src/domain/fitlog/proposal.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { lastDays } from "../../../src/domain/fitlog/week-report.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"
import { pipeIO } from "../../../src/services/question-ui/terminal-io.js"

const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
const today = DiaryDate.make("2026-11-22")
const ctx = { date: today, likelyMeal: "lunch" as const }

const line = (kcal: number): ProposalLine => ({ text: `${kcal} kcal`, food: "Test food", foodId: "00000", grams: 100, kcal, protein_g: 10, carbs_g: 10, fat_g: 10, source: "test" })
const logOn = (date: DiaryDate, kcal: number) =>
  Effect.flatMap(Diary, (d) => d.commit({ id: proposalIdFor(date, "lunch", [line(kcal)]), date, meal: "lunch", lines: [line(kcal)], skipped: [] }))

describe("how am I doing this week?", () => {
  it("routes to the week; about today to the day", () => {
    expect(route({ pending: "none" }, classify("How am I doing this week?"))._tag).toBe("ShowWeek")
    expect(route({ pending: "none" }, classify("weekly summary please"))._tag).toBe("ShowWeek")
    expect(route({ pending: "none" }, classify("how am I doing today?"))._tag).toBe("ShowProgress")
    expect(classify("I had 2 eggs every day this week").intent).toBe("log_food")
  })

  it("seven days end at the given day, across a month's end", () => {
    expect(lastDays("2026-03-02", 7)).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"])
  })

  it.effect("answers with each day of the last seven and the average over the days logged", () =>
    Effect.gen(function*() {
      yield* Effect.flatMap(Diary, (d) => d.setGoal("calories", 2000))
      yield* logOn(DiaryDate.make("2026-11-17"), 1800)
      yield* logOn(today, 2200)
      yield* logOn(DiaryDate.make("2026-11-15"), 9999) // eight days ago: not this week
      const { reply } = yield* chatTurn(initialChatState, "How am I doing this week?", ctx)
      expect(reply).toContain("The week 2026-11-16 to 2026-11-22:")
      expect(reply).toMatch(/Tue 2026-11-17 {2}1800 kcal \/ 2000 kcal goal/)
      expect(reply).toMatch(/Sun 2026-11-22 {2}2200 kcal/)
      expect(reply).toMatch(/Mon 2026-11-16 {2}nothing logged/)
      expect(reply).toContain("Average over the 2 days logged: 2000 kcal / 2000 kcal goal")
      expect(reply).not.toContain("9999")
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))
})

const recipe = ["Pancakes", "200g flour", "2 eggs", "300ml milk", "", "Whisk and fry.", "serves 4"]

describe("a pasted recipe in chat", () => {
  it("lines that arrive together form one message; replies and questions stand alone", () => {
    expect(groupLines(recipe)).toEqual([recipe.join("\n")])
    expect(groupLines(["log 2 eggs", "yes", "how am I doing today?", "quit"])).toEqual(["log 2 eggs", "yes", "how am I doing today?", "quit"])
    expect(groupLines([...recipe, "yes", "quit"])).toEqual([recipe.join("\n"), "yes", "quit"])
  })

  it.effect("a burst of lines from the input is all there to read after the first (terminal paste or pipe)", () =>
    Effect.gen(function*() {
      const input = new PassThrough()
      const output = new PassThrough()
      const io = yield* pipeIO(input, output)
      input.write(`${recipe.join("\n")}\nyes\n`)
      const first = yield* io.readLine("> ")
      const rest = yield* io.takeQueued
      expect(groupLines([first, ...rest])).toEqual([recipe.join("\n"), "yes"])
      // Nothing more has arrived: the next read waits for it, and end of input ends it.
      expect(yield* io.takeQueued).toEqual([])
      input.end()
      expect((yield* Effect.either(io.readLine("> ")))._tag).toBe("Left")
    }).pipe(Effect.scoped))

  it.effect("the whole recipe reaches the chat as one message: per-serving nutrition, not one proposal per line", () =>
    Effect.gen(function*() {
      const [message] = groupLines(recipe)
      const { reply } = yield* chatTurn(initialChatState, message ?? "", ctx)
      expect(reply).toMatch(/Recipe: \d+ kcal in all, 4 servings/)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))
})
