/**
 * A new user's store, nobody tuned Shoal to it: server-rendered cards whose
 * add control is a *link* ("Add to bag", a GET that puts the product in the
 * bag and comes back), a bag badge that says its count only in a `title`,
 * prices written "Was $3.00 Now $2.50", "2 for $5", "$0.89/lb · approx. $1.78 ea",
 * a product limited to one per order (the bag keeps one, silently), and a
 * product that needs an account (its add link goes to /login).
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { defaultBlockedPaths, StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { escapeHtml, redirect, serveStore } from "./catalogue.js"
import type { StoreHit } from "./catalogue.js"

interface CornerProduct {
  readonly sku: string
  readonly name: string
  readonly cents: number
  readonly priceHtml: string
  /** The bag keeps at most this many, dropping the rest without a word. */
  readonly limit?: number
  readonly needsAccount?: boolean
  readonly deal?: { readonly count: number; readonly cents: number }
}

export const cornerCatalogue: ReadonlyArray<CornerProduct> = [
  { sku: "oat-milk", name: "Oatly Oat Drink 1.89 L", cents: 250, priceHtml: "<span class=price>Was $3.00 Now $2.50</span>" },
  { sku: "dozen-eggs", name: "Free Run Eggs Dozen", cents: 549, priceHtml: "<span class=price>$5.49</span>" },
  { sku: "sourdough", name: "Sourdough Loaf", cents: 300, deal: { count: 2, cents: 500 }, priceHtml: "<span class=price>2 for $5</span> <small>$3.00 each</small>" },
  { sku: "bananas", name: "Bananas", cents: 178, priceHtml: "<span class=price>$0.89/lb</span> <small>approx. $1.78 ea</small>" },
  { sku: "avocado", name: "Hass Avocado", cents: 199, limit: 1, priceHtml: "<span class=price>$1.99</span> <small>Limit 1 per order</small>" },
  { sku: "red-wine", name: "House Red Wine 750 ml", cents: 1299, needsAccount: true, priceHtml: "<span class=price>$12.99</span>" }
]

const bySku = (sku: string | null) => cornerCatalogue.find((p) => p.sku === sku)
const money = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`
export const cornerLineCents = (p: CornerProduct, q: number) =>
  p.deal === undefined ? p.cents * q : Math.floor(q / p.deal.count) * p.deal.cents + (q % p.deal.count) * p.cents

const fold = (s: string) => s.toLowerCase()
const search = (q: string) => {
  const words = fold(q).split(/[^a-z0-9]+/).filter(Boolean)
  return cornerCatalogue.filter((p) => words.length > 0 && words.every((w) => fold(p.name).split(/[^a-z0-9]+/).some((n) => n.startsWith(w.replace(/s$/, "")))))
}

export interface CornerStore {
  readonly url: string
  readonly profile: StoreProfile
  readonly cart: () => ReadonlyArray<{ readonly sku: string; readonly quantity: number }>
  readonly cartTotalCents: () => number
  readonly hits: () => ReadonlyArray<StoreHit>
}

/** The corner store with its add link labelled `addLabel` (a store whose wording nothing reads as "add": "Pick"). */
export const makeCornerStoreLabelled = (addLabel: string): Effect.Effect<CornerStore, never, Scope.Scope> => Effect.gen(function*() {
  const server = yield* serveStore((req, cart, origin) => {
    const count = [...cart.values()].reduce((a, b) => a + b, 0)
    const page = (title: string, body: string) => ({
      body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Corner Grocer</title></head><body>
<header><a href="/">Corner Grocer</a> <form action="/s" role="search"><input name="k" aria-label="Search products"><button>Go</button></form>
<a href="/bag" title="Bag, ${count} items">&#128722;</a> <a href="/login">Sign in</a></header>
<main>${body}</main><script src="/leaky.js"></script></body></html>`
    })
    const path = req.url.pathname
    if (path === "/") return page("Home", "<h1>Corner Grocer</h1>")
    // Every product page also tries to leave: to blocked paths under odd spellings and to this very
    // server under another host name (localhost). The guard must stop each before it is sent.
    if (path === "/leaky.js") {
      const other = origin.replace("127.0.0.1", "localhost")
      return {
        headers: { "content-type": "text/javascript" },
        body: `
for (const u of ["/Check%6Fut", "/basket/../checkout", "/%2563heckout", "/order%2Fplace", "${other}/ok-localhost", "/caisse", "/se-connecter"]) {
  fetch(u, { method: "POST", body: "x" }).catch(() => {})
  const img = new Image(); img.src = u + (u.includes("?") ? "&" : "?") + "img"
}
navigator.sendBeacon("/paiement", "x")
const f = document.createElement("iframe"); f.src = "${other}/ok-localhost-frame"; document.body.append(f)
const l = document.createElement("link"); l.rel = "modulepreload"; l.href = "/checkout.js"; document.head.append(l)
const o = document.createElement("object"); o.data = "/checkout/object"; document.body.append(o)
import("/checkout-module.js").catch(() => {})
const s = document.createElement("style"); s.textContent = "@import url('/checkout.css'); body { background: url('${other}/ok-localhost-bg') }"; document.head.append(s)
`
      }
    }
    if (path === "/s") {
      const k = req.url.searchParams.get("k") ?? ""
      const found = search(k)
      return page(`“${k}”`, found.length === 0 ? `<p>Sorry, nothing matched “${escapeHtml(k)}”.</p>` : `<ul class=cards>${
        found.map((p) => `<li class=card><a href="/prod/${p.sku}"><h3>${escapeHtml(p.name)}</h3></a> ${p.priceHtml}
<a class=btn href="/bag/put?sku=${p.sku}&back=${encodeURIComponent(`/s?k=${k}`)}">${escapeHtml(addLabel)}</a></li>`).join("")
      }</ul>`)
    }
    const prod = /^\/prod\/([\w-]+)$/.exec(path)
    if (prod !== null) {
      const p = bySku(prod[1] ?? null)
      return p === undefined ? undefined : page(p.name, `<article><h1>${escapeHtml(p.name)}</h1> ${p.priceHtml} <a class=btn href="/bag/put?sku=${p.sku}&back=/prod/${p.sku}">${escapeHtml(addLabel)}</a></article>`)
    }
    if (path === "/bag/put") {
      const p = bySku(req.url.searchParams.get("sku"))
      if (p === undefined) return { status: 400, body: "no such product" }
      if (p.needsAccount === true) return redirect(`/login?next=${encodeURIComponent(req.url.pathname + req.url.search)}`)
      cart.set(p.sku, Math.min(p.limit ?? 99, (cart.get(p.sku) ?? 0) + 1))
      return redirect(req.url.searchParams.get("back") ?? "/bag")
    }
    if (path === "/bag") {
      const lines = [...cart.entries()].flatMap(([sku, q]) => {
        const p = bySku(sku)
        return p === undefined ? [] : [{ p, q }]
      })
      if (lines.length === 0) return page("Bag", "<h1>Your bag</h1><p>Your bag is empty.</p>")
      const total = lines.reduce((s, l) => s + cornerLineCents(l.p, l.q), 0)
      return page("Bag", `<h1>Your bag</h1><ul>${
        lines.map((l) => `<li><a href="/prod/${l.p.sku}">${escapeHtml(l.p.name)}</a> Qty: ${l.q} ${money(cornerLineCents(l.p, l.q))}</li>`).join("")
      }</ul><p>Total ${money(total)}</p>`)
    }
    if (path === "/login" || path === "/checkout") return page("Sign in", "<h1>Sign in</h1>")
    return undefined
  })
  return {
    url: server.url,
    // What a new user writes from the README: no addToCartPattern (it is not documented).
    profile: new StoreProfile({
      name: "corner-grocer",
      baseUrl: `${server.url}/`,
      searchUrl: `${server.url}/s?k={query}`,
      cartUrl: `${server.url}/bag`,
      allowedHosts: [server.url.replace("http://", "")],
      blockedPaths: [...defaultBlockedPaths],
      productPathPattern: "^/prod/[\\w-]+$"
    }),
    cart: () => [...server.cart.entries()].map(([sku, quantity]) => ({ sku, quantity })),
    cartTotalCents: () =>
      [...server.cart.entries()].reduce((s, [sku, q]) => {
        const p = bySku(sku)
        return p === undefined ? s : s + cornerLineCents(p, q)
      }, 0),
    hits: server.hits
  }
})

export const makeCornerStore: Effect.Effect<CornerStore, never, Scope.Scope> = makeCornerStoreLabelled("Add to bag")
