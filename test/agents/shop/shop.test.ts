/**
 * `shop` end to end in real headless Chromium against the fixture store,
 * with the YAML list on disk: the final file, the cart and the summary are
 * what is asserted, not only the transcript.
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeFixtureStore, fixtureCredentials } from "../../fakes/store/server.js"
import { fixtureChromium } from "../../fakes/store/browser.js"
import { clickOn, credentials, everythingSent, navigateTo, nodePlatform, sessionBench } from "./fixtures.js"

const threeItems = `# this week
items:
  - name: milk   # 2%
    aisle: dairy
  - name: dragonfruit
  - name: saffron
`

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })((it) => {
  describe("shoal shop with a model", () => {
    it.scoped("one added, one not found, one timed out: the YAML states, tags, explanations and summary totals (the cart's, not the model's)", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench(threeItems, store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          // milk
          navigateTo("/search?filter=milk"),
          // A stale ref is a tool error the model sees and recovers from.
          ScriptedLlm.toolCall("click", { ref: "e999" }),
          clickOn("link", /Lactantia/),
          clickOn("button", /Add to cart/),
          ScriptedLlm.toolCalls([
            {
              name: "report_item_added",
              input: { item_name: "Lactantia 2% Milk 2 L", price_text: "$5.49", price_cents: 549, url: `${store.url}/aisles/p/milk-2l`, quantity: 2 }
            },
            // The first report ends the item; this one is ignored.
            { name: "report_item_not_found", input: { item_name: "milk", explanation: "second thoughts" } }
          ]),
          // dragonfruit
          navigateTo("/search?filter=dragonfruit"),
          ScriptedLlm.toolCall("report_item_not_found", { item_name: "dragonfruit", explanation: "The store has no dragonfruit." }),
          // saffron: its search page never answers
          navigateTo("/search?filter=saffron")
        ]))
        // saffron's page never answers, so its timeout does not depend on the budget's size: the budget is
        // generous, so that milk's add and cart read-back fit in it even on a loaded machine.
        const summary = yield* shop({ timeBudget: "12 seconds", maxTurns: 10, credentials }).pipe(
          Effect.provide(layer),
          Effect.provide(model)
        )
        // The model claimed 2; the list asks for 1 and the cart holds 1: the cart is believed.
        expect(summary.added.map((a) => [a.itemName, a.productName, a.priceCents, a.quantity])).toEqual([["milk", "Lactantia 2% Milk 2 L", 549, 1]])
        expect(summary.notFound.map((n) => [n.itemName, n.explanation])).toEqual([["dragonfruit", "The store has no dragonfruit."]])
        expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["saffron", "timeout"]])
        expect(summary.totalCents).toBe(549)
        expect(summary.fromCart).toBe(true)
        expect(yield* read).toBe(`# this week
items:
  - name: milk # 2%
    aisle: dairy
    status: completed
  - name: dragonfruit
    tags: [ "#404" ]
    explanation: The store has no dragonfruit.
  - name: saffron
    tags: [ "#failed" ]
    explanation: no result within the 12s time budget
`)
        expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
        const scripted = yield* Effect.provide(ScriptedLlm, model)
        expect(yield* scripted.remaining).toBe(0)
        const sent = everythingSent(yield* scripted.requests)
        expect(sent).toContain("Lactantia 2% Milk 2 L")
        expect(sent).toContain("StaleRef: element e999 is not on the page any more")
        expect(sent).not.toContain(fixtureCredentials.password)
        expect(sent).not.toContain(fixtureCredentials.username)
      }).pipe(Effect.provide(nodePlatform)), 90_000)
  })

  describe("shoal shop believes the cart, not the report", () => {
    it.scoped("an add the cart does not show is #failed (not_in_cart) and counts nothing; the summary total is the cart's", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench("items:\n  - eggs\n", store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          navigateTo("/search?filter=eggs"),
          clickOn("link", /Eggs/),
          // No click on "Add to cart": the report is false.
          ScriptedLlm.toolCall("report_item_added", { item_name: "Large White Eggs", price_text: "$4.29", price_cents: 429, url: "", quantity: 1 })
        ]))
        // The read-back waits a bounded while for a cart drawn late; the budget leaves room for that on a loaded machine.
        const summary = yield* shop({ timeBudget: "45 seconds", credentials }).pipe(Effect.provide(layer), Effect.provide(model))
        expect(store.cart()).toEqual([])
        expect(summary.added).toEqual([])
        expect(summary.failed.map((f) => f.reason)).toEqual(["not_in_cart"])
        expect(summary.totalCents).toBe(0)
        expect(yield* read).toContain("  - name: eggs\n    tags: [ \"#failed\" ]\n    explanation: reported added (Large White Eggs), but the cart page does not list Large White Eggs")
      }).pipe(Effect.provide(nodePlatform)), 90_000)
  })

  const eggsAndBread = "items:\n  - eggs\n  - bread\n"

  const buyScript = (query: string, product: RegExp) => [
    navigateTo(`/search?filter=${query}`),
    clickOn("link", product),
    clickOn("button", /Add to cart/),
    ScriptedLlm.toolCall("report_item_added", { item_name: query, price_text: "$1.00", price_cents: 100, url: "", quantity: 1 })
  ]

  describe("shoal shop when the store session expires", () => {
    it.scoped("an expiry mid-item triggers exactly one re-login, then the item is retried and both items are bought", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench(eggsAndBread, store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          () => {
            store.expireSessions()
            return navigateTo("/search?filter=eggs")
          },
          ...buyScript("eggs", /Eggs/),
          ...buyScript("bread", /Bread/)
        ]))
        // The budget is not what this asserts: an item's re-login and retry took over 20 s with two full runs at once.
        const summary = yield* shop({ timeBudget: "60 seconds", credentials }).pipe(Effect.provide(layer), Effect.provide(model))
        expect(store.logins()).toBe(2) // the one before the first item, and exactly one re-login
        expect(summary.added.map((a) => a.itemName)).toEqual(["eggs", "bread"])
        // An empty or relative URL from the model is resolved against the page it was on.
        expect(summary.added.map((a) => a.url)).toEqual([`${store.url}/aisles/p/eggs-12?added=1`, `${store.url}/aisles/p/bread-white?added=1`])
        expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "bread-white", quantity: 1 }])
        expect(yield* read).toBe("items:\n  - name: eggs\n    status: completed\n  - name: bread\n    status: completed\n")
        const scripted = yield* Effect.provide(ScriptedLlm, model)
        expect(yield* scripted.remaining).toBe(0)
        const sent = everythingSent(yield* scripted.requests)
        expect(sent).not.toContain(fixtureCredentials.password)
        expect(sent).not.toContain(fixtureCredentials.username)
      }).pipe(Effect.provide(nodePlatform)), 150_000)

    it.scoped("a failed re-login marks the item auth_recovery_failed, and later items are not retried with the bad credentials", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench(eggsAndBread, store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          () => {
            store.rejectLogins()
            store.expireSessions()
            return navigateTo("/search?filter=eggs")
          }
        ]))
        // The budget is not what this asserts: an item's re-login and retry took over 20 s with two full runs at once.
        const summary = yield* shop({ timeBudget: "60 seconds", credentials }).pipe(Effect.provide(layer), Effect.provide(model))
        expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["eggs", "auth_recovery_failed"], ["bread", "auth_recovery_failed"]])
        expect(store.hits().filter((h) => h.method === "POST" && h.path === "/en/login")).toHaveLength(2)
        expect(yield* read).toContain("  - name: bread\n    tags: [ \"#failed\" ]\n")
      }).pipe(Effect.provide(nodePlatform)), 150_000)
  })

  describe("shoal shop limits", () => {
    it.scoped("the turn limit ends an item as failed (max_turns) and the run goes on", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench("items:\n  - eggs\n", store.profile)
        const model = yield* Layer.build(ScriptedLlm.layer([
          ScriptedLlm.toolCall("snapshot", {}),
          ScriptedLlm.toolCall("scroll", { direction: "down" })
        ]))
        const summary = yield* shop({ maxTurns: 2, credentials }).pipe(Effect.provide(layer), Effect.provide(model))
        expect(summary.failed.map((f) => f.reason)).toEqual(["max_turns"])
        expect(yield* read).toContain("explanation: no result after 2 model turns")
      }).pipe(Effect.provide(nodePlatform)), 30_000)

    it.scoped("an unreachable store is a network failure, retried exactly once", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const unreachable = new StoreProfile({ ...store.profile, auth: undefined, baseUrl: "http://127.0.0.1:9/", allowedHosts: ["127.0.0.1:9"] })
        const { layer, read } = yield* sessionBench("items:\n  - eggs\n", unreachable)
        const model = yield* Layer.build(ScriptedLlm.layer([]))
        const lines: Array<string> = []
        const summary = yield* shop({ progress: (line) => Effect.sync(() => void lines.push(line)) }).pipe(
          Effect.provide(layer),
          Effect.provide(model)
        )
        expect(summary.failed.map((f) => f.reason)).toEqual(["network"])
        expect(lines.filter((l) => l.includes("trying once more"))).toHaveLength(1)
        expect(yield* read).toContain("#failed")
      }).pipe(Effect.provide(nodePlatform)), 30_000)
  })

  describe("a store that does not answer", () => {
    it.scoped("stops the run once, with one clear line, after the first item's retry; the other items are not tried and stay open on the list", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const unreachable = new StoreProfile({ ...store.profile, auth: undefined, baseUrl: "http://127.0.0.1:9/", allowedHosts: ["127.0.0.1:9"] })
        const { layer, read } = yield* sessionBench("items:\n  - eggs\n  - milk\n  - bread\n", unreachable)
        const model = yield* Layer.build(ScriptedLlm.layer([]))
        const lines: Array<string> = []
        const summary = yield* shop({ progress: (line) => Effect.sync(() => void lines.push(line)) }).pipe(
          Effect.provide(layer),
          Effect.provide(model)
        )
        // One retry in all, for the first item only; then one line, and no item after it is tried.
        expect(lines.filter((l) => l.includes("trying once more"))).toHaveLength(1)
        expect(lines.filter((l) => l.startsWith("[")), lines.join("\n")).toEqual(["[1/3] eggs"])
        const stop = lines.filter((l) => l.includes("is not answering"))
        expect(stop).toHaveLength(1)
        expect(stop[0]).toContain("2 item(s) not tried (milk, bread) are still open on the list")
        expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["eggs", "network"], ["milk", "network"], ["bread", "network"]])
        expect(summary.failed[1]?.error).toContain("not tried")
        const list = yield* read
        expect(list).toContain("- name: eggs\n    tags: [ \"#failed\" ]")
        expect(list).toContain("  - milk\n  - bread\n")
      }).pipe(Effect.provide(nodePlatform)), 60_000)
  })

  describe("the cart at the end of the run decides", () => {
    it.scoped("an add confirmed at the time that the store dropped later is failed, its list entry open again; the total is the cart's", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        // The eggs' hold lapses when the milk goes in: their add was confirmed, and the cart at the end lacks them.
        store.lapse("eggs-12")
        const { layer, read } = yield* sessionBench("items:\n  - eggs\n  - milk\n", store.profile)
        const summary = yield* shop({ credentials }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
        expect(summary.added.map((a) => a.itemName)).toEqual(["milk"])
        expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["eggs", "not_in_cart"]])
        expect(summary.failed[0]?.error).toMatch(/^Large White Eggs, 12 count was confirmed when added, but is not in the cart at the end of the run/)
        expect(summary.totalCents).toBe(549)
        expect(summary.estimatedCents + summary.differences.reduce((s, d) => s + d.cents, 0)).toBe(549)
        const text = yield* read
        expect(text).toContain("  - name: eggs\n    tags: [ \"#failed\" ]\n")
        expect(text).toContain("  - name: milk\n    status: completed\n")
      }).pipe(Effect.provide(nodePlatform)), 60_000)
  })

  describe("shoal shop offline (no model)", () => {
    it.scoped("the rule-based shopper searches, picks the best name match, adds it and reports; out of stock and unknown items are not found", () =>
      Effect.gen(function*() {
        const store = yield* makeFixtureStore
        const { layer, read } = yield* sessionBench("items:\n  - milk\n  - maple syrup\n  - dragonfruit\n  - eggs\n", store.profile)
        const summary = yield* shop({ credentials }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
        expect(summary.added.map((a) => [a.itemName, a.productName, a.priceCents])).toEqual([
          ["milk", "Lactantia 2% Milk 2 L", 549],
          ["eggs", "Large White Eggs, 12 count", 429]
        ])
        expect(summary.totalCents).toBe(978)
        expect(summary.notFound.map((n) => n.itemName)).toEqual(["maple syrup", "dragonfruit"])
        expect(summary.notFound[0]?.explanation).toContain("out of stock")
        expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }, { id: "eggs-12", quantity: 1 }])
        const text = yield* read
        expect(text).toContain("  - name: milk\n    status: completed\n")
        expect(text).toContain("  - name: maple syrup\n    tags: [ \"#404\" ]\n")
      }).pipe(Effect.provide(nodePlatform)), 60_000)
  })
})
