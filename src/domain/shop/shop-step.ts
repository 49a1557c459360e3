/**
 * What `shoal shop` does next for the item in hand, decided without side
 * effects: shop (with the model or by rules), sign in again, record the
 * shopper's report, or record a failure (seeds/003 "Retries and recovery").
 *
 * Where it sits: the orchestrator (agents/shop/orchestrator.ts) holds a
 * `ShopState` in a `Ref` for the whole run, turns each thing that happened
 * into a `ShopEvent` (an item started, a shopper ended, a re-login ended),
 * and does what `nextStep` says. Every retry has a named budget below, so
 * every item ends after at most `maxShopperRunsPerItem` shopper runs.
 */
import { Data, Match, Schema } from "effect"
import { FailureReason } from "./item.js"

/** Network failures retried per item: a store that dropped one request often answers the next; twice down is down. */
export const networkRetriesPerItem = 1
/** Re-logins per item: a session that expires again right after signing in will not be saved by signing in again. */
export const reloginsPerItem = 1
/**
 * Shopper runs per item: the first, one more after switching to rules when no model is configured, the network
 * retries, and one after each re-login. The budgets above already end every item within this; it is the backstop.
 */
export const maxShopperRunsPerItem = 1 + 1 + networkRetriesPerItem + reloginsPerItem

/** Who shops: the model, or the rules (search, best name match, add) once the model turned out to be offline. */
export const Shopper = Schema.Literal("model", "rules")
export type Shopper = typeof Shopper.Type

/**
 * Whether a re-login may be tried: never without credentials, and never again in this run once one failed
 * (an account lock-out is worse than a failed item).
 */
export const SignInAvailability = Schema.Literal("no_credentials", "available", "broken")
export type SignInAvailability = typeof SignInAvailability.Type

/** What the item in hand has used of its budgets. */
export const ItemBudget = Schema.Struct({
  shopperRuns: Schema.NonNegativeInt,
  networkRetries: Schema.NonNegativeInt,
  relogins: Schema.NonNegativeInt
})
export type ItemBudget = typeof ItemBudget.Type

/** The mode of the item in hand: none (between items), a shopper running, or signing in again. */
export const ItemMode = Schema.Union(
  Schema.TaggedStruct("BetweenItems", {}),
  Schema.TaggedStruct("Shopping", { budget: ItemBudget }),
  Schema.TaggedStruct("SigningIn", { budget: ItemBudget })
)
export type ItemMode = typeof ItemMode.Type

/** The run's state: who shops and whether to watch for an expired session carry over from item to item. */
export const ShopState = Schema.Struct({
  shopper: Shopper,
  watchAuth: Schema.Boolean,
  signIn: SignInAvailability,
  mode: ItemMode
})
export type ShopState = typeof ShopState.Type

export const initialShopState = (options: { readonly watchAuth: boolean; readonly haveCredentials: boolean }): ShopState => ({
  shopper: "model",
  watchAuth: options.watchAuth,
  signIn: options.haveCredentials ? "available" : "no_credentials",
  mode: { _tag: "BetweenItems" }
})

/** What happened: an item started, a shopper run ended (how), or a re-login ended. */
export const ShopEvent = Schema.Union(
  Schema.TaggedStruct("ItemStarted", {}),
  /** A report tool (or the rule shopper) recorded the item's result. */
  Schema.TaggedStruct("Reported", {}),
  Schema.TaggedStruct("Failed", { reason: FailureReason, error: Schema.String }),
  /** The store's signed-in marker disappeared mid-item. */
  Schema.TaggedStruct("AuthExpired", {}),
  /** No model is configured. */
  Schema.TaggedStruct("Offline", {}),
  Schema.TaggedStruct("SignedIn", {}),
  Schema.TaggedStruct("SignInFailed", { error: Schema.String })
)
export type ShopEvent = typeof ShopEvent.Type

/** Why a shopper runs (again): what the orchestrator tells the user before it does. */
export type ShopBecause = "item_started" | "offline" | "network" | "signed_in"

/** What the orchestrator does next. In-memory only. */
export type ShopStep = Data.TaggedEnum<{
  Shop: { readonly shopper: Shopper; readonly watchAuth: boolean; readonly because: ShopBecause }
  SignIn: {}
  /** The shopper's report stands: verify it against the cart and record it. Only ever the answer to `Reported`. */
  Record: {}
  Fail: { readonly reason: FailureReason; readonly error: string }
}>
export const ShopStep = Data.taggedEnum<ShopStep>()

export interface ShopDecision {
  readonly state: ShopState
  readonly step: ShopStep
}

const freshBudget: ItemBudget = { shopperRuns: 0, networkRetries: 0, relogins: 0 }

const fail = (state: ShopState, reason: FailureReason, error: string): ShopDecision => ({
  state: { ...state, mode: { _tag: "BetweenItems" } },
  step: ShopStep.Fail({ reason, error })
})

const shop = (state: ShopState, budget: ItemBudget, because: ShopBecause): ShopDecision =>
  budget.shopperRuns >= maxShopperRunsPerItem
    ? fail(state, "agent_error", `gave up after ${budget.shopperRuns} tries at this item`)
    : {
      state: { ...state, mode: { _tag: "Shopping", budget: { ...budget, shopperRuns: budget.shopperRuns + 1 } } },
      step: ShopStep.Shop({ shopper: state.shopper, watchAuth: state.watchAuth, because })
    }

type ShopperEnded = Extract<ShopEvent, { readonly _tag: "Reported" | "Failed" | "Offline" | "AuthExpired" }>

/** A shopper's run ended: record it, retry once, switch to rules, or sign in again. */
const afterShopper = (state: ShopState, budget: ItemBudget, event: ShopperEnded): ShopDecision =>
  Match.valueTags(event, {
    Reported: (): ShopDecision => ({ state: { ...state, mode: { _tag: "BetweenItems" } }, step: ShopStep.Record() }),
    Failed: (failed) =>
      failed.reason === "network" && budget.networkRetries < networkRetriesPerItem
        ? shop(state, { ...budget, networkRetries: budget.networkRetries + 1 }, "network")
        : fail(state, failed.reason, failed.error),
    Offline: () =>
      state.shopper === "model"
        ? shop({ ...state, shopper: "rules" }, budget, "offline")
        : fail(state, "model_unavailable", "the rule-based shopper asked for a model"),
    AuthExpired: (): ShopDecision => {
      if (state.signIn === "no_credentials") {
        return fail(state, "auth_recovery_failed", "the store session expired and SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD are not set")
      }
      if (budget.relogins >= reloginsPerItem) return fail(state, "auth_recovery_failed", "the store session expired again right after signing in")
      if (state.signIn === "broken") return fail(state, "auth_recovery_failed", "signing in again failed earlier in this run")
      return { state: { ...state, mode: { _tag: "SigningIn", budget: { ...budget, relogins: budget.relogins + 1 } } }, step: ShopStep.SignIn() }
    }
  })

const outOfOrder = (state: ShopState, event: ShopEvent): ShopDecision =>
  fail(state, "agent_error", `${event._tag} arrived ${state.mode._tag === "BetweenItems" ? "between items" : `while ${state.mode._tag}`}`)

const whileShopping = (state: ShopState, event: ShopperEnded): ShopDecision =>
  state.mode._tag === "Shopping" ? afterShopper(state, state.mode.budget, event) : outOfOrder(state, event)

/**
 * The decision. Total: every event in every mode has an answer; an event that cannot happen in a mode (a sign-in
 * result while shopping) ends the item as an agent error rather than being ignored. An item starting ends
 * whatever the last one left unfinished (its time budget may have cut it off mid-way).
 */
export const nextStep = (state: ShopState, event: ShopEvent): ShopDecision =>
  Match.valueTags(event, {
    ItemStarted: () => shop(state, freshBudget, "item_started"),
    Reported: (e) => whileShopping(state, e),
    Failed: (e) => whileShopping(state, e),
    Offline: (e) => whileShopping(state, e),
    AuthExpired: (e) => whileShopping(state, e),
    SignedIn: (e) =>
      state.mode._tag === "SigningIn" ? shop({ ...state, watchAuth: true }, state.mode.budget, "signed_in") : outOfOrder(state, e),
    SignInFailed: (e) =>
      state.mode._tag === "SigningIn" ? fail({ ...state, signIn: "broken" }, "auth_recovery_failed", e.error) : outOfOrder(state, e)
  })
