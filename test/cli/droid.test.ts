/**
 * `shoal droid` as a command, run in-process: user mistakes and the missing
 * model are one-line errors with nothing touched, and `--script` drives the
 * simulated phone offline through the real adb client (--device sim).
 */
import { Command } from "@effect/cli"
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Layer } from "effect"
import { droid } from "../../src/cli/droid.js"
import { runCodeAct } from "../../src/agents/droid/codeact.js"
import { layerAdbMemory } from "../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../src/simulator/device.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../src/services/sandbox/quickjs.js"
import { layerTrajectoryDir } from "../../src/services/trajectory/dir.js"

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const run = (args: ReadonlyArray<string>) =>
  Command.run(droid, { name: "shoal droid", version: "test" })(["node", "shoal", ...args]).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map()))
  )

const inTempDir = Effect.gen(function*() {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const dir = yield* fs.makeTempDirectoryScoped()
  return { fs, at: (name: string) => path.join(dir, name) }
})

describe("shoal droid (command)", () => {
  it.scopedLive("without a model it refuses in one line, pointing at --script", () =>
    Effect.gen(function*() {
      const error = messageOf(yield* Effect.flip(run(["turn on Wi-Fi", "--device", "sim", "--provider", "offline"])))
      expect(error).toMatch(/^shoal droid needs a model .* only --script FILE runs/)
      expect(error).not.toContain("\n")
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("a missing goal, a bad step count and a bad output schema are one-line errors", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const message = (args: ReadonlyArray<string>) => Effect.map(Effect.flip(run(args)), messageOf)
      expect(yield* message(["--provider", "offline"])).toMatch(/^say what to do, e\.g\. shoal droid "turn on Wi-Fi"/)
      expect(yield* message(["x", "--max-steps", "0"])).toBe("--max-steps must be at least 1")
      yield* fs.writeFileString(at("schema.json"), JSON.stringify({ type: "object", properties: { t: { oneOf: [] } } }))
      expect(yield* message(["x", "--output-schema", at("schema.json")])).toBe(`output schema ${at("schema.json")}: t: needs a "type" (object, array, string, number, integer, boolean or null)`)
      expect(yield* message(["x", "--output-schema", at("none.json")])).toBe(`output schema ${at("none.json")} cannot be read`)
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scopedLive("--script with --device sim turns Wi-Fi on offline (the HomeNet row exists only once Wi-Fi is on)", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      yield* fs.writeFileString(at("wifi.js"), [
        "open_app('Settings')",
        "click('Network & internet')",
        "click('Wi-Fi')",
        "click('Use Wi-Fi')",
        "click('HomeNet')",
        "complete(true, 'Wi-Fi is on')"
      ].join("\n"))
      yield* run(["--script", at("wifi.js"), "--device", "sim", "--provider", "offline"])
      yield* fs.writeFileString(at("bad.js"), "open_app('Settings')\nclick('HomeNet')")
      expect(messageOf(yield* Effect.flip(run(["--script", at("bad.js"), "--device", "sim"])))).toBe("the task did not succeed: the script stopped with an error")
    }).pipe(Effect.provide(NodeContext.layer)), 30_000)

  it.scopedLive("--script DIR/run.js replays a saved run through the real adb client; a changed screen stops it, naming the step", () =>
    Effect.gen(function*() {
      const { fs, at } = yield* inTempDir
      const js = (code: string) => ScriptedLlm.text(`Next.\n\`\`\`js\n${code}\n\`\`\``)
      yield* Effect.scoped(runCodeAct({ goal: "turn on Wi-Fi", maxSteps: 6 })).pipe(Effect.provide(Layer.mergeAll(
        layerAdbMemory(new SimulatedDevice()),
        layerQuickJs,
        ScriptedLlm.layer([js("open_app('Settings')"), js("click('Network & internet')"), js("click('Wi-Fi')"), js("click('Use Wi-Fi')\ncomplete(true, 'Wi-Fi is on')")]),
        layerTrajectoryDir(at("run"))
      )))
      yield* run(["--script", at("run/run.js"), "--device", "sim"])
      const source = yield* fs.readFileString(at("run/run.js"))
      yield* fs.writeFileString(at("run/edited.js"), source.replace(/(\/\/ @step 3 screen=)[0-9a-f]{16}/, "$10000000000000000"))
      expect(messageOf(yield* Effect.flip(run(["--script", at("run/edited.js"), "--device", "sim"])))).toMatch(
        /^the task did not succeed: replay stopped at step 3: the screen differs from the recorded one \(expected screen 0{16}, found [0-9a-f]{16} in com\.android\.settings\)$/
      )
      expect(messageOf(yield* Effect.flip(run(["--script", at("run/run.js"), "--save-run", at("again"), "--device", "sim"])))).toMatch(/^--save-run saves a model's run/)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)
})
