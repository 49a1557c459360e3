/**
 * The `ShoppingListProvider` port (seeds/003 §1): where the list lives and
 * where results go.
 *
 * Where it sits: the shop orchestrator asks it for the open items once, then
 * records each item's outcome the moment it is known and delivers the
 * summary at the end. Layers: `layerYamlFile` (a YAML file the user edits;
 * every update re-reads it and is written atomically) and `layerMemoryList`
 * (tests). A Home Assistant or other provider is one more layer.
 */
import { Context } from "effect"
import type { Effect } from "effect"
import type { ItemId, ShoppingListItem } from "../../domain/shop/item.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import type { ShoppingListError } from "./errors.js"

export interface ShoppingListProviderShape {
  /** Where the list lives, for messages. */
  readonly location: string
  /** Items with status `needs_action`, in list order. */
  readonly uncompletedItems: Effect.Effect<ReadonlyArray<ShoppingListItem>, ShoppingListError>
  /** In the cart: status `completed`; shopping's own `#404`/`#failed` tags and explanation are cleared. */
  readonly markCompleted: (id: ItemId) => Effect.Effect<void, ShoppingListError>
  /** Tag `#404` and keep the explanation; the item stays open. */
  readonly markNotFound: (id: ItemId, explanation: string) => Effect.Effect<void, ShoppingListError>
  /** Tag `#failed` and keep the error; the item stays open. */
  readonly markFailed: (id: ItemId, error: string) => Effect.Effect<void, ShoppingListError>
  /** Deliver the report; returns where it went (a file path, a notification id). */
  readonly sendSummary: (summary: ShoppingSummary) => Effect.Effect<string, ShoppingListError>
}

export class ShoppingListProvider extends Context.Tag("shoal/ShoppingListProvider")<
  ShoppingListProvider,
  ShoppingListProviderShape
>() {}
