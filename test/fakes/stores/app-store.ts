/**
 * A client-rendered store: every page is one HTML shell and a script that
 * fetches JSON. Search results arrive a moment after load (a read at
 * `domcontentloaded` sees only "Loading…"); each tile's "Add to cart"
 * becomes a −/+ stepper whose count is sent to the server only after a
 * pause (debounced), so leaving the page too soon loses the add. The cart
 * page renders its lines late too. Tiles are links wrapping headings, and a
 * sponsored tile comes first.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { defaultBlockedPaths, StoreProfile } from "../../../src/domain/shop/store-profile.js"
import type { VariedStore } from "./catalogue.js"
import { cartLineCents, cartOf, catalogue, json, productById, searchCatalogue, serveStore, totalOf } from "./catalogue.js"

export const resultsDelayMs = 900
export const debounceMs = 700

/** How long the product page's own data request takes before it draws the product and its add button. */
export const productDelayMs = 700

const shell = (count: number, tilesAdd: boolean) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Appy Grocer</title></head><body>
<header><a href="/">Appy Grocer</a>
<form action="/search" method="get" role="search"><input name="q" aria-label="Search groceries"><button>Search</button></form>
<a id="badge" href="/cart">Cart (${count})</a></header>
<main id="app"><p>Loading…</p></main>
<script>
const app = document.getElementById("app");
const badge = document.getElementById("badge");
const money = (c) => "$" + Math.floor(c / 100) + "." + String(c % 100).padStart(2, "0");
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const setBadge = (n) => { badge.textContent = "Cart (" + n + ")"; };
const pending = new Map();
const local = new Map();
const send = (id) => {
  clearTimeout(pending.get(id));
  pending.set(id, setTimeout(async () => {
    const r = await fetch("/api/cart", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ id, quantity: local.get(id) }) });
    const cart = await r.json();
    setBadge(cart.count);
  }, ${debounceMs}));
};
const control = (p) => {
  const q = local.get(p.id) || 0;
  if (!p.inStock) return '<button disabled aria-label="Add to cart ' + esc(p.name) + '">Out of stock</button>';
  if (q === 0) return '<button class="add" data-id="' + p.id + '" aria-label="Add to cart ' + esc(p.name) + '">Add</button>';
  return '<div class="stepper"><button class="dec" data-id="' + p.id + '" aria-label="Decrease quantity">−</button><span>' + q + '</span><button class="inc" data-id="' + p.id + '" aria-label="Increase quantity">+</button></div>';
};
let shown = [];
let product;
const tilesAdd = ${tilesAdd};
const tile = (p) => '<li class="tile" data-id="' + p.id + '">' + (p.sponsored ? '<span class="ad">Sponsored</span>' : '') +
  '<a href="/product/' + p.id + '"><h3>' + esc(p.name) + '</h3></a>' +
  (p.regular ? '<span class="was">' + money(p.regular) + '</span> ' : '') +
  (p.deal ? '<span>' + p.deal.count + ' / ' + money(p.deal.cents) + '</span> <span>or ' + money(p.cents) + ' ea.</span>' : '<span class="price">' + money(p.cents) + '</span>' + (p.weighted ? ' <span>avg. ea.</span>' : '')) +
  (p.unit ? ' <span class="unit">' + money(p.unit.cents) + ' /' + p.unit.per + '</span>' : '') +
  (tilesAdd ? '<div class="control">' + control(p) + '</div>' : '') + '</li>';
const render = () => {
  app.innerHTML = product !== undefined
    ? '<article><h1>' + esc(product.name) + '</h1><span class="price">' + money(product.cents) + '</span><div class="control">' + control(product) + '</div></article>'
    : '<h1>Results</h1><ul class="grid">' + shown.map(tile).join("") + '</ul>';
};
app.addEventListener("click", (e) => {
  const b = e.target.closest("button");
  if (!b || !b.dataset.id) return;
  const id = b.dataset.id;
  const q = local.get(id) || 0;
  local.set(id, b.classList.contains("dec") ? Math.max(0, q - 1) : q + 1);
  render();
  send(id);
});
const route = async () => {
  const url = new URL(location.href);
  if (url.pathname === "/search") {
    const q = url.searchParams.get("q") || "";
    await new Promise((r) => setTimeout(r, ${resultsDelayMs}));
    const r = await fetch("/api/search?q=" + encodeURIComponent(q));
    const body = await r.json();
    for (const l of body.cart) local.set(l.id, l.quantity);
    shown = body.products;
    if (shown.length === 0) app.innerHTML = "<h1>Results</h1><p>No products found for “" + esc(q) + "”.</p>";
    else render();
  } else if (url.pathname === "/cart") {
    await new Promise((r) => setTimeout(r, 500));
    const cart = await (await fetch("/api/cart")).json();
    app.innerHTML = cart.lines.length === 0 ? "<h1>Cart</h1><p>Your cart is empty.</p>" :
      "<h1>Cart</h1><ul>" + cart.lines.map((l) => '<li><a href="/product/' + l.id + '">' + esc(l.name) + '</a> <span>Qty: ' + l.quantity + '</span> <span>' + money(l.cents) + '</span></li>').join("") +
      "</ul><p>Subtotal: <strong>" + money(cart.total) + "</strong></p>";
  } else if (url.pathname.startsWith("/product/")) {
    await new Promise((r) => setTimeout(r, ${productDelayMs}));
    const body = await (await fetch("/api" + url.pathname)).json();
    for (const l of body.cart) local.set(l.id, l.quantity);
    product = body.product;
    render();
  } else {
    app.innerHTML = "<h1>Welcome</h1>";
  }
};
route();
</script>
</body></html>`

/**
 * The app store; with `tilesAdd: false` its results tiles carry no add control (a "View" of the product only), so
 * every add is made on the product page, which draws its add button only once its own data request has answered.
 */
export const makeAppStoreShaped = (options: { readonly tilesAdd: boolean }): Effect.Effect<VariedStore, never, Scope.Scope> => Effect.gen(function*() {
  const server = yield* serveStore(async (req, cart) => {
    const count = [...cart.values()].reduce((a, b) => a + b, 0)
    const path = req.url.pathname
    const lines = () =>
      [...cart.entries()].flatMap(([id, quantity]) => {
        const p = productById(id)
        return p === undefined ? [] : [{ id, name: p.en, quantity, cents: cartLineCents(p, quantity) }]
      })
    const cartJson = () => ({ count: [...cart.values()].reduce((a, b) => a + b, 0), lines: lines(), total: lines().reduce((s, l) => s + l.cents, 0) })
    if (path === "/api/search") {
      const products = searchCatalogue(req.url.searchParams.get("q") ?? "", "en")
      // A sponsored product leads every search that names its kind.
      const sponsored = catalogue.filter((p) => p.sponsored === true && products.includes(p))
      const plain = products.filter((p) => p.sponsored !== true)
      return json({
        products: [...sponsored, ...plain].map((p) => ({
          id: p.id,
          name: p.en,
          cents: p.cents,
          regular: p.regularCents,
          deal: p.deal,
          unit: p.unit,
          weighted: p.weighted === true,
          sponsored: p.sponsored === true,
          inStock: p.inStock
        })),
        cart: lines().map((l) => ({ id: l.id, quantity: l.quantity }))
      })
    }
    const productPath = /^\/api\/product\/([\w-]+)$/.exec(path)
    if (productPath !== null) {
      const p = productById(productPath[1] ?? "")
      return p === undefined
        ? undefined
        : json({ product: { id: p.id, name: p.en, cents: p.cents, inStock: p.inStock }, cart: lines().map((l) => ({ id: l.id, quantity: l.quantity })) })
    }
    if (path === "/api/cart" && req.method === "POST") {
      const raw = await req.body()
      // The body is JSON; URLSearchParams gives it back as one key.
      const parsed: unknown = JSON.parse([...raw.keys()][0] ?? "{}")
      if (typeof parsed === "object" && parsed !== null && "id" in parsed && "quantity" in parsed) {
        const p = productById(String(parsed.id))
        const q = Number(parsed.quantity)
        if (p !== undefined && p.inStock && Number.isInteger(q) && q >= 0) {
          if (q === 0) cart.delete(p.id)
          else cart.set(p.id, q)
        }
      }
      return json(cartJson())
    }
    if (path === "/api/cart") return json(cartJson())
    if (path === "/" || path === "/search" || path === "/cart" || /^\/product\/[\w-]+$/.test(path)) return { body: shell(count, options.tilesAdd) }
    if (path === "/checkout") return { body: "<h1>Checkout</h1>" }
    return undefined
  })
  return {
    name: "app (client-rendered, delayed results, debounced stepper)",
    url: server.url,
    profile: new StoreProfile({
      name: "appy-grocer",
      baseUrl: `${server.url}/`,
      searchUrl: `${server.url}/search?q={query}`,
      cartUrl: `${server.url}/cart`,
      allowedHosts: [server.url.replace("http://", "")],
      blockedPaths: [...defaultBlockedPaths],
      productPathPattern: "^/product/[\\w-]+$",
      addToCartPattern: "add to cart"
    }),
    cart: cartOf(server.cart),
    cartTotalCents: totalOf(server.cart),
    hits: server.hits
  } satisfies VariedStore
})

export const makeAppStore: Effect.Effect<VariedStore, never, Scope.Scope> = makeAppStoreShaped({ tilesAdd: true })
