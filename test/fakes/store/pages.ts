/**
 * The fixture grocery site's pages: plain server-rendered HTML, shaped like
 * a real store where it matters to the agent (a search box in the header, a
 * results list of product links with prices, product pages with an
 * add-to-cart button, a signed-in marker, links that must never be followed).
 */

export interface Product {
  readonly id: string
  readonly name: string
  readonly priceCents: number
  readonly inStock: boolean
}

export const products: ReadonlyArray<Product> = [
  { id: "milk-2l", name: "Lactantia 2% Milk 2 L", priceCents: 549, inStock: true },
  { id: "choc-milk", name: "Chocolate Milk Drink 1 L", priceCents: 329, inStock: true },
  { id: "bread-white", name: "Bon Matin White Bread 675 g", priceCents: 379, inStock: true },
  { id: "eggs-12", name: "Large White Eggs, 12 count", priceCents: 429, inStock: true },
  { id: "maple-syrup", name: "Pure Maple Syrup 540 ml", priceCents: 1199, inStock: false }
]

export const price = (cents: number): string => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`

const escape = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

export interface PageContext {
  /** The signed-in user's name, when the request carries a live session. */
  readonly user: string | undefined
  /** `http://localhost:<port>`: the same server under a host the store profile does not allow. */
  readonly foreignOrigin: string
  readonly cartCount: number
}

export const layout = (ctx: PageContext, title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)} · Fixture Grocer</title></head>
<body>
<header>
  <a href="/">Fixture Grocer</a>
  <form action="/search" method="get" role="search"><input name="filter" aria-label="Search products"><button>Search</button></form>
  ${ctx.user === undefined ? `<a href="/en/login">Sign in</a>` : `<button id="authenticatedButton">My account (${escape(ctx.user)})</button>`}
  <a href="/cart">Cart (${ctx.cartCount})</a>
  <a href="/en/checkout">Checkout</a>
  <a href="${ctx.foreignOrigin}/partner-deals">Partner deals</a>
</header>
<main>
${body}
</main>
</body></html>`

export const homePage = (ctx: PageContext) =>
  layout(ctx, "Home", `<h1>Welcome</h1><p><a href="/deals">Weekly deals (app)</a> · <a href="/go/partner">Partner offers</a></p>`)

const words = (s: string) => s.toLowerCase().split(/[^a-z0-9%]+/).filter(Boolean)

export const search = (query: string): ReadonlyArray<Product> => {
  const wanted = words(query)
  return products.filter((p) => wanted.length > 0 && wanted.every((w) => words(p.name).some((n) => n.startsWith(w.replace(/s$/, "")))))
}

export const resultsPage = (ctx: PageContext, query: string) => {
  const found = search(query)
  const list = found.length === 0
    ? `<p>No products match “${escape(query)}”.</p>`
    : `<ul>${found.map((p) => `<li><a href="/aisles/p/${p.id}">${escape(p.name)}</a> <span>${price(p.priceCents)}</span></li>`).join("")}</ul>`
  return layout(ctx, `Search: ${query}`, `<h1>Results for “${escape(query)}”</h1>${list}`)
}

export const productPage = (ctx: PageContext, p: Product, added: boolean) =>
  layout(
    ctx,
    p.name,
    `<h1>${escape(p.name)}</h1><p>Price: ${price(p.priceCents)}</p>
${added ? `<p role="alert">Added to cart</p>` : ""}
${
      p.inStock
        ? `<form method="post" action="/cart/add"><input type="hidden" name="id" value="${p.id}"><button>Add to cart</button></form>`
        : `<p>Out of stock</p><button disabled>Add to cart</button>`
    }`
  )

export const cartPage = (ctx: PageContext, lines: ReadonlyArray<{ readonly product: Product; readonly quantity: number }>) =>
  layout(
    ctx,
    "Cart",
    `<h1>Your cart</h1>${
      lines.length === 0
        ? "<p>Your cart is empty.</p>"
        : `<ul>${
          lines.map((l) => `<li><a href="/aisles/p/${l.product.id}">${escape(l.product.name)}</a> × ${l.quantity} — ${price(l.product.priceCents * l.quantity)}</li>`).join("")
        }</ul><p>Total: ${price(lines.reduce((s, l) => s + l.product.priceCents * l.quantity, 0))}</p>`
    }<a href="/en/checkout">Proceed to checkout</a>`
  )

export const loginPage = (ctx: PageContext, failed: boolean) =>
  layout(
    ctx,
    "Sign in",
    `<h1>Sign in</h1>${failed ? `<p role="alert">Wrong email or password</p>` : ""}
<form method="post" action="/en/login"><label>Email <input type="email" name="username"></label>
<label>Password <input type="password" name="password"></label><button type="submit">Sign in</button></form>`
  )

/** An SPA: the button changes the route with history.pushState and rewrites the whole body, banner included. */
export const dealsApp = (ctx: PageContext) =>
  layout(
    ctx,
    "Deals",
    `<h1>Deals</h1><button id="show">Show weekly deals</button>
<script>
document.getElementById("show").addEventListener("click", () => {
  history.pushState({}, "", "/deals/weekly");
  document.body.innerHTML = "<main><h1>Weekly deals</h1><p>Eggs ${price(399)}</p></main>";
});
</script>`
  )

export const checkoutPage = (ctx: PageContext) => layout(ctx, "Checkout", `<h1>Checkout</h1><p>Enter your card number</p>`)
