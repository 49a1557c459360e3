/**
 * One item of a shop run (seeds/003), from its first shopper run to its
 * outcome: observe (open the store) → shop (model, or rules when offline) →
 * decide (`nextStep` in domain/shop/shop-step.ts, pure, over the run's
 * decisions held in a `Ref`: record, retry a network failure once, re-login
 * once on an expired session, switch to rules) → verify a reported add
 * against the store's cart. Also the session check before the first item
 * and writing an outcome to the list.
 *
 * Where it sits: the shop agent's turn for an item (orchestrator.ts) calls
 * `shopItem` under the item's time budget. IO-blind: Browser, Llm and the
 * list's port only.
 */
import { Effect, Either, Option, Ref } from "effect"
import type { CartView } from "../../domain/shop/cart.js"
import { ItemFailed } from "../../domain/shop/item.js"
import type { FailureReason, ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { wanted } from "../../domain/shop/quantity.js"
import { nextStep } from "../../domain/shop/shop-step.js"
import type { ShopBecause, ShopEvent, ShopState, ShopStep } from "../../domain/shop/shop-step.js"
import { formatIn, moneyStyleOf } from "../../domain/shop/money-style.js"
import { Browser } from "../../services/browser/browser.js"
import type { BrowserShape, StoreCredentials } from "../../services/browser/browser.js"
import type { ShoppingListProviderShape } from "../../services/shopping-list/shopping-list-provider.js"
import type { Attempt } from "./attempt.js"
import { attemptEvent } from "./attempt.js"
import { shopWithModel } from "./model-shopper.js"
import { shopWithRules } from "./rule-shopper.js"
import { emitShopEvent } from "./run-events.js"
import { landedAnyway, verifyAdd } from "./verify.js"

type Reported = Extract<Attempt, { readonly _tag: "Reported" }>

export interface ItemContext {
  readonly maxTurns: number
  readonly credentials: Option.Option<StoreCredentials>
  readonly progress: (line: string) => Effect.Effect<void>
  /** The run's decisions (who shops, whether to watch the session…), carried from item to item. */
  readonly decisions: Ref.Ref<ShopState>
  /** The cart as last read: the "before" of the next add. Undefined when unknown (re-read before the next item). */
  readonly cart: Ref.Ref<CartView | undefined>
}

export const failedOutcome = (item: ShoppingListItem, reason: FailureReason, error: string): ItemOutcome =>
  new ItemFailed({ itemId: item.id, itemName: item.name, reason, error })

/** What the user reads before a shopper runs again, by why it does. */
const retryNotice = (because: ShopBecause, event: ShopEvent): string | undefined => {
  switch (because) {
    case "item_started":
    case "signed_in":
      return undefined
    case "offline":
      return "  (offline: no model configured — shopping by rules: search, best name match, add)"
    case "network":
      return `  network trouble (${event._tag === "Failed" ? event.error : "the store did not answer"}); trying once more`
  }
}

export const describeOutcome = (outcome: ItemOutcome): string => {
  switch (outcome._tag) {
    case "ItemAdded":
      return `  ✓ added ${outcome.quantity > 1 ? `${outcome.quantity} × ` : ""}${outcome.productName} — ${formatIn(moneyStyleOf([outcome.priceText]), outcome.lineCents)} (confirmed in the cart)`
    case "ItemNotFound":
      return `  ✗ not found: ${outcome.explanation}`
    case "ItemFailed":
      return `  ! failed (${outcome.reason}): ${outcome.error}`
  }
}

/** A reported add counts only once the store's cart confirms it (verify.ts). */
const confirmed = (ctx: ItemContext, item: ShoppingListItem, attempt: Reported) =>
  Effect.gen(function*() {
    if (attempt.outcome._tag !== "ItemAdded") return attempt.outcome
    const want = wanted(item).quantity
    const { verdict, added, cart: after } = yield* verifyAdd(attempt.outcome, want, yield* Ref.get(ctx.cart), attempt.pageSignal)
    yield* Ref.set(ctx.cart, after)
    switch (verdict._tag) {
      case "Confirmed":
        return added
      case "NotInCart":
        return new ItemFailed({ itemId: item.id, itemName: item.name, reason: "not_in_cart", error: `reported added (${added.productName}), but ${verdict.why}` })
      case "WrongQuantity":
        return new ItemFailed({
          itemId: item.id,
          itemName: item.name,
          reason: "wrong_quantity",
          error: `${added.productName}: the cart gained ${verdict.have}, the list asks for ${verdict.want}`
        })
    }
  })

/** The browser, noting in `acted` any action that may change the cart (a click, typed text, a key); reading and navigating do not. */
const noticingActions = (browser: BrowserShape, acted: Ref.Ref<boolean>): BrowserShape => ({
  ...browser,
  click: (ref) => Effect.zipRight(Ref.set(acted, true), browser.click(ref)),
  type: (ref, text, options) => Effect.zipRight(Ref.set(acted, true), browser.type(ref, text, options)),
  press: (key) => Effect.zipRight(Ref.set(acted, true), browser.press(key))
})

/** One item's shopper runs and re-logins, as `nextStep` decides them, to its outcome. */
export const shopItem = (ctx: ItemContext, item: ShoppingListItem) =>
  Effect.gen(function*() {
    const decide = (event: ShopEvent) => Ref.modify(ctx.decisions, (s): [ShopStep, ShopState] => {
      const decision = nextStep(s, event)
      return [decision.step, decision.state]
    })
    let event: ShopEvent = { _tag: "ItemStarted" }
    let step = yield* decide(event)
    // Ends: nextStep allows at most maxShopperRunsPerItem shopper runs and reloginsPerItem re-logins per item.
    for (;;) {
      switch (step._tag) {
        case "Shop": {
          const notice = retryNotice(step.because, event)
          if (notice !== undefined) yield* ctx.progress(notice)
          if (step.because !== "item_started") yield* emitShopEvent({ _tag: "ShopperRetried", itemId: item.id, because: step.because })
          const shopper = step.shopper === "model" ? shopWithModel : shopWithRules
          const acted = yield* Ref.make(false)
          const attempt = yield* shopper(item, { watchAuth: step.watchAuth, maxTurns: ctx.maxTurns }).pipe(
            Effect.provideService(Browser, noticingActions(yield* Browser, acted))
          )
          // A try that failed may have added all the same: the cart says so before anything is tried again.
          if (attempt._tag === "Failed" || attempt._tag === "AuthExpired") {
            const why = attempt._tag === "Failed" ? attempt.error : "the store session expired"
            const landed = yield* landedAnyway(item, wanted(item).quantity, yield* Ref.get(ctx.cart), why)
            const again = nextStep(yield* Ref.get(ctx.decisions), attemptEvent(attempt)).step._tag !== "Fail"
            if (landed._tag === "Landed") {
              yield* Ref.set(ctx.cart, landed.cart)
              yield* decide({ _tag: "Reported" })
              yield* ctx.progress(`  the try failed (${why}), but the cart shows the add went through: not tried again`)
              return landed.outcome
            }
            // No cart to compare with, and the try clicked or typed on the store: another try could add twice.
            if (landed._tag === "Unknown" && again && (yield* Ref.get(acted))) {
              yield* decide({ _tag: "Reported" })
              return failedOutcome(
                item,
                attempt._tag === "Failed" ? attempt.reason : "auth_recovery_failed",
                `${why}; the cart could not be read to see whether an add went through, so it was not tried again (nothing is added twice) — check the cart`
              )
            }
          }
          event = attemptEvent(attempt)
          step = yield* decide(event)
          if (step._tag === "Record" && attempt._tag === "Reported") return yield* confirmed(ctx, item, attempt)
          break
        }
        case "SignIn": {
          yield* ctx.progress("  the store session expired; signing in again")
          yield* emitShopEvent({ _tag: "SigningInAgain", itemId: item.id })
          const signedIn = yield* Effect.either(signIn(ctx.credentials))
          event = Either.match(signedIn, {
            onLeft: (e): ShopEvent => ({ _tag: "SignInFailed", error: e.message }),
            onRight: (): ShopEvent => ({ _tag: "SignedIn" })
          })
          step = yield* decide(event)
          break
        }
        case "Record":
          // nextStep answers Record only to a shopper's report, which the Shop case records itself.
          return yield* Effect.dieMessage(`shop: asked to record a report after ${event._tag}`)
        case "Fail":
          return failedOutcome(item, step.reason, step.error)
      }
    }
  })

/** The outcome goes to the list at once. An item the user removed, or a list they broke mid-run, is a warning, not the end of the run. */
export const recordOutcome = (list: ShoppingListProviderShape, outcome: ItemOutcome) => {
  const write = outcome._tag === "ItemAdded"
    ? list.markCompleted(outcome.itemId)
    : outcome._tag === "ItemNotFound"
    ? list.markNotFound(outcome.itemId, outcome.explanation)
    : list.markFailed(outcome.itemId, outcome.error)
  return write.pipe(
    Effect.catchTags({
      ShoppingListItemMissing: (e) => Effect.logWarning(e.message),
      ShoppingListMalformed: (e) => Effect.logWarning(`result for "${outcome.itemName}" not written: ${e.message}`)
    })
  )
}

const signIn = (credentials: Option.Option<StoreCredentials>) =>
  Effect.flatMap(Browser, (browser) =>
    Option.match(credentials, {
      onNone: () => Effect.void,
      onSome: (c) => browser.signIn(c)
    }))

/** Before the first item: are we signed in? If not and credentials are set, sign in. Returns whether to watch for expiry. */
export const prepareSession = (
  credentials: Option.Option<StoreCredentials>,
  progress: (line: string) => Effect.Effect<void>
) =>
  Effect.gen(function*() {
    const browser = yield* Browser
    if (browser.store.auth === undefined) return false
    yield* Effect.ignore(browser.navigate(browser.store.baseUrl))
    if (yield* Effect.orElseSucceed(browser.isAuthenticated, () => false)) return true
    if (Option.isNone(credentials)) {
      yield* progress(
        `Not signed in to ${browser.store.name}; the cart may refuse items. Set SHOAL_STORE_USERNAME and SHOAL_STORE_PASSWORD to sign in automatically.`
      )
      return false
    }
    const signedIn = yield* Effect.either(signIn(credentials))
    if (signedIn._tag === "Left") {
      yield* progress(`Could not sign in to ${browser.store.name}: ${signedIn.left.message}. Shopping without a session.`)
      return false
    }
    yield* progress(`Signed in to ${browser.store.name}.`)
    return true
  })
