/**
 * The guard reads a path as words, not whole segments: a checkout, payment,
 * order or account word anywhere in a path — inside a compound segment
 * (`/secure-checkout`, `/guest-check-out`, `/checkout-v2`), in French
 * (`/commande`), or as the operation a query or body names
 * (`/graphql?op=placeOrder`, `?action=checkout`, a GraphQL mutation) — is
 * blocked. And a host allowed without a port allows the start URL's port only.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { defaultBlockedPaths, minimumBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { checkRequest, checkUrl, pathWords } from "../../../src/domain/shop/url-guard.js"

const minimumOnly = { allowedHosts: ["127.0.0.1:8080"], blockedPaths: [] }
const withDefaults = { allowedHosts: ["127.0.0.1:8080"], blockedPaths: defaultBlockedPaths }
const verdict = (profile: typeof minimumOnly | typeof withDefaults, path: string) => {
  const v = checkUrl(profile, `http://127.0.0.1:8080${path}`)
  return v._tag === "Allowed" ? "allowed" : v.reason
}

describe("a path read as words", () => {
  it("splits on - _ . / camelCase and percent-encoding, folded", () => {
    expect(pathWords("/en/secure-checkout")).toEqual(["en", "secure", "checkout"])
    expect(pathWords("/guest_Check.Out/placeOrderNow")).toEqual(["guest", "check", "out", "place", "order", "now"])
    expect(pathWords("/%63heckout%2Dv2/D%C3%A9connexion")).toEqual(["checkout", "v2", "deconnexion"])
    expect(pathWords("/XMLHttpCheckout")).toEqual(["xml", "http", "checkout"])
  })

  it("blocks a checkout or payment word inside a compound segment, even with no profile list", () => {
    for (const path of [
      "/secure-checkout",
      "/express_checkout",
      "/guest-check-out",
      "/checkout-v2",
      "/en/checkoutV2/step1",
      "/fr/commande",
      "/fr/commandes/123",
      "/fr/passer-ma-commande",
      "/api/placeOrder",
      "/api/place_order_v3",
      "/cart/proceed-to-payment",
      "/fr/page-de-paiement",
      "/one.page.checkout.html",
      "/reset-my-password",
      "/aisles/checkout-lane-snacks"
    ]) expect(verdict(minimumOnly, path), path).toBe("path")
  })

  it("blocks express-pay and buy-now paths, written any way, even with no profile list", () => {
    for (const path of [
      "/buy-now",
      "/p/123/buyNow",
      "/buy-it-now",
      "/order-now",
      "/applepay",
      "/apple-pay/session",
      "/ApplePay",
      "/gpay",
      "/google-pay",
      "/googlepay",
      "/shop-pay",
      "/shoppay",
      "/paypal/start",
      "/amazon-pay",
      "/quick-buy",
      "/one-click-buy",
      "/fr/acheter-maintenant"
    ]) expect(verdict(minimumOnly, path), path).toBe("path")
    // Shopping pages with near words stay open.
    for (const path of ["/en/buy-again", "/search?q=now", "/aisles/paper-towels"]) expect(verdict(withDefaults, path), path).toBe("allowed")
  })

  it("reads Cyrillic and Greek lookalike letters as the Latin letters they imitate", () => {
    for (const path of [
      "/ch\u0435ckout", // Cyrillic е
      "/\u0441heckout", // Cyrillic с
      "/\u0441\u04bb\u0435\u0441k\u043eut", // all lookalikes
      "/CH\u0415CKOUT", // Cyrillic Е
      "/checkout".replace("o", "\u03bf"), // Greek ο
      "/p\u0430yment", // Cyrillic а
      "/%D1%81heckout", // encoded Cyrillic с
      "/secure-ch\u0435ck-\u043eut"
    ]) expect(verdict(minimumOnly, path), path).toBe("path")
    expect(pathWords("/ch\u0435ckout")).toEqual(["checkout"])
    expect(verdict(minimumOnly, "/search?q=\u0441ook")).toBe("allowed")
  })

  it("blocks sign-in and account words in a compound segment with the default list", () => {
    for (const path of ["/customer-login", "/en/account-overview", "/fr/mon-compte-client", "/en/signIn", "/fr/page-connexion", "/user/log-in", "/en/account"]) {
      expect(verdict(withDefaults, path), path).toBe("path")
    }
  })

  it("an operation named in the query is checked like a path; a search for the word is not", () => {
    for (const path of [
      "/graphql?op=placeOrder",
      "/api?action=checkout",
      "/api?Action=Check-Out",
      "/graphql?operationName=SubmitPayment",
      "/graphql?query=mutation%20PlaceOrder%20%7B%20placeOrder%20%7B%20id%20%7D%20%7D",
      "/graphql?query=mutation%7BcompleteCheckout(id%3A1)%7Bok%7D%7D",
      "/rpc?cmd=order.place"
    ]) expect(verdict(minimumOnly, path), path).toBe("path")
    for (const path of ["/search?q=checkout", "/search?q=pay+day", "/graphql?op=searchProducts&q=checkout", "/graphql?query=query%20Cart%7Bcart%7Bid%7D%7D"]) {
      expect(verdict(minimumOnly, path), path).toBe("allowed")
    }
  })

  it("an operation named in a request body (JSON, GraphQL, form) is blocked", () => {
    const post = (body: string) =>
      checkRequest(minimumOnly, { url: "http://127.0.0.1:8080/graphql", method: "POST", referrer: undefined, isDocument: false, body }, undefined)._tag
    expect(post(JSON.stringify({ operationName: "PlaceOrder", query: "mutation PlaceOrder { placeOrder { id } }" }))).toBe("Blocked")
    expect(post(JSON.stringify({ query: "mutation { checkoutComplete(id: 1) { ok } }" }))).toBe("Blocked")
    expect(post(JSON.stringify([{ operationName: "AddToCart" }, { operationName: "submitOrder" }]))).toBe("Blocked")
    expect(post(JSON.stringify({ action: "checkout" }))).toBe("Blocked")
    expect(post("action=place-order&id=1")).toBe("Blocked")
    expect(post(JSON.stringify({ operationName: "AddToCart", query: "mutation AddToCart { addToCart(sku: 1) { count } }" }))).toBe("Allowed")
    expect(post("id=farm-milk&qty=2")).toBe("Allowed")
    expect(post(JSON.stringify({ note: "no checkout talk here is an operation" }))).toBe("Allowed")
  })

  it("the shopping pages stay open", () => {
    for (const path of ["/p/payday-bar", "/search?q=checkout", "/fr/epicerie-en-ligne/panier", "/cart", "/cart/add", "/p/farm-milk", "/hop/step-a", "/aisles/dairy-eggs"]) {
      expect(verdict(withDefaults, path), path).toBe("allowed")
    }
  })
})

/** A blocked entry written into a compound segment: random neighbour words, separators and casing. */
const compound = FastCheck.record({
  entry: FastCheck.constantFrom(...minimumBlockedPaths),
  before: FastCheck.array(FastCheck.constantFrom("secure", "guest", "express", "fr", "en", "api", "v2", "new"), { maxLength: 2 }),
  after: FastCheck.array(FastCheck.constantFrom("step", "v2", "page", "html", "start", "1"), { maxLength: 2 }),
  separator: FastCheck.constantFrom("-", "_", ".", "/", "%2F", "%2D", "camel"),
  upper: FastCheck.boolean()
})

describe("any blocked entry inside a compound segment", () => {
  it.prop("is blocked whatever its neighbours, separators and casing", [compound], ([c]) => {
    const words = [...c.before, ...c.entry.split(/[-/]/), ...c.after]
    const joined = c.separator === "camel"
      ? words.map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join("")
      : words.join(c.separator)
    // All capitals would erase the camelCase boundaries (CHECKOUTSTEP is one word), so not with camelCase.
    const path = `/${c.upper && c.separator !== "camel" ? joined.toUpperCase() : joined}`
    expect(verdict(minimumOnly, path), path).toBe("path")
    expect(verdict(minimumOnly, `/api?action=${encodeURIComponent(joined)}`), joined).toBe("path")
  })
})

describe("ports of an allowed host", () => {
  it("a host without a port allows only the start URL's port (the scheme's default when it names none)", () => {
    const local = { baseUrl: "http://127.0.0.1:8080/", allowedHosts: ["127.0.0.1"], blockedPaths: [] }
    expect(checkUrl(local, "http://127.0.0.1:8080/x")._tag).toBe("Allowed")
    expect(checkUrl(local, "http://127.0.0.1:9090/x")._tag).toBe("Blocked")
    expect(checkUrl(local, "http://127.0.0.1/x")._tag).toBe("Blocked")
    const metro = { baseUrl: "https://www.metro.ca/en", allowedHosts: ["www.metro.ca", "*.a.run.app"], blockedPaths: [] }
    expect(checkUrl(metro, "https://www.metro.ca/en")._tag).toBe("Allowed")
    expect(checkUrl(metro, "http://www.metro.ca/en")._tag).toBe("Allowed")
    expect(checkUrl(metro, "https://x.a.run.app/collect")._tag).toBe("Allowed")
    expect(checkUrl(metro, "https://www.metro.ca:8443/en")._tag).toBe("Blocked")
    expect(checkUrl(metro, "https://x.a.run.app:9000/collect")._tag).toBe("Blocked")
  })

  it("`host:*` allows every port, only when written so; `host:port` that port", () => {
    const any = { baseUrl: "http://127.0.0.1:8080/", allowedHosts: ["127.0.0.1:*"], blockedPaths: [] }
    expect(checkUrl(any, "http://127.0.0.1:9090/x")._tag).toBe("Allowed")
    expect(checkUrl(any, "http://127.0.0.2:9090/x")._tag).toBe("Blocked")
    const one = { baseUrl: "http://127.0.0.1:8080/", allowedHosts: ["127.0.0.1:9090"], blockedPaths: [] }
    expect(checkUrl(one, "http://127.0.0.1:9090/x")._tag).toBe("Allowed")
    expect(checkUrl(one, "http://127.0.0.1:8080/x")._tag).toBe("Blocked")
  })
})
