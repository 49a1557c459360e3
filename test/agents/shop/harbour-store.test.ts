/**
 * Break-test of shop's ambiguous adds, end to end on a store invented for it
 * (test/fakes/stores/harbour-store.ts): no badge, no toast, an add that is
 * slow, dropped, or debounced. Real headless Chromium, the store's real cart,
 * read once the store has finished every add it was sent.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { makeHarbourStore } from "../../fakes/stores/harbour-store.js"
import type { HarbourOptions } from "../../fakes/stores/harbour-store.js"
import { bench, nodePlatform } from "./fixtures.js"

const run = (options: HarbourOptions, list: string) =>
  Effect.gen(function*() {
    const store = yield* makeHarbourStore(options)
    const { layer, read } = yield* bench(list, store.profile)
    const lines: Array<string> = []
    const summary = yield* shop({ timeBudget: "60 seconds", progress: (l) => Effect.sync(() => void lines.push(l)) }).pipe(
      Effect.provide(layer),
      Effect.provide(layerOffline)
    )
    // The world's final state: what the store holds once it has finished what it was sent.
    yield* store.quiet
    return { cart: store.cart(), summary, said: lines.join("\n"), list: yield* read }
  })

describe("shoal shop on a harbour store whose adds are slow, dropped or debounced", () => {
  it.scopedLive("an add the store counts only after the click gave up (2.5 s > the 1 s action timeout): one in the bag, not two", () =>
    Effect.gen(function*() {
      const r = yield* run({ add: "form", commitAfterMs: 2500 }, "items:\n  - rye crispbread\n")
      expect(r.cart, r.said).toEqual([{ sku: "rye-crisp", quantity: 1 }])
      expect(r.summary.added.map((a) => [a.productName, a.quantity])).toEqual([["Rye Crispbread 250 g", 1]])
      expect(r.said).not.toContain("trying once more")
    }).pipe(Effect.provide(nodePlatform)), 120_000)
})
