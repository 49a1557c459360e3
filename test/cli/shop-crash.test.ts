/**
 * `shoal shop` when Chromium dies in the middle of a run: the run ends with
 * the typed `BrowserCrashed` (main.ts prints it as one `shoal: …` line, exit
 * 1), and the list keeps every result written before the crash.
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, Exit, Fiber, Schedule, Schema } from "effect"
import { readdirSync, readFileSync } from "node:fs"
import { shop } from "../../src/cli/shop.js"
import { StoreProfile } from "../../src/domain/shop/store-profile.js"
import { fixtureCredentials, makeFixtureStore } from "../fakes/store/server.js"

const run = (args: ReadonlyArray<string>) =>
  Command.run(shop, { name: "shoal shop", version: "test" })(["node", "shoal", ...args]).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map([
      ["SHOAL_STORE_USERNAME", fixtureCredentials.username],
      ["SHOAL_STORE_PASSWORD", fixtureCredentials.password]
    ])))
  )

/** The Chromium processes this test started: the ones whose command line names this run's profile directory. */
const chromiumOf = (profileDir: string): ReadonlyArray<number> =>
  readdirSync("/proc").filter((d) => /^\d+$/.test(d)).flatMap((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")
      return cmdline.includes(`--user-data-dir=${profileDir}`) ? [Number(pid)] : []
    } catch {
      return []
    }
  })

describe("shoal shop (command) when Chromium dies mid-run", () => {
  it.scopedLive("the run fails with BrowserCrashed and one clear line; the item shopped before the crash stays recorded", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = yield* fs.makeTempDirectoryScoped()
      const at = (name: string) => path.join(dir, name)
      const store = yield* makeFixtureStore
      yield* fs.writeFileString(at("store.json"), JSON.stringify(Schema.encodeSync(StoreProfile)(store.profile)))
      yield* fs.writeFileString(at("groceries.yaml"), "items:\n  - eggs\n  - milk\n")
      // Once the first item is written to the list, kill the browser process (by its id) before the second is done.
      const killer = Effect.gen(function*() {
        yield* fs.readFileString(at("groceries.yaml")).pipe(
          Effect.filterOrFail((text) => text.includes("status: completed")),
          Effect.retry(Schedule.spaced(Duration.millis(20)))
        )
        const pids = chromiumOf(at("profile"))
        expect(pids.length).toBeGreaterThan(0)
        for (const pid of pids) process.kill(pid, "SIGKILL")
      })
      const killing = yield* Effect.fork(killer)
      const error = yield* Effect.flip(run(["--list", at("groceries.yaml"), "--store", at("store.json"), "--profile", at("profile"), "--provider", "offline", "--time-budget", "20s"]))
      // The killer did its work (had it not, interrupting it would not end in a success).
      expect(Exit.isSuccess(yield* Fiber.interrupt(killing))).toBe(true)
      expect(error._tag).toBe("BrowserCrashed")
      const message = error instanceof Error ? error.message : String(error)
      expect(message).toMatch(/^Chromium stopped in the middle of the run \(.+\)\. .*run shoal shop again/)
      expect(message).not.toContain("\n")
      const list = yield* fs.readFileString(at("groceries.yaml"))
      expect(list).toContain("  - name: eggs\n    status: completed\n")
      expect(list).not.toMatch(/milk\n\s+status: completed/)
      expect(store.cart()).toContainEqual({ id: "eggs-12", quantity: 1 })
      // No summary pretends the run finished.
      expect(yield* fs.exists(at("groceries.summary.md"))).toBe(false)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})
