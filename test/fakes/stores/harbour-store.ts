/**
 * A store invented for the break-test of shop's ambiguous adds: "Harbour
 * Pantry", no cart badge and no toast, a bag that says "Your bag is empty".
 * Its add is slow or flaky in the ways a real store is under load, each
 * chosen by the test: the add form's POST committed only after a pause
 * longer than a click may wait for the page, committed and then answered late, or
 * committed and the connection dropped; or a JS "Add to bag" that becomes a
 * −/+ stepper whose count is sent after a debounce. The bag page can write
 * its quantities "2 ×" before the name. The cart is server-side.
 */
import { createServer } from "node:http"
import type { IncomingMessage, ServerResponse } from "node:http"
import { Effect, Schedule } from "effect"
import type { Scope } from "effect"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { listenOnLoopback } from "../loopback.js"
import { escapeHtml } from "./catalogue.js"
import type { StoreHit } from "./catalogue.js"

const products: ReadonlyArray<{ readonly sku: string; readonly name: string; readonly cents: number }> = [
  { sku: "rye-crisp", name: "Rye Crispbread 250 g", cents: 379 },
  { sku: "mackerel", name: "Smoked Mackerel Fillets 200 g", cents: 649 },
  { sku: "cloudberry", name: "Cloudberry Jam 300 g", cents: 1125 },
  { sku: "oat-biscuits", name: "Oat Biscuits 400 g", cents: 289 }
]
const money = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export interface HarbourOptions {
  /** How the tile adds: a form that posts (and comes back to the results), or a JS button that becomes a debounced stepper. */
  readonly add: "form" | "stepper"
  /** Form: how long the POST takes before the bag counts it. */
  readonly commitAfterMs?: number
  /** Form: how long after counting it the store answers. */
  readonly replyAfterMs?: number
  /** Form: the first add's connection is dropped once the bag has counted it. */
  readonly dropFirstAfterCommit?: boolean
  /** Form: the first add's connection is dropped before the bag counts it (a reset). */
  readonly resetFirstAdd?: boolean
  /** The bag page also offers the products last shown in search results ("Recently viewed", each with its own add). */
  readonly recentlyViewed?: boolean
  /** Stepper: the pause before the count is sent. */
  readonly debounceMs?: number
  /** The bag page writes "2 × Name" instead of "Qty: 2". */
  readonly quantityBeforeName?: boolean
  /** What the empty bag page says (default "Your bag is empty."). */
  readonly emptyText?: string
  /** What the bag holds before the run. */
  readonly startWith?: ReadonlyArray<readonly [string, number]>
  /** The first bag page asked for after an add began is a busy page (503) with no bag on it. */
  readonly bagBusyOnceAfterAdd?: boolean
}

export interface HarbourStore {
  readonly profile: StoreProfile
  readonly cart: () => ReadonlyArray<{ readonly sku: string; readonly quantity: number }>
  readonly hits: () => ReadonlyArray<StoreHit>
  /** Once no add is still being worked on by the store: its cart is then final. */
  readonly quiet: Effect.Effect<void>
}

export const makeHarbourStore = (options: HarbourOptions): Effect.Effect<HarbourStore, never, Scope.Scope> =>
  Effect.gen(function*() {
    const cart = new Map<string, number>(options.startWith ?? [])
    const hits: Array<StoreHit> = []
    let dropped = false
    let adding = 0
    let addsBegun = 0
    let bagWasBusy = false
    const viewed = new Set<string>()
    const page = (title: string, body: string, script = "") =>
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} · Harbour Pantry</title></head><body>
<header><a href="/">Harbour Pantry</a> <a href="/bag">Bag</a></header><main>${body}</main>${script}</body></html>`
    const stepperScript = `<script>
const local = new Map(); let timer;
const render = (b) => {
  const sku = b.closest("li").dataset.sku, q = local.get(sku) || 0, box = b.closest(".control");
  box.innerHTML = q === 0 ? '<button class="add">Add to bag</button>' :
    '<button class="dec" aria-label="Decrease quantity">−</button><span>' + q + '</span><button class="inc" aria-label="Increase quantity">+</button>';
};
document.addEventListener("click", (e) => {
  const b = e.target.closest("button"); if (!b || !b.closest(".control")) return;
  const sku = b.closest("li").dataset.sku, q = local.get(sku) || 0;
  local.set(sku, b.classList.contains("dec") ? Math.max(0, q - 1) : q + 1);
  render(b);
  clearTimeout(timer);
  timer = setTimeout(() => fetch("/api/bag", { method: "POST", body: sku + "=" + local.get(sku) }), ${options.debounceMs ?? 700});
});
</script>`
    const tile = (p: (typeof products)[number]) =>
      `<li data-sku="${p.sku}"><a href="/item/${p.sku}"><h3>${escapeHtml(p.name)}</h3></a> <span>${money(p.cents)}</span> <div class="control">${
        options.add === "form"
          ? `<form method=post action="/bag/add"><input type=hidden name=sku value="${p.sku}"><button>Add to bag</button></form>`
          : `<button class="add">Add to bag</button>`
      }</div></li>`
    const bagLine = (p: (typeof products)[number], q: number) =>
      options.quantityBeforeName === true
        ? `<li>${q} × <a href="/item/${p.sku}">${escapeHtml(p.name)}</a> <span>${money(p.cents * q)}</span></li>`
        : `<li><a href="/item/${p.sku}">${escapeHtml(p.name)}</a> <span>Qty: ${q}</span> <span>${money(p.cents * q)}</span></li>`
    const body = (req: IncomingMessage) =>
      new Promise<string>((resolve) => {
        let text = ""
        req.on("data", (c: Buffer) => void (text += c.toString("utf8")))
        req.on("end", () => resolve(text))
      })
    const handle = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
      const html = (text: string, status = 200) => {
        res.writeHead(status, { "content-type": "text/html; charset=utf-8" })
        res.end(text)
      }
      const path = url.pathname
      if (path === "/") return html(page("Home", "<h1>Harbour Pantry</h1>"))
      if (path === "/find") {
        const words = (url.searchParams.get("q") ?? "").toLowerCase().split(/\W+/).filter(Boolean).map((w) => w.replace(/s$/, ""))
        const found = products.filter((p) => words.length > 0 && words.every((w) => p.name.toLowerCase().includes(w)))
        for (const p of found) viewed.add(p.sku)
        return html(page("Results", found.length === 0 ? "<p>Nothing found.</p>" : `<ul>${found.map(tile).join("")}</ul>`, options.add === "stepper" ? stepperScript : ""))
      }
      const item = products.find((p) => `/item/${p.sku}` === path)
      if (item !== undefined) return html(page(item.name, `<h1>${escapeHtml(item.name)}</h1><span>${money(item.cents)}</span>`))
      if (path === "/bag/add" && req.method === "POST") {
        addsBegun++
        adding++
        const sku = new URLSearchParams(await body(req)).get("sku") ?? ""
        if (options.resetFirstAdd === true && !dropped) {
          dropped = true
          adding--
          req.socket.destroy()
          return
        }
        await sleep(options.commitAfterMs ?? 0)
        if (products.some((p) => p.sku === sku)) cart.set(sku, (cart.get(sku) ?? 0) + 1)
        adding--
        if (options.dropFirstAfterCommit === true && !dropped) {
          dropped = true
          req.socket.destroy()
          return
        }
        await sleep(options.replyAfterMs ?? 0)
        res.writeHead(303, { location: req.headers.referer ?? "/bag" })
        return res.end()
      }
      if (path === "/api/bag" && req.method === "POST") {
        const [sku = "", q = "0"] = (await body(req)).split("=")
        if (products.some((p) => p.sku === sku)) cart.set(sku, Number.parseInt(q, 10))
        res.writeHead(204)
        return res.end()
      }
      if (path === "/bag") {
        if (options.bagBusyOnceAfterAdd === true && addsBegun > 0 && !bagWasBusy) {
          bagWasBusy = true
          return html(page("Busy", "<h1>Sorry</h1><p>We are very busy right now. Please try again in a moment.</p>"), 503)
        }
        const lines = [...cart.entries()].flatMap(([sku, q]) => products.filter((p) => p.sku === sku && q > 0).map((p) => bagLine(p, q)))
        const total = [...cart.entries()].reduce((s, [sku, q]) => s + (products.find((p) => p.sku === sku)?.cents ?? 0) * q, 0)
        const recent = options.recentlyViewed === true && viewed.size > 0
          ? `<section><h2>Recently viewed</h2><ul>${products.filter((p) => viewed.has(p.sku)).map(tile).join("")}</ul></section>`
          : ""
        return html(page("Bag", (lines.length === 0 ? `<h1>Bag</h1><p>${escapeHtml(options.emptyText ?? "Your bag is empty.")}</p>` : `<h1>Bag</h1><ul>${lines.join("")}</ul><p>Total ${money(total)}</p>`) + recent))
      }
      return html("<!doctype html><title>Not found</title><h1>Not found</h1>", 404)
    }
    let origin = ""
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? "/", origin)
      hits.push({ method: req.method ?? "GET", path: url.pathname })
      void handle(req, res, url)
    })
    const port = yield* listenOnLoopback(server)
    origin = `http://127.0.0.1:${port}`
    return {
      profile: new StoreProfile({
        name: "harbour-pantry",
        baseUrl: `${origin}/`,
        searchUrl: `${origin}/find?q={query}`,
        cartUrl: `${origin}/bag`,
        allowedHosts: [origin.replace("http://", "")],
        blockedPaths: [],
        productPathPattern: "^/item/[\\w-]+$"
      }),
      cart: () => [...cart.entries()].filter(([, q]) => q > 0).map(([sku, quantity]) => ({ sku, quantity })),
      hits: () => [...hits],
      quiet: Effect.repeat(Effect.sync(() => adding), { until: (n) => n === 0, schedule: Schedule.spaced("50 millis") }).pipe(Effect.asVoid)
    }
  })
