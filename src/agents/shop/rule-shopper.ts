/**
 * One item, shopped by rules — offline mode, no model (DESIGN "Works
 * offline"): open the store's search for the item, wait until the results
 * (or a "no results" message) have rendered, dismiss a consent dialog,
 * rank the product tiles by name similarity (a sponsored tile never ahead
 * of a plain one), and add the best — from its tile when the tile has an
 * add button, else from its product page. The quantity is set with the
 * store's own control: a quantity field, a +/− stepper, or repeated adds.
 * An out-of-stock product (its button disabled or missing) gives way to
 * the next candidate. The price is the one on the tile or product block the
 * item was added from.
 *
 * Where it sits: the orchestrator's fallback when `Llm` says `Offline`; it
 * uses the same Browser (so the same guard) and yields the same `Attempt`s
 * as the model shopper. The orchestrator then checks the add against the
 * cart (verify.ts).
 */
import { Duration, Effect, Option } from "effect"
import { Cents, ItemAdded, ItemNotFound } from "../../domain/shop/item.js"
import type { ShoppingListItem } from "../../domain/shop/item.js"
import type { SnapshotNode } from "../../domain/shop/page-snapshot.js"
import { readTilePrice } from "../../domain/shop/price.js"
import { wanted } from "../../domain/shop/quantity.js"
import { inTheOtherLanguage } from "../../domain/shop/grocery-lexicon.js"
import { nameSimilarity } from "../../domain/shop/similarity.js"
import { searchUrlFor } from "../../domain/shop/store-profile.js"
import { formatCents } from "../../domain/shop/summary.js"
import { findTiles, isAddControl, productBlock } from "../../domain/shop/tiles.js"
import type { Tile } from "../../domain/shop/tiles.js"
import { Browser } from "../../services/browser/browser.js"
import type { BrowserError } from "../../services/browser/errors.js"
import { Attempt } from "./attempt.js"
import type { ShopperOptions } from "./model-shopper.js"
import { awaitAddOnPage, awaitPage, awaitSearchResults, badgeText, dismissConsent, readPage } from "./page-reading.js"

/** Below this, a product is not what the list meant. */
export const matchThreshold = 0.5
/** How long a product page may take to draw its product after loading (stores whose data answers in 0.5–2 s). */
const productRenderBound = Duration.seconds(6)
/** What a store writes on a product it cannot sell now. */
const soldOut = /\b(?:sold out|out of stock|unavailable|not available|épuisé|rupture de stock|non disponible)\b/i
/** Candidates tried before giving up (each may be out of stock). */
const maxCandidates = 3

interface Candidate {
  readonly name: string
  readonly url: string
  readonly score: number
  readonly sponsored: boolean
}

/** Product tiles on a results page, best match first; a sponsored tile after every plain one of any score. Pure. */
export const rankProducts = (
  itemName: string,
  nodes: ReadonlyArray<SnapshotNode>,
  pageUrl: string,
  productPathPattern: string
): ReadonlyArray<Candidate> => rankTiles(itemName, findTiles(nodes, pageUrl, productPathPattern, /(?!)/))

const rankTiles = (itemName: string, tiles: ReadonlyArray<Tile>): ReadonlyArray<Candidate & { readonly tile: Tile }> => {
  const byUrl = new Map<string, Candidate & { readonly tile: Tile }>()
  for (const tile of tiles) {
    if (tile.name.length === 0) continue
    const candidate = { name: tile.name, url: tile.url, score: nameSimilarity(itemName, tile.name), sponsored: tile.sponsored, tile }
    const known = byUrl.get(tile.url)
    // The same product shown sponsored and plain: keep the plain tile.
    if (known === undefined || (known.sponsored && !tile.sponsored)) byUrl.set(tile.url, candidate)
  }
  return [...byUrl.values()].sort((a, b) => Number(a.sponsored) - Number(b.sponsored) || b.score - a.score)
}

export const shopWithRules = Effect.fn("shop.shopWithRules")(function*(item: ShoppingListItem, options: ShopperOptions) {
  const browser = yield* Browser
  const store = browser.store
  const addToCart = new RegExp(store.addToCartPattern, "i")
  const want = wanted(item)
  const failed = (what: string) => (e: BrowserError) =>
    Attempt.Failed({ reason: e._tag === "BrowserActionFailed" && e.network ? "network" : "agent_error", error: `${what}: ${e.message}` })
  const sessionExpired = options.watchAuth
    ? Effect.map(Effect.orElseSucceed(browser.isAuthenticated, () => true), (signedIn) => !signedIn)
    : Effect.succeed(false)

  const step = <A>(what: string, effect: Effect.Effect<A, BrowserError, Browser>) =>
    Effect.flatMap(Effect.either(effect), (result) =>
      Effect.flatMap(sessionExpired, (expired): Effect.Effect<A, Attempt> =>
        expired
          ? Effect.fail(Attempt.AuthExpired())
          : result._tag === "Left"
          ? Effect.fail(failed(what)(result.left))
          : Effect.succeed(result.right)))

  /** The tile of this product on the current page, fresh refs. */
  const tileHere = (url: string) =>
    Effect.map(step("reading the page", readPage), (page) => ({
      page,
      tile: findTiles(page.nodes, page.snapshot.url, store.productPathPattern, addToCart).find((t) => t.url === url)
    }))

  /**
   * Put `quantity` in the cart from this tile: quantity field, else add then stepper, else repeated adds.
   * `refresh` reads the tile again (fresh refs). An add that leaves the page (a form that lands on the
   * cart) is repeated from `from`, the page the first add was made on, opened again.
   */
  const addFromTile = (tile: Tile, quantity: number, refresh: Effect.Effect<Tile | undefined, Attempt, Browser>, from: string) =>
    Effect.gen(function*() {
      if (tile.quantityRef !== undefined && quantity > 1) yield* step("setting the quantity", browser.type(tile.quantityRef, String(quantity)))
      if (tile.addRef === undefined) return false
      yield* step("adding to cart", browser.click(tile.addRef))
      if (tile.quantityRef !== undefined) return true
      for (let more = 1; more < quantity; more++) {
        let now = yield* refresh
        const left = now?.increaseRef === undefined && now?.addRef === undefined
        if (left) {
          yield* step("going back to add one more", browser.navigate(from))
          yield* dismissConsent
          now = yield* refresh
        }
        const control = now?.increaseRef ?? now?.addRef
        if (control === undefined) return false
        const badge = left ? badgeText((yield* step("reading the page", readPage)).nodes) : ""
        yield* step("adding one more", browser.click(control))
        // An add that leaves the page: let it land (the badge changes on the next page) before the next
        // step reads the cart, or the cart is read before the store has counted it.
        if (left) yield* awaitAddOnPage(badge, tile.name)
      }
      return true
    })

  /** The store's search for `text`: its fitting candidates, best first, and the closest product when none fits. */
  const search = (text: string) =>
    Effect.gen(function*() {
      yield* step("searching", browser.navigate(searchUrlFor(store, text)))
      yield* dismissConsent
      const results = yield* step("reading the results", awaitSearchResults(store.productPathPattern, addToCart))
      const ranked = results._tag === "Results" ? rankTiles(want.searchText, results.tiles) : []
      return { text, ready: results._tag !== "NotReady", good: ranked.filter((c) => c.score >= matchThreshold).slice(0, maxCandidates), best: ranked[0] }
    })

  const attempt = Effect.gen(function*() {
    const asWritten = yield* search(want.searchText)
    // Nothing fits a list written in the other language than the store's: search again in its words ("beurre" → butter).
    const other = inTheOtherLanguage(want.searchText)
    const found = asWritten.good.length === 0 && asWritten.ready && other !== undefined ? yield* search(other) : asWritten
    if (!found.ready) {
      return Attempt.Failed({ reason: "page_not_ready", error: `the search for "${found.text}" showed neither products nor a "no results" message in time` })
    }
    const good = found.good
    if (good.length === 0) {
      const best = asWritten.best ?? found.best
      const said = found === asWritten ? `"${want.searchText}"` : `"${want.searchText}" (and "${found.text}")`
      return Attempt.Reported({
        outcome: new ItemNotFound({
          itemId: item.id,
          itemName: item.name,
          explanation: best === undefined
            ? `A search for ${said} found no products.`
            : `No product in the search for ${said} matched it; the closest was "${best.name}".`
        }),
        pageSignal: false
      })
    }
    const unavailable: Array<string> = []
    const noControl: Array<string> = []
    for (const candidate of good) {
      let tile: Tile | undefined = candidate.tile
      let texts = tile.texts
      let name = candidate.name
      let refresh = Effect.map(tileHere(candidate.url), (r) => r.tile)
      let from = searchUrlFor(store, found.text)
      if (tile.addRef === undefined) {
        from = candidate.url
        // No add button on the tile: add from the product page.
        yield* step(`opening ${candidate.name}`, browser.navigate(candidate.url))
        yield* dismissConsent
        // A client-rendered page draws the product and its add button only once its own data request has
        // answered: wait for an add control, a disabled one or "sold out" (bounded), as a person would.
        const { page } = yield* step("reading the product page", awaitPage((p) => {
          const drawn = productTile(p.nodes, candidate.url, addToCart, candidate.name)
          return drawn?.addRef !== undefined || drawn?.addDisabled === true || p.nodes.some((n) => soldOut.test(n.name))
            ? Option.some(true)
            : Option.none()
        }, productRenderBound))
        const block = productBlock(page.nodes, addToCart, candidate.name)
        tile = productTile(page.nodes, candidate.url, addToCart, candidate.name)
        texts = block?.texts ?? []
        name = block?.name ?? name
        refresh = Effect.map(step("reading the product page", readPage), (p) => productTile(p.nodes, candidate.url, addToCart, candidate.name))
      } else {
        const fresh = yield* tileHere(candidate.url)
        tile = fresh.tile
      }
      if (tile === undefined || tile.addRef === undefined) {
        // Out of stock only when the store says so (a disabled add control, "sold out");
        // an add control we cannot find is our failure, not the store's absence.
        const said = [candidate.tile, tile].some((t) => t?.addDisabled === true || soldOut.test((t?.texts ?? []).map((x) => x.text).join(" ")))
        if (said || soldOut.test(texts.map((t) => t.text).join(" "))) unavailable.push(candidate.name)
        else noControl.push(candidate.name)
        continue
      }
      const price = readTilePrice(texts)
      const badgeBefore = badgeText((yield* step("reading the page", readPage)).nodes)
      if (!(yield* addFromTile(tile, want.quantity, refresh, from))) {
        return Attempt.Failed({ reason: "agent_error", error: `could not set ${want.quantity} of ${name} with the store's controls` })
      }
      const signal = yield* awaitAddOnPage(badgeBefore, name)
      const cents = price?.unitCents ?? 0
      return Attempt.Reported({
        outcome: new ItemAdded({
          itemId: item.id,
          itemName: item.name,
          productName: name,
          priceText: price?.text ?? formatCents(cents),
          priceCents: Cents.make(cents),
          url: candidate.url,
          quantity: want.quantity,
          ...(price?.multiBuy === undefined ? {} : { multiBuy: price.multiBuy })
        }),
        pageSignal: signal
      })
    }
    if (noControl.length > 0) {
      return Attempt.Failed({
        reason: "agent_error",
        error: `no add-to-cart control was found for ${noControl.join("; ")}: none matched /${store.addToCartPattern}/ or read as an add ("Add", "Add to cart", "Ajouter"…) (set addToCartPattern in the store profile to the add button's label)`
      })
    }
    return Attempt.Reported({
      outcome: new ItemNotFound({
        itemId: item.id,
        itemName: item.name,
        explanation: `Matching products could not be added (out of stock): ${unavailable.join("; ")}.`
      }),
      pageSignal: false
    })
  })
  return yield* Effect.merge(attempt)
})

/** On a product page: the add button, quantity field and stepper of the product's own block, as a tile. */
const productTile = (nodes: ReadonlyArray<SnapshotNode>, url: string, addToCart: RegExp, productName: string): Tile | undefined => {
  const block = productBlock(nodes, addToCart, productName)
  const add = nodes.find((n) => isAddControl(n, addToCart, productName))
  if (block === undefined && add === undefined) return undefined
  const quantity = nodes.find((n) => (n.role === "spinbutton" || n.role === "textbox") && /\b(?:qty|quantity|quantit[ée])\b/i.test(n.name))
  const increase = nodes.find((n) => n.role === "button" && !n.disabled && /increase|add one|one more|augmenter|^\s*\+\s*$/i.test(n.name))
  const value = Number.parseInt(quantity?.value ?? "", 10)
  return {
    name: block?.name ?? "",
    url,
    texts: block?.texts ?? [],
    sponsored: false,
    addRef: add === undefined || add.disabled ? undefined : add.ref,
    addDisabled: add?.disabled === true,
    quantityRef: quantity?.ref,
    quantityValue: Number.isFinite(value) ? value : undefined,
    increaseRef: increase?.ref
  }
}
