/**
 * The SQLite diary: one file (`<data dir>/fitlog/diary.sqlite`, or `--db
 * PATH`), or `:memory:` for tests: entries, goals, the body profile and saved recipes. The driver (better-sqlite3) is imported
 * when the layer is built, so `shoal --help` never loads it.
 *
 * Each entry keeps every SR28 nutrient in a column of its own (nutrients.ts);
 * a diary made before a column existed gets it on open (`ALTER TABLE … ADD
 * COLUMN`, so old rows read it as null: unknown, not 0), and a read-only
 * diary is read as it is. Commits are claimed with one `INSERT OR IGNORE`
 * on the proposal id, so two processes logging the same proposal at once
 * write it once and the other one is told it is already logged.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Cause, Effect, Either, Layer, Schema } from "effect"
import { detailKeys, perKey } from "../../domain/fitlog/nutrients.js"
import { PartialProfile } from "../../domain/fitlog/profile.js"
import { Proposal } from "../../domain/fitlog/proposal.js"
import type { ProposalId } from "../../domain/fitlog/proposal.js"
import type { DiaryDate } from "../../domain/fitlog/types.js"
import { Diary, DiaryError } from "./diary.js"
import type { DiaryRow, DiaryShape, GoalName, Goals } from "./diary.js"
import { goalNames } from "./diary.js"
import { checkDiaryFile, readableCopy } from "./open-file.js"
import type { OpenMode } from "./open-file.js"
import { makeRecipeStore, recipesSchema } from "./recipes-sql.js"
import { importPeer } from "../optional-peer.js"

/** The driver's own words ("database is locked", "attempt to write a readonly database"), not only "Failed to execute statement". */
const reasonOf = (e: SqlError) => (e.cause instanceof Error && e.cause.message !== "" ? `${e.message.trim()}: ${e.cause.message}` : e.message)
const fail = (operation: string) => (e: SqlError) => new DiaryError({ operation, reason: reasonOf(e) })

const Row = Schema.Struct({
  id: Schema.Number,
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
  source: Schema.String,
  // Columns a diary from before they existed (opened read-only, so not migrated) does not have: unknown.
  ...perKey(() => Schema.optionalWith(Schema.NullOr(Schema.Number), { default: () => null }))
})

// Rows were written from a decoded Proposal; decoding them back through its Schema keeps the brands honest.
const LineFields = Proposal.fields.lines
const decodeRow = (r: typeof Row.Type): Effect.Effect<DiaryRow, DiaryError> =>
  Schema.decodeUnknown(Schema.Struct({ id: Proposal.fields.id, date: Proposal.fields.date, meal: Proposal.fields.meal, line: LineFields.value }))({
    id: r.proposal_id, date: r.date, meal: r.meal,
    line: {
      text: r.text, food: r.food, foodId: r.food_id, grams: r.grams, kcal: r.kcal, protein_g: r.protein_g, carbs_g: r.carbs_g, fat_g: r.fat_g, source: r.source,
      detail: perKey((k) => r[k])
    }
  }).pipe(
    Effect.map(({ date, id, line, meal }): DiaryRow => ({
      entry: r.id,
      proposalId: id, date, meal, text: line.text, food: line.food, foodId: line.foodId, grams: line.grams,
      kcal: line.kcal, protein_g: line.protein_g, carbs_g: line.carbs_g, fat_g: line.fat_g, source: line.source,
      detail: line.detail ?? perKey(() => null)
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
  `CREATE TABLE IF NOT EXISTS profile (name TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  ...recipesSchema
]

/** Add the nutrient columns an older diary lacks (new columns read as null for old rows). */
const migrate = (sql: SqlClient) =>
  Effect.gen(function*() {
    const have = new Set((yield* sql<{ readonly name: string }>`SELECT name FROM pragma_table_info('entries')`).map((c) => c.name))
    for (const k of detailKeys) if (!have.has(k)) yield* sql.unsafe(`ALTER TABLE entries ADD COLUMN ${k} REAL`)
  })

export const makeSqlDiary = (sql: SqlClient, mode: OpenMode = "read-write", filename = ":memory:"): Effect.Effect<DiaryShape, DiaryError> =>
  Effect.gen(function*() {
    if (mode === "read-write") {
      yield* Effect.forEach(schema, (s) => sql.unsafe(s), { discard: true }).pipe(Effect.zipRight(migrate(sql)), Effect.mapError(fail("create its tables")))
    }
    const readOnly = <A>(operation: string, write: Effect.Effect<A, DiaryError>): Effect.Effect<A, DiaryError> =>
      mode !== "read-write" ? Effect.fail(new DiaryError({ operation, reason: `${filename} is read-only (its file or folder is not writable)` })) : write
    // A read-only diary made before any entry has no tables: it reads as empty.
    const tables = new Set((yield* sql<{ readonly name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.pipe(Effect.mapError(fail("read its tables")))).map((t) => t.name))
    const ifTable = <A>(table: string, empty: A, read: Effect.Effect<A, DiaryError>) => (mode !== "read-write" && !tables.has(table) ? Effect.succeed(empty) : read)
    const isCommitted = (id: ProposalId) =>
      ifTable("commits", false, sql<{ readonly n: number }>`SELECT count(*) AS n FROM commits WHERE proposal_id = ${id}`.pipe(
        Effect.map((rows) => (rows[0]?.n ?? 0) > 0),
        Effect.mapError(fail("check a proposal"))
      ))
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
        readOnly("log the proposal", sql.withTransaction(Effect.gen(function*() {
          // The claim is the transaction's first statement, a write: a second process waits for the lock, then finds the id taken.
          yield* sql`INSERT OR IGNORE INTO commits ${sql.insert({ proposal_id: p.id, date: p.date, meal: p.meal })}`
          const claimed = yield* sql<{ readonly n: number }>`SELECT changes() AS n`
          if ((claimed[0]?.n ?? 0) === 0) return "already-committed" as const
          for (const l of p.lines) {
            const detail = l.detail ?? perKey(() => null)
            yield* sql`INSERT INTO entries ${sql.insert({
              proposal_id: p.id, date: p.date, meal: p.meal, text: l.text, food: l.food, food_id: l.foodId, grams: l.grams,
              kcal: l.kcal, protein_g: l.protein_g, carbs_g: l.carbs_g, fat_g: l.fat_g, source: l.source, ...detail
            })}`
          }
          return "committed" as const
        })).pipe(Effect.mapError(fail("log the proposal")))),
      removeEntry: (entry) =>
        readOnly("remove an entry", sql.withTransaction(Effect.gen(function*() {
          const [row] = yield* sql<{ readonly proposal_id: string }>`SELECT proposal_id FROM entries WHERE id = ${entry}`
          if (row === undefined) return false
          yield* sql`DELETE FROM entries WHERE id = ${entry}`
          // Its proposal's last entry gone, the proposal is no longer logged: the same food said again is logged again.
          yield* sql`DELETE FROM commits WHERE proposal_id = ${row.proposal_id} AND NOT EXISTS (SELECT 1 FROM entries WHERE proposal_id = ${row.proposal_id})`
          return true
        })).pipe(Effect.mapError(fail("remove an entry")))),
      replaceEntry: (entry, l) =>
        readOnly("change an entry", sql.withTransaction(Effect.gen(function*() {
          const detail = l.detail ?? perKey(() => null)
          yield* sql`UPDATE entries SET ${sql.update({
            text: l.text, food: l.food, food_id: l.foodId, grams: l.grams,
            kcal: l.kcal, protein_g: l.protein_g, carbs_g: l.carbs_g, fat_g: l.fat_g, source: l.source, ...detail
          })} WHERE id = ${entry}`
          const changed = yield* sql<{ readonly n: number }>`SELECT changes() AS n`
          return (changed[0]?.n ?? 0) > 0
        })).pipe(Effect.mapError(fail("change an entry")))),
      day: (date: DiaryDate) => ifTable("entries", [], rows(sql`SELECT * FROM entries WHERE date = ${date} ORDER BY id`)),
      range: (from, to) => ifTable("entries", [], rows(sql`SELECT * FROM entries WHERE date >= ${from} AND date <= ${to} ORDER BY date, id`)),
      goals: ifTable("goals", {}, sql<{ readonly name: string; readonly value: number }>`SELECT name, value FROM goals`.pipe(
        Effect.map((rs) => {
          const goals: { [K in GoalName]?: number } = {}
          for (const r of rs) for (const g of goalNames) if (g === r.name) goals[g] = r.value
          return goals satisfies Goals
        }),
        Effect.mapError(fail("read goals"))
      )),
      profile: ifTable("profile", {}, sql<{ readonly name: string; readonly value: string }>`SELECT name, value FROM profile`.pipe(
        Effect.mapError(fail("read the profile")),
        // One row per field, its value as JSON: a value that is not JSON is left out, and a field this version does not know is ignored.
        Effect.map((rs) => Object.fromEntries(rs.flatMap((r) => Either.match(Schema.decodeUnknownEither(Schema.parseJson())(r.value), { onLeft: () => [], onRight: (v) => [[r.name, v]] })))),
        Effect.flatMap((raw) => Schema.decodeUnknown(PartialProfile, { onExcessProperty: "ignore" })(raw).pipe(Effect.mapError((e) => new DiaryError({ operation: "read the profile", reason: e.message }))))
      )),
      updateProfile: (fields) =>
        readOnly("save the profile", sql.withTransaction(Effect.forEach(Object.entries(fields), ([name, value]) =>
          sql`INSERT INTO profile ${sql.insert({ name, value: JSON.stringify(value) })} ON CONFLICT(name) DO UPDATE SET value = excluded.value`, { discard: true })).pipe(
          Effect.mapError(fail("save the profile"))
        )),
      setGoal: (name, value) =>
        readOnly("set a goal", sql`INSERT INTO goals ${sql.insert({ name, value })} ON CONFLICT(name) DO UPDATE SET value = excluded.value`.pipe(
          Effect.asVoid,
          Effect.mapError(fail("set a goal"))
        ))
    } satisfies DiaryShape
  })

/**
 * The diary in a SQLite file; `:memory:` for a private in-memory one. A
 * missing folder is created only with `createDirectory` (the default data
 * dir), never for a path the user typed.
 */
export const layerSqlite = (filename: string, options: { readonly createDirectory: boolean } = { createDirectory: true }): Layer.Layer<Diary, DiaryError> =>
  Layer.unwrapScoped(Effect.gen(function*() {
    const { SqliteClient } = yield* importPeer("@effect/sql-sqlite-node", "Diary.layerSqlite", () => import("@effect/sql-sqlite-node"))
    const { SqlClient } = yield* importPeer("@effect/sql", "Diary.layerSqlite", () => import("@effect/sql"))
    const mode = filename === ":memory:" ? "read-write" as const : yield* checkDiaryFile(filename, options)
    const opened = (e: unknown) => new DiaryError({ operation: `open ${filename}`, reason: e instanceof Error ? e.message : String(e) })
    // The driver throws (a defect) on a file that is not a database: it is the user's file, so it becomes a DiaryError naming it.
    const readFrom = mode === "read-only-copy" ? (yield* readableCopy(filename)).copy : filename
    const client = SqliteClient.layer({ filename: readFrom, ...(mode === "read-write" ? {} : { readonly: true, disableWAL: true }) }).pipe(
      Layer.catchAllCause((cause) => Layer.fail(opened(Cause.squash(cause))))
    )
    return Layer.effect(Diary, Effect.flatMap(SqlClient.SqlClient, (sql) => makeSqlDiary(sql, mode, filename))).pipe(
      Layer.provide(client),
      Layer.catchAllCause((cause) => Layer.fail(Cause.failureOption(cause).pipe((f) => (f._tag === "Some" && f.value instanceof DiaryError ? f.value : opened(Cause.squash(cause))))))
    )
  }))

/** A fresh in-memory diary (tests; embedders that do not persist). */
export const layerSqliteMemory: Layer.Layer<Diary, DiaryError> = layerSqlite(":memory:")
