/**
 * The `ShoppingListProvider` port (seeds/003 §1): where the list lives and
 * where results go.
 *
 * Where it sits: the CLI checks it can be written before a browser starts;
 * the shop orchestrator asks it for the items to shop once, marks each one
 * started before shopping it, records its outcome the moment it is known
 * and delivers the summary at the end. Layers: `layerYamlFile` (a YAML file the user edits;
 * every update re-reads it and is written atomically) and `layerMemoryList`
 * (tests). A Home Assistant or other provider is one more layer.
 */
import { Context } from "effect"
import type { Effect } from "effect"
import type { HeldBack, ItemId, ShoppingListItem } from "../../domain/shop/item.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import type { ShoppingListError } from "./errors.js"

/** An open item this run leaves alone, and why (`heldBack` in domain/shop/item.ts). */
export interface HeldBackItem {
  readonly item: ShoppingListItem
  readonly why: HeldBack
}

export interface ShoppingListProviderShape {
  /** Where the list lives, for messages. */
  readonly location: string
  /**
   * The items to shop this run, in list order: status `needs_action`, except
   * those held back — `#404` (unless the provider was made to retry them)
   * and `#in-progress` (interrupted mid-item by an earlier run).
   */
  readonly uncompletedItems: Effect.Effect<ReadonlyArray<ShoppingListItem>, ShoppingListError>
  /** How many items the list holds, done or not: 0 is an empty list, not one whose items are all done. */
  readonly itemCount: Effect.Effect<number, ShoppingListError>
  /** The open items this run does not shop, with the reason, for the user to see. */
  readonly heldBackItems: Effect.Effect<ReadonlyArray<HeldBackItem>, ShoppingListError>
  /** Before anything is shopped: can results be written? Fails with what is wrong, touching nothing. */
  readonly checkWritable: Effect.Effect<void, ShoppingListError>
  /**
   * Tag `#in-progress` before the shopper may add anything, so a run stopped
   * after the add does not add the item again next time. Any result replaces it.
   */
  readonly markStarted: (id: ItemId) => Effect.Effect<void, ShoppingListError>
  /** In the cart: status `completed`; shopping's own `#404`/`#failed`/`#in-progress` tags and explanation are cleared. */
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
