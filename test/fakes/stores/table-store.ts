/**
 * A server-rendered store with its results in a table, behind a modal
 * cookie-consent dialog that intercepts every click until answered, and
 * prices as real stores print them: the regular price struck *before* the
 * sale price, per-unit prices, multi-buy deals, `avg. ea.` weighted items.
 * Each row has a quantity field and an "Add" button; an add comes back with
 * a toast naming the product. The basket page is a table with a delivery
 * fee, so the cart's total is not the sum of its lines.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { defaultBlockedPaths, StoreProfile } from "../../../src/domain/shop/store-profile.js"
import type { CatalogueProduct, VariedStore } from "./catalogue.js"
import { cartLineCents, cartOf, dollars, escapeHtml, productById, redirect, searchCatalogue, serveStore, totalOf } from "./catalogue.js"

export const deliveryFeeCents = 499

const consentDialog = (back: string) => `<div class="consent-backdrop" style="position:fixed;inset:0;background:rgba(0,0,0,.55);z-index:1000;display:flex;align-items:center;justify-content:center">
  <div role="dialog" aria-modal="true" aria-labelledby="consent-title" style="background:#fff;padding:24px;max-width:420px">
    <h2 id="consent-title">We value your privacy</h2>
    <p>We use cookies to improve your experience and for marketing. See our cookie policy.</p>
    <form method="post" action="/consent"><input type="hidden" name="back" value="${escapeHtml(back)}">
      <button name="choice" value="all">Accept all cookies</button>
      <button name="choice" value="necessary">Necessary only</button>
    </form>
  </div>
</div>`

const page = (title: string, body: string, consented: boolean, back: string, count: number) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Table Foods</title></head><body>
<header><a href="/">Table Foods</a>
<form action="/find" method="get" role="search"><input name="term" aria-label="Search"><button>Find</button></form>
<a href="/basket">Basket (${count})</a> <a href="/checkout">Checkout</a></header>
<main>${body}</main>
${consented ? "" : consentDialog(back)}
</body></html>`

const priceCell = (p: CatalogueProduct) =>
  [
    p.regularCents === undefined ? "" : `<s class="was">${dollars(p.regularCents)}</s> `,
    p.deal === undefined ? `<b class="now">${dollars(p.cents)}</b>${p.weighted === true ? " <small>avg. ea.</small>" : ""}` : `<b class="deal">${p.deal.count} for ${dollars(p.deal.cents)}</b> <small>or ${dollars(p.cents)} ea.</small>`,
    p.unit === undefined ? "" : `<br><small class="unit">${dollars(p.unit.cents)} /${p.unit.per}</small>`
  ].join("")

const resultsTable = (found: ReadonlyArray<CatalogueProduct>, query: string) =>
  `<table class="results"><thead><tr><th>Product</th><th>Price</th><th>Qty</th><th></th></tr></thead><tbody>${
    found.map((p) => `<tr>
  <td>${p.sponsored === true ? "<em>Sponsored</em> " : ""}<a href="/item/${p.id}">${escapeHtml(p.en)}</a></td>
  <td>${priceCell(p)}</td>
  <td><input type="number" name="qty" form="add-${p.id}" value="1" min="1" max="24" aria-label="Quantity for ${escapeHtml(p.en)}"></td>
  <td><form id="add-${p.id}" method="post" action="/basket/add"><input type="hidden" name="id" value="${p.id}"><input type="hidden" name="back" value="/find?term=${encodeURIComponent(query)}">${
      p.inStock ? "<button>Add</button>" : "<button disabled>Add</button> <small>Sold out</small>"
    }</form></td>
</tr>`).join("")
  }</tbody></table>`

export const makeTableStore: Effect.Effect<VariedStore, never, Scope.Scope> = Effect.gen(function*() {
  const server = yield* serveStore(async (req, cart) => {
    const consented = req.cookies.get("consent") !== undefined
    const count = [...cart.values()].reduce((a, b) => a + b, 0)
    const back = `${req.url.pathname}${req.url.search}`
    const html = (title: string, body: string) => ({ body: page(title, body, consented, back, count) })
    const path = req.url.pathname
    if (req.method === "POST" && path === "/consent") {
      const form = await req.body()
      return redirect(form.get("back") ?? "/", { "set-cookie": `consent=${form.get("choice") ?? "necessary"}; Path=/` })
    }
    if (path === "/") return html("Home", "<h1>Fresh groceries</h1>")
    if (path === "/find") {
      const query = req.url.searchParams.get("term") ?? ""
      const found = searchCatalogue(query, "en")
      const added = productById(req.url.searchParams.get("added"))
      const toast = added === undefined ? "" : `<div role="status" class="toast">Added ${escapeHtml(req.url.searchParams.get("n") ?? "1")} × ${escapeHtml(added.en)} to your basket</div>`
      return html(`Search: ${query}`, `${toast}<h1>Results for “${escapeHtml(query)}”</h1>${found.length === 0 ? "<p>Your search returned 0 results.</p>" : resultsTable(found, query)}`)
    }
    const item = /^\/item\/([\w-]+)$/.exec(path)
    if (item !== null) {
      const p = productById(item[1])
      return p === undefined ? undefined : html(p.en, `<h1>${escapeHtml(p.en)}</h1><p>${priceCell(p)}</p>`)
    }
    if (req.method === "POST" && path === "/basket/add") {
      const form = await req.body()
      const p = productById(form.get("id"))
      const qty = Number.parseInt(form.get("qty") ?? "1", 10)
      if (!consented) return { status: 403, body: "consent first" }
      if (p === undefined || !p.inStock || !Number.isInteger(qty) || qty < 1) return { status: 400, body: "cannot add" }
      cart.set(p.id, (cart.get(p.id) ?? 0) + qty)
      const backTo = form.get("back") ?? "/"
      return redirect(`${backTo}${backTo.includes("?") ? "&" : "?"}added=${p.id}&n=${qty}`)
    }
    if (path === "/basket") {
      const lines = [...cart.entries()].flatMap(([id, q]) => {
        const p = productById(id)
        return p === undefined ? [] : [{ p, q }]
      })
      if (lines.length === 0) return html("Basket", "<h1>Your basket</h1><p>Your basket is empty.</p>")
      const sub = lines.reduce((s, l) => s + cartLineCents(l.p, l.q), 0)
      return html(
        "Basket",
        `<h1>Your basket</h1><table class="basket"><thead><tr><th>Product</th><th>Qty</th><th>Each</th><th>Line total</th></tr></thead><tbody>${
          lines.map((l) => `<tr><td><a href="/item/${l.p.id}">${escapeHtml(l.p.en)}</a></td><td>${l.q}</td><td>${dollars(l.p.cents)} ea.</td><td>${dollars(cartLineCents(l.p, l.q))}</td></tr>`).join("")
        }</tbody></table>
<table class="totals"><tr><td>Subtotal</td><td>${dollars(sub)}</td></tr><tr><td>Delivery fee</td><td>${dollars(deliveryFeeCents)}</td></tr><tr><td>Total</td><td>${dollars(sub + deliveryFeeCents)}</td></tr></table>`
      )
    }
    if (path === "/checkout") return html("Checkout", "<h1>Checkout</h1>")
    return undefined
  })
  const total = totalOf(server.cart)
  return {
    name: "table (server-rendered, consent, sale/unit/multi-buy prices)",
    url: server.url,
    profile: new StoreProfile({
      name: "table-foods",
      baseUrl: `${server.url}/`,
      searchUrl: `${server.url}/find?term={query}`,
      cartUrl: `${server.url}/basket`,
      allowedHosts: [server.url.replace("http://", "")],
      blockedPaths: [...defaultBlockedPaths],
      productPathPattern: "^/item/[\\w-]+$",
      addToCartPattern: "^add$|add to (?:cart|basket)"
    }),
    cart: cartOf(server.cart),
    // The basket's total includes the delivery fee once anything is in it.
    cartTotalCents: () => (server.cart.size === 0 ? 0 : total() + deliveryFeeCents),
    hits: server.hits
  } satisfies VariedStore
})
