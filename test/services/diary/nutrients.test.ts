/**
 * Every SR28 nutrient is kept per diary entry (issue 12, item 7): read from
 * the file with a blank field as null, scaled to the portion, written to a
 * column each and read back with null still null; a diary made before those
 * columns existed still opens (migrated when writable, read as it is when
 * not), and `day` says "unknown" rather than counting a missing value as 0.
 */
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { nutrientLines } from "../../../src/domain/fitlog/day-report.js"
import { detailFor, detailKeys, detailNutrients, unknownDetail } from "../../../src/domain/fitlog/nutrients.js"
import { proposalIdFor } from "../../../src/domain/fitlog/proposal.js"
import type { Proposal, ProposalLine } from "../../../src/domain/fitlog/proposal.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import type { FoodRecord } from "../../../src/domain/fitlog/types.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqlite, layerSqliteMemory, makeSqlDiary } from "../../../src/services/diary/sqlite.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"

const date = DiaryDate.make("2026-11-22")
const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)

const lineOf = (food: FoodRecord, grams: number, text: string): ProposalLine => ({
  text, food: food.description, foodId: food.id, grams,
  kcal: food.per100g.kcal === null ? null : Math.round((food.per100g.kcal * grams) / 100),
  protein_g: food.per100g.protein_g, carbs_g: food.per100g.carbs_g, fat_g: food.per100g.fat_g,
  source: `USDA SR28 #${food.id}`, detail: detailFor(food, grams)
})
const proposalOf = (lines: readonly [ProposalLine, ...Array<ProposalLine>]): Proposal => ({ id: proposalIdFor(date, "lunch", lines), date, meal: "lunch", lines, skipped: [] })

const record = (id: string) =>
  Effect.flatMap(NutritionTable, (t) => {
    const r = t.byId(id)
    return r === undefined ? Effect.dieMessage(`no SR28 record ${id}`) : Effect.succeed(r)
  })

// The old schema, as diaries were created before nutrients were kept.
const oldSchema = [
  `CREATE TABLE commits (proposal_id TEXT PRIMARY KEY, date TEXT NOT NULL, meal TEXT NOT NULL)`,
  `CREATE TABLE entries (id INTEGER PRIMARY KEY AUTOINCREMENT, proposal_id TEXT NOT NULL REFERENCES commits(proposal_id),
     date TEXT NOT NULL, meal TEXT NOT NULL, text TEXT NOT NULL, food TEXT NOT NULL, food_id TEXT NOT NULL, grams REAL NOT NULL,
     kcal REAL, protein_g REAL, carbs_g REAL, fat_g REAL, source TEXT NOT NULL)`,
  `CREATE TABLE goals (name TEXT PRIMARY KEY, value REAL NOT NULL)`,
  `INSERT INTO commits VALUES ('p-00000000000000aa', '2026-11-22', 'lunch')`,
  `INSERT INTO entries (proposal_id, date, meal, text, food, food_id, grams, kcal, protein_g, carbs_g, fat_g, source)
     VALUES ('p-00000000000000aa', '2026-11-22', 'lunch', '1 banana', 'Bananas, raw', '09040', 118, 105, 1.3, 27, 0.4, 'USDA SR28 #09040')`
]
const oldDiary = (file: string) =>
  Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    for (const s of oldSchema) yield* sql.unsafe(s)
  }).pipe(Effect.provide(SqliteClient.layer({ filename: file })), Effect.scoped, Effect.orDie)

const withTempDir = <A, E, R>(use: (dir: string) => Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(Effect.sync(() => mkdtempSync(join(tmpdir(), "shoal-nutrients-"))), use, (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))

describe("SR28 nutrients per food", () => {
  it.effect("a record carries 40+ nutrients; a blank field of the file is null, not 0", () =>
    Effect.gen(function*() {
      expect(detailNutrients.length).toBeGreaterThanOrEqual(40)
      const egg = yield* record("01123")
      const known = detailKeys.filter((k) => detailFor(egg, 100)[k] !== null)
      expect(known.length).toBeGreaterThanOrEqual(40)
      expect(detailFor(egg, 100).cholesterol_mg).toBe(372)
      expect(detailFor(egg, 50).cholesterol_mg).toBe(186)
      // Bottled lemon juice (09523): USDA left vitamin D, vitamin K and the fatty acids blank.
      const lemon = detailFor(yield* record("09523"), 15)
      for (const k of ["vitamin_d_ug", "vitamin_k_ug", "saturated_fat_g", "cholesterol_mg"] as const) expect(lemon[k]).toBeNull()
      expect(lemon.potassium_mg).toBeCloseTo(16.8, 3)
    }).pipe(Effect.provide(table)))
})

describe("the diary keeps them", () => {
  it.effect("written one column each and read back equal, null still null", () =>
    Effect.gen(function*() {
      const egg = lineOf(yield* record("01123"), 50, "1 egg")
      const lemon = lineOf(yield* record("09523"), 15, "1 tbsp lemon juice")
      const diary = yield* Diary
      expect(yield* diary.commit(proposalOf([egg, lemon]))).toBe("committed")
      const rows = yield* diary.day(date)
      expect(rows.map((r) => r.detail)).toEqual([egg.detail, lemon.detail])
      expect(rows[1]?.detail.vitamin_d_ug).toBeNull()
      // The day: a nutrient one food lacks is "at least", one no food has is "unknown", never a silent 0.
      const day = nutrientLines(rows).join("\n")
      expect(day).toMatch(/Vitamin D\s+1 µg \(at least: 1 of 2 foods unknown\)/)
      expect(nutrientLines([{ ...rows[1], meal: "lunch", food: "x", grams: 1, kcal: 1, protein_g: 0, carbs_g: 0, fat_g: 0, detail: unknownDetail }]).join("\n")).toMatch(/Fibre\s+unknown/)
    }).pipe(Effect.provide(Layer.merge(table, layerSqliteMemory))))

  it.effect("an old diary without the nutrient columns opens: old rows read as unknown, new rows keep everything", () =>
    withTempDir((dir) =>
      Effect.gen(function*() {
        const file = join(dir, "old.sqlite")
        yield* oldDiary(file)
        const egg = lineOf(yield* record("01123"), 50, "1 egg")
        yield* Effect.gen(function*() {
          const diary = yield* Diary
          expect((yield* diary.day(date)).map((r) => [r.food, r.detail])).toEqual([["Bananas, raw", unknownDetail]])
          expect(yield* diary.commit(proposalOf([egg]))).toBe("committed")
        }).pipe(Effect.provide(layerSqlite(file, { createDirectory: false })))
        // Opened again: the migration is not repeated, both rows are there.
        const rows = yield* Effect.flatMap(Diary, (d) => d.day(date)).pipe(Effect.provide(layerSqlite(file, { createDirectory: false })))
        expect(rows.map((r) => r.detail.cholesterol_mg)).toEqual([null, 186])
      })).pipe(Effect.provide(table)))

  it.effect("an old diary opened read-only is read as it is (no columns added) and refuses writes", () =>
    withTempDir((dir) =>
      Effect.gen(function*() {
        const file = join(dir, "old.sqlite")
        yield* oldDiary(file)
        yield* Effect.gen(function*() {
          const diary = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => makeSqlDiary(sql, "read-only", file))
          expect((yield* diary.day(date)).map((r) => [r.food, r.detail])).toEqual([["Bananas, raw", unknownDetail]])
          const refused = yield* Effect.flip(diary.setGoal("calories", 2000))
          expect(refused.message).toContain(`${file} is read-only`)
          const columns = yield* Effect.flatMap(SqlClient.SqlClient, (sql) => sql<{ readonly name: string }>`SELECT name FROM pragma_table_info('entries')`)
          expect(columns.map((c) => c.name)).not.toContain("cholesterol_mg")
        }).pipe(Effect.provide(SqliteClient.layer({ filename: file, readonly: true, disableWAL: true })), Effect.orDie)
      })))
})
