/** What only the file layer can get wrong: paths, atomic writes, corrupt files, the data dir. */
import { FileSystem, Path } from "@effect/platform"
import { SystemError } from "@effect/platform/Error"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { layerFile, layerFileFromConfig, resolveDataDir, SessionStore } from "../../../src/services/session-store/index.js"
import { bedroom, fileStoreInTempDir, id, nodePlatform, Room, roomKind, tempDir } from "./fixtures.js"

/** A temp dir and the file store over it, on the real file system (optionally decorated). */
const storeIn = (decorate: (fs: FileSystem.FileSystem) => FileSystem.FileSystem = (fs) => fs) =>
  Effect.gen(function*() {
    const dir = yield* tempDir
    const fs = yield* FileSystem.FileSystem
    const path = yield* Path.Path
    const store = yield* Effect.provide(SessionStore, layerFile(dir).pipe(Layer.provide(Layer.succeed(FileSystem.FileSystem, decorate(fs)))))
    return { dir, fs, path, store, file: path.join(dir, "sessions", "tidy", "bedroom.json") }
  })

describe("layerFile", () => {
  it.scoped("writes <dir>/sessions/<kind>/<id>.json as a versioned envelope with the encoded state", () =>
    Effect.gen(function*() {
      const { file, fs, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const stored: unknown = JSON.parse(yield* fs.readFileString(file))
      expect(stored).toEqual({
        version: 2,
        kind: "tidy",
        id: "bedroom",
        updatedAt: "1970-01-01T00:00:00.000Z",
        revision: 1,
        state: {
          room: "bedroom",
          startedAt: "2026-11-21T20:00:00.000Z",
          piles: [{ item: "red mug", pile: "keep" }, { item: "old receipt", pile: "trash" }],
          lastAnxiety: "the letters"
        }
      })
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a temp file left behind by a crashed save is ignored by load and list", () =>
    Effect.gen(function*() {
      const { dir, fs, path, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      yield* fs.writeFileString(path.join(dir, "sessions", "tidy", ".bedroom.x1y2.tmp"), `{"version": 2, "kind": "ti`)
      expect(yield* store.load(roomKind, id("bedroom"))).toEqual(bedroom)
      expect((yield* store.list(roomKind)).map((s) => s.id)).toEqual(["bedroom"])
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a save that fails mid-write leaves the previous session intact and no temp file", () =>
    Effect.gen(function*() {
      let failWrites = false
      const { dir, fs, path, store } = yield* storeIn((fs) => ({
        ...fs,
        // The disk fills up after the temp file was opened and half written.
        open: (file, options) =>
          Effect.map(fs.open(file, options), (handle) =>
            new Proxy(handle, {
              get: (target, key) =>
                key === "writeAll" && failWrites
                  ? (bytes: Uint8Array) =>
                    Effect.zipRight(
                      target.writeAll(bytes.slice(0, 10)),
                      Effect.fail(
                        new SystemError({ reason: "Unknown", module: "FileSystem", method: "writeAll", description: "ENOSPC: no space left on device" })
                      )
                    )
                  : Reflect.get(target, key, target)
            }))
      }))
      yield* store.save(roomKind, id("bedroom"), bedroom)
      failWrites = true
      const error = yield* Effect.flip(store.save(roomKind, id("bedroom"), { ...bedroom, piles: [] }))
      expect(error._tag).toBe("SessionStoreError")
      expect(error.message).toContain("bedroom.json")
      expect(error.message).toContain("no space left")
      expect(yield* store.load(roomKind, id("bedroom"))).toEqual(bedroom)
      expect(yield* fs.readDirectory(path.join(dir, "sessions", "tidy"))).toEqual(["bedroom.json"])
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("two processes resuming one session: the second save is a SessionConflict, the first one's turn is kept", () =>
    Effect.gen(function*() {
      const { dir } = yield* storeIn()
      const first = yield* storeIn()
      yield* first.store.save(roomKind, id("bedroom"), bedroom)
      // Two independent stores over the same directory stand for two processes.
      const a = yield* Effect.provide(SessionStore, layerFile(dir))
      const b = yield* Effect.provide(SessionStore, layerFile(dir))
      yield* a.save(roomKind, id("bedroom"), bedroom)
      yield* b.save(roomKind, id("bedroom"), bedroom)
      yield* Effect.all([a.load(roomKind, id("bedroom")), b.load(roomKind, id("bedroom"))])
      yield* a.save(roomKind, id("bedroom"), { ...bedroom, piles: [{ item: "lamp", pile: "keep" }] })
      const conflict = yield* Effect.flip(b.save(roomKind, id("bedroom"), { ...bedroom, piles: [] }))
      expect(conflict._tag).toBe("SessionConflict")
      expect(conflict.message).toContain("changed by another process")
      expect((yield* a.load(roomKind, id("bedroom"))).piles).toEqual([{ item: "lamp", pile: "keep" }])
      // Loading again takes the other's turns on board; then saving works.
      yield* b.load(roomKind, id("bedroom"))
      yield* b.save(roomKind, id("bedroom"), { ...bedroom, piles: [] })
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("envelope fields written by a newer program are kept on re-save; the revision counts saves", () =>
    Effect.gen(function*() {
      const { fs, file, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const stored = JSON.parse(yield* fs.readFileString(file))
      yield* fs.writeFileString(file, JSON.stringify({ ...stored, chat: [{ from: "user", text: "hi" }] }))
      yield* store.load(roomKind, id("bedroom"))
      yield* store.save(roomKind, id("bedroom"), { ...bedroom, piles: [] })
      const again = JSON.parse(yield* fs.readFileString(file))
      expect(again.chat).toEqual([{ from: "user", text: "hi" }])
      expect(again.revision).toBe(2)
      expect(again.state.piles).toEqual([])
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a temp file left by a killed save is removed by the next save of that session; no lock file stays", () =>
    Effect.gen(function*() {
      const { dir, fs, path, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const folder = path.join(dir, "sessions", "tidy")
      yield* fs.writeFileString(path.join(folder, ".bedroom.json.k1ll3d.tmp"), `{"version": 2, "kind": "ti`)
      yield* store.save(roomKind, id("bedroom"), bedroom)
      expect(yield* fs.readDirectory(folder)).toEqual(["bedroom.json"])
    }).pipe(Effect.provide(nodePlatform)))

  it.live("a lock left by a killed process is taken over once stale, and old temp files go on list", () =>
    Effect.gen(function*() {
      const { dir, fs, path, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const folder = path.join(dir, "sessions", "tidy")
      const lock = path.join(folder, ".bedroom.lock")
      const temp = path.join(folder, ".other.json.abc.tmp")
      yield* fs.writeFileString(lock, "")
      yield* fs.writeFileString(temp, "half")
      const longAgo = new Date(Date.now() - 5 * 60_000)
      yield* fs.utimes(lock, longAgo, longAgo)
      yield* fs.utimes(temp, longAgo, longAgo)
      yield* store.save(roomKind, id("bedroom"), { ...bedroom, piles: [] })
      expect((yield* store.load(roomKind, id("bedroom"))).piles).toEqual([])
      yield* store.list(roomKind)
      expect(yield* fs.readDirectory(folder)).toEqual(["bedroom.json"])
    }).pipe(Effect.scoped, Effect.provide(nodePlatform)))

  it.scoped("a corrupt file is SessionCorrupt naming the file and what is wrong", () =>
    Effect.gen(function*() {
      const { file, fs, path, store } = yield* storeIn()
      yield* fs.makeDirectory(path.dirname(file), { recursive: true })

      yield* fs.writeFileString(file, "{ not json")
      const badJson = yield* Effect.flip(store.load(roomKind, id("bedroom")))
      expect(badJson).toMatchObject({ _tag: "SessionCorrupt", location: file })

      yield* store.save(roomKind, id("bedroom"), bedroom)
      const text = yield* fs.readFileString(file)
      yield* fs.writeFileString(file, text.replace(`"keep"`, `"burn"`))
      const badState = yield* Effect.flip(store.load(roomKind, id("bedroom")))
      expect(badState._tag).toBe("SessionCorrupt")
      expect(badState.message).toContain(file)
      expect(badState.message).toContain(`"burn"`)

      // Listing skips the unreadable file rather than failing the whole list.
      yield* fs.writeFileString(file, "{ not json")
      expect(yield* store.list(roomKind)).toEqual([])
    }).pipe(Effect.provide(nodePlatform)))

  it.scoped("a file holding another session's envelope is corrupt, not silently loaded", () =>
    Effect.gen(function*() {
      const { dir, fs, path, store } = yield* storeIn()
      yield* store.save(roomKind, id("bedroom"), bedroom)
      const kindDir = path.join(dir, "sessions", "tidy")
      yield* fs.copyFile(path.join(kindDir, "bedroom.json"), path.join(kindDir, "kitchen.json"))
      expect(yield* Effect.flip(store.load(roomKind, id("kitchen")))).toMatchObject({ _tag: "SessionCorrupt" })
    }).pipe(Effect.provide(nodePlatform)))
})

it.layer(fileStoreInTempDir)("layerFile round trip (property)", (it) => {
  it.effect.prop("any Room value round-trips through a file", [Room], ([room]) =>
    Effect.gen(function*() {
      const store = yield* SessionStore
      yield* store.save(roomKind, id("prop"), room)
      expect(yield* store.load(roomKind, id("prop"))).toEqual(room)
    }), { fastCheck: { numRuns: 50 } })
})

describe("resolveDataDir", () => {
  const withEnv = (env: Record<string, string>) =>
    Effect.provide(resolveDataDir, Layer.merge(nodePlatform, Layer.setConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))))

  it.effect("prefers SHOAL_DATA_DIR, then an absolute XDG_DATA_HOME, then ~/.local/share", () =>
    Effect.gen(function*() {
      expect(yield* withEnv({ SHOAL_DATA_DIR: "/data/shoal", XDG_DATA_HOME: "/xdg", HOME: "/home/ana" })).toBe("/data/shoal")
      expect(yield* withEnv({ XDG_DATA_HOME: "/xdg", HOME: "/home/ana" })).toBe("/xdg/shoal")
      expect(yield* withEnv({ XDG_DATA_HOME: "relative/dir", HOME: "/home/ana" })).toBe("/home/ana/.local/share/shoal")
      expect(yield* withEnv({ HOME: "/home/ana" })).toBe("/home/ana/.local/share/shoal")
    }))
})

describe("layerFileFromConfig", () => {
  it.scoped("stores sessions under SHOAL_DATA_DIR", () =>
    Effect.gen(function*() {
      const dir = yield* tempDir
      const fs = yield* FileSystem.FileSystem
      const config = Layer.setConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_DATA_DIR", dir]])))
      yield* Effect.flatMap(SessionStore, (store) => store.save(roomKind, id("bedroom"), bedroom)).pipe(
        Effect.provide(layerFileFromConfig.pipe(Layer.provide(Layer.merge(nodePlatform, config))))
      )
      expect(yield* fs.exists(`${dir}/sessions/tidy/bedroom.json`)).toBe(true)
    }).pipe(Effect.provide(nodePlatform)))
})
