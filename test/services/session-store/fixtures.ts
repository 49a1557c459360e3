/** A sample session kind for the SessionStore tests: its encoded form differs from its type (dates, optionals). */
import { NodeFileSystem, NodePath } from "@effect/platform-node"
import { FileSystem } from "@effect/platform"
import { Effect, Layer, Option, Schema } from "effect"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { SqlClient } from "@effect/sql"
import { layerFile, SessionId, SessionStore } from "../../../src/services/session-store/index.js"
import { makeSqlSessionStore } from "../../../src/services/session-store/sql.js"
import type { SessionKind } from "../../../src/services/session-store/index.js"

export const Room = Schema.Struct({
  room: Schema.NonEmptyString,
  startedAt: Schema.DateTimeUtc,
  piles: Schema.Array(Schema.Struct({ item: Schema.String, pile: Schema.Literal("keep", "trash", "unsure") })),
  lastAnxiety: Schema.optionalWith(Schema.String, { exact: true })
})
export type Room = typeof Room.Type

export const roomKind: SessionKind<Room, typeof Room.Encoded> = { name: "tidy", version: 2, schema: Room }

/** Version 1 stored `items` instead of `piles`; the migration renames it. */
export const roomKindWithMigration: SessionKind<Room, typeof Room.Encoded> = {
  ...roomKind,
  migrate: (from, encoded) =>
    from === 1 && typeof encoded === "object" && encoded !== null && "items" in encoded
      ? Option.some({ ...encoded, piles: encoded.items })
      : Option.none()
}

export const id = (text: string): SessionId => SessionId.make(text)

export const bedroom: Room = {
  room: "bedroom",
  startedAt: Schema.decodeSync(Schema.DateTimeUtc)("2026-11-21T20:00:00.000Z"),
  piles: [{ item: "red mug", pile: "keep" }, { item: "old receipt", pile: "trash" }],
  lastAnxiety: "the letters"
}

export const nodePlatform = Layer.merge(NodeFileSystem.layer, NodePath.layer)

/** A fresh temp directory for the test's scope. */
export const tempDir = Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped({ prefix: "shoal-sessions-" }))

/** The file layer in a fresh temp dir (removed when the scope closes), with the Node platform alongside. */
export const fileStoreInTempDir = Layer.unwrapScoped(Effect.map(tempDir, (dir) => layerFile(dir))).pipe(Layer.provideMerge(nodePlatform))

/** The SQL layer on a private in-memory SQLite database. */
export const sqlStoreInMemory = Layer.effect(SessionStore, Effect.flatMap(SqlClient.SqlClient, (sql) => makeSqlSessionStore(sql))).pipe(
  Layer.provide(SqliteClient.layer({ filename: ":memory:" }))
)
