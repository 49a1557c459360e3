/**
 * `shoal shop`'s loop (seeds/003 "Grocery Shop Orchestrator"): for every
 * open item, one shopper run bounded by the time budget and the turn limit;
 * its outcome written to the list at once; then the summary.
 *
 * Where it sits: the top of the shop agent, IO-blind — it needs only the
 * ShoppingListProvider, Browser and Llm ports. Per item: observe (open the
 * store) → shop (model, or rules when offline) → decide (`nextStep`, pure:
 * record, retry a network failure once, re-login once on an expired
 * session, switch to rules) → record. The whole item fiber is under
 * `Effect.timeout`, so a slow page cannot outlast the budget (the original
 * only checked between turns).
 */
import { Duration, Effect, Option } from "effect"
import { ItemFailed } from "../../domain/shop/item.js"
import type { ItemOutcome, ShoppingListItem } from "../../domain/shop/item.js"
import { formatCents, summarize } from "../../domain/shop/summary.js"
import type { ShoppingSummary } from "../../domain/shop/summary.js"
import { Browser } from "../../services/browser/browser.js"
import type { StoreCredentials } from "../../services/browser/browser.js"
import { ShoppingListProvider } from "../../services/shopping-list/shopping-list-provider.js"
import { Attempt, nextStep } from "./attempt.js"
import type { RetryState } from "./attempt.js"
import { shopWithModel } from "./model-shopper.js"
import { shopWithRules } from "./rule-shopper.js"

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

const toOutcome = (item: ShoppingListItem, attempt: Attempt): ItemOutcome => {
  switch (attempt._tag) {
    case "Reported":
      return attempt.outcome
    case "Failed":
      return new ItemFailed({ itemId: item.id, itemName: item.name, reason: attempt.reason, error: attempt.error })
    default:
      return new ItemFailed({ itemId: item.id, itemName: item.name, reason: "agent_error", error: `unexpected ${attempt._tag}` })
  }
}

const describe = (outcome: ItemOutcome): string => {
  switch (outcome._tag) {
    case "ItemAdded":
      return `  ✓ added ${outcome.productName} — ${formatCents(outcome.lineCents)}`
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

  let watchAuth = items.length > 0 ? yield* prepareSession(credentials, progress) : false
  let mode: "model" | "rules" = "model"
  let signInBroken = false

  const shopItem = (item: ShoppingListItem) =>
    Effect.gen(function*() {
      let state: RetryState = { networkRetries: 0, reloggedIn: false, signInBroken, haveCredentials: Option.isSome(credentials) }
      for (let round = 0; round < 6; round++) {
        const shopper = mode === "model" ? shopWithModel : shopWithRules
        const attempt = yield* shopper(item, { watchAuth, maxTurns })
        const step = nextStep(attempt, state)
        switch (step._tag) {
          case "Record":
            return toOutcome(item, step.attempt)
          case "RetryWithRules":
            mode = "rules"
            yield* progress("  (offline: no model configured — shopping by rules: search, best name match, add)")
            break
          case "Retry":
            state = { ...state, networkRetries: state.networkRetries + 1 }
            yield* progress(`  network trouble (${step.why}); trying once more`)
            break
          case "SignInThenRetry": {
            state = { ...state, reloggedIn: true }
            yield* progress("  the store session expired; signing in again")
            const signedIn = yield* Effect.either(signIn(credentials))
            if (signedIn._tag === "Left") {
              signInBroken = true
              return toOutcome(item, Attempt.Failed({ reason: "auth_recovery_failed", error: signedIn.left.message }))
            }
            watchAuth = true
            break
          }
        }
      }
      return toOutcome(item, Attempt.Failed({ reason: "agent_error", error: "gave up after repeated retries" }))
    })

  const outcomes: Array<ItemOutcome> = []
  for (const [index, item] of items.entries()) {
    yield* progress(`[${index + 1}/${items.length}] ${item.name}`)
    // The in-progress marker goes in before the shopper can add anything: a run stopped after the add leaves
    // it, and the next run holds the item back instead of adding it twice. No marker, no shopping.
    const started = yield* Effect.either(provider.markStarted(item.id))
    if (started._tag === "Left") {
      yield* progress(`  skipped, nothing added: ${started.left.message}`)
      continue
    }
    yield* browser.setCurrentItem(item.name)
    // The budget bounds the item's whole fiber — every retry and re-login included — not just the gaps between turns.
    const outcome = yield* shopItem(item).pipe(
      Effect.timeoutTo({
        duration: budget,
        onSuccess: (o): ItemOutcome => o,
        onTimeout: () => toOutcome(item, Attempt.Failed({ reason: "timeout", error: `no result within the ${Duration.format(budget)} time budget` }))
      })
    )
    outcomes.push(outcome)
    yield* record(outcome)
    yield* progress(describe(outcome))
  }
  const blockedHosts = [...new Set((yield* browser.blockedRequests).filter((b) => b.reason === "host").map((b) => b.detail))]
  if (blockedHosts.length > 0) {
    yield* progress(`Blocked hosts (add to the store profile's allowedHosts only if the store needs them): ${blockedHosts.join(", ")}`)
  }
  const summary: ShoppingSummary = summarize(outcomes, store.cartUrl)
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
