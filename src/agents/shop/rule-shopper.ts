/**
 * One item, shopped by rules — offline mode, no model (DESIGN "Works
 * offline"): open the store's search URL for the item, rank the product
 * links on the results by name similarity, open the best, press its
 * add-to-cart button, and report. An out-of-stock product (its button
 * disabled or missing) gives way to the next candidate.
 *
 * Where it sits: the orchestrator's fallback when `Llm` says `Offline`; it
 * uses the same Browser (so the same guard) and yields the same `Attempt`s
 * as the model shopper.
 */
import { Effect } from "effect"
import { Cents, ItemAdded, ItemNotFound } from "../../domain/shop/item.js"
import type { ShoppingListItem } from "../../domain/shop/item.js"
import { parseSnapshot } from "../../domain/shop/page-snapshot.js"
import type { SnapshotNode } from "../../domain/shop/page-snapshot.js"
import { nameSimilarity } from "../../domain/shop/similarity.js"
import { searchUrlFor } from "../../domain/shop/store-profile.js"
import { formatCents, parsePriceCents } from "../../domain/shop/summary.js"
import { resolveUrl } from "../../domain/shop/url-guard.js"
import { Browser } from "../../services/browser/browser.js"
import type { BrowserError } from "../../services/browser/errors.js"
import { Attempt } from "./attempt.js"
import type { ShopperOptions } from "./model-shopper.js"

/** Below this, a product is not what the list meant. */
export const matchThreshold = 0.5
/** Candidates tried before giving up (each may be out of stock). */
const maxCandidates = 3

interface Candidate {
  readonly name: string
  readonly url: string
  readonly score: number
}

/** Product links on a results page, best match first. Pure. */
export const rankProducts = (
  itemName: string,
  nodes: ReadonlyArray<SnapshotNode>,
  pageUrl: string,
  productPathPattern: string
): ReadonlyArray<Candidate> => {
  const productPath = new RegExp(productPathPattern)
  const seen = new Set<string>()
  const candidates: Array<Candidate> = []
  for (const node of nodes) {
    if (node.role !== "link" || node.url === undefined || node.name.length === 0) continue
    const url = resolveUrl(node.url, pageUrl)
    if (url === undefined || seen.has(url) || !productPath.test(new URL(url).pathname)) continue
    seen.add(url)
    candidates.push({ name: node.name, url, score: nameSimilarity(itemName, node.name) })
  }
  return candidates.sort((a, b) => b.score - a.score)
}

export const shopWithRules = Effect.fn("shop.shopWithRules")(function*(item: ShoppingListItem, options: ShopperOptions) {
  const browser = yield* Browser
  const store = browser.store
  const addToCart = new RegExp(store.addToCartPattern, "i")
  const failed = (what: string) => (e: BrowserError) =>
    Attempt.Failed({ reason: e._tag === "BrowserActionFailed" && e.network ? "network" : "agent_error", error: `${what}: ${e.message}` })
  const sessionExpired = options.watchAuth
    ? Effect.map(Effect.orElseSucceed(browser.isAuthenticated, () => true), (signedIn) => !signedIn)
    : Effect.succeed(false)

  const step = <A>(what: string, effect: Effect.Effect<A, BrowserError>) =>
    Effect.flatMap(Effect.either(effect), (result) =>
      Effect.flatMap(sessionExpired, (expired): Effect.Effect<A, Attempt> =>
        expired
          ? Effect.fail(Attempt.AuthExpired())
          : result._tag === "Left"
          ? Effect.fail(failed(what)(result.left))
          : Effect.succeed(result.right)))

  const attempt = Effect.gen(function*() {
    yield* step("searching", browser.navigate(searchUrlFor(store, item.name)))
    const results = yield* step("reading the results", browser.snapshot())
    const ranked = rankProducts(item.name, parseSnapshot(results.text), results.url, store.productPathPattern)
    const good = ranked.filter((c) => c.score >= matchThreshold).slice(0, maxCandidates)
    if (good.length === 0) {
      const best = ranked[0]
      return Attempt.Reported({
        outcome: new ItemNotFound({
          itemId: item.id,
          itemName: item.name,
          explanation: best === undefined
            ? `A search for "${item.name}" found no products.`
            : `No product in the search for "${item.name}" matched it; the closest was "${best.name}".`
        })
      })
    }
    const unavailable: Array<string> = []
    for (const candidate of good) {
      yield* step(`opening ${candidate.name}`, browser.navigate(candidate.url))
      const page = yield* step("reading the product page", browser.snapshot())
      const button = parseSnapshot(page.text).find((n) => n.role === "button" && addToCart.test(n.name))
      if (button?.ref === undefined || button.disabled) {
        unavailable.push(candidate.name)
        continue
      }
      yield* step("adding to cart", browser.click(button.ref))
      const cents = parsePriceCents(page.text) ?? 0
      return Attempt.Reported({
        outcome: new ItemAdded({
          itemId: item.id,
          itemName: item.name,
          productName: candidate.name,
          priceText: formatCents(cents),
          priceCents: Cents.make(cents),
          url: candidate.url,
          quantity: 1
        })
      })
    }
    return Attempt.Reported({
      outcome: new ItemNotFound({
        itemId: item.id,
        itemName: item.name,
        explanation: `Matching products could not be added (out of stock): ${unavailable.join("; ")}.`
      })
    })
  })
  return yield* Effect.merge(attempt)
})
