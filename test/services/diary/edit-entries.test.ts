/**
 * One diary entry can be taken out or given a new amount (the chat's "remove
 * the almonds", "make the rice 200 g"): the others stay as they were; an
 * entry already gone is reported, not an error; and a proposal whose last
 * entry is removed is no longer logged, so the same food said again is
 * logged again rather than "already logged".
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { proposalIdFor } from "../../../src/domain/fitlog/proposal.js"
import type { Proposal, ProposalLine } from "../../../src/domain/fitlog/proposal.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"

const date = DiaryDate.make("2026-11-22")
const line = (text: string, food: string, grams: number, kcal: number): ProposalLine => ({
  text, food, foodId: "1", grams, kcal, protein_g: 1, carbs_g: 2, fat_g: 3, source: "USDA SR28 #1"
})
const proposalOf = (lines: readonly [ProposalLine, ...Array<ProposalLine>]): Proposal => ({ id: proposalIdFor(date, "lunch", lines), date, meal: "lunch", lines, skipped: [] })

describe("editing diary entries", () => {
  it.effect("removes one entry and keeps the rest; removing it again says there was none", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      yield* diary.commit(proposalOf([line("2 eggs", "Egg, fried", 92, 180), line("28g almonds", "Nuts, almonds", 28, 164)]))
      const [eggs, almonds] = yield* diary.day(date)
      expect(almonds?.text).toBe("28g almonds")
      expect(yield* diary.removeEntry(almonds?.entry ?? -1)).toBe(true)
      expect((yield* diary.day(date)).map((r) => r.text)).toEqual(["2 eggs"])
      expect(yield* diary.removeEntry(almonds?.entry ?? -1)).toBe(false)
      expect(eggs?.entry).not.toBe(almonds?.entry)
    }).pipe(Effect.provide(layerSqliteMemory)))

  it.effect("a new amount replaces the entry in its place, same meal and day", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      yield* diary.commit(proposalOf([line("135g rice", "Rice, cooked", 135, 175), line("a coffee", "Coffee, brewed", 240, 2)]))
      const [rice] = yield* diary.day(date)
      expect(yield* diary.replaceEntry(rice?.entry ?? -1, line("200 g rice", "Rice, cooked", 200, 259))).toBe(true)
      const after = yield* diary.day(date)
      expect(after.map((r) => [r.text, r.grams, r.kcal, r.meal])).toEqual([["200 g rice", 200, 259, "lunch"], ["a coffee", 240, 2, "lunch"]])
      expect(yield* diary.replaceEntry(9999, line("x", "x", 1, 1))).toBe(false)
    }).pipe(Effect.provide(layerSqliteMemory)))

  it.effect("a proposal whose entries are all removed can be logged again", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      const p = proposalOf([line("28g almonds", "Nuts, almonds", 28, 164)])
      expect(yield* diary.commit(p)).toBe("committed")
      const [almonds] = yield* diary.day(date)
      yield* diary.removeEntry(almonds?.entry ?? -1)
      expect(yield* diary.isCommitted(p.id)).toBe(false)
      expect(yield* diary.commit(p)).toBe("committed")
      expect((yield* diary.day(date)).map((r) => r.text)).toEqual(["28g almonds"])
    }).pipe(Effect.provide(layerSqliteMemory)))
})
