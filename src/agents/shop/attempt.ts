/**
 * How one try at one item ended, before the orchestrator decides what to do
 * next (record it, retry once, re-login, switch to rules).
 *
 * Where it sits: produced by the model shopper and the rule shopper, consumed
 * by the orchestrator, which hands how it ended to the pure `nextStep`
 * (domain/shop/shop-step.ts). In-memory only, so a Data.TaggedEnum.
 */
import { Data } from "effect"
import type { FailureReason, ItemAdded, ItemNotFound } from "../../domain/shop/item.js"
import type { ShopEvent } from "../../domain/shop/shop-step.js"

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

/** The attempt as the pure decision sees it (domain/shop/shop-step.ts): how it ended, without the report itself. */
export const attemptEvent: (attempt: Attempt) => ShopEvent = Attempt.$match({
  Reported: (): ShopEvent => ({ _tag: "Reported" }),
  AuthExpired: (): ShopEvent => ({ _tag: "AuthExpired" }),
  Offline: (): ShopEvent => ({ _tag: "Offline" }),
  Failed: ({ reason, error }): ShopEvent => ({ _tag: "Failed", reason, error })
})
