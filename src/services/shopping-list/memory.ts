/**
 * `layerMemoryList`: a shopping list held in memory, for orchestrator tests and
 * the lists `shoal serve` is sent (agents/shop/list-agent.ts). It
 * records every update and the delivered summary so a test can assert them.
 */
import { Context, Effect, Layer, Ref } from "effect"
import { failedTag, heldBack, inProgressTag, notFoundTag, shoppingTags, ShoppingListItem } from "../../domain/shop/item.js"
import type { ItemId, ShoppingRules } from "../../domain/shop/item.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import { ShoppingListItemMissing } from "./errors.js"
import { ShoppingListProvider } from "./shopping-list-provider.js"
import type { HeldBackItem } from "./shopping-list-provider.js"

export interface MemoryShoppingListShape {
  readonly items: Effect.Effect<ReadonlyArray<ShoppingListItem>>
  readonly summaries: Effect.Effect<ReadonlyArray<ShoppingSummary>>
}

export class MemoryShoppingList extends Context.Tag("shoal/MemoryShoppingList")<MemoryShoppingList, MemoryShoppingListShape>() {}

/** Provides `ShoppingListProvider` over these items, and `MemoryShoppingList` to inspect them. */
export const layerMemoryList = (
  initial: ReadonlyArray<ShoppingListItem>,
  rules: ShoppingRules = { retryNotFound: false }
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
      const tags = item.tags.filter((t) => !shoppingTags.includes(t))
      return new ShoppingListItem({
        id: item.id,
        name: item.name,
        status,
        tags: add === undefined ? tags : [...tags, add],
        ...(explanation === undefined ? {} : { explanation }),
        ...(item.quantity === undefined ? {} : { quantity: item.quantity })
      })
    }
    const open = Effect.map(Ref.get(items), (all) => all.filter((i) => i.status === "needs_action"))
    return Context.make(ShoppingListProvider, {
      location,
      uncompletedItems: Effect.map(open, (all) => all.filter((i) => heldBack(i, rules) === undefined)),
      itemCount: Effect.map(Ref.get(items), (all) => all.length),
      heldBackItems: Effect.map(open, (all) =>
        all.flatMap((item): Array<HeldBackItem> => {
          const why = heldBack(item, rules)
          return why === undefined ? [] : [{ item, why }]
        })),
      checkWritable: Effect.void,
      markStarted: (id) =>
        update(id, (i) => i.tags.includes(inProgressTag) ? i : new ShoppingListItem({ ...i, tags: [...i.tags, inProgressTag] })),
      markCompleted: (id) => update(id, (i) => retag(i, undefined, undefined, "completed")),
      // Not found or failed, the item is open again, even after an earlier markCompleted (the cart at the end did not hold it).
      markNotFound: (id, explanation) => update(id, (i) => retag(i, notFoundTag, explanation, "needs_action")),
      markFailed: (id, error) => update(id, (i) => retag(i, failedTag, error, "needs_action")),
      sendSummary: (summary) => Effect.as(Ref.update(summaries, (s) => [...s, summary]), location)
    }).pipe(Context.add(MemoryShoppingList, { items: Ref.get(items), summaries: Ref.get(summaries) }))
  }))
