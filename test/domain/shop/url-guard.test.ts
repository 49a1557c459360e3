/** The guard's one decision: which URLs the shopping browser may load. */
import { describe, expect, it } from "@effect/vitest"
import { metroProfile } from "../../../src/domain/shop/store-profile.js"
import { blockedPathIn, checkUrl } from "../../../src/domain/shop/url-guard.js"

const verdict = (url: string) => {
  const v = checkUrl(metroProfile, url)
  return v._tag === "Allowed" ? "allowed" : v.reason
}

describe("checkUrl (metro.ca profile)", () => {
  it("allows the store's shopping pages and its asset hosts", () => {
    expect(verdict("https://www.metro.ca/en/online-grocery/search?filter=milk")).toBe("allowed")
    expect(verdict("https://product-images.metro.ca/images/h1/milk.jpg")).toBe("allowed")
    expect(verdict("https://mpc2-prod-1-is5qnl632q-uc.a.run.app/collect")).toBe("allowed")
  })

  it("blocks checkout, payment, sign-in and account pages at any depth, behind a locale, with an extension or encoded", () => {
    for (const url of [
      "https://www.metro.ca/checkout",
      "https://www.metro.ca/en/checkout",
      "https://www.metro.ca/fr/checkout/step-2",
      "https://www.metro.ca/en/online-grocery/checkout",
      "https://www.metro.ca/en/login",
      "https://www.metro.ca/login.aspx",
      "https://www.metro.ca/en/%6Cogin",
      "https://www.metro.ca/EN/Payment",
      "https://www.metro.ca/en/account/settings",
      "https://www.metro.ca/en/password-reset?token=x",
      "https://www.metro.ca/en/register"
    ]) expect(verdict(url), url).toBe("path")
  })

  it("does not block a page whose segment merely contains a blocked word", () => {
    expect(verdict("https://www.metro.ca/en/online-grocery/aisles/checkout-lane-snacks")).toBe("allowed")
    expect(verdict("https://www.metro.ca/en/account")).toBe("allowed")
  })

  it("blocks other hosts, lookalikes included, and every non-http(s) scheme", () => {
    expect(verdict("https://www.metro.ca.evil.example/")).toBe("host")
    expect(verdict("https://metro.ca/")).toBe("host")
    expect(verdict("https://www.googletagmanager.com/gtm.js")).toBe("host")
    expect(verdict("https://a.run.app.example.com/")).toBe("host")
    for (const url of ["data:text/html,x", "blob:https://www.metro.ca/1", "file:///etc/passwd", "javascript:alert(1)"]) {
      expect(verdict(url), url).toBe("scheme")
    }
    expect(verdict("not a url")).toBe("malformed")
  })

  it("an allowlist entry with a port matches that port only", () => {
    const local = { allowedHosts: ["127.0.0.1:8080"], blockedPaths: [] }
    expect(checkUrl(local, "http://127.0.0.1:8080/x")._tag).toBe("Allowed")
    expect(checkUrl(local, "http://127.0.0.1:9090/x")._tag).toBe("Blocked")
  })

  it("multi-segment entries match only the whole sequence", () => {
    expect(blockedPathIn(["account/settings"], "/fr/account/settings/email")).toBe("account/settings")
    expect(blockedPathIn(["account/settings"], "/account/orders/settings")).toBeUndefined()
  })
})
