/**
 * `shoal shop --sessions` and `--resume` as commands: a run is saved under
 * the data directory after every item and listed with how far it got; a
 * finished run is not resumed; without a data directory both say where runs
 * are kept. In-process, stdout captured, offline against the fixture store.
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Console, Effect, Schema } from "effect"
import { shop } from "../../src/cli/shop.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { fixtureCredentials, makeFixtureStore } from "../fakes/store/server.js"

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const run = (args: ReadonlyArray<string>, env: ReadonlyArray<readonly [string, string]>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = {
      ...current,
      log: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void out.push(xs.map(String).join(" "))),
      error: () => Effect.void
    }
    const result = yield* Command.run(shop, { name: "shoal shop", version: "test" })(["node", "shoal", ...args]).pipe(
      Effect.withConsole(console),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map(env))),
      Effect.either
    )
    return { result, out: out.join("\n") }
  })

describe("shoal shop --sessions / --resume", () => {
  it.scopedLive("a finished run is saved and listed; --resume finds no stopped run; no data directory is one clear error", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = yield* fs.makeTempDirectoryScoped()
      const at = (name: string) => path.join(dir, name)
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      yield* fs.writeFileString(at("groceries.yaml"), "items:\n  - eggs\n  - dragonfruit\n")
      const env: ReadonlyArray<readonly [string, string]> = [
        ["SHOAL_STORE_USERNAME", fixtureCredentials.username],
        ["SHOAL_STORE_PASSWORD", fixtureCredentials.password],
        ["SHOAL_DATA_DIR", at("data")]
      ]
      const list = ["--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline"]

      const empty = yield* run([...list, "--sessions"], env)
      expect(empty.out).toBe(`No saved runs of ${at("groceries.yaml")} yet.`)

      const shopped = yield* run([...list, "--time-budget", "20s"], env)
      expect(shopped.result._tag).toBe("Right")
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
      expect(yield* fs.readDirectory(path.join(at("data"), "sessions", "shop"))).toHaveLength(1)

      const listed = yield* run([...list, "--sessions"], env)
      expect(listed.out).toMatch(/^\d{4}-\d{2}-\d{2}-\d{4}-[0-9a-z]{4} {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2}finished: 2 item\(s\) at /)

      const resumed = yield* run([...list, "--resume"], env)
      expect(resumed.result._tag).toBe("Left")
      if (resumed.result._tag === "Left") expect(messageOf(resumed.result.left)).toBe(`no stopped run of ${at("groceries.yaml")} to resume (see them with --sessions)`)
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])

      const nowhere = yield* run([...list, "--sessions"], env.filter(([k]) => k !== "SHOAL_DATA_DIR"))
      expect(nowhere.result._tag).toBe("Left")
      if (nowhere.result._tag === "Left") expect(messageOf(nowhere.result.left)).toMatch(/^runs are saved under SHOAL_DATA_DIR/)
    }).pipe(Effect.provide(NodeContext.layer)), 90_000)
})
