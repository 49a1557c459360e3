/**
 * `shoal shop` (offline, rule-based) on stores nobody tuned it to, in real
 * headless Chromium: a server-rendered table behind a consent dialog, a
 * client-rendered app with delayed results and a debounced stepper, and a
 * bilingual store on French paths. Each test asserts the store's real,
 * server-side cart and its total against the summary, not only the report.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeAppStore, makeAppStoreShaped } from "../../fakes/stores/app-store.js"
import { forbiddenPaths, makeBilingualStore } from "../../fakes/stores/bilingual-store.js"
import { makeTableStore } from "../../fakes/stores/table-store.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { clickOn, navigateTo, nodePlatform, sessionBench } from "./fixtures.js"

/** Progress lines are not asserted here; keep the test output short. */
const quiet = () => Effect.void

const englishList = `items:
  - 2% milk
  - eggs
  - name: bread
    quantity: 2
  - 2 yogurt
  - ground beef
  - butter
  - dragonfruit
  - maple syrup
`

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })((it) => {
  describe("shoal shop on a server-rendered table store with a consent dialog", () => {
    it.scoped("every add lands in the real cart with its quantity; the summary total is the cart's to the cent, the fee explained", () =>
      Effect.gen(function*() {
        const store = yield* makeTableStore
        const { layer, read } = yield* sessionBench(englishList, store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([
          { id: "lactantia-2-milk", quantity: 1 },
          { id: "eggs-12", quantity: 1 },
          { id: "white-bread", quantity: 2 },
          { id: "greek-yogurt", quantity: 2 },
          { id: "ground-beef", quantity: 1 },
          { id: "salted-butter", quantity: 1 }
        ])
        expect(summary.added.map((a) => [a.itemName, a.priceCents, a.quantity])).toEqual([
          ["2% milk", 549, 1],
          ["eggs", 429, 1],
          ["bread", 399, 2],
          ["2 yogurt", 366, 2],
          ["ground beef", 1102, 1],
          ["butter", 599, 1]
        ])
        expect(summary.notFound.map((n) => n.itemName)).toEqual(["dragonfruit", "maple syrup"])
        expect(summary.totalCents).toBe(store.cartTotalCents())
        expect(summary.fromCart).toBe(true)
        expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(summary.totalCents)
        expect(summary.differences.map((d) => d.why).join("\n")).toMatch(/fees, taxes/)
        expect(yield* read).toContain("  - name: bread\n    quantity: 2\n    status: completed\n")
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })

  describe("shoal shop on a client-rendered store whose product pages draw their add button after their own data request", () => {
    it.scoped("each add is waited for on the product page (700 ms of data latency), made and confirmed in the real cart", () =>
      Effect.gen(function*() {
        const store = yield* makeAppStoreShaped({ tilesAdd: false })
        const { layer } = yield* sessionBench("items:\n  - eggs\n  - name: salted butter\n", store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(summary.failed).toEqual([])
        expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "salted-butter", quantity: 1 }])
        expect(summary.added.map((a) => a.itemName)).toEqual(["eggs", "salted butter"])
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })

  describe("shoal shop with a French list on an English store", () => {
    it.scoped("a search in French that finds nothing is made again in the store's words; the product fits through the lexicon", () =>
      Effect.gen(function*() {
        const store = yield* makeAppStore
        const { layer } = yield* sessionBench("items:\n  - beurre\n  - lait 2%\n  - pitaya\n", store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(summary.added.map((a) => [a.itemName, a.productName])).toEqual([["beurre", "Salted Butter 454 g"], ["lait 2%", "Lactantia 2% Milk 2 L"]])
        expect(summary.notFound.map((n) => [n.itemName, n.explanation])).toEqual([["pitaya", 'A search for "pitaya" found no products.']])
        expect(store.hits().filter((h) => h.path === "/search").length).toBeGreaterThanOrEqual(4)
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })

  describe("shoal shop on a client-rendered store with delayed results and a debounced stepper", () => {
    it.scoped("results are awaited, the sponsored tile passed over, quantities set with the stepper and confirmed in the real cart", () =>
      Effect.gen(function*() {
        const store = yield* makeAppStore
        const { layer } = yield* sessionBench(englishList, store.profile)
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([
          { id: "lactantia-2-milk", quantity: 1 },
          { id: "eggs-12", quantity: 1 },
          { id: "white-bread", quantity: 2 },
          { id: "greek-yogurt", quantity: 2 },
          { id: "ground-beef", quantity: 1 },
          { id: "salted-butter", quantity: 1 }
        ])
        expect(summary.added.map((a) => [a.itemName, a.priceCents, a.quantity])).toEqual([
          ["2% milk", 549, 1],
          ["eggs", 429, 1],
          ["bread", 399, 2],
          ["2 yogurt", 366, 2],
          ["ground beef", 1102, 1],
          ["butter", 599, 1]
        ])
        // "No products found" after the delay is a true not-found; out of stock too.
        expect(summary.notFound.map((n) => n.itemName)).toEqual(["dragonfruit", "maple syrup"])
        expect(summary.failed).toEqual([])
        expect(summary.totalCents).toBe(store.cartTotalCents())
        expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(summary.totalCents)
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })

  describe("shoal shop on a bilingual store with French paths and prices", () => {
    it.scoped("a French list is shopped on French pages: 3,99 $ prices, repeated adds for a quantity, no French checkout or sign-in path requested", () =>
      Effect.gen(function*() {
        const store = yield* makeBilingualStore
        const { layer } = yield* sessionBench(
          "items:\n  - lait 2%\n  - œufs\n  - name: pain\n    quantity: 2\n  - 2 yogourt\n  - bœuf haché\n  - beurre\n  - fruit du dragon\n  - sirop d'érable\n",
          store.profile
        )
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([
          { id: "lactantia-2-milk", quantity: 1 },
          { id: "eggs-12", quantity: 1 },
          { id: "white-bread", quantity: 2 },
          { id: "greek-yogurt", quantity: 2 },
          { id: "ground-beef", quantity: 1 },
          { id: "salted-butter", quantity: 1 }
        ])
        expect(summary.added.map((a) => [a.productName, a.priceCents, a.quantity])).toEqual([
          ["Lait 2% Lactantia 2 L", 549, 1],
          ["Gros œufs blancs, 12", 429, 1],
          ["Pain blanc Bon Matin 675 g", 399, 2],
          ["Yogourt grec nature 750 g", 366, 2],
          ["Bœuf haché maigre", 1102, 1],
          ["Beurre salé 454 g", 599, 1]
        ])
        expect(summary.notFound.map((n) => n.itemName)).toEqual(["fruit du dragon", "sirop d'érable"])
        expect(summary.totalCents).toBe(store.cartTotalCents())
        expect(summary.differences).toEqual([])
        expect(store.hits().filter((h) => forbiddenPaths.includes(h.path))).toEqual([])
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })

  describe("shoal shop with a model on the client-rendered store", () => {
    it.scoped("the model's search waits for the delayed results; its stepper clicks are confirmed in the cart; the price is the tile's, not the deal the model copied", () =>
      Effect.gen(function*() {
        const store = yield* makeAppStore
        const { layer, read } = yield* sessionBench("items:\n  - name: bread\n    quantity: 2\n  - butter\n", store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          // bread: the results arrive ~1 s after load; the navigate tool shows them once they have
          navigateTo("/search?q=bread"),
          clickOn("button", /Add to cart Bon Matin/),
          clickOn("button", /Increase quantity/),
          // The report comes at once; the debounced stepper has not sent the count yet.
          ScriptedLlm.toolCall("report_item_added", { item_name: "Bon Matin White Bread 675 g", price_text: "$7.00", price_cents: 700, url: "/product/white-bread", quantity: 2 }),
          // butter: a false report — nothing was clicked
          navigateTo("/search?q=butter"),
          ScriptedLlm.toolCall("report_item_added", { item_name: "Salted Butter 454 g", price_text: "$5.99", price_cents: 599, url: "/product/salted-butter", quantity: 1 })
        ]))
        const summary = yield* shop({ timeBudget: "40 seconds", progress: quiet }).pipe(Effect.provide(layer), Effect.provide(model))
        expect(store.cart()).toEqual([{ id: "white-bread", quantity: 2 }])
        expect(summary.added.map((a) => [a.productName, a.priceCents, a.quantity, a.lineCents])).toEqual([["Bon Matin White Bread 675 g", 399, 2, 700]])
        expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["butter", "not_in_cart"]])
        expect(summary.totalCents).toBe(store.cartTotalCents())
        expect(yield* read).toContain("  - name: butter\n    tags: [ \"#failed\" ]\n")
      }).pipe(Effect.provide(nodePlatform)), 120_000)
  })
})
