/**
 * A shop run is an agent whose turns are items: saved after each one, a run
 * stopped half-way resumes (`shoal shop --resume`) without adding again what
 * it added, names the item it stopped in, shops the rest, and its summary
 * covers the whole run. Real headless Chromium, the fixture store's real
 * cart, the YAML file on disk; sessions in the memory SessionStore.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option, Schedule, Schema } from "effect"
import { ShopRunEvent } from "../../src/agents/shop/run-events.js"
import { ShopRun, shopRuns } from "../../src/agents/shop/run-state.js"
import { findShopRun, shopRun } from "../../src/cli/shop-host.js"
import { CollectedEvents } from "../../src/services/events/collected.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import { makeFixtureStore } from "../fakes/store/server.js"
import { bench, clickOn, credentials, navigateTo, nodePlatform } from "../agents/shop/fixtures.js"

const quiet = () => Effect.void

describe("shoal shop --resume", () => {
  it.scopedLive("a run stopped after its first add goes on from the saved state: nothing added twice, the stopped item named, the rest shopped", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { file, layer, read } = yield* bench("items:\n  - eggs\n  - name: milk   # 2%\n  - bread\n", store.profile)
      const sessions = yield* Layer.build(layerMemory)
      const collected = yield* Layer.build(CollectedEvents.layer)
      const model = yield* Layer.build(ScriptedLlm.layer([
        navigateTo("/search?filter=eggs"),
        clickOn("link", /Eggs/),
        clickOn("button", /Add to cart/),
        ScriptedLlm.toolCall("report_item_added", { item_name: "Large White Eggs, 12 count", price_text: "$4.29", price_cents: 429, url: "", quantity: 1 }),
        navigateTo("/search?filter=milk"),
        clickOn("link", /Lactantia/),
        clickOn("button", /Add to cart/),
        // The model goes on to a page that never answers; the run is stopped while it waits.
        navigateTo("/search?filter=saffron")
      ]))
      const firstRun = yield* Effect.fork(
        shopRun({ timeBudget: "60 seconds", credentials, progress: quiet }, Option.none()).pipe(
          Effect.provide(layer),
          Effect.provide(model),
          Effect.provide(sessions)
        )
      )
      yield* Effect.sync(() => store.cart()).pipe(
        Effect.repeat({ until: (cart) => cart.some((l) => l.id === "milk-2l"), schedule: Schedule.spaced("50 millis") }),
        Effect.timeout("40 seconds")
      )
      yield* Fiber.interrupt(firstRun)
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "milk-2l", quantity: 1 }])

      // The saved run: eggs done, stopped before milk's outcome; it survives JSON.
      const saved = yield* findShopRun(file, Option.none()).pipe(Effect.provide(sessions))
      expect(saved.state.phase).toBe("items")
      expect(saved.state.outcomes.map((o) => [o._tag, o.itemName])).toEqual([["ItemAdded", "eggs"]])
      const stored = yield* Effect.flatMap(SessionStore, (s) => s.load(shopRuns, saved.sessionId)).pipe(Effect.provide(sessions))
      const json = JSON.parse(JSON.stringify(yield* Schema.encode(ShopRun)(stored)))
      expect(yield* Schema.decodeUnknown(ShopRun)(json)).toEqual(stored)

      // Resumed offline: milk is held back (#in-progress), bread is shopped, eggs are not touched again.
      const summary = yield* shopRun({ credentials, progress: quiet }, Option.some(saved)).pipe(
        Effect.provide(layer),
        Effect.provide(layerOffline),
        Effect.provide(sessions),
        Effect.provide(collected)
      )
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "milk-2l", quantity: 1 }, { id: "bread-white", quantity: 1 }])
      expect(summary.added.map((a) => a.itemName)).toEqual(["eggs", "bread"])
      expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["milk", "interrupted"]])
      expect(yield* read).toContain("  - name: milk # 2%\n    tags: [ \"#in-progress\" ]\n")
      expect(yield* read).toContain("  - name: bread\n    status: completed\n")
      // The run is saved as finished, and every event it told (offline: the model shopper hands over to rules) is one of ShopRunEvent and encodes.
      const finished = yield* findShopRun(file, Option.some(saved.sessionId)).pipe(Effect.provide(sessions), Effect.flip)
      expect(finished.message).toMatch(/already finished/)
      const events = yield* CollectedEvents.emitted.pipe(Effect.provide(collected))
      expect(events.map((e) => e._tag)).toEqual(["RunStarted", "ItemHeldBack", "ItemStarted", "ShopperRetried", "ItemFinished", "RunFinished"])
      for (const event of events) {
        const decoded = yield* Schema.decodeUnknown(ShopRunEvent)(JSON.parse(JSON.stringify(yield* Schema.encodeUnknown(ShopRunEvent)(event))))
        expect(decoded._tag).toBe(event._tag)
      }
    }).pipe(Effect.provide(nodePlatform)), 120_000)
})
