/**
 * How one try at one item ended, before the orchestrator decides what to do
 * next (record it, retry once, re-login, switch to rules).
 *
 * Where it sits: produced by the model shopper and the rule shopper, consumed
 * by the orchestrator's pure `nextStep`. In-memory only, so a Data.TaggedEnum.
 */
import { Data } from "effect"
import type { FailureReason, ItemAdded, ItemNotFound } from "../../domain/shop/item.js"

export type Attempt = Data.TaggedEnum<{
  /** A report tool (or the rule shopper) recorded the item's result. */
  /** `pageSignal`: the page itself showed the add (badge changed, toast) — evidence when the cart page cannot be read. */
  Reported: { readonly outcome: ItemAdded | ItemNotFound; readonly pageSignal: boolean }
  /** The store's signed-in marker disappeared mid-item. */
  AuthExpired: {}
  /** No model is configured: take the rule-based path. */
  Offline: {}
  Failed: { readonly reason: FailureReason; readonly error: string }
}>
export const Attempt = Data.taggedEnum<Attempt>()

/** What the orchestrator does after an attempt; decided without side effects. */
export type Step =
  | { readonly _tag: "Record"; readonly attempt: Attempt }
  | { readonly _tag: "RetryWithRules" }
  | { readonly _tag: "Retry"; readonly why: string }
  | { readonly _tag: "SignInThenRetry" }

export interface RetryState {
  /** Network retries used for this item (at most one). */
  readonly networkRetries: number
  /** Whether this item already had its re-login. */
  readonly reloggedIn: boolean
  /** A re-login failed earlier in the run: never try again (an account lock-out is worse than a failed item). */
  readonly signInBroken: boolean
  readonly haveCredentials: boolean
}

export const nextStep = (attempt: Attempt, state: RetryState): Step => {
  switch (attempt._tag) {
    case "Reported":
      return { _tag: "Record", attempt }
    case "Offline":
      return { _tag: "RetryWithRules" }
    case "Failed":
      return attempt.reason === "network" && state.networkRetries === 0
        ? { _tag: "Retry", why: attempt.error }
        : { _tag: "Record", attempt }
    case "AuthExpired":
      if (!state.reloggedIn && !state.signInBroken && state.haveCredentials) return { _tag: "SignInThenRetry" }
      return {
        _tag: "Record",
        attempt: Attempt.Failed({
          reason: "auth_recovery_failed",
          error: !state.haveCredentials
            ? "the store session expired and SHOAL_STORE_USERNAME / SHOAL_STORE_PASSWORD are not set"
            : state.reloggedIn
            ? "the store session expired again right after signing in"
            : "signing in again failed earlier in this run"
        })
      }
  }
}
