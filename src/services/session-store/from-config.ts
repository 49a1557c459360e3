/**
 * The CLI's session store for the agents `shoal serve` hosts (tidy, fitlog
 * chat): the very database serve keeps its sessions in, so `--resume` and
 * `--list` in the terminal see the sessions started over HTTP, and a session
 * started in the terminal is listed and continued by serve. That is
 * `SHOAL_SESSIONS_DB` when set (a SQLite file or a postgres:// URL, for a
 * serve started with `--db`), else serve's default SQLite file
 * `<data dir>/serve/serve.sqlite`. The first time, today's JSON sessions
 * are imported, as serve's first start does (one marker for both: whichever
 * comes first imports them).
 *
 * Only the rows of `shoal_sessions` are shared: serve's cluster tables
 * (mailboxes, journals) are serve's alone, so a terminal turn is not
 * journaled, and a session whose turn is running in serve refuses a terminal
 * save with `SessionConflict` (and back) — the stores' compare-and-set.
 *
 * Where it sits: the CLI's edge. The SQL driver is loaded only when the
 * store's layer is built (tidy, fitlog chat; never for --help or other
 * commands), in the background while the command starts; without the
 * optional SQLite peer the sessions stay JSON files under the data
 * directory, as before.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import type { SqlClient } from "@effect/sql/SqlClient"
import { Config, Context, Effect, Layer, Option, Redacted } from "effect"
import type { ConfigError, Scope } from "effect"
import { importPeer, MissingOptionalPeer } from "../optional-peer.js"
import { SessionStoreError } from "./errors.js"
import { fileTexts, resolveDataDir } from "./file.js"
import { SessionStore } from "./session-store.js"
import type { SessionStoreShape } from "./session-store.js"
import { importJsonSessions, makeSqlSessionStore } from "./sql.js"
import { makeSessionStore } from "./store.js"

/** The session kinds `shoal serve` hosts, whose JSON sessions are imported. */
export const servedSessionKinds: ReadonlyArray<string> = ["tidy", "fitlog-chat"]

export const sessionsDbSetting = Config.option(Config.string("SHOAL_SESSIONS_DB"))

/** `shoal serve`'s database when no `--db` is given: a SQLite file under the data directory. */
export const defaultServeDb = (path: Path.Path, dataDir: string) => path.join(dataDir, "serve", "serve.sqlite")

const isPostgres = (db: string) => /^postgres(ql)?:\/\//.test(db)

/** A client of `db`: a postgres:// URL, else a SQLite file. The driver is loaded here. */
const sqlClientFor = (db: string): Effect.Effect<Layer.Layer<SqlClient>> =>
  isPostgres(db)
    ? Effect.map(importPeer("@effect/sql-pg", "SHOAL_SESSIONS_DB=postgres://", () => import("@effect/sql-pg")), ({ PgClient }) =>
      Layer.orDie(PgClient.layer({ url: Redacted.make(db) })))
    : Effect.map(importPeer("@effect/sql-sqlite-node", "the sessions database", () => import("@effect/sql-sqlite-node")), ({ SqliteClient }) =>
      Layer.orDie(SqliteClient.layer({ filename: db })))

/** The store of database `db` in `scope`, today's JSON sessions (under `dataDir`) of `kinds` imported into it the first time. */
const openSessionsDb = (db: string, dataDir: string, kinds: ReadonlyArray<string>, scope: Scope.Scope) =>
  Effect.gen(function*() {
    const client = yield* sqlClientFor(db)
    const { SqlClient } = yield* importPeer("@effect/sql", "the sessions database", () => import("@effect/sql/SqlClient"))
    const sql = Context.get(yield* Layer.buildWithScope(client, scope), SqlClient)
    yield* importJsonSessions(sql, yield* fileTexts(dataDir), kinds)
    // A postgres:// URL is named without its user and password.
    return yield* makeSqlSessionStore(sql, isPostgres(db) ? db.replace(/\/\/[^@/]*@/, "//") : db)
  })

/**
 * A store that is opened once (then kept), in the background from the start: the driver (about a second to load
 * on a busy machine) loads while the terminal shows its opening and waits for the first line, and the first
 * use waits only for what is left of it.
 */
const openedInBackground = (open: Effect.Effect<SessionStoreShape, SessionStoreError>): Effect.Effect<SessionStoreShape, never, Scope.Scope> =>
  Effect.tap(Effect.cached(open), (store) => Effect.forkScoped(Effect.ignore(store))).pipe(Effect.map((store): SessionStoreShape => ({
    save: (kind, id, state) => Effect.flatMap(store, (s) => s.save(kind, id, state)),
    load: (kind, id) => Effect.flatMap(store, (s) => s.load(kind, id)),
    list: (kind) => Effect.flatMap(store, (s) => s.list(kind)),
    remove: (kind, id) => Effect.flatMap(store, (s) => s.remove(kind, id))
  })))

/**
 * The store of `SHOAL_SESSIONS_DB`, else of serve's default database under
 * the data directory (its folder made if missing) — or, when the SQLite
 * peer is not installed, the JSON files there.
 */
export const layerServedSessions = (kinds: ReadonlyArray<string> = servedSessionKinds): Layer.Layer<
  SessionStore,
  ConfigError.ConfigError,
  FileSystem.FileSystem | Path.Path
> =>
  Layer.scoped(
    SessionStore,
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dataDir = yield* resolveDataDir
      const setting = yield* sessionsDbSetting
      const scope = yield* Effect.scope
      const db = Option.getOrElse(setting, () => defaultServeDb(path, dataDir))
      const where = (reason: string) => new SessionStoreError({ operation: "open", location: db, reason })
      const open = Effect.gen(function*() {
        if (Option.isNone(setting)) yield* fs.makeDirectory(path.dirname(db), { recursive: true }).pipe(Effect.mapError((e) => where(e.message)))
        return yield* openSessionsDb(db, dataDir, kinds, scope)
      }).pipe(
        // No SQLite driver installed (and no database asked for): the sessions stay JSON files.
        Effect.catchSomeDefect((defect) =>
          Option.isNone(setting) && defect instanceof MissingOptionalPeer && defect.name === "@effect/sql-sqlite-node"
            ? Option.some(Effect.flatMap(fileTexts(dataDir), makeSessionStore))
            : Option.none()
        ),
        Effect.provideService(FileSystem.FileSystem, fs),
        Effect.provideService(Path.Path, path)
      )
      return yield* openedInBackground(open)
    })
  )

/** `layerServedSessions` on Node's file system: the store of `shoal tidy` and `shoal fitlog chat`. */
export const layerSessionsFromConfigNode: Layer.Layer<SessionStore, ConfigError.ConfigError> = layerServedSessions().pipe(
  Layer.provide(Layer.merge(NodeFileSystem.layer, NodePath.layer))
)
