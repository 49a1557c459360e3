/**
 * Break-testing `shoal shop` as a new user on a store nobody tuned it to
 * (test/fakes/stores/corner-store.ts): add links, a title-only badge,
 * "Was … Now …" prices, a silent per-order limit, an add behind a login.
 */
import { describe, expect, layer } from "@effect/vitest"
import { FileSystem } from "@effect/platform"
import { Effect, Fiber } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { makeCornerStore, makeCornerStoreLabelled } from "../../fakes/stores/corner-store.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { nodePlatform, sessionBench } from "./fixtures.js"

const quiet = () => Effect.void

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })((it) => {
  describe("shoal shop on a store whose add control is a link ('Add to bag')", () => {
    it.scoped("adds are made with the link and confirmed in the real bag; prices as the store wrote them; the total is the bag's", () =>
      Effect.gen(function*() {
        const store = yield* makeCornerStore
        const { layer } = yield* sessionBench("items:\n  - oat drink\n  - eggs\n  - name: sourdough\n    quantity: 2\n  - bananas\n", store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([
          { sku: "oat-milk", quantity: 1 },
          { sku: "dozen-eggs", quantity: 1 },
          { sku: "sourdough", quantity: 2 },
          { sku: "bananas", quantity: 1 }
        ])
        expect(summary.added.map((a) => [a.itemName, a.priceCents, a.quantity])).toEqual([
          ["oat drink", 250, 1],
          ["eggs", 549, 1],
          ["sourdough", 300, 2],
          ["bananas", 178, 1]
        ])
        expect(summary.added.map((a) => a.priceText)).toEqual(["$2.50", "$5.49", "$3.00 each", "$1.78 ea"])
        expect(summary.totalCents).toBe(store.cartTotalCents())
        // Every page tried to reach blocked paths (odd spellings, POST forms, imports, iframes) and
        // this server under another host name: only the store's own pages were ever requested.
        expect(store.hits().filter((h) => !/^\/(?:|s|bag|bag\/put|leaky\.js|favicon\.ico|prod\/[\w-]+)$/.test(h.path))).toEqual([])
      }).pipe(Effect.provide(nodePlatform)), 180_000)
  })

  describe("shoal shop where the store refuses quietly", () => {
    it.scoped("a bag that keeps one of a limited product, and an add behind a login wall, are #failed with the reason; nothing reaches /login", () =>
      Effect.gen(function*() {
        const store = yield* makeCornerStore
        const { layer, read } = yield* sessionBench("items:\n  - name: avocado\n    quantity: 2\n  - red wine\n  - eggs\n", store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([{ sku: "avocado", quantity: 1 }, { sku: "dozen-eggs", quantity: 1 }])
        expect(summary.added.map((a) => a.itemName)).toEqual(["eggs"])
        expect(summary.failed.map((f) => f.itemName)).toEqual(["avocado", "red wine"])
        expect(summary.failed.find((f) => f.itemName === "avocado")?.reason).toBe("wrong_quantity")
        expect(summary.totalCents).toBe(store.cartTotalCents())
        expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(summary.totalCents)
        expect(store.hits().filter((h) => h.path === "/login")).toEqual([])
        const text = yield* read
        expect(text).toContain("  - name: avocado\n    quantity: 2\n    tags: [ \"#failed\" ]\n")
      }).pipe(Effect.provide(nodePlatform)), 180_000)

    it.scoped("a profile whose add label matches nothing: the pattern is a hint, and 'Add to bag' is still read as the add", () =>
      Effect.gen(function*() {
        const store = yield* makeCornerStore
        const profile = StoreProfile.make({ ...store.profile, addToCartPattern: "^buy now$" })
        const { layer } = yield* sessionBench("items:\n  - eggs\n", profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(summary.added.map((a) => a.itemName)).toEqual(["eggs"])
        expect(store.cart()).toHaveLength(1)
      }).pipe(Effect.provide(nodePlatform)), 180_000)

    it.scoped("an add control nothing can read as one: the items are #failed (retried next run), never #404", () =>
      Effect.gen(function*() {
        const store = yield* makeCornerStoreLabelled("Pick")
        const profile = StoreProfile.make({ ...store.profile, addToCartPattern: "^buy now$" })
        const { layer } = yield* sessionBench("items:\n  - eggs\n", profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(summary.notFound).toEqual([])
        expect(summary.failed.map((f) => [f.itemName, f.error])).toEqual([["eggs", expect.stringMatching(/no add-to-cart control.*addToCartPattern/)]])
        expect(store.cart()).toEqual([])
      }).pipe(Effect.provide(nodePlatform)), 180_000)
  })

  describe("shoal shop stopped mid-run (Ctrl-C)", () => {
    it.scoped("the summary of what was done is still written, naming the item stopped in and those not reached; its #in-progress tag stays", () =>
      Effect.gen(function*() {
        const store = yield* makeCornerStore
        const { layer, dir, read } = yield* sessionBench("items:\n  - eggs\n  - bananas\n  - sourdough\n", store.profile)
        const fiber = yield* Effect.fork(shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline)))
        // Stop once the first add has reached the store: the run is then mid-item or just past it.
        while (!store.hits().some((h) => h.path === "/bag/put")) yield* Effect.sleep("100 millis")
        yield* Fiber.interrupt(fiber)
        const fs = yield* FileSystem.FileSystem
        const summary = yield* fs.readFileString(`${dir}/list.summary.md`)
        for (const name of ["eggs", "bananas", "sourdough"]) expect(summary).toContain(`**${name}**`)
        expect(summary).toMatch(/\*\*sourdough\*\* \(interrupted\): not shopped: the run was stopped before it/)
        const list = yield* read
        // Whatever item the stop landed in keeps #in-progress (or has its result); none not reached is marked.
        expect(list).toContain("  - sourdough\n")
      }).pipe(Effect.provide(nodePlatform)), 180_000)
  })
})
