/**
 * The fixture grocery store: a small web shop served on 127.0.0.1 (port 0)
 * for the browser and shop-agent tests, a scoped resource closed by the test.
 *
 * It has search, results, product pages (one out of stock), a cart that
 * needs a signed-in session, a login page, a checkout page, an SPA route
 * change, a redirect to a foreign host and links to one — the foreign host
 * is `localhost`, which reaches this same server, so a request that slipped
 * past the guard would show up in `hits`. A search for "saffron" never
 * answers (the slow page for time-budget tests). Sessions can be expired on
 * demand to test re-login.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { randomUUID } from "node:crypto"
import { createServer } from "node:http"
import type { IncomingMessage, ServerResponse } from "node:http"
import { StoreAuth, StoreProfile, defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import type { PageContext, Product } from "./pages.js"
import { cartPage, checkoutPage, dealsApp, homePage, loginPage, productPage, products, resultsPage } from "./pages.js"
import { listenOnLoopback } from "../loopback.js"

export const fixtureCredentials = { username: "alice@example.com", password: "s3cret-Pa55word-xyz" } as const

export interface Hit {
  readonly method: string
  readonly host: string
  readonly path: string
}

export interface FixtureStore {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** `http://localhost:<port>`: off the profile's allowlist. */
  readonly foreignOrigin: string
  readonly profile: StoreProfile
  readonly hits: () => ReadonlyArray<Hit>
  readonly cart: () => ReadonlyArray<{ readonly id: string; readonly quantity: number }>
  /** Successful logins so far. */
  readonly logins: () => number
  /** Every session cookie stops working, as when a store's session expires. */
  readonly expireSessions: () => void
  /** From now on every login attempt fails, as with a changed password. */
  readonly rejectLogins: () => void
  /**
   * The product's hold lapses: once in the cart, the store drops it when another product is added (a reservation
   * it could not keep). Its own add is confirmed as usual; only the cart at the end shows it gone.
   */
  readonly lapse: (id: string) => void
}

const readBody = (req: IncomingMessage): Promise<URLSearchParams> =>
  new Promise((resolve) => {
    let body = ""
    req.on("data", (chunk: Buffer) => void (body += chunk.toString("utf8")))
    req.on("end", () => resolve(new URLSearchParams(body)))
  })

const sessionOf = (req: IncomingMessage): string | undefined =>
  /(?:^|;\s*)session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1]

export const makeFixtureStore: Effect.Effect<FixtureStore, never, Scope.Scope> = Effect.gen(function*() {
  const hits: Array<Hit> = []
  const cart = new Map<string, number>()
  const sessions = new Map<string, string>()
  let logins = 0
  let loginsRejected = false
  const lapsing = new Set<string>()
  let port = 0

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "127.0.0.1"}`)
    hits.push({ method: req.method ?? "GET", host: req.headers.host ?? "", path: url.pathname })
    const session = sessionOf(req)
    const ctx: PageContext = {
      user: session === undefined ? undefined : sessions.get(session),
      foreignOrigin: `http://localhost:${port}`,
      cartCount: [...cart.values()].reduce((a, b) => a + b, 0)
    }
    const html = (body: string, status = 200, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8", ...headers })
      res.end(body)
    }
    const redirect = (location: string, headers: Record<string, string> = {}) => {
      res.writeHead(303, { location, ...headers })
      res.end()
    }
    const path = url.pathname
    const product = (id: string | undefined): Product | undefined => products.find((p) => p.id === id)
    if (req.method === "GET" && path === "/") return html(homePage(ctx))
    if (req.method === "GET" && path === "/search") {
      const query = url.searchParams.get("filter") ?? ""
      // The slow page: never answers; the test's time budget must end the item.
      if (/saffron/i.test(query)) return
      return html(resultsPage(ctx, query))
    }
    const productMatch = /^\/aisles\/p\/([\w-]+)$/.exec(path)
    if (req.method === "GET" && productMatch !== null) {
      const p = product(productMatch[1])
      return p === undefined ? html("<h1>Not found</h1>", 404) : html(productPage(ctx, p, url.searchParams.has("added")))
    }
    if (req.method === "POST" && path === "/cart/add") {
      const form = await readBody(req)
      const p = product(form.get("id") ?? undefined)
      if (ctx.user === undefined) return redirect("/en/login")
      if (p === undefined || !p.inStock) return html("<h1>Cannot add</h1>", 400)
      for (const id of lapsing) if (id !== p.id) cart.delete(id)
      cart.set(p.id, (cart.get(p.id) ?? 0) + 1)
      return redirect(`/aisles/p/${p.id}?added=1`)
    }
    if (req.method === "GET" && path === "/cart") {
      const lines = [...cart.entries()].flatMap(([id, quantity]) => {
        const p = product(id)
        return p === undefined ? [] : [{ product: p, quantity }]
      })
      return html(cartPage(ctx, lines))
    }
    if (path === "/en/login") {
      if (req.method === "GET") return html(loginPage(ctx, false))
      const form = await readBody(req)
      if (loginsRejected || form.get("username") !== fixtureCredentials.username || form.get("password") !== fixtureCredentials.password) {
        return html(loginPage(ctx, true), 401)
      }
      logins++
      const token = randomUUID()
      sessions.set(token, fixtureCredentials.username)
      return redirect("/", { "set-cookie": `session=${token}; Path=/; HttpOnly` })
    }
    if (path === "/en/checkout") return html(checkoutPage(ctx))
    if (path === "/deals" || path === "/deals/weekly") return html(dealsApp(ctx))
    if (path === "/go/partner") {
      res.writeHead(302, { location: `http://localhost:${port}/partner-deals` })
      return res.end()
    }
    if (path === "/partner-deals") return html("<h1>Partner deals on another site</h1>")
    html("<h1>Not found</h1>", 404)
  }

  const server = createServer((req, res) => void handle(req, res))
  port = yield* listenOnLoopback(server)
  const url = `http://127.0.0.1:${port}`
  const profile = new StoreProfile({
    name: "fixture",
    baseUrl: `${url}/`,
    searchUrl: `${url}/search?filter={query}`,
    cartUrl: `${url}/cart`,
    allowedHosts: [`127.0.0.1:${port}`],
    blockedPaths: [...defaultBlockedPaths],
    auth: new StoreAuth({
      authenticatedSelector: "#authenticatedButton",
      loginUrl: `${url}/en/login`,
      usernameSelector: "input[name=username]",
      passwordSelector: "input[name=password]",
      submitSelector: "button[type=submit]"
    }),
    productPathPattern: "/aisles/p/[\\w-]+$",
    addToCartPattern: "add to cart"
  })
  return {
    url,
    foreignOrigin: `http://localhost:${port}`,
    profile,
    hits: () => [...hits],
    cart: () => [...cart.entries()].map(([id, quantity]) => ({ id, quantity })),
    logins: () => logins,
    expireSessions: () => sessions.clear(),
    rejectLogins: () => void (loginsRejected = true),
    lapse: (id) => void lapsing.add(id)
  } satisfies FixtureStore
})
