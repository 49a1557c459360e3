/** What only the SQL layer does: rows shared by several stores, and the one-time import of today's JSON files. */
import { FileSystem, Path } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { SqliteClient } from "@effect/sql-sqlite-node"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { fileTexts, layerFile, SessionStore } from "../../../src/services/session-store/index.js"
import { importJsonSessions, makeSqlSessionStore } from "../../../src/services/session-store/sql.js"
import { bedroom, id, nodePlatform, roomKind, tempDir } from "./fixtures.js"

/** A store over its own client of the SQLite file `filename`: what a second process would have. */
const storeOn = (filename: string) =>
  Effect.gen(function*() {
    const sql = Context.get(yield* Layer.build(SqliteClient.layer({ filename })), SqlClient.SqlClient)
    return { sql, store: yield* makeSqlSessionStore(sql) }
  })

describe("SQL SessionStore", () => {
  it.scoped("keeps the same envelope text the file layer writes", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const { sql, store } = yield* storeOn((yield* Path.Path).join(dir, "sessions.sqlite"))
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const rows = yield* sql<{ text: string }>`SELECT text FROM shoal_sessions WHERE kind = 'tidy' AND id = 'bedroom'`
      expect(JSON.parse(rows[0]?.text ?? "{}")).toMatchObject({ version: 2, kind: "tidy", id: "bedroom", revision: 1, state: { room: "bedroom" } })
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a second writer that saved meanwhile is a SessionConflict, and its turn is kept", () =>
    Effect.gen(function*() {
      const file = (yield* Path.Path).join(yield* tempDir, "sessions.sqlite")
      const one = yield* storeOn(file)
      const two = yield* storeOn(file)
      yield* one.store.save(roomKind, id("s"), bedroom)
      yield* two.store.load(roomKind, id("s"))
      yield* one.store.load(roomKind, id("s"))
      yield* two.store.save(roomKind, id("s"), { ...bedroom, room: "kitchen" })
      const conflict = yield* Effect.flip(one.store.save(roomKind, id("s"), { ...bedroom, room: "hall" }))
      expect(conflict).toMatchObject({ _tag: "SessionConflict", expected: 1, found: 2 })
      expect((yield* two.store.load(roomKind, id("s"))).room).toBe("kitchen")
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a session removed by another writer since this store loaded it is not saved back (SessionConflict, found 0)", () =>
    Effect.gen(function*() {
      const file = (yield* Path.Path).join(yield* tempDir, "sessions.sqlite")
      const one = yield* storeOn(file)
      const two = yield* storeOn(file)
      yield* one.store.save(roomKind, id("s"), bedroom)
      yield* one.store.load(roomKind, id("s"))
      yield* two.store.remove(roomKind, id("s"))
      const conflict = yield* Effect.flip(one.store.save(roomKind, id("s"), { ...bedroom, room: "hall" }))
      expect(conflict).toMatchObject({ _tag: "SessionConflict", expected: 1, found: 0 })
      expect(conflict.message).toContain("deleted")
      expect((yield* Effect.flip(two.store.load(roomKind, id("s"))))._tag).toBe("SessionNotFound")
      // The writer that removed it may create it again (a new session under the same id).
      yield* two.store.save(roomKind, id("s"), bedroom)
      expect((yield* two.store.load(roomKind, id("s"))).room).toBe("bedroom")
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("today's JSON sessions are imported on the first start only, and a removed one stays removed", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      // Two sessions saved by the terminal today, as JSON files.
      const files = yield* Effect.provide(SessionStore, layerFile(dir))
      yield* files.save(roomKind, id("old-1"), bedroom)
      yield* files.save(roomKind, id("old-2"), { ...bedroom, room: "garage" })
      const texts = yield* fileTexts(dir)
      const { sql, store } = yield* storeOn(path.join(dir, "sessions.sqlite"))

      expect(yield* importJsonSessions(sql, texts, ["tidy", "fitlog-chat"])).toBe(2)
      expect((yield* store.list(roomKind)).map((s) => s.id).sort()).toEqual(["old-1", "old-2"])
      expect((yield* store.load(roomKind, id("old-2"))).room).toBe("garage")
      // The imported session continues where the file left it: its revision carries on.
      yield* store.save(roomKind, id("old-2"), { ...bedroom, room: "shed" })
      const row = yield* sql<{ text: string }>`SELECT text FROM shoal_sessions WHERE id = 'old-2'`
      expect(JSON.parse(row[0]?.text ?? "{}")).toMatchObject({ revision: 2 })

      yield* store.remove(roomKind, id("old-1"))
      expect(yield* importJsonSessions(sql, texts, ["tidy"])).toBe(0)
      expect((yield* store.list(roomKind)).map((s) => s.id)).toEqual(["old-2"])
      // The files themselves are left as they were.
      expect(yield* fs.exists(path.join(dir, "sessions", "tidy", "old-1.json"))).toBe(true)
    }).pipe(Effect.provide(nodePlatform)))
})

