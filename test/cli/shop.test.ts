/**
 * `shoal shop` as a command: user mistakes are one clear message with
 * nothing touched, and a whole offline run works against the fixture store.
 * Runs the @effect/cli command in-process (main.ts turns a failure into
 * `shoal: <message>` and exit code 1).
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Schema } from "effect"
import { shop } from "../../src/cli/shop.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { makeGuardProbe } from "../fakes/guard-probe/server.js"
import { fixtureCredentials, makeFixtureStore } from "../fakes/store/server.js"

/** What main.ts prints after `shoal: `. */
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const run = (args: ReadonlyArray<string>, env: ReadonlyArray<readonly [string, string]> = []) =>
  Command.run(shop, { name: "shoal shop", version: "test" })(["node", "shoal", ...args]).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(env)))
  )

const inTempDir = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const dir = yield* fs.makeTempDirectoryScoped()
  return { fs, path, dir, at: (name: string) => path.join(dir, name) }
})

describe("shoal shop (command)", () => {
  it.scopedLive("a malformed list fails with its line number; the list is unchanged and no browser profile is made", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const broken = "items:\n  - milk\n  - name: eggs: large\n  - bread\n"
      yield* fs.writeFileString(at("list.yaml"), broken)
      const error = messageOf(yield* Effect.flip(run(["--list", at("list.yaml"), "--profile", at("profile"), "--provider", "offline"])))
      expect(error).toMatch(/^shopping list .*list\.yaml line 3: /)
      expect(error).not.toContain("\n")
      expect(yield* fs.readFileString(at("list.yaml"))).toBe(broken)
      expect(yield* fs.exists(at("profile"))).toBe(false)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("a missing list, an unknown store and a bad time budget are one-line errors", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      yield* fs.writeFileString(at("list.yaml"), "items: [milk]\n")
      const message = (args: ReadonlyArray<string>) => Effect.map(Effect.flip(run(args)), messageOf)
      expect(yield* message(["--list", at("nope.yaml")])).toBe(`shopping list ${at("nope.yaml")} does not exist`)
      expect(yield* message(["--list", at("list.yaml"), "--store", "costco"])).toMatch(/^unknown store "costco": use a built-in store \(metro\)/)
      expect(yield* message(["--list", at("list.yaml"), "--time-budget", "soon"])).toMatch(/^--time-budget: time budget "soon" is not a duration/)
      yield* fs.writeFileString(at("store.yaml"), "name: x\nbaseUrl: http://x\n")
      expect(yield* message(["--list", at("list.yaml"), "--store", at("store.yaml")])).toMatch(/^store profile .* is not valid: /)
      expect(yield* fs.readFileString(at("list.yaml"))).toBe("items: [milk]\n")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("offline, with a store profile file: the list is shopped, updated and summarised", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      yield* fs.writeFileString(at("groceries.yaml"), "# mine\nitems:\n  - eggs\n  - dragonfruit\n")
      yield* run(
        ["--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--time-budget", "20s"],
        [["SHOAL_STORE_USERNAME", fixtureCredentials.username], ["SHOAL_STORE_PASSWORD", fixtureCredentials.password]]
      )
      expect(yield* fs.readFileString(at("groceries.yaml"))).toBe(
        "# mine\nitems:\n  - name: eggs\n    status: completed\n  - name: dragonfruit\n    tags: [ \"#404\" ]\n    explanation: A search for \"dragonfruit\" found no products.\n"
      )
      expect(yield* fs.readFileString(at("groceries.summary.md"))).toContain("**Cart total: $4.29** (the store's own figure)")
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
  it.scopedLive("a run where every item failed is a failure (exit 1), after the list and summary are written", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      // The fixture store never answers a search for saffron: the item runs out of time.
      yield* fs.writeFileString(at("groceries.yaml"), "items:\n  - saffron\n")
      const error = messageOf(yield* Effect.flip(run(
        ["--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--time-budget", "3s"],
        [["SHOAL_STORE_USERNAME", fixtureCredentials.username], ["SHOAL_STORE_PASSWORD", fixtureCredentials.password]]
      )))
      expect(error).toMatch(/^every item failed \(1\)/)
      expect(yield* fs.readFileString(at("groceries.yaml"))).toContain("#failed")
      expect(yield* fs.exists(at("groceries.summary.md"))).toBe(true)
      expect(store.cart()).toEqual([])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})

describe("shoal shop (command) on a store whose pages open popups", () => {
  it.scopedLive("popups to blocked URLs are closed, nothing leaks, the item is added and the summary is written", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const probe = yield* makeGuardProbe
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(probe.profile)))
      yield* fs.writeFileString(at("groceries.yaml"), "items:\n  - milk\n")
      yield* run(["--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--time-budget", "30s"])
      expect(yield* fs.readFileString(at("groceries.yaml"))).toContain("status: completed")
      expect(yield* fs.readFileString(at("groceries.summary.md"))).toContain("**Cart total: $2.99** (the store's own figure)")
      expect(probe.cart()).toEqual([{ id: "farm-milk", quantity: 1 }])
      expect(probe.forbidden()).toEqual([])
      expect(probe.foreignConnections()).toBe(0)
    }).pipe(Effect.provide(NodeContext.layer)), 90_000)
})
