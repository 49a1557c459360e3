/**
 * A shop run's state, as the SessionStore keeps it after every item: the
 * items this run set out to shop, how far it got, each outcome, the pure
 * `nextStep` state carried from item to item, the cart as last read, and the
 * summary once written. A run stopped half-way resumes from it
 * (`shoal shop --resume`) without shopping again what it already did.
 */
import { Option, Schema } from "effect"
import type { CartView } from "../../domain/shop/cart.js"
import { ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { initialShopState, ShopState } from "../../domain/shop/shop-step.js"
import { ShoppingSummary } from "../../domain/shop/summary.js"
import type { SessionKind } from "../../services/session-store/session-kind.js"

/** domain/shop/cart.ts's `CartView`, as a Schema (the same shape, so a stored cart is a `CartView`). */
export const StoredCart = Schema.Struct({
  lines: Schema.Array(Schema.Struct({
    name: Schema.String,
    url: Schema.UndefinedOr(Schema.String),
    quantity: Schema.Number,
    lineCents: Schema.UndefinedOr(Schema.Number)
  })),
  totalCents: Schema.UndefinedOr(Schema.Number),
  saysEmpty: Schema.Boolean
})
// Checked by the compiler: a stored cart is a CartView and back.
const _cartIsCartView = (c: typeof StoredCart.Type): CartView => c
const _cartViewIsCart = (c: CartView): typeof StoredCart.Type => c
void _cartIsCartView
void _cartViewIsCart

/** Where the run stands: before its first item (session and cart not checked yet), shopping, or done. */
export const ShopPhase = Schema.Literal("start", "items", "done")
export type ShopPhase = typeof ShopPhase.Type

export const ShopRun = Schema.Struct({
  phase: ShopPhase,
  /** Where the list is (`ShoppingListProvider.location`): a resume goes on with the same list. */
  list: Schema.String,
  store: Schema.String,
  /** What this run set out to shop, in order (read from the list at the start). */
  items: Schema.Array(ShoppingListItem),
  /** The index of the next item to shop. */
  next: Schema.NonNegativeInt,
  outcomes: Schema.Array(ItemOutcome),
  decisions: ShopState,
  cartAtStart: Schema.Option(StoredCart),
  /** The cart as last read: the "before" of the next add; none means read it again first. */
  cart: Schema.Option(StoredCart),
  summary: Schema.Option(ShoppingSummary)
})
export type ShopRun = typeof ShopRun.Type

export const initialShopRun: ShopRun = {
  phase: "start",
  list: "",
  store: "",
  items: [],
  next: 0,
  outcomes: [],
  decisions: initialShopState({ watchAuth: false, haveCredentials: false }),
  cartAtStart: Option.none(),
  cart: Option.none(),
  summary: Option.none()
}

export const shopRuns: SessionKind<ShopRun, typeof ShopRun.Encoded> = { name: "shop", version: 1, schema: ShopRun }

/** One line for `--list`: where a stored run stands. */
export const describeShopRun = (run: ShopRun): string => {
  const done = run.outcomes.length
  switch (run.phase) {
    case "start":
      return run.items.length === 0 ? "not started" : `stopped: ${done} of ${run.items.length} item(s) done at ${run.store}`
    case "items":
      return `stopped: ${done} of ${run.items.length} item(s) done at ${run.store}`
    case "done":
      return `finished: ${done} item(s) at ${run.store}`
  }
}
