/**
 * A run watched in a real browser (`--gui`): the page is open while the run
 * goes, and draws each step (droid, on the simulated phone) or each item
 * (shop, offline on the fixture store) as it comes, the status line, and
 * the summary; the watch view lists the run's typed events. Nothing goes
 * wrong in the page (no console error, no failed request).
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Logger, LogLevel, Option } from "effect"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll } from "vitest"
import { makeDroidAgent } from "../../src/agents/droid/agent.js"
import { runDroid } from "../../src/agents/droid/run.js"
import type { ShopRun } from "../../src/agents/shop/run-state.js"
import { hostRun } from "../../src/cli/host-run.js"
import { shopRun } from "../../src/cli/shop-host.js"
import { serveRunPage } from "../../src/gui/run-server.js"
import type { ServedRun } from "../../src/gui/run-server.js"
import { layerEvents } from "../../src/services/events/live.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { makeFixtureStore } from "../fakes/store/server.js"
import { bench, credentials, nodePlatform } from "../agents/shop/fixtures.js"
import { phoneWith, turnOnWifi } from "../agents/droid/support.js"
import { launchChromium, watchPage } from "./harness.js"
import { waitForText } from "./page-helpers.js"
import { rootOf } from "./run-page-support.js"

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser.close()
})

const quiet = Logger.minimumLogLevel(LogLevel.Warning)

describe("a run in the browser", () => {
  it.scopedLive("droid: the open page draws each step as it is taken, the step count and the summary; the watch view lists StepTaken", () => {
    const { device, layer } = phoneWith(turnOnWifi)
    return Effect.gen(function*() {
      const { agent } = yield* makeDroidAgent({ maxSteps: 5 }, runDroid)
      const id = SessionId.make("2026-11-23-1000-br01")
      const served = yield* serveRunPage(agent, id, agent.initial, { title: "droid run", port: 0, opening: "Task: turn on Wi-Fi" })
      const page = yield* Effect.promise(() => browser.newPage())
      const problems = watchPage(page)
      yield* Effect.promise(() => page.goto(served.url))
      yield* Effect.promise(() => waitForText(page, "#chat li", "Task: turn on Wi-Fi"))
      expect(yield* Effect.promise(() => page.title())).toBe("droid run")

      yield* hostRun(agent, { goal: "turn on Wi-Fi" }, { sessionId: id, state: agent.initial, watcher: served.watcher })
      yield* Effect.promise(() => waitForText(page, "#chat li", "step 1: "))
      yield* Effect.promise(() => waitForText(page, "#chat li", "done after 3 steps: Wi-Fi has been turned on"))
      yield* Effect.promise(() => waitForText(page, "#agent-status", "step 3 of at most 5"))
      expect(device.settings.wifiEnabled).toBe(true)

      const watch = yield* Effect.promise(() => browser.newPage())
      const watchProblems = watchPage(watch)
      yield* Effect.promise(() => watch.goto(`${rootOf(served.url)}/watch?s=${id}`))
      yield* Effect.promise(() => waitForText(watch, "#events li", "RunFinished"))
      const tags = yield* Effect.promise(() => watch.locator("#events li strong").allTextContents())
      expect(tags).toEqual(["RunStarted", "StepTaken", "StepTaken", "StepTaken", "RunFinished"])
      expect([...problems.unexpected(), ...watchProblems.unexpected()]).toEqual([])
      yield* Effect.promise(() => Promise.all([page.close(), watch.close()]))
    }).pipe(Effect.provide(Layer.mergeAll(layer, FetchHttpClient.layer, layerMemory, layerEvents, quiet)))
  }, 120_000)

  it.scopedLive("shop: the page draws each item as it is shopped (added, not found) and the summary line", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer } = yield* bench("items:\n  - milk\n  - dragonfruit\n", store.profile)
      yield* Effect.gen(function*() {
        const served = yield* Deferred.make<ServedRun<ShopRun>>()
        const run = yield* Effect.fork(shopRun({ credentials, progress: () => Effect.void, timeBudget: "30 seconds" }, Option.none(), (agent, id, state) =>
          serveRunPage(agent, id, state, { title: "shop run", port: 0, opening: "Shopping list.yaml at fixture." }).pipe(
            Effect.tap((s) => Deferred.succeed(served, s)),
            Effect.map((s) => s.watcher)
          )))
        const { url } = yield* Deferred.await(served)
        const page = yield* Effect.promise(() => browser.newPage())
        const problems = watchPage(page)
        yield* Effect.promise(() => page.goto(url))
        yield* Effect.promise(() => waitForText(page, "#chat li", "Shopping list.yaml at fixture."))
        yield* Effect.promise(() => waitForText(page, "#chat li", "milk: ✓ added Lactantia 2% Milk 2 L"))
        yield* Effect.promise(() => waitForText(page, "#chat li", "dragonfruit: ✗ not found"))
        yield* Effect.promise(() => waitForText(page, "#chat li", "Summary written to"))
        yield* Effect.promise(() => waitForText(page, "#agent-status", "2 of 2 item(s) done"))
        const summary = yield* Fiber.join(run)
        expect(summary.added.map((a) => a.itemName)).toEqual(["milk"])
        expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
        expect(problems.unexpected()).toEqual([])
        yield* Effect.promise(() => page.close())
      }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
    }).pipe(Effect.provide(Layer.mergeAll(nodePlatform, layerMemory, layerEvents, quiet))), 180_000)
})
