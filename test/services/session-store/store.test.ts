/** Behaviour every SessionStore layer must share, run against the memory, file and SQL (SQLite) layers. */
import { describe, expect, it } from "@effect/vitest"
import { Cause, DateTime, Effect, Exit, Layer, Schema, TestClock } from "effect"
import { layerMemory, SessionStore } from "../../../src/services/session-store/index.js"
import type { SessionStoreShape } from "../../../src/services/session-store/index.js"
import { bedroom, fileStoreInTempDir, id, Room, roomKind, roomKindWithMigration, sqlStoreInMemory } from "./fixtures.js"

const layers: ReadonlyArray<readonly [string, Layer.Layer<SessionStore, unknown>]> = [
  ["layerMemory", layerMemory],
  ["layerFile", fileStoreInTempDir],
  ["layerSql on SQLite", sqlStoreInMemory]
]

for (const [name, layer] of layers) {
  describe(`SessionStore (${name})`, () => {
    const withStore = <A, E>(f: (store: SessionStoreShape) => Effect.Effect<A, E>) =>
      Effect.flatMap(SessionStore, f).pipe(Effect.provide(layer))

    it.scoped("a saved state loads back equal", () =>
      withStore((store) =>
        Effect.gen(function*() {
          yield* store.save(roomKind, id("bedroom-1"), bedroom)
          expect(yield* store.load(roomKind, id("bedroom-1"))).toEqual(bedroom)
        })))

    it.scoped("saving again replaces the state", () =>
      withStore((store) =>
        Effect.gen(function*() {
          yield* store.save(roomKind, id("s"), bedroom)
          yield* store.save(roomKind, id("s"), { ...bedroom, piles: [] })
          expect((yield* store.load(roomKind, id("s"))).piles).toEqual([])
          expect(yield* store.list(roomKind)).toHaveLength(1)
        })))

    it.scoped("loading or removing an unknown session is SessionNotFound", () =>
      withStore((store) =>
        Effect.gen(function*() {
          const loaded = yield* Effect.flip(store.load(roomKind, id("nope")))
          expect(loaded._tag).toBe("SessionNotFound")
          expect(loaded.message).toContain(`no saved tidy session "nope"`)
          expect((yield* Effect.flip(store.remove(roomKind, id("nope"))))._tag).toBe("SessionNotFound")
        })))

    it.scoped("list shows sessions newest first, stamped with the Clock", () =>
      withStore((store) =>
        Effect.gen(function*() {
          yield* TestClock.adjust("1 hour")
          yield* store.save(roomKind, id("a"), bedroom)
          yield* TestClock.adjust("1 hour")
          yield* store.save(roomKind, id("b"), bedroom)
          yield* TestClock.adjust("1 hour")
          yield* store.save(roomKind, id("a"), bedroom) // touching "a" makes it newest again
          const listed = yield* store.list(roomKind)
          expect(listed.map((s) => [s.id, DateTime.toEpochMillis(s.updatedAt)])).toEqual([["a", 3 * 3600_000], ["b", 2 * 3600_000]])
          // Other kinds are not listed.
          expect(yield* store.list({ ...roomKind, name: "fitlog" })).toEqual([])
        })))

    it.scoped("remove deletes one session", () =>
      withStore((store) =>
        Effect.gen(function*() {
          yield* store.save(roomKind, id("a"), bedroom)
          yield* store.save(roomKind, id("b"), bedroom)
          yield* store.remove(roomKind, id("a"))
          expect((yield* store.list(roomKind)).map((s) => s.id)).toEqual(["b"])
          expect((yield* Effect.flip(store.load(roomKind, id("a"))))._tag).toBe("SessionNotFound")
        })))

    it.scoped("a state stored at another version is SessionVersionMismatch", () =>
      withStore((store) =>
        Effect.gen(function*() {
          yield* store.save({ ...roomKind, version: 1 }, id("old"), bedroom)
          const error = yield* Effect.flip(store.load(roomKind, id("old")))
          expect(error).toMatchObject({ _tag: "SessionVersionMismatch", found: 1, expected: 2 })
          yield* store.save({ ...roomKind, version: 3 }, id("new"), bedroom)
          expect(yield* Effect.flip(store.load(roomKind, id("new")))).toMatchObject({ found: 3, expected: 2 })
        })))

    it.scoped("the migration hook carries an older state forward", () =>
      withStore((store) =>
        Effect.gen(function*() {
          const RoomV1 = Schema.Struct({ room: Schema.String, startedAt: Schema.DateTimeUtc, items: Room.fields.piles })
          yield* store.save({ name: "tidy", version: 1, schema: RoomV1 }, id("old"), {
            room: "bedroom",
            startedAt: bedroom.startedAt,
            items: bedroom.piles
          })
          expect(yield* store.load(roomKindWithMigration, id("old"))).toEqual({
            room: "bedroom",
            startedAt: bedroom.startedAt,
            piles: bedroom.piles
          })
        })))

    it.scoped("a kind name that is not file-safe is a defect, not a path", () =>
      withStore((store) =>
        Effect.gen(function*() {
          const exit = yield* Effect.exit(store.save({ ...roomKind, name: "../etc" }, id("x"), bedroom))
          expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
        })))
  })
}
