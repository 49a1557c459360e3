/**
 * `shoal droid --sessions`: the runs saved under the data directory, newest
 * first, each with its task and how it ended or how far it got.
 */
import { Command } from "@effect/cli"
import { FileSystem } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Console, Effect, Option } from "effect"
import { droidRuns } from "../../src/agents/droid/agent.js"
import { droid } from "../../src/cli/droid.js"
import { layerFile } from "../../src/services/session-store/file.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"

const listed = (dir: string) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = { ...current, log: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void out.push(xs.map(String).join(" "))) }
    yield* Command.run(droid, { name: "shoal droid", version: "test" })(["node", "shoal", "--sessions"]).pipe(
      Effect.withConsole(console),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_DATA_DIR", dir]])))
    )
    return out
  })

describe("shoal droid --sessions", () => {
  it.scopedLive("lists saved runs with their task and end; none yet says so", () =>
    Effect.gen(function*() {
      const dir = yield* Effect.flatMap(FileSystem.FileSystem, (fs) => fs.makeTempDirectoryScoped())
      expect(yield* listed(dir)).toEqual(["No saved droid runs yet."])
      yield* Effect.flatMap(SessionStore, (store) =>
        store.save(droidRuns, SessionId.make("2026-11-23-0640-abcd"), {
          goal: "turn on Wi-Fi",
          mode: "codeact",
          maxSteps: 15,
          steps: [{ step: 1, app: "com.android.settings", action: "click(4)", ok: true }],
          end: Option.some({ success: true, answer: "Wi-Fi is on", steps: 1, outcome: "Finished" as const, memory: [] })
        })).pipe(Effect.provide(layerFile(dir)))
      const lines = yield* listed(dir)
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^2026-11-23-0640-abcd {2}\d{4}-\d{2}-\d{2} \d{2}:\d{2} {2}"turn on Wi-Fi": done after 1 step\(s\)$/)
    }).pipe(Effect.provide(NodeContext.layer)))
})
