/**
 * `shoal shop` and the list file (issue 13 item 6): what the command refuses
 * before a browser starts, and which items it leaves alone. In-process, as
 * test/cli/shop.test.ts; stdout and stderr captured.
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Console, Effect, Schema } from "effect"
import { shop } from "../../src/cli/shop.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { fsReadOnlyIn } from "../fakes/file-system.js"
import { makeFixtureStore } from "../fakes/store/server.js"

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Run `shoal shop …args`; what it printed to stdout and stderr is returned beside the exit. */
const run = (args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const err: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = {
      ...current,
      log: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void out.push(xs.map(String).join(" "))),
      error: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void err.push(xs.map(String).join(" ")))
    }
    const result = yield* Command.run(shop, { name: "shoal shop", version: "test" })(["node", "shoal", ...args]).pipe(
      Effect.withConsole(console),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map())),
      Effect.either
    )
    return { result, out: out.join("\n"), err: err.join("\n") }
  })

const inTempDir = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const dir = yield* fs.makeTempDirectoryScoped()
  return { fs, dir, at: (name: string) => path.join(dir, name) }
})

describe("shoal shop: the list is checked before a browser starts", () => {
  it.scopedLive("an unwritable list directory is one clear error; no browser profile is made and the list is untouched", () =>
    Effect.gen(function*() {
      const { fs, dir, at } = yield* inTempDir
      yield* fs.writeFileString(at("list.yaml"), "items:\n  - milk\n")
      const { result } = yield* run(["--list", at("list.yaml"), "--profile", at("profile"), "--provider", "offline"]).pipe(
        Effect.provide(fsReadOnlyIn(dir))
      )
      expect(result._tag).toBe("Left")
      if (result._tag === "Left") expect(messageOf(result.left)).toMatch(/^cannot write shopping list .*list\.yaml: its directory .* is not writable/)
      expect(yield* fs.exists(at("profile"))).toBe(false)
      expect(yield* fs.readDirectory(dir)).toEqual(["list.yaml"])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("`item:` and a UTF-16 list are errors naming the problem, not \"nothing to shop\"", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      yield* fs.writeFileString(at("typo.yaml"), "item:\n  - milk\n")
      const typo = yield* run(["--list", at("typo.yaml"), "--profile", at("profile"), "--provider", "offline"])
      expect(typo.result._tag === "Left" && messageOf(typo.result.left)).toMatch(/typo\.yaml line 1: no `items:` list here \(top-level key: `item:`\)/)
      expect(typo.out).not.toContain("Nothing to shop")
      const utf16 = new Uint8Array([0xff, 0xfe, ...[..."items:\n  - milk\n"].flatMap((c) => [c.charCodeAt(0), 0])])
      yield* fs.writeFile(at("utf16.yaml"), utf16)
      const wide = yield* run(["--list", at("utf16.yaml"), "--profile", at("profile"), "--provider", "offline"])
      expect(wide.result._tag === "Left" && messageOf(wide.result.left)).toMatch(/utf16\.yaml: the file is UTF-16 \(little-endian\), not UTF-8/)
      expect(wide.out).not.toContain("Nothing to shop")
      expect([...(yield* fs.readFile(at("utf16.yaml")))]).toEqual([...utf16])
      expect(yield* fs.exists(at("profile"))).toBe(false)
    }).pipe(Effect.provide(NodeContext.layer)))
})

describe("shoal shop: an empty list", () => {
  it.scopedLive("says the list is empty (not \"every item is done\") and how to add items; no browser starts", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      for (const [file, text] of [["empty.yaml", ""], ["none.yaml", "items: []\n"], ["blank.yaml", "items:\n"]] as const) {
        yield* fs.writeFileString(at(file), text)
        const { result, out } = yield* run(["--list", at(file), "--profile", at("profile"), "--provider", "offline"])
        expect(result._tag, file).toBe("Right")
        expect(out, file).toContain(`Nothing to shop: ${at(file)} has no items.`)
        expect(out, file).toContain("items:\n  - milk")
        expect(out, file).not.toContain("every item")
        expect(yield* fs.readFileString(at(file))).toBe(text)
      }
      expect(yield* fs.exists(at("profile"))).toBe(false)
      // A list whose items are all done still says so.
      yield* fs.writeFileString(at("done.yaml"), "items:\n  - name: milk\n    status: completed\n")
      const done = yield* run(["--list", at("done.yaml"), "--profile", at("profile"), "--provider", "offline"])
      expect(done.out).toContain("every item on")
    }).pipe(Effect.provide(NodeContext.layer)))
})

describe("shoal shop: items it leaves alone", () => {
  const notFoundList = "items:\n  - name: dragonfruit\n    tags: [ \"#404\" ]\n    explanation: none last week\n"

  it.scopedLive("a #404 item is not shopped again without --retry-not-found, and the run says how to retry it", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      yield* fs.writeFileString(at("list.yaml"), notFoundList)
      const args = ["--list", at("list.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--time-budget", "20s"]
      const held = yield* run(args)
      expect(held.result._tag).toBe("Right")
      expect(held.err).toContain("Not shopping 1 item(s) the store did not have last time (#404): dragonfruit. Pass --retry-not-found to try them again.")
      expect(held.out).toContain("Nothing to shop: every open item is held back")
      expect(store.hits()).toEqual([])
      expect(yield* fs.readFileString(at("list.yaml"))).toBe(notFoundList)

      const retried = yield* run([...args, "--retry-not-found"])
      expect(retried.result._tag).toBe("Right")
      expect(store.hits().filter((h) => h.path === "/search")).not.toEqual([])
      expect(yield* fs.readFileString(at("list.yaml"))).toBe(
        "items:\n  - name: dragonfruit\n    tags: [ \"#404\" ]\n    explanation: A search for \"dragonfruit\" found no products.\n"
      )
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scopedLive("an #in-progress item is held back with what to do about it; the store is not visited for it", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      const list = "items:\n  - name: milk\n    tags: [ \"#in-progress\" ]\n"
      yield* fs.writeFileString(at("list.yaml"), list)
      const { result, err, out } = yield* run(["--list", at("list.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--retry-not-found"])
      expect(result._tag).toBe("Right")
      expect(err).toContain("an earlier run stopped in the middle of (#in-progress): milk")
      expect(err).toContain(`They may already be in the cart (${store.profile.cartUrl})`)
      expect(out).toContain("Nothing to shop")
      expect(store.hits()).toEqual([])
      expect(store.cart()).toEqual([])
      expect(yield* fs.readFileString(at("list.yaml"))).toBe(list)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})

describe("shoal shop --help", () => {
  it.scopedLive("documents --retry-not-found and the held-back items", () =>
    Effect.gen(function*() {
      const { out } = yield* run(["--help"])
      expect(out).toContain("--retry-not-found")
      expect(out).toMatch(/Shop items tagged #404 again/)
      expect(out).toMatch(/#in-progress ones \(a run stopped mid-item/)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("documents how blocked paths are matched and which ports an allowed host opens", () =>
    Effect.gen(function*() {
      const { out } = yield* run(["--help"])
      const flat = out.replace(/\s+/g, " ")
      expect(flat).toContain("matched as words, inside compounds too")
      expect(flat).toMatch(/a bare host only baseUrl's port/)
      expect(flat).toContain("host:* every port")
    }).pipe(Effect.provide(NodeContext.layer)))
})
