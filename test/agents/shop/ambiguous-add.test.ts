/**
 * An add whose click failed after it reached the store — a click that timed
 * out while the store was slow to answer, a connection that dropped on the
 * reply — is not known to have failed: the cart may hold it. A retry that
 * adds again without looking puts two in the cart (seen under load on the
 * market store: the list asked for one chicken, the cart got two). Before
 * any retry, the cart is read: what the item's try put there is its outcome,
 * and nothing is added twice. Real headless Chromium and the fixture
 * store's real cart; the click is made, then reported failed.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { Browser } from "../../../src/services/browser/browser.js"
import type { BrowserShape } from "../../../src/services/browser/browser.js"
import { BrowserActionFailed } from "../../../src/services/browser/errors.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeFixtureStore } from "../../fakes/store/server.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { clickOn, credentials, navigateTo, nodePlatform, sessionBench } from "./fixtures.js"

/**
 * The browser, except that the first click on an add button fails: after the click was made ("after", a timeout
 * on the store's slow reply) or before it reached the store ("before", a connection reset).
 */
const failFirstAdd = (when: "before" | "after", reason: string) => (browser: BrowserShape): BrowserShape => {
  let failedOnce = false
  return {
    ...browser,
    click: (ref) =>
      Effect.gen(function*() {
        const node = parseSnapshot((yield* browser.snapshot()).text).find((n) => n.ref === ref)
        const fails = !failedOnce && node !== undefined && /add to cart/i.test(node.name)
        if (!fails || when === "after") yield* browser.click(ref)
        if (fails) {
          failedOnce = true
          return yield* new BrowserActionFailed({ action: "click", reason, network: true })
        }
      })
  }
}

/** The bench's layer with its Browser replaced by `wrap` of it. */
const wrapping = <ROut, E>(layer: Layer.Layer<ROut | Browser, E>, wrap: (browser: BrowserShape) => BrowserShape) =>
  Layer.unwrapEffect(Effect.map(Effect.provide(Browser, layer), (browser) => Layer.merge(layer, Layer.succeed(Browser, wrap(browser)))))

const addThenTimeout = failFirstAdd("after", "Timeout 1000ms exceeded.")

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("an add reported failed that reached the store", (it) => {
  it.scoped("by rules (offline): the cart is read before the retry; the item is added once, confirmed, and the run goes on", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer, read } = yield* sessionBench("items:\n  - eggs\n  - bread\n", store.profile)
      const lines: Array<string> = []
      const summary = yield* shop({ credentials, progress: (l) => Effect.sync(() => void lines.push(l)) }).pipe(
        Effect.provide(wrapping(layer, addThenTimeout)),
        Effect.provide(layerOffline)
      )
      expect(store.cart(), lines.join("\n")).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "bread-white", quantity: 1 }])
      expect(summary.added.map((a) => [a.itemName, a.productName, a.quantity])).toEqual([
        ["eggs", "Large White Eggs, 12 count", 1],
        ["bread", expect.stringMatching(/bread/i), 1]
      ])
      expect(summary.failed).toEqual([])
      // Said, not hidden: the click failed, the cart shows the add went through, so it is not tried again.
      expect(lines.some((l) => /went through/.test(l) && /Timeout 1000ms exceeded/.test(l)), lines.join("\n")).toBe(true)
      expect(lines.filter((l) => l.includes("trying once more"))).toEqual([])
      expect(yield* read).toContain("  - name: eggs\n    status: completed\n")
    }).pipe(Effect.provide(nodePlatform)), 120_000)

  it.scoped("by the model: the same, and the model is not run again for the item", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer } = yield* sessionBench("items:\n  - eggs\n", store.profile)
      const model = yield* Layer.build(ScriptedLlm.layer([
        navigateTo("/search?filter=eggs"),
        clickOn("link", /Eggs/),
        clickOn("button", /Add to cart/)
        // No more turns: a second run of the model for this item would fail the scripted model.
      ]))
      const summary = yield* shop({ credentials }).pipe(Effect.provide(wrapping(layer, addThenTimeout)), Effect.provide(model))
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
      expect(summary.added.map((a) => [a.itemName, a.productName, a.quantity, a.priceCents])).toEqual([["eggs", "Large White Eggs, 12 count", 1, 429]])
      expect(summary.failed).toEqual([])
    }).pipe(Effect.provide(nodePlatform)), 120_000)

  it.scoped("a retry that finds the cart unchanged shops again, as before: the click failed before it reached the store", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer } = yield* sessionBench("items:\n  - eggs\n", store.profile)
      const lines: Array<string> = []
      const summary = yield* shop({ credentials, progress: (l) => Effect.sync(() => void lines.push(l)) }).pipe(
        Effect.provide(wrapping(layer, failFirstAdd("before", "net::ERR_CONNECTION_RESET"))),
        Effect.provide(layerOffline)
      )
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
      expect(summary.added.map((a) => a.itemName)).toEqual(["eggs"])
      expect(lines.filter((l) => l.includes("trying once more"))).toHaveLength(1)
    }).pipe(Effect.provide(nodePlatform)), 120_000)

  it.scoped("with no cart to compare with (its page cannot be read), a try that clicked is not tried again: failed, named, and added once", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      // The profile's cart page is the store's home page: it never shows cart lines, a total or "empty".
      const { layer, read } = yield* sessionBench("items:\n  - eggs\n", new StoreProfile({ ...store.profile, cartUrl: `${store.url}/` }))
      const lines: Array<string> = []
      const summary = yield* shop({ credentials, progress: (l) => Effect.sync(() => void lines.push(l)) }).pipe(
        Effect.provide(wrapping(layer, addThenTimeout)),
        Effect.provide(layerOffline)
      )
      expect(store.cart(), lines.join("\n")).toEqual([{ id: "eggs-12", quantity: 1 }])
      expect(lines.filter((l) => l.includes("trying once more"))).toEqual([])
      expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["eggs", "network"]])
      expect(summary.failed[0]?.error).toMatch(/cart could not be read.*not tried again.*check the cart/)
      expect(yield* read).toContain("#failed")
    }).pipe(Effect.provide(nodePlatform)), 120_000)
})
