/**
 * An add is true only when the cart says so. After a shopper reports an
 * item added, the price is read from the tile or product block it was added
 * from, and the cart page is read back: the product's quantity there must
 * have grown by exactly what the list asks for. When the store has no
 * readable cart page, a changed cart badge or a toast naming the product is
 * the next best proof; with none of these the item failed, with the reason.
 *
 * Where it sits: called by the orchestrator after every `ItemAdded`,
 * whichever shopper (model or rules) reported it. `decideAdd` is the pure
 * verdict; `verifyAdd` gathers the evidence through the Browser.
 */
import { Duration, Effect } from "effect"
import { cartGrowth, quantityInCart, sameProduct } from "../../domain/shop/cart.js"
import type { CartGrowth, CartView } from "../../domain/shop/cart.js"
import { Cents, ItemAdded, ItemFailed } from "../../domain/shop/item.js"
import type { ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { formatIn, moneyStyleOf } from "../../domain/shop/money-style.js"
import type { MoneyStyle } from "../../domain/shop/money-style.js"
import { formatMoney, readTilePrice } from "../../domain/shop/price.js"
import type { TilePrice } from "../../domain/shop/price.js"
import { findTiles, productBlock, textOf } from "../../domain/shop/tiles.js"
import { samePage } from "../../domain/shop/url-guard.js"
import { Browser } from "../../services/browser/browser.js"
import { addQuiet, readCartPage, readPage } from "./page-reading.js"

export type AddVerdict =
  | { readonly _tag: "Confirmed"; readonly cartLineCents: number | undefined; readonly how: string }
  | { readonly _tag: "NotInCart"; readonly why: string }
  | { readonly _tag: "WrongQuantity"; readonly have: number; readonly want: number }

/** A cart page that says what is in it, or that it is empty. */
const readable = (cart: CartView | undefined): cart is CartView => cart !== undefined && (cart.lines.length > 0 || cart.saysEmpty)

/**
 * The verdict from the cart before and after (either may be unreadable) and
 * the page's own signals. Pure.
 */
export const decideAdd = (
  product: { readonly name: string; readonly url: string | undefined },
  want: number,
  before: CartView | undefined,
  after: CartView | undefined,
  pageSignal: boolean
): AddVerdict => {
  if (!readable(after)) {
    return pageSignal
      ? { _tag: "Confirmed", cartLineCents: undefined, how: "the cart badge or a message on the page (the cart page could not be read)" }
      : { _tag: "NotInCart", why: "neither the cart page, the cart badge nor a message on the page shows it was added" }
  }
  const had = before === undefined ? 0 : quantityInCart(before, product)
  const has = quantityInCart(after, product)
  const added = has - had
  if (has === 0) return { _tag: "NotInCart", why: `the cart page does not list ${product.name}` }
  if (added !== want) return { _tag: "WrongQuantity", have: Math.max(0, added), want }
  const line = after.lines.find((l) => sameProduct(l, product))
  return { _tag: "Confirmed", cartLineCents: had === 0 ? line?.lineCents : undefined, how: "the cart page" }
}

/** The price on the tile (search results) or product block (product page) the product was added from. */
export const priceWhereAdded = (
  nodes: Parameters<typeof findTiles>[0],
  pageUrl: string,
  product: { readonly name: string; readonly url: string | undefined },
  productPathPattern: string,
  addToCart: RegExp
): TilePrice | undefined => {
  const tile = findTiles(nodes, pageUrl, productPathPattern, addToCart).find((t) => sameProduct(t, product))
  if (tile !== undefined) return readTilePrice(tile.texts)
  const block = productBlock(nodes, addToCart)
  return block === undefined ? undefined : readTilePrice(block.texts)
}

/**
 * The cart page, to judge an add by. Reading it touches nothing, so a page
 * that could not be read once (a slow or busy store's error page) is read
 * again before the add is called missing or unknown.
 */
const readCartToJudge: Effect.Effect<CartView | undefined, never, Browser> = Effect.flatMap(
  readCartPage(),
  (first) => readable(first) ? Effect.succeed(first) : readCartPage()
)

/** Check a reported add against the store; the outcome to record and the cart as it now is. */
export const verifyAdd = (reported: ItemAdded, want: number, before: CartView | undefined, pageSignal: boolean) =>
  Effect.gen(function*() {
    const browser = yield* Browser
    const store = browser.store
    const product = { name: reported.productName, url: reported.url.length > 0 ? reported.url : undefined }
    // The price from where the add happened, before leaving the page.
    const here = yield* Effect.option(readPage)
    // An add that lands on the cart page: its line shows the line's total, not the price of one — keep the tile's.
    const price = here._tag === "Some" && !samePage(here.value.snapshot.url, store.cartUrl)
      ? priceWhereAdded(here.value.nodes, here.value.snapshot.url, product, store.productPathPattern, new RegExp(store.addToCartPattern, "i"))
      : undefined
    const after = yield* readCartToJudge
    const verdict = decideAdd(product, want, before, after, pageSignal)
    const withPrice = new ItemAdded({
      itemId: reported.itemId,
      itemName: reported.itemName,
      productName: reported.productName,
      priceText: price?.text ?? reported.priceText,
      priceCents: price === undefined ? reported.priceCents : Cents.make(price.unitCents),
      url: reported.url,
      quantity: want,
      ...(price?.multiBuy === undefined ? {} : { multiBuy: price.multiBuy }),
      ...(verdict._tag === "Confirmed" && verdict.cartLineCents !== undefined ? { cartLineCents: Cents.make(verdict.cartLineCents) } : {})
    })
    if (price !== undefined && price.unitCents !== reported.priceCents && reported.priceCents > 0) {
      yield* Effect.logInfo(`shop: ${reported.productName} is ${formatMoney(price.unitCents)} on its tile (reported ${formatMoney(reported.priceCents)})`)
    }
    return { verdict, added: withPrice, cart: after }
  })

/**
 * A try that ended without a report may still have added: a click that timed
 * out on the store's slow reply, a connection dropped after the request went
 * out, a model out of turns after its add. What the cart gained since the
 * item began is then its outcome, and it is not shopped again — a retry that
 * does not look adds twice. Undefined when the cart gained nothing: nothing
 * reached the store, and shopping again is safe. Pure.
 */
export const decideLanded = (
  item: ShoppingListItem,
  want: number,
  growth: ReadonlyArray<CartGrowth>,
  why: string,
  money: MoneyStyle
): ItemOutcome | undefined => {
  const [first, ...others] = growth
  if (first === undefined) return undefined
  const ids = { itemId: item.id, itemName: item.name }
  if (others.length > 0) {
    const names = growth.map((g) => `${g.gained} × ${g.line.name}`).join(", ")
    return new ItemFailed({ ...ids, reason: "agent_error", error: `the cart gained ${names} while the try failed (${why}); not tried again, so nothing is added twice` })
  }
  const { gained, line } = first
  if (gained !== want) {
    return new ItemFailed({ ...ids, reason: "wrong_quantity", error: `${line.name}: the cart gained ${gained}, the list asks for ${want} (the try failed: ${why})` })
  }
  const unitCents = line.lineCents === undefined ? 0 : Math.round(line.lineCents / line.quantity)
  return new ItemAdded({
    ...ids,
    productName: line.name,
    priceText: formatIn(money, unitCents),
    priceCents: Cents.make(unitCents),
    url: line.url ?? "",
    quantity: want,
    ...(line.quantity === gained && line.lineCents !== undefined ? { cartLineCents: Cents.make(line.lineCents) } : {})
  })
}

/** What the cart says of a try that failed: it added (the outcome), it added nothing, or the cart cannot tell. */
export type LandedVerdict =
  | { readonly _tag: "Landed"; readonly outcome: ItemOutcome; readonly cart: CartView }
  | { readonly _tag: "NothingLanded" }
  | { readonly _tag: "Unknown" }

/**
 * How long a store may take to answer what a failed try sent before its cart
 * is read all the same (the browser counts a request open longer than 10 s
 * as a long poll's, not the add's).
 */
export const answerBound = Duration.seconds(12)

/**
 * After a try that failed: once the page has stopped sending (the add a
 * click gave up on may still be on its way: the store counts it when it has
 * done its work, and opening the cart page would not stop that), read the
 * cart and compare it with the cart before the item (`decideLanded`).
 * Nothing to compare with, or a cart page that cannot be read, is `Unknown`.
 */
export const landedAnyway = (item: ShoppingListItem, want: number, before: CartView | undefined, why: string): Effect.Effect<LandedVerdict, never, Browser> =>
  Effect.gen(function*() {
    const unknown: LandedVerdict = { _tag: "Unknown" }
    if (before === undefined) return unknown
    yield* Effect.flatMap(Browser, (browser) => browser.settled(addQuiet, answerBound))
    const after = yield* readCartToJudge
    if (!readable(after)) return unknown
    const page = yield* Effect.option(readPage)
    const money = moneyStyleOf(page._tag === "Some" ? page.value.nodes.map(textOf) : [])
    const outcome = decideLanded(item, want, cartGrowth(before, after), why, money)
    const verdict: LandedVerdict = outcome === undefined ? { _tag: "NothingLanded" } : { _tag: "Landed", outcome, cart: after }
    return verdict
  })
