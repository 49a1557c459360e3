/**
 * `--gui` on the run commands, in-process: `shoal shop --gui` shops the list
 * as without it, printing where its page is (on stderr, the summary alone on
 * stdout), and the page closes with the run; droid refuses --gui with a
 * --script replay, and a port that is none is one clear message.
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Console, Effect, Schema } from "effect"
import { droid } from "../../src/cli/droid.js"
import { shop } from "../../src/cli/shop.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { fixtureCredentials, makeFixtureStore } from "../fakes/store/server.js"

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Console lines, by stream, while `effect` runs. */
const captured = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const err: Array<string> = []
    const console = yield* Console.consoleWith(Effect.succeed)
    const capture: Console.Console = {
      ...console,
      log: (...args) => Effect.sync(() => void out.push(args.join(" "))),
      error: (...args) => Effect.sync(() => void err.push(args.join(" ")))
    }
    const result = yield* Effect.either(Console.withConsole(effect, capture))
    return { result, out, err }
  })

const env = (pairs: ReadonlyArray<readonly [string, string]>) => Effect.withConfigProvider(ConfigProvider.fromMap(new Map(pairs)))

describe("--gui on the run commands", () => {
  it.scopedLive("shop --gui: the list is shopped as without it, the page's address is on stderr, and the command ends with the run", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = yield* fs.makeTempDirectoryScoped()
      const at = (name: string) => path.join(dir, name)
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      yield* fs.writeFileString(at("groceries.yaml"), "items:\n  - eggs\n")
      const { result, out, err } = yield* captured(
        Command.run(shop, { name: "shoal shop", version: "test" })([
          "node", "shoal", "--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"),
          "--provider", "offline", "--time-budget", "20s", "--gui", "--port", "0"
        ]).pipe(env([["SHOAL_STORE_USERNAME", fixtureCredentials.username], ["SHOAL_STORE_PASSWORD", fixtureCredentials.password], ["SHOAL_DATA_DIR", at("data")]]))
      )
      expect(result._tag).toBe("Right")
      const watched = err.find((l) => l.startsWith("Watch the shop run at "))
      expect(watched).toMatch(/^Watch the shop run at http:\/\/127\.0\.0\.1:\d+\/\?s=\d{4}-\d{2}-\d{2}-\d{4}-[a-z0-9]{4} /)
      // The page went with the run: its address no longer answers.
      const address = /http:\/\/127\.0\.0\.1:\d+/.exec(watched ?? "")?.[0] ?? ""
      const after = yield* Effect.promise(() => fetch(`${address}/api/sessions`).then(() => "answered", () => "closed"))
      expect(after).toBe("closed")
      expect(out.join("\n")).toContain("**Cart total: $4.29**")
      expect(yield* fs.readFileString(at("groceries.yaml"))).toBe("items:\n  - name: eggs\n    status: completed\n")
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scopedLive("droid --gui with --script is refused before the device is touched; --port 70000 is not a port", () =>
    Effect.gen(function*() {
      const run = (args: ReadonlyArray<string>) =>
        Command.run(droid, { name: "shoal droid", version: "test" })(["node", "shoal", ...args]).pipe(env([]))
      const script = messageOf(yield* Effect.flip(run(["--script", "run.js", "--device", "sim", "--gui"])))
      expect(script).toBe("--gui watches a model's run; a --script replay prints each block on stderr (leave out --gui)")
      const port = messageOf(yield* Effect.flip(run(["turn on Wi-Fi", "--device", "sim", "--gui", "--port", "70000", "--provider", "offline"])))
      expect(port).toBe("--port 70000 is not a port; use a number from 1 to 65535 (default 8028; 0 picks a free one).")
    }).pipe(Effect.provide(NodeContext.layer)))
})
