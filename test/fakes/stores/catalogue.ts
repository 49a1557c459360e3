/**
 * The catalogue the varied fixture stores sell, with the prices real
 * grocery stores show: sales with a regular price, weighted items sold at an
 * average price each, per-unit prices, multi-buy deals, a sponsored product,
 * one out of stock — and a distractor for "eggs". Each store prices its cart
 * server-side with `cartLineCents`, its own arithmetic, independent of the
 * agent's price module.
 */
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Effect } from "effect"
import type { Scope } from "effect"
import type { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { listenOnLoopback } from "../loopback.js"

export interface Deal {
  readonly count: number
  readonly cents: number
}

export interface CatalogueProduct {
  readonly id: string
  readonly en: string
  readonly fr: string
  /** What one costs now (the sale price when on sale; a weighted item's average). */
  readonly cents: number
  readonly regularCents?: number
  /** Per-unit price for comparison: cents per `unit`. */
  readonly unit?: { readonly cents: number; readonly per: "100 g" | "100 ml" | "kg" | "lb" }
  readonly deal?: Deal
  readonly weighted?: boolean
  readonly sponsored?: boolean
  readonly inStock: boolean
}

export const catalogue: ReadonlyArray<CatalogueProduct> = [
  { id: "natrel-2-milk", en: "Natrel 2% Milk 2 L", fr: "Lait 2% Natrel 2 L", cents: 699, unit: { cents: 35, per: "100 ml" }, sponsored: true, inStock: true },
  { id: "lactantia-2-milk", en: "Lactantia 2% Milk 2 L", fr: "Lait 2% Lactantia 2 L", cents: 549, regularCents: 649, unit: { cents: 27, per: "100 ml" }, inStock: true },
  { id: "choc-milk", en: "Chocolate Milk Drink 1 L", fr: "Boisson au lait chocolaté 1 L", cents: 329, unit: { cents: 33, per: "100 ml" }, inStock: true },
  { id: "eggs-12", en: "Large White Eggs, 12 count", fr: "Gros œufs blancs, 12", cents: 429, inStock: true },
  { id: "egg-noodles", en: "Wide Egg Noodles 375 g", fr: "Nouilles aux œufs larges 375 g", cents: 299, unit: { cents: 80, per: "100 g" }, inStock: true },
  { id: "white-bread", en: "Bon Matin White Bread 675 g", fr: "Pain blanc Bon Matin 675 g", cents: 399, deal: { count: 2, cents: 700 }, unit: { cents: 59, per: "100 g" }, inStock: true },
  { id: "greek-yogurt", en: "Greek Yogurt Plain 750 g", fr: "Yogourt grec nature 750 g", cents: 366, deal: { count: 3, cents: 1098 }, unit: { cents: 49, per: "100 g" }, inStock: true },
  { id: "ground-beef", en: "Lean Ground Beef", fr: "Bœuf haché maigre", cents: 1102, weighted: true, unit: { cents: 2423, per: "kg" }, inStock: true },
  { id: "salted-butter", en: "Salted Butter 454 g", fr: "Beurre salé 454 g", cents: 599, regularCents: 749, unit: { cents: 132, per: "100 g" }, inStock: true },
  { id: "maple-syrup", en: "Pure Maple Syrup 540 ml", fr: "Sirop d'érable pur 540 ml", cents: 1199, unit: { cents: 222, per: "100 ml" }, inStock: false }
]

export const productById = (id: string | null | undefined): CatalogueProduct | undefined => catalogue.find((p) => p.id === id)

/** What the store charges for `quantity` of a product: the deal applied to each full group. */
export const cartLineCents = (p: CatalogueProduct, quantity: number): number =>
  p.deal === undefined ? p.cents * quantity : Math.floor(quantity / p.deal.count) * p.deal.cents + (quantity % p.deal.count) * p.cents

const fold = (s: string) => s.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").replace(/œ/g, "oe")

/** The store's own search: every query word starts a word of the name (plural s ignored). */
export const searchCatalogue = (query: string, lang: "en" | "fr"): ReadonlyArray<CatalogueProduct> => {
  const words = (s: string) => fold(s).split(/[^a-z0-9%]+/).filter(Boolean)
  const wanted = words(query)
  return catalogue.filter((p) => wanted.length > 0 && wanted.every((w) => words(p[lang]).some((n) => n.startsWith(w.replace(/s$/, "")))))
}

export const dollars = (cents: number): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`
export const dollarsFr = (cents: number): string => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")} $`

export const escapeHtml = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export interface StoreHit {
  readonly method: string
  readonly path: string
}

/** What a test (or the bench) sees of a varied store: its profile and its real, server-side cart. */
export interface VariedStore {
  readonly name: string
  readonly url: string
  readonly profile: StoreProfile
  readonly cart: () => ReadonlyArray<{ readonly id: string; readonly quantity: number }>
  readonly cartTotalCents: () => number
  readonly hits: () => ReadonlyArray<StoreHit>
}

export interface Request {
  readonly method: string
  readonly url: URL
  readonly cookies: ReadonlyMap<string, string>
  readonly body: () => Promise<URLSearchParams>
}

export interface Reply {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly body?: string
}

/** A server on 127.0.0.1 (port 0) with a cart kept server-side; closed with the scope. */
export const serveStore = (
  handle: (req: Request, cart: Map<string, number>, origin: string) => Promise<Reply | undefined> | Reply | undefined
): Effect.Effect<{ readonly url: string; readonly cart: Map<string, number>; readonly hits: () => ReadonlyArray<StoreHit> }, never, Scope.Scope> =>
  Effect.gen(function*() {
    const cart = new Map<string, number>()
    const hits: Array<StoreHit> = []
    let origin = ""
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? "/", origin)
      hits.push({ method: req.method ?? "GET", path: url.pathname })
      const cookies = new Map(
        (req.headers.cookie ?? "").split(/;\s*/).filter(Boolean).map((c) => [c.split("=")[0] ?? "", c.split("=").slice(1).join("=")] as const)
      )
      const body = () =>
        new Promise<URLSearchParams>((resolve) => {
          let text = ""
          req.on("data", (chunk: Buffer) => void (text += chunk.toString("utf8")))
          req.on("end", () => resolve(new URLSearchParams(text)))
        })
      void Promise.resolve(handle({ method: req.method ?? "GET", url, cookies, body }, cart, origin)).then((reply) => {
        const r = reply ?? { status: 404, body: "<!doctype html><title>Not found</title><h1>Not found</h1>" }
        res.writeHead(r.status ?? 200, { "content-type": "text/html; charset=utf-8", ...r.headers })
        res.end(r.body ?? "")
      })
    })
    const port = yield* listenOnLoopback(server)
    origin = `http://127.0.0.1:${port}`
    return { url: origin, cart, hits: () => [...hits] }
  })

export const cartOf = (cart: Map<string, number>) => () => [...cart.entries()].map(([id, quantity]) => ({ id, quantity }))
export const totalOf = (cart: Map<string, number>) => () =>
  [...cart.entries()].reduce((sum, [id, q]) => {
    const p = productById(id)
    return p === undefined ? sum : sum + cartLineCents(p, q)
  }, 0)

export const redirect = (location: string, headers: Record<string, string> = {}): Reply => ({ status: 303, headers: { location, ...headers } })
export const json = (value: unknown): Reply => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(value) })
export const newToken = (): string => randomUUID()
