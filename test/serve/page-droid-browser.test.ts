/**
 * droid's page on `shoal serve --device sim`, in headless Chromium: a task
 * typed in the page runs on the simulated phone, each step shows in the
 * status line while the run goes on (the model is held before the last step,
 * so the page is looked at mid-run), and the reply ends the turn in the chat.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Layer } from "effect"
import { droidTaskAgent } from "../../src/agents/droid/task-agent.js"
import { layerAdbSimulated } from "../../src/services/adb/simulated.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../src/services/sandbox/quickjs.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import { SimulatedDevice } from "../../src/simulator/device.js"
import { indexIn, js, lastUserText } from "../agents/droid/support.js"
import { launchChromium, watchPage } from "../gui/harness.js"
import { waitForText } from "../gui/page-helpers.js"
import { sqliteDb } from "./backends.js"
import { modelFrom, startServing } from "./served-runs.js"

describe("droid's page on shoal serve, in a real browser", () => {
  it.live("a task typed in the page shows its steps live in the status line, then the result in the chat", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const droid = provideAgent(droidTaskAgent(), yield* Layer.build(Layer.mergeAll(layerAdbSimulated(device), layerQuickJs, FetchHttpClient.layer)))
      const release = yield* Deferred.make<void>()
      const model = modelFrom((request) => {
        const screen = lastUserText(request)
        if (screen.includes("Switch \"OFF\"")) {
          return Effect.as(Deferred.await(release), ScriptedLlm.text(js(`click(${indexIn(request, /Switch "OFF"/)})\ncomplete(true, "Wi-Fi has been turned on")`)))
        }
        if (screen.includes("\"Network & internet · ")) return Effect.succeed(ScriptedLlm.text(js(`click(${indexIn(request, /"Network & internet · /)})`)))
        return Effect.succeed(ScriptedLlm.text(js("open_app(\"Settings\")")))
      })
      const { url } = yield* startServing({ db: sqliteDb(), llm: model.layer, agents: [(deps) => serveAgent(droid, deps)] })
      const browser = yield* Effect.acquireRelease(Effect.promise(() => launchChromium()), (b) => Effect.promise(() => b.close()))
      const page = yield* Effect.promise(() => browser.newPage({ viewport: { width: 1000, height: 800 } }))
      const problems = watchPage(page)
      yield* Effect.promise(async () => {
        await page.goto(`${url}/agents/droid/`)
        await page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
        await page.locator("#composer-text").fill("turn on Wi-Fi")
        await page.keyboard.press("Enter")
        // Mid-run: the second step (the tap on "Network & internet") is in the status line.
        await page.waitForFunction(`/StepTaken · 2 · /.test(document.querySelector("#status").textContent)`, undefined, { timeout: 30_000 })
      })
      expect(device.settings.wifiEnabled).toBe(false)
      yield* Deferred.succeed(release, undefined)
      const chat = yield* Effect.promise(async () => {
        await waitForText(page, "#chat li", "done after 3 steps: Wi-Fi has been turned on")
        await page.waitForFunction(`document.querySelector("#status").textContent === ""`)
        return page.locator("#chat li").allTextContents()
      })
      expect(chat.slice(-2)).toEqual(["turn on Wi-Fi", "done after 3 steps: Wi-Fi has been turned on"])
      expect(device.settings.wifiEnabled).toBe(true)
      expect(problems.unexpected()).toEqual([])
    }).pipe(Effect.scoped), 120_000)
})
