/**
 * `sqlTexts`: sessions as rows of one table (`shoal_sessions`) in any
 * @effect/sql database — SQLite by default for `shoal serve`, Postgres to
 * scale out. The text of a row is the very envelope the file layer writes, so
 * `makeSessionStore` above it behaves the same (revisions, compare-and-set,
 * read-back) and a JSON session file imports unchanged (`importJsonSessions`).
 *
 * Where it sits: a SessionStore layer. Only the `SqlClient` type is imported
 * here; the driver is loaded by whoever builds the client (src/serve), so the
 * CLI's other commands never load it.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Data, DateTime, Effect, Either, Layer, Option, Schema } from "effect"
import { SessionStoreError } from "./errors.js"
import { summarise } from "./envelope.js"
import { SessionId } from "./session-kind.js"
import { SessionStore } from "./session-store.js"
import { makeSessionStore } from "./store.js"
import type { SessionTexts } from "./store.js"

const storeError = (operation: string, location: string) => (error: SqlError) =>
  new SessionStoreError({ operation, location, reason: error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message })

class BodyFailed<E> extends Data.TaggedError("BodyFailed")<{ readonly error: E }> {}

const TextRow = Schema.Struct({ text: Schema.String })
const IdRow = Schema.Struct({ id: SessionId })

/** The tables, created if missing (portable SQL: SQLite and Postgres). */
export const sessionTables = (sql: SqlClient): Effect.Effect<void, SessionStoreError> =>
  Effect.all([
    sql`CREATE TABLE IF NOT EXISTS shoal_sessions (kind TEXT NOT NULL, id TEXT NOT NULL, text TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY (kind, id))`,
    sql`CREATE TABLE IF NOT EXISTS shoal_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`
  ], { discard: true }).pipe(Effect.mapError(storeError("create the tables of", "the session database")))

/** The row-backed texts; `where` names the database in error messages. */
export const sqlTexts = (sql: SqlClient, where = "sql"): Effect.Effect<SessionTexts, SessionStoreError> =>
  Effect.gen(function*() {
    yield* sessionTables(sql)
    const locate = (kind: string, id: SessionId) => `${where}:shoal_sessions/${kind}/${id}`
    // Within this process one writer at a time; the transaction keeps other processes' saves from interleaving.
    const writers = yield* Effect.makeSemaphore(1)
    const decodeText = Schema.decodeUnknown(Schema.Array(TextRow))
    const decodeId = Schema.decodeUnknownEither(IdRow)
    const updatedAtOf = (text: string) =>
      Either.match(summarise(text), { onLeft: () => "", onRight: (s) => DateTime.formatIso(s.updatedAt) })
    // The body's own failure is carried out in a box so it rolls the transaction back and stays apart from the driver's.
    const exclusive = <A, E>(kind: string, id: SessionId, body: Effect.Effect<A, E>): Effect.Effect<A, E | SessionStoreError> =>
      writers.withPermits(1)(
        sql.withTransaction(Effect.mapError(body, (error) => new BodyFailed({ error }))).pipe(
          Effect.catchAll((e): Effect.Effect<never, E | SessionStoreError> =>
            e instanceof BodyFailed ? Effect.fail(e.error) : Effect.fail(storeError("lock", locate(kind, id))(e))
          )
        )
      )
    return {
      locate,
      exclusive,
      // The row is written by one statement inside the transaction: reading it back would only repeat the driver.
      writesVerified: true,
      read: (kind, id) =>
        sql`SELECT text FROM shoal_sessions WHERE kind = ${kind} AND id = ${id}`.pipe(
          Effect.mapError(storeError("read", locate(kind, id))),
          Effect.flatMap((rows) => Effect.orDie(decodeText(rows))),
          Effect.map((rows) => Option.map(Option.fromNullable(rows[0]), (row) => row.text))
        ),
      write: (kind, id, text) =>
        sql`INSERT INTO shoal_sessions (kind, id, text, updated_at) VALUES (${kind}, ${id}, ${text}, ${updatedAtOf(text)})
            ON CONFLICT (kind, id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`.pipe(
          Effect.asVoid,
          Effect.mapError(storeError("save", locate(kind, id)))
        ),
      ids: (kind) =>
        sql`SELECT id FROM shoal_sessions WHERE kind = ${kind}`.pipe(
          Effect.mapError(storeError("list", `${where}:shoal_sessions/${kind}`)),
          // A row whose id is not a session id was not written by us: skipped like a stray file.
          Effect.map((rows) => rows.flatMap((row) => Either.match(decodeId(row), { onLeft: () => [], onRight: (r) => [r.id] })))
        ),
      remove: (kind, id) =>
        sql`DELETE FROM shoal_sessions WHERE kind = ${kind} AND id = ${id} RETURNING id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.mapError(storeError("remove", locate(kind, id)))
        )
    } satisfies SessionTexts
  })

/** A SessionStore over the provided `SqlClient`'s database. */
export const makeSqlSessionStore = (sql: SqlClient, where?: string) => Effect.flatMap(sqlTexts(sql, where), makeSessionStore)

/** `makeSqlSessionStore` as a layer, given the client (the caller picks SQLite or Postgres). */
export const layerSql = (sql: SqlClient, where?: string): Layer.Layer<SessionStore, SessionStoreError> =>
  Layer.effect(SessionStore, makeSqlSessionStore(sql, where))

/**
 * Copy today's JSON sessions (`from`, the file layer's texts) of `kinds` into
 * the database, once: a marker row says it was done, so a session deleted
 * later is not brought back by the next start. A session already in the
 * database is kept as it is; a file that cannot be read is not copied (a
 * warning names it, the file stays). Returns how many sessions were copied.
 */
export const importJsonSessions = (
  sql: SqlClient,
  from: SessionTexts,
  kinds: ReadonlyArray<string>
): Effect.Effect<number, SessionStoreError> =>
  Effect.gen(function*() {
    const to = yield* sqlTexts(sql)
    const marker = "imported-json-sessions"
    const done = yield* sql`SELECT value FROM shoal_meta WHERE key = ${marker}`.pipe(Effect.mapError(storeError("read", "shoal_meta")))
    if (done.length > 0) return 0
    let copied = 0
    for (const kind of kinds) {
      for (const id of yield* from.ids(kind)) {
        const text = yield* from.read(kind, id)
        if (Option.isNone(text) || Option.isSome(yield* to.read(kind, id))) continue
        // A file that cannot be read is left where it is, said once (as `list` says it of a stored one).
        const summary = summarise(text.value)
        if (Either.isLeft(summary) || summary.right.id !== id) {
          yield* Effect.logWarning("skipping an unreadable saved session").pipe(
            Effect.annotateLogs({ location: from.locate(kind, id), reason: Either.isLeft(summary) ? summary.left : "id mismatch", imported: "no" })
          )
          continue
        }
        yield* to.write(kind, id, text.value)
        copied++
      }
    }
    yield* sql`INSERT INTO shoal_meta (key, value) VALUES (${marker}, ${String(copied)})`.pipe(Effect.mapError(storeError("mark the import in", "shoal_meta")))
    if (copied > 0) yield* Effect.logInfo(`imported ${copied} JSON session${copied === 1 ? "" : "s"} into the session database`)
    return copied
  })
