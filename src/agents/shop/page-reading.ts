/**
 * Reading store pages as they are, not as they were at `domcontentloaded`:
 * wait (with a bound) until search results or an explicit "no results"
 * message have rendered, dismiss a cookie or consent dialog, read the cart
 * badge, and read the cart page once its lines have rendered.
 *
 * Where it sits: used by the rule shopper, the model shopper's tools and
 * the add verifier. Waiting is polling the page snapshot on the Effect
 * `Clock`, so a client-rendered store that fills its results a moment after
 * load is read when it is ready — and a page that never renders ends as
 * "not ready", never as "no products".
 */
import { Duration, Effect, Option } from "effect"
import { cartNouns, readCart } from "../../domain/shop/cart.js"
import type { CartView } from "../../domain/shop/cart.js"
import type { PageSnapshot, SnapshotNode } from "../../domain/shop/page-snapshot.js"
import { parseSnapshot } from "../../domain/shop/page-snapshot.js"
import { findTiles, textOf } from "../../domain/shop/tiles.js"
import type { Tile } from "../../domain/shop/tiles.js"
import { Browser } from "../../services/browser/browser.js"
import type { BrowserError } from "../../services/browser/errors.js"

/** How long a page may take to render what it is for. */
export const renderBound = Duration.seconds(10)
const pollEvery = Duration.millis(250)

const noResults =
  /\bno (?:products?|results?|items?|matches)\b|\b0 (?:results?|products?)\b|nothing (?:matched|found)|did not match any|didn['’]t match any|\b(?:couldn['’]t|could not|can['’]t|cannot|can not|unable to) find (?:anything|any (?:products?|results?|items?|matches))\b|aucun(?:e)? (?:produit|résultat|article)|pas de résultats?|aucune correspondance|n['’]avons rien trouvé/i

/**
 * Whether a search page's text says it found nothing ("No products found", "We couldn’t find anything for …",
 * "Aucun résultat"); never a page's invitation ("Can't find what you're looking for?"). Read only when the page
 * shows no product tiles.
 */
export const saysNoResults = (text: string): boolean => noResults.test(text)

export interface ReadPage {
  readonly snapshot: PageSnapshot
  readonly nodes: ReadonlyArray<SnapshotNode>
}

export const readPage: Effect.Effect<ReadPage, BrowserError, Browser> = Effect.flatMap(Browser, (b) =>
  Effect.map(b.snapshot(), (snapshot) => ({ snapshot, nodes: parseSnapshot(snapshot.text) })))

/** Poll the page until `ready` says so, at most `bound`; the last reading either way. */
export const awaitPage = <A>(
  ready: (page: ReadPage) => Option.Option<A>,
  bound: Duration.DurationInput = renderBound
): Effect.Effect<{ readonly page: ReadPage; readonly value: Option.Option<A> }, BrowserError, Browser> =>
  Effect.gen(function*() {
    const deadline = Duration.toMillis(bound)
    let waited = 0
    for (;;) {
      const page = yield* readPage
      const value = ready(page)
      if (Option.isSome(value) || waited >= deadline) return { page, value }
      yield* Effect.sleep(pollEvery)
      waited += Duration.toMillis(pollEvery)
    }
  })

export type SearchReading =
  | { readonly _tag: "Results"; readonly page: ReadPage; readonly tiles: ReadonlyArray<Tile> }
  | { readonly _tag: "NoResults"; readonly page: ReadPage }
  | { readonly _tag: "NotReady"; readonly page: ReadPage }

/** A search page once it shows product tiles or says it found none. */
export const awaitSearchResults = (productPathPattern: string, addToCart: RegExp, bound: Duration.DurationInput = renderBound) =>
  Effect.map(
    awaitPage((page): Option.Option<SearchReading> => {
      const tiles = findTiles(page.nodes, page.snapshot.url, productPathPattern, addToCart)
      if (tiles.length > 0) return Option.some({ _tag: "Results", page, tiles })
      if (page.nodes.some((n) => saysNoResults(textOf(n)))) return Option.some({ _tag: "NoResults", page })
      return Option.none()
    }, bound),
    ({ page, value }): SearchReading => Option.getOrElse(value, (): SearchReading => ({ _tag: "NotReady", page }))
  )

const consentWords = /cookie|consent|privacy|confidentialit|témoin|temoin|gdpr|tracking/i
// Refusing optional cookies first: the agent needs none of them.
const consentButtons: ReadonlyArray<RegExp> = [
  /^(?:reject|refuse|decline|deny)(?: all| optional| non-essential)?(?: cookies)?$|^(?:only |strictly )?(?:necessary|essential|required)(?: cookies)?(?: only)?$|^tout refuser$|^refuser(?: tout)?$|^continuer sans accepter$|^nécessaires? seulement$/i,
  /^(?:accept|agree|allow|ok|got it|i agree|i accept|continue)(?: all)?(?: cookies)?$|^tout accepter$|^accepter(?: tout| et fermer)?$|^j'accepte$|^d'accord$/i
]

/** The consent dialog's button to press, if a consent dialog or banner is showing. */
export const consentButton = (nodes: ReadonlyArray<SnapshotNode>): string | undefined => {
  const mentionsConsent = nodes.some((n) => consentWords.test(textOf(n)))
  if (!mentionsConsent) return undefined
  for (const wanted of consentButtons) {
    const button = nodes.find((n) => n.role === "button" && n.ref !== undefined && !n.disabled && wanted.test(n.name.trim()))
    if (button?.ref !== undefined) return button.ref
  }
  return undefined
}

/** Press the consent dialog's refuse (else accept) button, at most twice (a second layer of the same dialog); the page after. */
export const dismissConsent: Effect.Effect<void, never, Browser> = Effect.gen(function*() {
  const browser = yield* Browser
  for (let round = 0; round < 2; round++) {
    const page = yield* Effect.option(readPage)
    if (Option.isNone(page)) return
    const ref = consentButton(page.value.nodes)
    if (ref === undefined) return
    yield* Effect.logInfo("shop: dismissing a cookie/consent dialog")
    yield* Effect.ignore(browser.click(ref))
  }
})

const cartWords = new RegExp(String.raw`\b(?:${cartNouns})\b`, "i")
/** "Add to cart Butter 454 g" names the cart but is a product's button, not the badge. */
const cartActions = /\b(?:add|remove|ajouter|retirer|enlever)\b/i

/** What the cart badge says ("Cart (3)", "Panier, 2 articles"), to notice it change. */
export const badgeText = (nodes: ReadonlyArray<SnapshotNode>): string =>
  nodes.filter((n) =>
    (n.role === "link" || n.role === "button" || n.role === "status") && cartWords.test(n.name) && !cartActions.test(n.name) && /\d/.test(textOf(n))
  )
    .map(textOf).join(" | ")

/** A toast or alert that says the product (or "added to cart") went in. */
export const toastNames = (nodes: ReadonlyArray<SnapshotNode>, productName: string): boolean =>
  nodes.some((n) => {
    if (n.role !== "status" && n.role !== "alert" && n.role !== "log") return false
    const text = textOf(n).toLowerCase()
    if (/shoal is shopping/.test(text)) return false
    return /added|ajouté|in (?:your )?cart|au panier/.test(text) &&
      (text.includes(productName.toLowerCase().slice(0, 12)) || /\badded to (?:your )?cart\b|ajouté au panier/.test(text))
  })

/**
 * How long the page must send nothing after an add before it is left: longer than the pause stores put on a
 * stepper before sending its count (typically 300 ms to 1 s).
 */
export const addQuiet = Duration.millis(1500)

/**
 * After an add: wait (bounded) on the page it was made on until the badge
 * changes or a toast names the product — whether it did is the page's
 * evidence of the add. A debounced stepper sends its change only after a
 * pause, and leaving the page earlier loses it; so on a store that shows
 * neither, the wait ends once the page has gone quiet (`addQuiet`), not at
 * the bound.
 */
export const awaitAddOnPage = (badgeBefore: string, productName: string, bound: Duration.DurationInput = Duration.seconds(4)) =>
  Effect.flatMap(Browser, (browser) =>
    Effect.raceFirst(
      Effect.map(
        Effect.option(awaitPage((page) =>
          badgeText(page.nodes) !== badgeBefore || toastNames(page.nodes, productName) ? Option.some(true) : Option.none(), bound)),
        (r) => Option.isSome(r) && Option.isSome(r.value.value)
      ),
      Effect.as(browser.settled(addQuiet, bound), false)
    ))

/** The cart page once it shows lines, a total or "empty" (bounded); undefined when it cannot be opened or never renders. */
export const readCartPage = (bound: Duration.DurationInput = Duration.seconds(6)): Effect.Effect<CartView | undefined, never, Browser> =>
  Effect.gen(function*() {
    const browser = yield* Browser
    const store = browser.store
    const opened = yield* Effect.either(browser.navigate(store.cartUrl))
    if (opened._tag === "Left") {
      yield* Effect.logWarning(`shop: could not open the cart page: ${opened.left.message}`)
      return undefined
    }
    const read = yield* Effect.either(awaitPage((page) => {
      const cart = readCart(page.nodes, page.snapshot.url, store.productPathPattern, new RegExp(store.addToCartPattern, "i"))
      return cart.lines.length > 0 || cart.saysEmpty || cart.totalCents !== undefined ? Option.some(cart) : Option.none()
    }, bound))
    if (read._tag === "Left") return undefined
    return Option.getOrUndefined(read.right.value)
  })
