/**
 * The shop orchestrator's pure decision: record, retry a network failure
 * once, re-login once, switch to rules when offline — over states and event
 * sequences generated from the Schemas.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, FastCheck as fc, Schema } from "effect"
import {
  initialShopState,
  maxShopperRunsPerItem,
  nextStep,
  reloginsPerItem,
  ShopEvent,
  ShopState
} from "../../../src/domain/shop/shop-step.js"
import type { ShopStep } from "../../../src/domain/shop/shop-step.js"

const runs = { numRuns: 1000 }
const isState = Schema.is(ShopState)

const state = Arbitrary.make(ShopState)
const event = Arbitrary.make(ShopEvent)
const shopperTags: ReadonlyArray<ShopEvent["_tag"]> = ["Reported", "Failed", "AuthExpired", "Offline"]
const shopperEnded = event.filter((e) => shopperTags.includes(e._tag))
const signInResult = event.filter((e) => e._tag === "SignedIn" || e._tag === "SignInFailed")

/** One item's world: what each shopper run and each re-login will end with, in order (the last repeats forever). */
const itemWorld = fc.record({
  shopperEnds: fc.array(shopperEnded, { minLength: 1, maxLength: 8 }),
  signIns: fc.array(signInResult, { minLength: 1, maxLength: 3 })
})
type ItemWorld = typeof itemWorld extends fc.Arbitrary<infer A> ? A : never

interface ItemTrace {
  readonly steps: ReadonlyArray<ShopStep>
  readonly shopperRuns: number
  readonly signIns: number
  readonly ended: ShopStep | undefined
  /** The last event fed to the decision for this item. */
  readonly lastEvent: ShopEvent
  readonly signInFailed: boolean
}

/** Drive a run the way the orchestrator does, with a hard stop far beyond any budget so a loop shows as a failure. */
const drive = (start: ShopState, world: ReadonlyArray<ItemWorld>) => {
  let s = start
  const traces: Array<ItemTrace> = []
  for (const item of world) {
    const steps: Array<ShopStep> = []
    let shopperRuns = 0
    let signIns = 0
    let lastEvent: ShopEvent = { _tag: "ItemStarted" }
    let decision = nextStep(s, lastEvent)
    for (let guard = 0; guard < 100; guard++) {
      s = decision.state
      const step = decision.step
      steps.push(step)
      if (step._tag === "Record" || step._tag === "Fail") break
      if (step._tag === "Shop") {
        const e = item.shopperEnds[Math.min(shopperRuns, item.shopperEnds.length - 1)]
        shopperRuns += 1
        if (e === undefined) throw new Error("empty world")
        lastEvent = e
        decision = nextStep(s, e)
      } else {
        const e = item.signIns[Math.min(signIns, item.signIns.length - 1)]
        signIns += 1
        if (e === undefined) throw new Error("empty world")
        lastEvent = e
        decision = nextStep(s, e)
      }
    }
    const last = steps.at(-1)
    traces.push({ steps, shopperRuns, signIns, ended: last?._tag === "Record" || last?._tag === "Fail" ? last : undefined, lastEvent, signInFailed: lastEvent._tag === "SignInFailed" })
  }
  return { traces, final: s }
}

const start = fc.record({ watchAuth: fc.boolean(), haveCredentials: fc.boolean() }).map(initialShopState)
const world = fc.array(itemWorld, { minLength: 1, maxLength: 6 })

describe("nextStep (pure, total)", () => {
  it.prop("answers every event in every state with a valid state and a step", [state, event], ([s, e]) => {
    const { state: next, step } = nextStep(s, e)
    expect(isState(next)).toBe(true)
    expect(["Shop", "SignIn", "Record", "Fail"]).toContain(step._tag)
    // Record means "the shopper's report stands": only ever the answer to a report.
    if (step._tag === "Record") expect(e._tag).toBe("Reported")
    // An item that ended leaves the run between items.
    if (step._tag === "Record" || step._tag === "Fail") expect(next.mode._tag).toBe("BetweenItems")
  }, { fastCheck: runs })

  it.prop("an expired session while shopping is a re-login or an auth failure, never anything else", [state], ([s]) => {
    const shopping: ShopState = { ...s, mode: { _tag: "Shopping", budget: { shopperRuns: 1, networkRetries: 0, relogins: 0 } } }
    const { step } = nextStep(shopping, { _tag: "AuthExpired" })
    if (step._tag === "Fail") expect(step.reason).toBe("auth_recovery_failed")
    else expect(step._tag).toBe("SignIn")
    expect(step._tag === "SignIn").toBe(s.signIn === "available")
  }, { fastCheck: runs })

  it.prop("offline while the model shops switches to the rules shopper, for this item and every later one", [state], ([s]) => {
    const shopping: ShopState = { ...s, shopper: "model", mode: { _tag: "Shopping", budget: { shopperRuns: 1, networkRetries: 0, relogins: 0 } } }
    const { state: next, step } = nextStep(shopping, { _tag: "Offline" })
    expect(step).toMatchObject({ _tag: "Shop", shopper: "rules", because: "offline" })
    expect(nextStep(next, { _tag: "ItemStarted" }).step).toMatchObject({ _tag: "Shop", shopper: "rules" })
  }, { fastCheck: runs })

  it.prop("a run always ends every item, within the stated budgets and before the backstop", [start, world], ([s, w]) => {
    const { traces } = drive(s, w)
    for (const t of traces) {
      expect(t.ended).toBeDefined()
      expect(t.shopperRuns).toBeLessThanOrEqual(maxShopperRunsPerItem)
      expect(t.signIns).toBeLessThanOrEqual(reloginsPerItem)
      // The budgets end every item first: the backstop and out-of-order answers never show in a run driven like
      // the orchestrator drives it; an agent error is only ever the shopper's own.
      if (t.ended?._tag === "Fail" && t.ended.reason === "agent_error") {
        expect(t.lastEvent).toEqual({ _tag: "Failed", reason: "agent_error", error: t.ended.error })
      }
    }
  }, { fastCheck: runs })

  it.prop("sign-in is tried at most once per item, never without credentials, never again once it failed", [start, world], ([s, w]) => {
    const { traces } = drive(s, w)
    let failedBefore = false
    for (const t of traces) {
      const signIns = t.steps.filter((step) => step._tag === "SignIn").length
      expect(signIns).toBeLessThanOrEqual(reloginsPerItem)
      if (s.signIn === "no_credentials" || failedBefore) expect(signIns).toBe(0)
      if (t.signInFailed) failedBefore = true
    }
  }, { fastCheck: runs })
})

describe("nextStep (examples)", () => {
  const shopping = (budget: Partial<{ shopperRuns: number; networkRetries: number; relogins: number }> = {}, signIn: ShopState["signIn"] = "available"): ShopState => ({
    ...initialShopState({ watchAuth: true, haveCredentials: true }),
    signIn,
    mode: { _tag: "Shopping", budget: { shopperRuns: 1, networkRetries: 0, relogins: 0, ...budget } }
  })

  it("an item starts with the model, watching the session as the run decided", () => {
    expect(nextStep(initialShopState({ watchAuth: false, haveCredentials: true }), { _tag: "ItemStarted" }).step)
      .toEqual({ _tag: "Shop", shopper: "model", watchAuth: false, because: "item_started" })
  })

  it("a network failure is retried once, then recorded", () => {
    const failed = { _tag: "Failed", reason: "network", error: "ECONNREFUSED" } as const
    const retry = nextStep(shopping(), failed)
    expect(retry.step).toMatchObject({ _tag: "Shop", because: "network" })
    expect(nextStep(retry.state, failed).step).toEqual({ _tag: "Fail", reason: "network", error: "ECONNREFUSED" })
  })

  it("timeouts, turn limits and model rejections are recorded at once", () => {
    for (const reason of ["timeout", "max_turns", "model_unavailable", "agent_error", "no_report"] as const) {
      expect(nextStep(shopping(), { _tag: "Failed", reason, error: "x" }).step).toEqual({ _tag: "Fail", reason, error: "x" })
    }
  })

  it("an expired session means one re-login, never a second, and none without credentials or after one failed", () => {
    const first = nextStep(shopping(), { _tag: "AuthExpired" })
    expect(first.step._tag).toBe("SignIn")
    const signedIn = nextStep(first.state, { _tag: "SignedIn" })
    expect(signedIn.step).toEqual({ _tag: "Shop", shopper: "model", watchAuth: true, because: "signed_in" })
    expect(nextStep(signedIn.state, { _tag: "AuthExpired" }).step)
      .toEqual({ _tag: "Fail", reason: "auth_recovery_failed", error: "the store session expired again right after signing in" })
    for (const s of [shopping({}, "broken"), shopping({}, "no_credentials")]) {
      expect(nextStep(s, { _tag: "AuthExpired" }).step).toMatchObject({ _tag: "Fail", reason: "auth_recovery_failed" })
    }
  })

  it("a failed re-login fails the item with its reason and stops re-logins for the rest of the run", () => {
    const signingIn = nextStep(shopping(), { _tag: "AuthExpired" }).state
    const failed = nextStep(signingIn, { _tag: "SignInFailed", error: "signing in to the store failed: wrong password" })
    expect(failed.step).toEqual({ _tag: "Fail", reason: "auth_recovery_failed", error: "signing in to the store failed: wrong password" })
    expect(failed.state.signIn).toBe("broken")
    const next = nextStep(failed.state, { _tag: "ItemStarted" })
    expect(nextStep(next.state, { _tag: "AuthExpired" }).step)
      .toEqual({ _tag: "Fail", reason: "auth_recovery_failed", error: "signing in again failed earlier in this run" })
  })

  it("no model means the rule-based shopper", () => {
    expect(nextStep(shopping(), { _tag: "Offline" }).step).toMatchObject({ _tag: "Shop", shopper: "rules" })
  })
})
