/** The orchestrator's pure decision after each attempt: record, retry once, re-login once, or go offline. */
import { describe, expect, it } from "@effect/vitest"
import { Attempt, nextStep } from "../../../src/agents/shop/attempt.js"
import type { RetryState } from "../../../src/agents/shop/attempt.js"

const fresh: RetryState = { networkRetries: 0, reloggedIn: false, signInBroken: false, haveCredentials: true }

describe("nextStep", () => {
  it("a network failure is retried once, then recorded", () => {
    const failed = Attempt.Failed({ reason: "network", error: "ECONNREFUSED" })
    expect(nextStep(failed, fresh)._tag).toBe("Retry")
    expect(nextStep(failed, { ...fresh, networkRetries: 1 })).toEqual({ _tag: "Record", attempt: failed })
  })

  it("timeouts, turn limits and model rejections are recorded at once", () => {
    for (const reason of ["timeout", "max_turns", "model_unavailable", "agent_error", "no_report"] as const) {
      expect(nextStep(Attempt.Failed({ reason, error: "x" }), fresh)._tag).toBe("Record")
    }
  })

  it("an expired session means one re-login, never a second, and none without credentials or after one failed", () => {
    expect(nextStep(Attempt.AuthExpired(), fresh)._tag).toBe("SignInThenRetry")
    for (const state of [{ ...fresh, reloggedIn: true }, { ...fresh, signInBroken: true }, { ...fresh, haveCredentials: false }]) {
      const step = nextStep(Attempt.AuthExpired(), state)
      expect(step._tag).toBe("Record")
      expect(step._tag === "Record" && step.attempt._tag === "Failed" ? step.attempt.reason : undefined).toBe("auth_recovery_failed")
    }
  })

  it("no model means the rule-based shopper", () => {
    expect(nextStep(Attempt.Offline(), fresh)._tag).toBe("RetryWithRules")
  })
})
