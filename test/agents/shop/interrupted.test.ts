/**
 * A run stopped after an item's add (Ctrl-C, a crash, a killed process)
 * must not add the item a second time when the list is shopped again:
 * the in-progress marker written before the shopper starts is still in the
 * file, and the next run holds the item back. Real headless Chromium, the
 * fixture store's real cart, the YAML file on disk.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Fiber, Layer, Schedule } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeFixtureStore } from "../../fakes/store/server.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { clickOn, credentials, navigateTo, nodePlatform, sessionBench } from "./fixtures.js"

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("an item interrupted after its add", (it) => {
  it.scoped("is held back on the re-run: the cart keeps one, the list keeps the marker, the other items are shopped", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer, read } = yield* sessionBench("items:\n  - name: milk   # 2%\n  - eggs\n", store.profile)
      const model = yield* Layer.build(ScriptedLlm.layer([
        navigateTo("/search?filter=milk"),
        clickOn("link", /Lactantia/),
        clickOn("button", /Add to cart/),
        // The model goes on to a page that never answers; the run is stopped while it waits.
        navigateTo("/search?filter=saffron")
      ]))
      const firstRun = yield* Effect.fork(shop({ timeBudget: "60 seconds", credentials }).pipe(Effect.provide(layer), Effect.provide(model)))
      yield* Effect.sync(() => store.cart()).pipe(
        Effect.repeat({ until: (cart) => cart.length > 0, schedule: Schedule.spaced("50 millis") }),
        Effect.timeout("30 seconds")
      )
      yield* Fiber.interrupt(firstRun)
      expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
      expect(yield* read).toBe("items:\n  - name: milk # 2%\n    tags: [ \"#in-progress\" ]\n  - eggs\n")

      // The re-run (offline: it would pick the same milk) must not add milk again.
      const summary = yield* shop({ credentials }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
      expect(summary.added.map((a) => a.itemName)).toEqual(["eggs"])
      expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }, { id: "eggs-12", quantity: 1 }])
      expect(yield* read).toBe("items:\n  - name: milk # 2%\n    tags: [ \"#in-progress\" ]\n  - name: eggs\n    status: completed\n")
    }).pipe(Effect.provide(nodePlatform)), 90_000)
})
