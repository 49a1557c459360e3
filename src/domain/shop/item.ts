/**
 * The shopping list and what shopping did to each item (seeds/003 "State
 * Tracking"): pure data, decoded at the boundary (the YAML list, the model's
 * report tools) and never trusted before.
 *
 * Where it sits: the ShoppingListProvider yields `ShoppingListItem`s; the
 * orchestrator turns each into exactly one `ItemOutcome` — added, not found
 * or failed — which the provider records and the summary totals.
 */
import { Schema } from "effect"

/** The item's key in its list: the `id` the user wrote, else derived from the name. */
export const ItemId = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.brand("ItemId"))
export type ItemId = typeof ItemId.Type

/** What the user wants, in their words: "milk", "2 lb ground beef". */
export const ItemName = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.brand("ItemName"))
export type ItemName = typeof ItemName.Type

/** seeds/003: an item is open (`needs_action`) until it is in the cart. */
export const ItemStatus = Schema.Literal("needs_action", "completed")
export type ItemStatus = typeof ItemStatus.Type

/** The tags shopping writes; the user's own tags are kept beside them. */
export const notFoundTag = "#404"
export const failedTag = "#failed"
/**
 * Written before an item is shopped and replaced by its result: still there
 * at the start of a run, it means a run stopped mid-item, perhaps after the
 * add, so the item is held back rather than added a second time.
 */
export const inProgressTag = "#in-progress"
/** Every tag shopping owns, cleared when it writes a new result. */
export const shoppingTags: ReadonlyArray<string> = [notFoundTag, failedTag, inProgressTag]

export class ShoppingListItem extends Schema.Class<ShoppingListItem>("ShoppingListItem")({
  id: ItemId,
  name: ItemName,
  status: ItemStatus,
  tags: Schema.Array(Schema.String),
  explanation: Schema.optional(Schema.String),
  /** How many to put in the cart (`quantity: 2`); absent means one, or the count written before the name ("2 milk"). */
  quantity: Schema.optional(Schema.Int.pipe(Schema.between(1, 99)))
}) {}

/** Why an open item is not shopped this run. */
export type HeldBack = "not_found" | "interrupted"

export interface ShoppingRules {
  /** Shop `#404` items again (`--retry-not-found`); by default the store already said it has none. */
  readonly retryNotFound: boolean
}

/** Whether an open (`needs_action`) item is held back this run, and why; `undefined` means shop it. Pure. */
export const heldBack = (item: ShoppingListItem, rules: ShoppingRules): HeldBack | undefined =>
  item.tags.includes(inProgressTag)
    ? "interrupted"
    : item.tags.includes(notFoundTag) && !rules.retryNotFound
    ? "not_found"
    : undefined

/** A deal: `count` for `cents` together ("2 / $7.00"). */
export const MultiBuyDeal = Schema.Struct({ count: Schema.Int.pipe(Schema.greaterThanOrEqualTo(2)), cents: Schema.Int.pipe(Schema.nonNegative()) })

/** Whole cents: money is never a float. */
export const Cents = Schema.Int.pipe(Schema.nonNegative(), Schema.brand("Cents"))
export type Cents = typeof Cents.Type

/** The product put in the cart for an item, as reported (seeds/003 `report_item_added`). */
export class ItemAdded extends Schema.TaggedClass<ItemAdded>()("ItemAdded", {
  itemId: ItemId,
  itemName: ItemName,
  /** The store's name for the product chosen. */
  productName: Schema.String,
  priceText: Schema.String,
  /** The unit price; the line costs `priceCents × quantity`. */
  priceCents: Cents,
  url: Schema.String,
  quantity: Schema.Int.pipe(Schema.greaterThanOrEqualTo(1)),
  /** The tile's multi-buy deal, which the store applies to the line. */
  multiBuy: Schema.optional(MultiBuyDeal),
  /** What the cart charges for this line, when the cart page shows it. */
  cartLineCents: Schema.optional(Cents)
}) {
  /** What the tile's price says the line costs (a deal applied). */
  get lineCents(): number {
    const deal = this.multiBuy
    if (deal === undefined || this.quantity < deal.count) return this.priceCents * this.quantity
    return Math.floor(this.quantity / deal.count) * deal.cents + (this.quantity % deal.count) * this.priceCents
  }
}

/** The store has nothing that fits the item (seeds/003 `report_item_not_found`). */
export class ItemNotFound extends Schema.TaggedClass<ItemNotFound>()("ItemNotFound", {
  itemId: ItemId,
  itemName: ItemName,
  explanation: Schema.String
}) {}

/** Why an item ended without a report (seeds/003 error table). */
export const FailureReason = Schema.Literal(
  "timeout",
  "max_turns",
  "network",
  "model_unavailable",
  "no_report",
  "agent_error",
  "auth_recovery_failed",
  /** Reported added, but the store's cart does not hold it. */
  "not_in_cart",
  /** In the cart, but not as many as the list asks for. */
  "wrong_quantity",
  /** The search results (or a "no results" message) never rendered. */
  "page_not_ready",
  /** The run was stopped (Ctrl-C) during this item or before it; only ever in a summary, never written to the list. */
  "interrupted"
)
export type FailureReason = typeof FailureReason.Type

export class ItemFailed extends Schema.TaggedClass<ItemFailed>()("ItemFailed", {
  itemId: ItemId,
  itemName: ItemName,
  reason: FailureReason,
  error: Schema.String
}) {}

export const ItemOutcome = Schema.Union(ItemAdded, ItemNotFound, ItemFailed)
export type ItemOutcome = typeof ItemOutcome.Type
