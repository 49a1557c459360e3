/**
 * `layerMemoryList`: a shopping list held in memory, for orchestrator tests. It
 * records every update and the delivered summary so a test can assert them.
 */
import { Context, Effect, Layer, Ref } from "effect"
import { failedTag, notFoundTag, ShoppingListItem } from "../../domain/shop/item.js"
import type { ItemId } from "../../domain/shop/item.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import { ShoppingListItemMissing } from "./errors.js"
import { ShoppingListProvider } from "./shopping-list-provider.js"

export interface MemoryShoppingListShape {
  readonly items: Effect.Effect<ReadonlyArray<ShoppingListItem>>
  readonly summaries: Effect.Effect<ReadonlyArray<ShoppingSummary>>
}

export class MemoryShoppingList extends Context.Tag("shoal/MemoryShoppingList")<MemoryShoppingList, MemoryShoppingListShape>() {}

/** Provides `ShoppingListProvider` over these items, and `MemoryShoppingList` to inspect them. */
export const layerMemoryList = (
  initial: ReadonlyArray<ShoppingListItem>
): Layer.Layer<ShoppingListProvider | MemoryShoppingList> =>
  Layer.effectContext(Effect.gen(function*() {
    const items = yield* Ref.make(initial)
    const summaries = yield* Ref.make<ReadonlyArray<ShoppingSummary>>([])
    const location = "memory"
    const update = (id: ItemId, f: (item: ShoppingListItem) => ShoppingListItem) =>
      Effect.flatMap(Ref.get(items), (all) =>
        all.some((i) => i.id === id)
          ? Ref.set(items, all.map((i) => (i.id === id ? f(i) : i)))
          : Effect.fail(new ShoppingListItemMissing({ location, itemId: id })))
    const retag = (item: ShoppingListItem, add: string | undefined, explanation: string | undefined, status = item.status) => {
      const tags = item.tags.filter((t) => t !== notFoundTag && t !== failedTag)
      return new ShoppingListItem({
        id: item.id,
        name: item.name,
        status,
        tags: add === undefined ? tags : [...tags, add],
        ...(explanation === undefined ? {} : { explanation }),
        ...(item.quantity === undefined ? {} : { quantity: item.quantity })
      })
    }
    return Context.make(ShoppingListProvider, {
      location,
      uncompletedItems: Effect.map(Ref.get(items), (all) => all.filter((i) => i.status === "needs_action")),
      markCompleted: (id) => update(id, (i) => retag(i, undefined, undefined, "completed")),
      markNotFound: (id, explanation) => update(id, (i) => retag(i, notFoundTag, explanation)),
      markFailed: (id, error) => update(id, (i) => retag(i, failedTag, error)),
      sendSummary: (summary) => Effect.as(Ref.update(summaries, (s) => [...s, summary]), location)
    }).pipe(Context.add(MemoryShoppingList, { items: Ref.get(items), summaries: Ref.get(summaries) }))
  }))
