/**
 * The CLI's session store: JSON files under the data directory, unless the
 * setting `SHOAL_SESSIONS_DB` names `shoal serve`'s database (a SQLite file
 * such as `<data dir>/serve/serve.sqlite`, or a postgres:// URL). Then the
 * terminal's `--resume` and `--list` read and write the very rows serve
 * does, so a session started over HTTP goes on in the terminal, and back.
 * The first time, today's JSON sessions are imported, as serve's first start
 * does (one marker for both: whichever comes first imports them).
 *
 * Where it sits: the CLI's edge (tidy, fitlog chat). The SQL driver is loaded
 * only when the setting is there.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import type { SqlClient } from "@effect/sql/SqlClient"
import { Config, Effect, Layer, Option, Redacted } from "effect"
import type { ConfigError } from "effect"
import { importPeer } from "../optional-peer.js"
import type { SessionStoreError } from "./errors.js"
import { fileTexts, layerFileFromConfigNode, resolveDataDir } from "./file.js"
import { SessionStore } from "./session-store.js"
import { importJsonSessions, makeSqlSessionStore } from "./sql.js"

/** The session kinds `shoal serve` hosts, whose JSON sessions are imported. */
export const servedSessionKinds: ReadonlyArray<string> = ["tidy", "fitlog-chat"]

export const sessionsDbSetting = Config.option(Config.string("SHOAL_SESSIONS_DB"))

/** A client of `db`: a postgres:// URL, else a SQLite file. */
const sqlClientFor = (db: string): Effect.Effect<Layer.Layer<SqlClient>> =>
  /^postgres(ql)?:\/\//.test(db)
    ? Effect.map(importPeer("@effect/sql-pg", "SHOAL_SESSIONS_DB=postgres://", () => import("@effect/sql-pg")), ({ PgClient }) =>
      Layer.orDie(PgClient.layer({ url: Redacted.make(db) })))
    : Effect.map(importPeer("@effect/sql-sqlite-node", "SHOAL_SESSIONS_DB", () => import("@effect/sql-sqlite-node")), ({ SqliteClient }) =>
      Layer.orDie(SqliteClient.layer({ filename: db })))

/** The store of the database `db`, today's JSON sessions imported into it the first time. */
export const layerSessionsDb = (db: string, kinds: ReadonlyArray<string> = servedSessionKinds): Layer.Layer<SessionStore, SessionStoreError> =>
  Layer.unwrapEffect(Effect.map(sqlClientFor(db), (client) =>
    Layer.effect(
      SessionStore,
      Effect.gen(function*() {
        const { SqlClient } = yield* importPeer("@effect/sql", "the sessions database", () => import("@effect/sql/SqlClient"))
        const sql = yield* SqlClient
        const texts = yield* Effect.flatMap(Effect.orDie(resolveDataDir), fileTexts)
        yield* importJsonSessions(sql, texts, kinds)
        return yield* makeSqlSessionStore(sql, db)
      })
    ).pipe(Layer.provide(Layer.mergeAll(client, NodeFileSystem.layer, NodePath.layer)))))

/** The CLI's store: `SHOAL_SESSIONS_DB`'s database when set, else the JSON files. */
export const layerSessionsFromConfigNode: Layer.Layer<SessionStore, ConfigError.ConfigError | SessionStoreError> = Layer.unwrapEffect(
  Effect.map(
    sessionsDbSetting,
    Option.match({
      onNone: (): Layer.Layer<SessionStore, ConfigError.ConfigError | SessionStoreError> => layerFileFromConfigNode,
      onSome: (db) => layerSessionsDb(db)
    })
  )
)
