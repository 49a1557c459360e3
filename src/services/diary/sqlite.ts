/**
 * The SQLite diary: one file (`<data dir>/fitlog/diary.sqlite`, or `--db
 * PATH`), or `:memory:` for tests: entries, goals and saved recipes. The driver (better-sqlite3) is imported
 * when the layer is built, so `shoal --help` never loads it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Effect, Layer, Schema } from "effect"
import { Proposal } from "../../domain/fitlog/proposal.js"
import type { ProposalId } from "../../domain/fitlog/proposal.js"
import type { DiaryDate } from "../../domain/fitlog/types.js"
import { Diary, DiaryError } from "./diary.js"
import type { DiaryRow, DiaryShape, GoalName, Goals } from "./diary.js"
import { goalNames } from "./diary.js"
import { makeRecipeStore, recipesSchema } from "./recipes-sql.js"

const fail = (operation: string) => (e: SqlError) => new DiaryError({ operation, reason: e.message })

const Row = Schema.Struct({
  proposal_id: Schema.String,
  date: Schema.String,
  meal: Schema.String,
  text: Schema.String,
  food: Schema.String,
  food_id: Schema.String,
  grams: Schema.Number,
  kcal: Schema.NullOr(Schema.Number),
  protein_g: Schema.NullOr(Schema.Number),
  carbs_g: Schema.NullOr(Schema.Number),
  fat_g: Schema.NullOr(Schema.Number),
  source: Schema.String
})

// Rows were written from a decoded Proposal; decoding them back through its Schema keeps the brands honest.
const LineFields = Proposal.fields.lines
const decodeRow = (r: typeof Row.Type): Effect.Effect<DiaryRow, DiaryError> =>
  Schema.decodeUnknown(Schema.Struct({ id: Proposal.fields.id, date: Proposal.fields.date, meal: Proposal.fields.meal, line: LineFields.value }))({
    id: r.proposal_id, date: r.date, meal: r.meal,
    line: { text: r.text, food: r.food, foodId: r.food_id, grams: r.grams, kcal: r.kcal, protein_g: r.protein_g, carbs_g: r.carbs_g, fat_g: r.fat_g, source: r.source }
  }).pipe(
    Effect.map(({ date, id, line, meal }): DiaryRow => ({
      proposalId: id, date, meal, text: line.text, food: line.food, foodId: line.foodId, grams: line.grams,
      kcal: line.kcal, protein_g: line.protein_g, carbs_g: line.carbs_g, fat_g: line.fat_g, source: line.source
    })),
    Effect.mapError((e) => new DiaryError({ operation: "read a row", reason: e.message }))
  )

const schema = [
  `CREATE TABLE IF NOT EXISTS commits (proposal_id TEXT PRIMARY KEY, date TEXT NOT NULL, meal TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY AUTOINCREMENT, proposal_id TEXT NOT NULL REFERENCES commits(proposal_id),
     date TEXT NOT NULL, meal TEXT NOT NULL, text TEXT NOT NULL, food TEXT NOT NULL, food_id TEXT NOT NULL, grams REAL NOT NULL,
     kcal REAL, protein_g REAL, carbs_g REAL, fat_g REAL, source TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS entries_date ON entries(date)`,
  `CREATE TABLE IF NOT EXISTS goals (name TEXT PRIMARY KEY, value REAL NOT NULL)`,
  ...recipesSchema
]

export const makeSqlDiary = (sql: SqlClient): Effect.Effect<DiaryShape, DiaryError> =>
  Effect.gen(function*() {
    yield* Effect.forEach(schema, (s) => sql.unsafe(s), { discard: true }).pipe(Effect.mapError(fail("create its tables")))
    const isCommitted = (id: ProposalId) =>
      sql<{ readonly n: number }>`SELECT count(*) AS n FROM commits WHERE proposal_id = ${id}`.pipe(
        Effect.map((rows) => (rows[0]?.n ?? 0) > 0),
        Effect.mapError(fail("check a proposal"))
      )
    const rows = (query: Effect.Effect<ReadonlyArray<unknown>, SqlError>) =>
      query.pipe(
        Effect.mapError(fail("read entries")),
        Effect.flatMap((raw) => Schema.decodeUnknown(Schema.Array(Row))(raw).pipe(Effect.mapError((e) => new DiaryError({ operation: "read entries", reason: e.message })))),
        Effect.flatMap((rs) => Effect.forEach(rs, decodeRow))
      )
    return {
      ...makeRecipeStore(sql),
      isCommitted,
      commit: (p) =>
        sql.withTransaction(Effect.gen(function*() {
          const done = yield* sql<{ readonly n: number }>`SELECT count(*) AS n FROM commits WHERE proposal_id = ${p.id}`
          if ((done[0]?.n ?? 0) > 0) return "already-committed" as const
          yield* sql`INSERT INTO commits ${sql.insert({ proposal_id: p.id, date: p.date, meal: p.meal })}`
          for (const l of p.lines) {
            yield* sql`INSERT INTO entries ${sql.insert({
              proposal_id: p.id, date: p.date, meal: p.meal, text: l.text, food: l.food, food_id: l.foodId, grams: l.grams,
              kcal: l.kcal, protein_g: l.protein_g, carbs_g: l.carbs_g, fat_g: l.fat_g, source: l.source
            })}`
          }
          return "committed" as const
        })).pipe(Effect.mapError(fail("log the proposal"))),
      day: (date: DiaryDate) => rows(sql`SELECT * FROM entries WHERE date = ${date} ORDER BY id`),
      range: (from, to) => rows(sql`SELECT * FROM entries WHERE date >= ${from} AND date <= ${to} ORDER BY date, id`),
      goals: sql<{ readonly name: string; readonly value: number }>`SELECT name, value FROM goals`.pipe(
        Effect.map((rs) => {
          const goals: { [K in GoalName]?: number } = {}
          for (const r of rs) for (const g of goalNames) if (g === r.name) goals[g] = r.value
          return goals satisfies Goals
        }),
        Effect.mapError(fail("read goals"))
      ),
      setGoal: (name, value) =>
        sql`INSERT INTO goals ${sql.insert({ name, value })} ON CONFLICT(name) DO UPDATE SET value = excluded.value`.pipe(
          Effect.asVoid,
          Effect.mapError(fail("set a goal"))
        )
    } satisfies DiaryShape
  })

/** The diary in a SQLite file (created with its directory if missing); `:memory:` for a private in-memory one. */
export const layerSqlite = (filename: string): Layer.Layer<Diary, DiaryError> =>
  Layer.unwrapScoped(Effect.gen(function*() {
    const { SqliteClient } = yield* Effect.promise(() => import("@effect/sql-sqlite-node"))
    const { SqlClient } = yield* Effect.promise(() => import("@effect/sql"))
    if (filename !== ":memory:") {
      const { mkdirSync } = yield* Effect.promise(() => import("node:fs"))
      const { dirname } = yield* Effect.promise(() => import("node:path"))
      yield* Effect.try({ try: () => mkdirSync(dirname(filename), { recursive: true }), catch: (e) => new DiaryError({ operation: "create its directory", reason: String(e) }) })
    }
    const client = SqliteClient.layer({ filename }).pipe(Layer.mapError((e) => new DiaryError({ operation: `open ${filename}`, reason: e.message })))
    return Layer.effect(Diary, Effect.flatMap(SqlClient.SqlClient, makeSqlDiary)).pipe(Layer.provide(client))
  }))

/** A fresh in-memory diary (tests; embedders that do not persist). */
export const layerSqliteMemory: Layer.Layer<Diary, DiaryError> = layerSqlite(":memory:")
