/**
 * `shop` end to end in real headless Chromium against the fixture store,
 * with the YAML list on disk: the final file, the cart and the summary are
 * what is asserted, not only the transcript.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { makeFixtureStore, fixtureCredentials } from "../../fakes/store/server.js"
import { bench, clickOn, credentials, everythingSent, navigateTo, nodePlatform } from "./fixtures.js"

const threeItems = `# this week
items:
  - name: milk   # 2%
    aisle: dairy
  - name: dragonfruit
  - name: saffron
`

describe("shoal shop with a model", () => {
  it.scopedLive("one added, one not found, one timed out: the YAML states, tags, explanations and summary totals", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer, read } = yield* bench(threeItems, store.profile)
      const model = yield* Layer.build(ScriptedLlm.layer([
        // milk
        navigateTo("/search?filter=milk"),
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
      const summary = yield* shop({ timeBudget: "2500 millis", maxTurns: 10, credentials }).pipe(
        Effect.provide(layer),
        Effect.provide(model)
      )
      expect(summary.added.map((a) => [a.itemName, a.productName, a.priceCents, a.quantity])).toEqual([["milk", "Lactantia 2% Milk 2 L", 549, 2]])
      expect(summary.notFound.map((n) => [n.itemName, n.explanation])).toEqual([["dragonfruit", "The store has no dragonfruit."]])
      expect(summary.failed.map((f) => [f.itemName, f.reason])).toEqual([["saffron", "timeout"]])
      expect(summary.totalCents).toBe(1098)
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
    explanation: no result within the 2s 500ms time budget
`)
      expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
      const scripted = yield* Effect.provide(ScriptedLlm, model)
      expect(yield* scripted.remaining).toBe(0)
      const sent = everythingSent(yield* scripted.requests)
      expect(sent).toContain("Lactantia 2% Milk 2 L")
      expect(sent).not.toContain(fixtureCredentials.password)
      expect(sent).not.toContain(fixtureCredentials.username)
    }).pipe(Effect.provide(nodePlatform)), 30_000)
})
