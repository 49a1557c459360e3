/**
 * A third new user's store, invented for a break-test: a euro market whose
 * add control is a form that posts and lands on the cart page (no quantity
 * field, no stepper: more than one means adding again), tile prices written
 * "4€99" and "2,49 €", English and French names side by side.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { escapeHtml, redirect, serveStore } from "./catalogue.js"
import type { StoreHit } from "./catalogue.js"

const products: ReadonlyArray<{ readonly sku: string; readonly name: string; readonly cents: number }> = [
  { sku: "poulet-bouillon", name: "Bouillon de poulet 900 ml", cents: 259 },
  { sku: "poulet-poitrines", name: "Poitrines de poulet désossées", cents: 1299 },
  { sku: "pommes-jus", name: "Apple Juice 1.89 L", cents: 349 },
  { sku: "pommes-gala", name: "Gala Apples 3 lb bag", cents: 499 },
  { sku: "creme-glacee", name: "Crème glacée vanille", cents: 599 },
  { sku: "creme-sure", name: "Crème sure 500 ml", cents: 299 }
]
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} €`
/** Shelf-label style for the first tile of a page, "4€99"; the rest "4,99 €". */
const shelf = (cents: number) => `${Math.floor(cents / 100)}€${String(cents % 100).padStart(2, "0")}`
const fold = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")

export interface MarketStore {
  readonly profile: StoreProfile
  readonly cart: () => ReadonlyArray<{ readonly sku: string; readonly quantity: number }>
  readonly cartTotalCents: () => number
  readonly hits: () => ReadonlyArray<StoreHit>
}

export const makeMarketStore: Effect.Effect<MarketStore, never, Scope.Scope> = Effect.gen(function*() {
  const server = yield* serveStore(async (req, cart) => {
    const count = [...cart.values()].reduce((a, b) => a + b, 0)
    const page = (title: string, body: string) => ({
      body: `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>
<header><a href="/">Petit Marché</a> <a href="/panier">Panier (${count})</a></header><main>${body}</main></body></html>`
    })
    const path = req.url.pathname
    if (path === "/") return page("Accueil", "<h1>Petit Marché</h1>")
    if (path === "/recherche") {
      const words = fold(req.url.searchParams.get("q") ?? "").split(/\s+/).filter(Boolean).map((w) => w.replace(/s$/, "").slice(0, 5))
      const found = products.filter((p) => words.length > 0 && words.every((w) => fold(p.name).includes(w)))
      return page("Résultats", found.length === 0 ? "<p>Aucun résultat</p>" : `<ul>${
        found.map((p, i) => `<li><a href="/p/${p.sku}"><h3>${escapeHtml(p.name)}</h3></a> <span>${i === 0 ? shelf(p.cents) : euros(p.cents)}</span>
<form method=post action="/panier/ajout"><input type=hidden name=sku value="${p.sku}"><button>Ajouter au panier</button></form></li>`).join("")
      }</ul>`)
    }
    const prod = /^\/p\/([\w-]+)$/.exec(path)
    const product = products.find((p) => p.sku === prod?.[1])
    if (product !== undefined) {
      return page(product.name, `<h1>${escapeHtml(product.name)}</h1> <span>${euros(product.cents)}</span>
<form method=post action="/panier/ajout"><input type=hidden name=sku value="${product.sku}"><button>Ajouter au panier</button></form>`)
    }
    if (path === "/panier/ajout" && req.method === "POST") {
      const sku = (await req.body()).get("sku") ?? ""
      if (products.some((p) => p.sku === sku)) cart.set(sku, (cart.get(sku) ?? 0) + 1)
      return redirect("/panier")
    }
    if (path === "/panier") {
      const lines = [...cart.entries()].flatMap(([sku, q]) => products.filter((p) => p.sku === sku).map((p) => ({ p, q })))
      if (lines.length === 0) return page("Panier", "<h1>Panier</h1><p>Votre panier est vide.</p>")
      return page("Panier", `<h1>Panier</h1><table>${
        lines.map((l) => `<tr><td><a href="/p/${l.p.sku}">${escapeHtml(l.p.name)}</a></td><td>Qté : ${l.q}</td><td>${euros(l.p.cents * l.q)}</td></tr>`).join("")
      }</table><p>Total : ${euros(lines.reduce((s, l) => s + l.p.cents * l.q, 0))}</p>`)
    }
    return undefined
  })
  return {
    profile: new StoreProfile({
      name: "petit-marche",
      baseUrl: `${server.url}/`,
      searchUrl: `${server.url}/recherche?q={query}`,
      cartUrl: `${server.url}/panier`,
      allowedHosts: [server.url.replace("http://", "")],
      blockedPaths: [],
      productPathPattern: "^/p/[\\w-]+$"
    }),
    cart: () => [...server.cart.entries()].map(([sku, quantity]) => ({ sku, quantity })),
    cartTotalCents: () => [...server.cart.entries()].reduce((s, [sku, q]) => s + (products.find((p) => p.sku === sku)?.cents ?? 0) * q, 0),
    hits: server.hits
  }
})
