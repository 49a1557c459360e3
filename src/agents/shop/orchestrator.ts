/**
 * `shoal shop`'s loop (seeds/003 "Grocery Shop Orchestrator"): for every
 * open item, one shopper run bounded by the time budget and the turn limit;
 * its outcome written to the list at once; then the summary.
 *
 * Where it sits: the top of the shop agent, IO-blind — it needs only the
 * ShoppingListProvider, Browser and Llm ports. Per item: observe (open the
 * store) → shop (model, or rules when offline) → decide (`nextStep` in
 * domain/shop/shop-step.ts, pure, over the run's state held in a `Ref`:
 * record, retry a network failure once, re-login once on an expired
 * session, switch to rules) → record. A store that still does not answer
 * after an item's network retry stops the run, the items not tried left open. The whole item fiber is under
 * `Effect.timeout`, so a slow page cannot outlast the budget (the original
 * only checked between turns).
 */
import { Duration, Effect, Either, Option, Ref } from "effect"
import type { CartView } from "../../domain/shop/cart.js"
import { ItemFailed } from "../../domain/shop/item.js"
import type { FailureReason, ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { initialShopState, nextStep } from "../../domain/shop/shop-step.js"
import type { ShopBecause, ShopEvent, ShopState, ShopStep } from "../../domain/shop/shop-step.js"
import { formatIn, moneyStyleOf } from "../../domain/shop/money-style.js"
import { summarize } from "../../domain/shop/summary.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import { Browser } from "../../services/browser/browser.js"
import type { StoreCredentials } from "../../services/browser/browser.js"
import { ShoppingListProvider } from "../../services/shopping-list/shopping-list-provider.js"
import { attemptEvent } from "./attempt.js"
import type { Attempt } from "./attempt.js"
import { shopWithModel } from "./model-shopper.js"
import { readCartPage } from "./page-reading.js"
import { wanted } from "../../domain/shop/quantity.js"
import { shopWithRules } from "./rule-shopper.js"
import { verifyAdd } from "./verify.js"

export interface ShopOptions {
  /** Per item, retries included (default 5 minutes). */
  readonly timeBudget?: Duration.DurationInput
  /** Model turns per item (default 40). */
  readonly maxTurns?: number
  /** For the automated (re-)login; read by the caller from SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD. */
  readonly credentials?: Option.Option<StoreCredentials>
  /** Where progress lines go (default: the Effect logger). */
  readonly progress?: (line: string) => Effect.Effect<void>
}

export const defaultTimeBudget = Duration.minutes(5)
export const defaultMaxTurns = 40

type Reported = Extract<Attempt, { readonly _tag: "Reported" }>

const failedOutcome = (item: ShoppingListItem, reason: FailureReason, error: string): ItemOutcome =>
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

const describe = (outcome: ItemOutcome): string => {
  switch (outcome._tag) {
    case "ItemAdded":
      return `  ✓ added ${outcome.quantity > 1 ? `${outcome.quantity} × ` : ""}${outcome.productName} — ${formatIn(moneyStyleOf([outcome.priceText]), outcome.lineCents)} (confirmed in the cart)`
    case "ItemNotFound":
      return `  ✗ not found: ${outcome.explanation}`
    case "ItemFailed":
      return `  ! failed (${outcome.reason}): ${outcome.error}`
  }
}

export const shop = Effect.fn("shop.run")(function*(options: ShopOptions = {}) {
  const provider = yield* ShoppingListProvider
  const browser = yield* Browser
  const progress = options.progress ?? ((line: string) => Effect.logInfo(line))
  const budget = Duration.decode(options.timeBudget ?? defaultTimeBudget)
  const maxTurns = options.maxTurns ?? defaultMaxTurns
  const credentials = options.credentials ?? Option.none()
  const store = browser.store

  const items = yield* provider.uncompletedItems
  yield* progress(`Shopping ${items.length} item(s) at ${store.name}.`)

  const watchAuth = items.length > 0 ? yield* prepareSession(credentials, progress) : false
  // Who shops, whether to watch the session, whether a re-login may be tried, and the item's budgets: one value, decided purely.
  const state = yield* Ref.make(initialShopState({ watchAuth, haveCredentials: Option.isSome(credentials) }))
  const decide = (event: ShopEvent) => Ref.modify(state, (s): [ShopStep, ShopState] => {
    const decision = nextStep(s, event)
    return [decision.step, decision.state]
  })

  const shopItem = (item: ShoppingListItem) =>
    Effect.gen(function*() {
      let event: ShopEvent = { _tag: "ItemStarted" }
      let step = yield* decide(event)
      // Ends: nextStep allows at most maxShopperRunsPerItem shopper runs and reloginsPerItem re-logins per item.
      for (;;) {
        switch (step._tag) {
          case "Shop": {
            const notice = retryNotice(step.because, event)
            if (notice !== undefined) yield* progress(notice)
            const shopper = step.shopper === "model" ? shopWithModel : shopWithRules
            const attempt = yield* shopper(item, { watchAuth: step.watchAuth, maxTurns })
            event = attemptEvent(attempt)
            step = yield* decide(event)
            if (step._tag === "Record" && attempt._tag === "Reported") return yield* confirmed(item, attempt)
            break
          }
          case "SignIn": {
            yield* progress("  the store session expired; signing in again")
            const signedIn = yield* Effect.either(signIn(credentials))
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

  /** The cart as last read: the "before" of the next add. Undefined when unknown (re-read before the next item). */
  let cart: CartView | undefined
  let cartAtStart: CartView | undefined

  /** A reported add counts only once the store's cart confirms it (verify.ts). */
  const confirmed = (item: ShoppingListItem, attempt: Reported) =>
    Effect.gen(function*() {
      if (attempt.outcome._tag !== "ItemAdded") return attempt.outcome
      const want = wanted(item).quantity
      const { verdict, added, cart: after } = yield* verifyAdd(attempt.outcome, want, cart, attempt.pageSignal)
      cart = after
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

  if (items.length > 0) {
    cartAtStart = yield* readCartPage()
    cart = cartAtStart
  }

  const outcomes: Array<ItemOutcome> = []
  /** The item being shopped, while it is: a stop (Ctrl-C) then leaves its #in-progress tag and says so. */
  let current: ShoppingListItem | undefined
  // Stopped mid-run (Ctrl-C, SIGTERM): the summary of what was done is still written, the item being
  // shopped and those not reached are named as interrupted, and nothing more is recorded in the list.
  const writeStopped = Effect.gen(function*() {
    const done = new Set(outcomes.map((o) => o.itemId))
    const stopped = items.filter((i) => !done.has(i.id)).map((i) =>
      new ItemFailed({
        itemId: i.id,
        itemName: i.name,
        reason: "interrupted",
        error: i.id === current?.id
          ? "the run was stopped during this item: it may be in the cart — check it, then set status: completed or remove the #in-progress tag"
          : "not shopped: the run was stopped before it"
      })
    )
    const where = yield* provider.sendSummary(summarize([...outcomes, ...stopped], store.cartUrl, undefined))
    yield* progress(`Stopped. Summary of what was done written to ${where}.`)
  }).pipe(Effect.catchAll((e) => progress(`Stopped. The summary could not be written: ${e.message}`)))
  const shopAll = Effect.gen(function*() {
    for (const [index, item] of items.entries()) {
      // A Chromium that stopped can shop nothing more: the run ends with BrowserCrashed, the list holding what was done.
      yield* browser.alive
      if (cart === undefined && index > 0) cart = yield* readCartPage()
      yield* progress(`[${index + 1}/${items.length}] ${item.name}`)
      // The in-progress marker goes in before the shopper can add anything: a run stopped after the add leaves
      // it, and the next run holds the item back instead of adding it twice. No marker, no shopping.
      const started = yield* Effect.either(provider.markStarted(item.id))
      if (started._tag === "Left") {
        yield* progress(`  skipped, nothing added: ${started.left.message}`)
        continue
      }
      current = item
      yield* browser.setCurrentItem(item.name)
      // The budget bounds the item's whole fiber — every retry and re-login included — not just the gaps between turns.
      const outcome = yield* shopItem(item).pipe(
        Effect.timeoutTo({
          duration: budget,
          onSuccess: (o): ItemOutcome => o,
          onTimeout: () => failedOutcome(item, "timeout", `no result within the ${Duration.format(budget)} time budget`)
        })
      )
      // Its outcome is not to be trusted if Chromium stopped meanwhile: the in-progress marker stays, as for any run stopped mid-item.
      yield* browser.alive
      // An item that ended any other way may have changed the cart: read it again before the next add.
      if (outcome._tag !== "ItemAdded" && !(outcome._tag === "ItemFailed" && (outcome.reason === "not_in_cart" || outcome.reason === "wrong_quantity"))) cart = undefined
      outcomes.push(outcome)
      yield* record(outcome)
      current = undefined
      yield* progress(describe(outcome))
      // A network failure here has had its retry (nextStep): the store is down, and every later item would only
      // wait and fail the same way. Stop once, with one line; the items not tried stay open on the list.
      if (outcome._tag === "ItemFailed" && outcome.reason === "network") {
        const rest = items.slice(index + 1)
        if (rest.length === 0) break
        outcomes.push(...rest.map((i) => failedOutcome(i, "network", "not tried: the store stopped answering")))
        yield* progress(
          `Stopped: ${store.name} is not answering (${outcome.error}). ${rest.length} item(s) not tried (${rest.map((i) => i.name).join(", ")}) ` +
            "are still open on the list; run again when the store answers."
        )
        break
      }
    }
  })
  yield* Effect.onInterrupt(shopAll, () => writeStopped)
  const blockedHosts = [...new Set((yield* browser.blockedRequests).filter((b) => b.reason === "host").map((b) => b.detail))]
  if (blockedHosts.length > 0) {
    yield* progress(`Blocked hosts (add to the store profile's allowedHosts only if the store needs them): ${blockedHosts.join(", ")}`)
  }
  // The cart read back at the end is the summary's truth: its total, and every difference from the list explained.
  const finalCart = items.length > 0 ? yield* readCartPage() : undefined
  const summary: ShoppingSummary = summarize(outcomes, store.cartUrl, items.length > 0 ? { before: cartAtStart, after: finalCart } : undefined)
  const where = yield* provider.sendSummary(summary)
  yield* progress(`Summary written to ${where}.`)
  return summary
})

/** The outcome goes to the list at once. An item the user removed, or a list they broke mid-run, is a warning, not the end of the run. */
const record = (outcome: ItemOutcome) =>
  Effect.gen(function*() {
    const provider = yield* ShoppingListProvider
    const write = outcome._tag === "ItemAdded"
      ? provider.markCompleted(outcome.itemId)
      : outcome._tag === "ItemNotFound"
      ? provider.markNotFound(outcome.itemId, outcome.explanation)
      : provider.markFailed(outcome.itemId, outcome.error)
    yield* write.pipe(
      Effect.catchTags({
        ShoppingListItemMissing: (e) => Effect.logWarning(e.message),
        ShoppingListMalformed: (e) => Effect.logWarning(`result for "${outcome.itemName}" not written: ${e.message}`)
      })
    )
  })

const signIn = (credentials: Option.Option<StoreCredentials>) =>
  Effect.flatMap(Browser, (browser) =>
    Option.match(credentials, {
      onNone: () => Effect.void,
      onSome: (c) => browser.signIn(c)
    }))

/** Before the first item: are we signed in? If not and credentials are set, sign in. Returns whether to watch for expiry. */
const prepareSession = (
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
