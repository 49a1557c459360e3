/**
 * Break-test 3 end to end, on a store invented for it (test/fakes/stores/market-store.ts):
 * an add form that lands on the cart page, euro prices written "4€99", French cuts.
 */
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { makeMarketStore } from "../../fakes/stores/market-store.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { nodePlatform, sessionBench } from "./fixtures.js"

const quiet = () => Effect.void

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("shoal shop on a market whose add form lands on the cart page", (it) => {
  it.scoped("the right products, at their shelf prices; a quantity of 2 is two adds, the second from the page the first was made on", () =>
    Effect.gen(function*() {
      const store = yield* makeMarketStore
      const { layer, read } = yield* sessionBench("items:\n  - poulet\n  - name: apples\n    quantity: 2\n  - crème\n", store.profile)
      const summary = yield* shop({ timeBudget: "60 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
      expect(store.cart()).toEqual([
        { sku: "poulet-poitrines", quantity: 1 },
        { sku: "pommes-gala", quantity: 2 },
        { sku: "creme-sure", quantity: 1 }
      ])
      expect(summary.added.map((a) => [a.itemName, a.priceCents, a.quantity])).toEqual([["poulet", 1299, 1], ["apples", 499, 2], ["crème", 299, 1]])
      expect(summary.failed).toEqual([])
      expect(summary.totalCents).toBe(store.cartTotalCents())
      expect(yield* read).not.toContain("#failed")
    }).pipe(Effect.provide(nodePlatform)), 180_000)
})
