/** The orchestrator without a browser: what it does when there is nothing to shop. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { shop } from "../../../src/agents/shop/orchestrator.js"
import { ItemId, ItemName, ShoppingListItem } from "../../../src/domain/shop/item.js"
import { metroProfile } from "../../../src/domain/shop/store-profile.js"
import { Browser } from "../../../src/services/browser/browser.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerMemoryList, MemoryShoppingList } from "../../../src/services/shopping-list/memory.js"

// Any browser call other than reading the store profile and what it blocked fails the test.
const noBrowser = Layer.mock(Browser, { store: metroProfile, blockedRequests: Effect.succeed([]) })

describe("shop orchestrator", () => {
  it.effect("a list with nothing open touches neither browser nor model, and still delivers an empty summary", () =>
    Effect.gen(function*() {
      const done = new ShoppingListItem({ id: ItemId.make("tea"), name: ItemName.make("tea"), status: "completed", tags: [] })
      const summary = yield* shop()
      expect(summary.totalCents).toBe(0)
      expect(summary.cartUrl).toBe(metroProfile.cartUrl)
      const list = yield* MemoryShoppingList
      expect(yield* list.summaries).toEqual([summary])
      expect(yield* list.items).toEqual([done])
    }).pipe(
      Effect.provide(Layer.mergeAll(
        layerMemoryList([new ShoppingListItem({ id: ItemId.make("tea"), name: ItemName.make("tea"), status: "completed", tags: [] })]),
        noBrowser,
        ScriptedLlm.layer([])
      ))
    ))
})
