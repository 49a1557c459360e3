/**
 * `--save-run` and its replay, end to end on the simulated phone: a
 * ScriptedLlm CodeAct run with vision is saved (screens as XML and PNG, the
 * code, run.js), run.js replays on a fresh phone and turns Wi-Fi on again,
 * and a phone that starts differently stops the replay at the first step
 * whose screen differs. Also: what the model sees with --vision, and
 * without a model that takes images.
 */
import { FileSystem, Path } from "@effect/platform"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { Effect, Layer, Logger, Option } from "effect"
import sharp from "sharp"
import { runCodeAct } from "../../../src/agents/droid/codeact.js"
import { runReasoning } from "../../../src/agents/droid/reasoning.js"
import { renderRunJs } from "../../../src/domain/droid/trajectory.js"
import { layerTrajectoryMemory, TrajectoryLog } from "../../../src/services/trajectory/trajectory.js"
import { DroidOutcome, summaryLine } from "../../../src/agents/droid/result.js"
import { runScript } from "../../../src/agents/droid/script.js"
import type { GenerateRequest } from "../../../src/domain/llm.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { layerTrajectoryDir } from "../../../src/services/trajectory/dir.js"
import { layerSharpScreenImages } from "../../../src/services/vision/sharp.js"
import { js } from "./support.js"

const wifiRun = [
  ScriptedLlm.text(js("open_app('Settings')")),
  ScriptedLlm.text(js("click('Network & internet')")),
  ScriptedLlm.text(js("click('Wi-Fi')")),
  ScriptedLlm.text(js("click(999)")),
  ScriptedLlm.text(js("click('Use Wi-Fi')\ncomplete(true, 'Wi-Fi is on')"))
]

const imagesOf = (r: GenerateRequest) => r.messages.flatMap((m) => m.content.flatMap((c) => (c._tag === "Image" && c.source._tag === "Base64" ? [c.source] : [])))

/** A model run on `device`, saved to `dir`, with vision; the model takes images unless told otherwise. */
const savedRun = (device: SimulatedDevice, dir: string, { images = true, model = "claude-sonnet-4-5" } = {}) =>
  Effect.scoped(runCodeAct({ goal: "turn on Wi-Fi", maxSteps: 8, vision: true })).pipe(
    Effect.zip(Effect.flatMap(ScriptedLlm, (s) => s.requests)),
    Effect.provide(Layer.mergeAll(
      layerAdbMemory(device),
      layerQuickJs,
      ScriptedLlm.layer(wifiRun, { model, images }),
      layerSharpScreenImages,
      layerTrajectoryDir(dir).pipe(Layer.provide(NodeContext.layer))
    ))
  )

const replay = (device: SimulatedDevice, source: string) =>
  Effect.scoped(runScript(source)).pipe(Effect.provide(Layer.merge(layerAdbMemory(device), layerQuickJs)))

describe("--save-run and its replay", () => {
  it.scoped("a saved run holds every step's screen, code and run.js; run.js replays it on a fresh phone", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const path = yield* Path.Path
      const dir = path.join(yield* fs.makeTempDirectoryScoped(), "run")
      const first = new SimulatedDevice()
      const [result] = yield* savedRun(first, dir)
      expect(result.outcome).toEqual(DroidOutcome.Finished())
      expect(first.settings.wifiEnabled).toBe(true)

      const files = (yield* fs.readDirectory(dir)).sort()
      expect(files).toEqual([
        "result.json", "run.js",
        ...[1, 2, 3, 4, 5].flatMap((n) => [`step-0${n}.json`, `step-0${n}.png`, `step-0${n}.xml`])
      ])
      expect(yield* fs.readFileString(path.join(dir, "step-01.xml"))).toMatch(/^<\?xml[\s\S]*<\/hierarchy>$/)
      const png = yield* fs.readFile(path.join(dir, "step-03.png"))
      expect(yield* Effect.promise(() => sharp(png).metadata())).toMatchObject({ format: "png", width: 1080, height: 2400 })
      const step4 = JSON.parse(yield* fs.readFileString(path.join(dir, "step-04.json")))
      expect(step4).toMatchObject({ step: 4, app: "com.android.settings", action: "click(999)", code: "click(999)", ok: false })
      expect(step4.screenHash).toMatch(/^[0-9a-f]{16}$/)
      expect(JSON.parse(yield* fs.readFileString(path.join(dir, "result.json")))).toEqual({
        goal: "turn on Wi-Fi", success: true, answer: "Wi-Fi is on", steps: 5, outcome: "Finished"
      })
      const source = yield* fs.readFileString(path.join(dir, "run.js"))
      expect(source).toContain(`// @step 4 screen=${step4.screenHash} outcome=error\nclick(999)`)

      const again = new SimulatedDevice()
      const replayed = yield* replay(again, source)
      expect(replayed).toMatchObject({ success: true, answer: "Wi-Fi is on", steps: 5, outcome: DroidOutcome.Finished() })
      expect(again.settings.wifiEnabled).toBe(true)

      // A phone whose Wi-Fi is already on shows another Network page at step 3: the replay stops there, before acting.
      const changed = new SimulatedDevice()
      changed.settings.wifiEnabled = true
      const diverged = yield* replay(changed, source)
      expect(diverged.success).toBe(false)
      expect(diverged.outcome._tag).toBe("Diverged")
      expect(diverged.outcome).toMatchObject({ step: 3, app: "com.android.settings" })
      expect(diverged.steps).toBe(2)
      expect(summaryLine(diverged)).toMatch(/^replay stopped at step 3: the screen differs from the recorded one \(expected screen [0-9a-f]{16}, found [0-9a-f]{16} in com\.android\.settings\)$/)
      expect(changed.commands.filter((c) => c.startsWith("input tap"))).toHaveLength(1)
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  it.scoped("--vision: each prompt carries this step's screenshot only, downscaled to 1024 px, before the element list", () =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const [, requests] = yield* savedRun(new SimulatedDevice(), yield* fs.makeTempDirectoryScoped())
      expect(requests).toHaveLength(5)
      for (const request of requests) {
        const images = imagesOf(request)
        expect(images).toHaveLength(1) // older steps' screenshots are not sent again
        const last = request.messages.at(-1)
        expect(last?.content.map((c) => c._tag)).toEqual(["Image", "Text"])
      }
      const image = requests.flatMap(imagesOf)[2]
      if (image === undefined) throw new Error("no third screenshot")
      expect(image.mediaType).toBe("image/jpeg")
      const meta = yield* Effect.promise(() => sharp(Buffer.from(image.data, "base64")).metadata())
      expect(meta).toMatchObject({ format: "jpeg", width: 461, height: 1024 })
    }).pipe(Effect.provide(NodeContext.layer)), 60_000)

  // Whether a model takes images is what its layer reports (capabilities.images), not a guess from its name:
  // a model named like a vision model but built without images gets no screenshots either.
  for (const model of ["gpt-3.5-turbo", "claude-sonnet-4-5"]) {
    it.scoped(`--vision with a model that takes no images (${model}): no screenshot is taken or sent, and the run goes on`, () =>
      Effect.gen(function*() {
        const fs = yield* FileSystem.FileSystem
        const device = new SimulatedDevice()
        const dir = yield* fs.makeTempDirectoryScoped()
        const logs: Array<string> = []
        const collect = Logger.replace(Logger.defaultLogger, Logger.make(({ logLevel, message }) => void logs.push(`${logLevel.label}: ${String(message)}`)))
        const [result, requests] = yield* savedRun(device, dir, { model, images: false }).pipe(Effect.provide(collect))
        expect(logs).toContain(`WARN: --vision: the scripted model "${model}" does not take images; continuing with the element list only`)
        expect(result.outcome).toEqual(DroidOutcome.Finished())
        expect(requests.flatMap(imagesOf)).toEqual([])
        expect(device.commands.some((c) => c.includes("screencap"))).toBe(false)
        expect((yield* fs.readDirectory(dir)).filter((f) => f.endsWith(".png"))).toEqual([])
      }).pipe(Effect.provide(NodeContext.layer)), 60_000)
  }

  it.scoped("a reasoning run is saved as CodeAct calls and a final complete(), and replays on a fresh phone", () => {
    const manager = (body: string) => ScriptedLlm.text(body)
    const executor = (action: object) => ScriptedLlm.text(`### Thought ###\nok\n### Action ###\n${JSON.stringify(action)}\n### Description ###\nstep`)
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const result = yield* runReasoning({ goal: "turn on Wi-Fi", maxSteps: 6 })
      expect(device.settings.wifiEnabled).toBe(true)
      const steps = yield* Effect.flatMap(TrajectoryLog, (t) => t.steps)
      expect(steps.map((s) => s.code)).toEqual([
        "open_app(\"Settings\")", "click(\"Network & internet\")", "click(\"Wi-Fi\")", "click(\"Use Wi-Fi\")", "complete(true, \"Wi-Fi is on.\")"
      ])
      expect(steps.every((s) => Option.isNone(s.png))).toBe(true)
      expect(yield* Effect.flatMap(TrajectoryLog, (t) => t.summary)).toEqual([{ goal: "turn on Wi-Fi", success: true, answer: "Wi-Fi is on.", steps: 5, outcome: result.outcome._tag }])
      const fresh = new SimulatedDevice()
      const replayed = yield* replay(fresh, renderRunJs("turn on Wi-Fi", steps))
      expect(replayed).toMatchObject({ success: true, answer: "Wi-Fi is on.", outcome: DroidOutcome.Finished() })
      expect(fresh.settings.wifiEnabled).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(
      layerAdbMemory(device),
      layerQuickJs,
      FetchHttpClient.layer,
      layerTrajectoryMemory,
      ScriptedLlm.layer([
        manager("<plan>\n1. Open Settings\n</plan>"), executor({ action: "open_app", text: "Settings" }),
        manager("<plan>\n1. Open Network & internet\n</plan>"), executor({ action: "click", text: "Network & internet" }),
        manager("<plan>\n1. Open Wi-Fi\n</plan>"), executor({ action: "click", text: "Wi-Fi" }),
        manager("<plan>\n1. Turn on Use Wi-Fi\n</plan>"), executor({ action: "click", text: "Use Wi-Fi" }),
        manager("<request_accomplished success=\"true\">Wi-Fi is on.</request_accomplished>")
      ])
    )))
  }, 60_000)
})
