/**
 * A new user's store, pages invented by a tester: overlays that never go,
 * buttons disabled forever or for 600 ms, forms that POST to checkout or are
 * answered slowly, a click interrupted while its POST is pending, a page whose
 * script holds the main thread longer than the page budget, a search field a
 * framework re-renders on every keystroke, a slow search after Enter.
 * Real headless Chromium against a store on 127.0.0.1; the fixture browser's
 * action timeout is 1 s.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import type { Duration } from "effect"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { StoreProfile, defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { fixtureChromium, sessionBrowser } from "../../fakes/store/browser.js"
import { escapeHtml, serveStore } from "../../fakes/stores/catalogue.js"
import type { Reply, Request } from "../../fakes/stores/catalogue.js"

const html = (title: string, body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`
const later = (ms: number, reply: Reply) => new Promise<Reply>((resolve) => setTimeout(() => resolve(reply), ms))

const pages: Record<string, string> = {
  "/aisle": html("Dairy", `<h1>Dairy aisle</h1><a href="/p/milk">Milk 2 L</a>`),
  // A cookie wall that never goes away covers the whole page.
  "/overlay": html(
    "Overlay",
    `<h1>Milk</h1><button id="add" onclick="document.querySelector('h1').textContent='Added'">Add to cart</button>
     <div style="position:fixed;inset:0;background:rgba(0,0,0,.4);z-index:1000"></div>`
  ),
  "/disabled": html("Sold out", `<h1>Maple syrup</h1><button disabled>Add to cart</button>`),
  // Adding disables the button while the (pretend) request is in flight, 600 ms.
  "/stepper": html(
    "Stepper",
    `<h1>Quantity 0</h1><button id="add">Add one</button>
     <script>let n = 0; const b = document.getElementById("add")
       b.addEventListener("click", () => { n += 1; document.querySelector("h1").textContent = "Quantity " + n
         b.disabled = true; setTimeout(() => { b.disabled = false }, 600) })</script>`
  ),
  "/basket-form": html("Basket", `<h1>Your basket</h1><form method="post" action="/checkout"><input type="hidden" name="x" value="1"><button>Place order</button></form>`),
  // The handler computes for 1.5 s, then sends the page to checkout, in the click itself.
  "/basket-script": html(
    "Basket",
    `<h1>Your basket</h1><button id="go">Continue</button>
     <script>document.getElementById("go").addEventListener("click", () => {
       const end = performance.now() + 1500; while (performance.now() < end) {}
       location.href = "/checkout" })</script>`
  ),
  // The same, but the work is scheduled after the click returns.
  "/basket-later": html(
    "Basket",
    `<h1>Your basket</h1><button id="go">Continue</button>
     <script>document.getElementById("go").addEventListener("click", () => setTimeout(() => {
       const end = performance.now() + 1500; while (performance.now() < end) {}
       location.href = "/checkout" }, 0))</script>`
  ),
  "/list": html("List", `<h1>Shopping list</h1><form method="post" action="/save"><input type="hidden" name="item" value="milk"><button>Save list</button></form>`),
  // 300 ms after its load, the page's script holds the main thread for 8 s.
  "/frozen": html(
    "Frozen",
    `<h1>Weekly flyer</h1><script>addEventListener("load", () => setTimeout(() => {
       const end = performance.now() + 8000; while (performance.now() < end) {} }, 300))</script>`
  ),
  // A framework that re-renders the search field (a fresh element) on every input.
  "/rerender": html(
    "Search",
    `<h1>Search</h1><form action="/search" method="get"><span id="slot"></span><button>Go</button></form>
     <script>
       const render = (value) => {
         const input = document.createElement("input")
         input.name = "q"; input.setAttribute("aria-label", "Search products"); input.value = value
         input.addEventListener("input", () => { const v = input.value; render(v); document.querySelector("input").focus() })
         document.getElementById("slot").replaceChildren(input)
       }
       render("")
     </script>`
  ),
  "/aisle-slow-link": html("Aisles", `<h1>Aisles</h1><a href="/slow-aisle">Bakery</a>`),
  // A product card that re-renders its button (a fresh element, same text) when the pointer comes over it.
  "/hover-card": html(
    "Card",
    `<h1>In cart 0</h1><div id="card"></div>
     <script>let n = 0
       const render = () => {
         const b = document.createElement("button"); b.textContent = "Add to cart"
         b.addEventListener("mouseover", () => { if (!b.dataset.hovered) { const c = render(); c.dataset.hovered = "1" } }, { once: true })
         b.addEventListener("click", () => { n += 1; document.querySelector("h1").textContent = "In cart " + n })
         document.getElementById("card").replaceChildren(b); return b
       }
       render()</script>`
  ),
  // "Add to cart" becomes a quantity stepper once clicked.
  "/add-stepper": html(
    "Product",
    `<h1>Butter</h1><div id="ctl"><button id="add">Add to cart</button></div>
     <script>document.getElementById("add").addEventListener("click", () => {
       document.getElementById("ctl").innerHTML = '<button>Remove one</button> <span>1 in cart</span> <button>Add one more</button>' })</script>`
  ),
  "/slow-search": html("Search", `<h1>Search</h1><form action="/search-slow" method="get"><input name="q" aria-label="Search products"></form>`)
}

/** Answers held back by "/hung", released when the test ends. */
const hung = new Set<() => void>()
const releaseHung = Effect.addFinalizer(() => Effect.sync(() => {
  for (const release of hung) release()
  hung.clear()
}))

const handle = async (req: Request): Promise<Reply | undefined> => {
  const path = req.url.pathname
  if (req.method === "GET" && pages[path] !== undefined) return { body: pages[path] }
  if (path === "/save" && req.method === "POST") {
    const body = await req.body()
    return later(3000, { body: html("Saved", `<h1>List saved: ${escapeHtml(body.get("item") ?? "")}</h1>`) })
  }
  if (path === "/search") return { body: html("Results", `<h1>Results for ${escapeHtml(req.url.searchParams.get("q") ?? "")}</h1>`) }
  if (path === "/search-slow") return later(3000, { body: html("Results", `<h1>Results for ${escapeHtml(req.url.searchParams.get("q") ?? "")}</h1>`) })
  if (path === "/slow-aisle") return later(3000, { body: html("Bakery", `<h1>Bakery aisle</h1>`) })
  // A page the store never answers (until the test ends): its load runs until the navigation timeout.
  if (path === "/hung") return new Promise<Reply>((resolve) => hung.add(() => resolve({ body: html("Late", "<h1>Late</h1>") })))
  if (path === "/") return { body: html("Home", `<h1>Welcome</h1>`) }
  return undefined
}

const store = (navigationTimeout: Duration.DurationInput = "10 seconds", actionTimeout?: Duration.DurationInput) =>
  Effect.gen(function*() {
    const server = yield* serveStore(handle)
    const profile = new StoreProfile({
      name: "breaks-store",
      baseUrl: `${server.url}/`,
      searchUrl: `${server.url}/search?q={query}`,
      cartUrl: `${server.url}/`,
      allowedHosts: [new URL(server.url).host],
      blockedPaths: [...defaultBlockedPaths],
      productPathPattern: "^/p/"
    })
    const browser = yield* sessionBrowser(profile, { navigationTimeout, ...(actionTimeout === undefined ? {} : { actionTimeout }) })
    return { browser, server }
  })

const refOf = (text: string, role: string, name: string) => {
  const ref = parseSnapshot(text).find((n) => n.role === role && n.name === name)?.ref
  expect(ref, `${role} "${name}" in\n${text}`).toBeDefined()
  return ref ?? ""
}

/** A store page opened at `path`, with the ref of its `role` named `name`. */
const openAt = (path: string, role: string, name: string, navigationTimeout?: Duration.DurationInput, actionTimeout?: Duration.DurationInput) =>
  Effect.gen(function*() {
    const opened = yield* store(navigationTimeout, actionTimeout)
    yield* opened.browser.navigate(path)
    return { ...opened, ref: refOf((yield* opened.browser.snapshot()).text, role, name) }
  })

/** "Save list" clicked, and the click's fiber interrupted 700 ms later, while the store takes 3 s to answer its POST. */
const saveInterrupted = Effect.gen(function*() {
  const { browser, ref } = yield* openAt("/list", "button", "Save list")
  const fiber = yield* Effect.fork(browser.click(ref))
  yield* Effect.sleep("700 millis")
  yield* Fiber.interrupt(fiber)
  return browser
})

/** A click on `path`'s `button` that leads to checkout: NavigationBlocked, nothing reached the server, the page still the basket. */
const clickIntoCheckout = (path: string, button: string) =>
  Effect.gen(function*() {
    const { browser, server, ref } = yield* openAt(path, "button", button)
    const error = yield* Effect.flip(browser.click(ref))
    expect(error._tag).toBe("NavigationBlocked")
    expect(server.hits().filter((h) => /checkout/i.test(h.path))).toEqual([])
    const page = yield* browser.snapshot()
    expect(page.url.endsWith(path)).toBe(true)
    expect(page.text).toContain("Your basket")
  })


const elapsedSince = (started: number) => performance.now() - started

/**
 * A test that expects an action to succeed gives it the action timeout users get: within the fixture's 1 s, success
 * would measure the machine's load, not the code (a busy CI machine took longer). A test that expects a failure keeps
 * the 1 s, so that it fails fast.
 */
const usersActionTimeout = "5 seconds"

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("a new user's busy store pages (1 s action timeout)", (it) => {
  it.scoped("a button under an overlay that never goes away: the click fails within a few seconds, not the 10 s page budget", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/overlay", "button", "Add to cart")
      const started = performance.now()
      const error = yield* Effect.flip(browser.click(ref))
      expect(error._tag).toBe("BrowserActionFailed")
      expect(elapsedSince(started)).toBeLessThan(6000)
      expect((yield* browser.snapshot()).text).not.toContain("Added")
    }), 60_000)

  it.scoped("a button disabled forever: the click fails within a few seconds, and not as a stale ref", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/disabled", "button", "Add to cart")
      const started = performance.now()
      const error = yield* Effect.flip(browser.click(ref))
      expect(error._tag).toBe("BrowserActionFailed")
      expect(elapsedSince(started)).toBeLessThan(6000)
    }), 60_000)

  it.scoped("a button disabled forever is not reported as a network failure (a retry will not help)", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/disabled", "button", "Add to cart")
      const error = yield* Effect.flip(browser.click(ref))
      expect(error._tag).toBe("BrowserActionFailed")
      expect(Reflect.get(error, "network"), String(Reflect.get(error, "reason"))).toBe(false)
    }), 60_000)

  it.scoped("a link to an aisle the server answers after 3 s: the click succeeds and the next snapshot is the aisle", () =>
    Effect.gen(function*() {
      const { browser } = yield* store("10 seconds", usersActionTimeout)
      yield* browser.navigate("/aisle-slow-link")
      yield* browser.click(refOf((yield* browser.snapshot()).text, "link", "Bakery"))
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Bakery aisle")
      expect(page.url).toMatch(/\/slow-aisle$/)
    }), 60_000)

  it.scoped("a button disabled for 600 ms after each click: clicking it twice in a row adds two (the 5 s action timeout users get)", () =>
    Effect.gen(function*() {
      // Playwright looks again at a not-yet-enabled element after 0, 20, 100, 100, then 500 ms: with the fixture's
      // 1 s a button back after 600 ms is caught only by luck. Users get 5 s.
      const { browser, ref } = yield* openAt("/stepper", "button", "Add one", "10 seconds", usersActionTimeout)
      const t0 = performance.now()
      yield* browser.click(ref)
      const t1 = performance.now()
      const second = yield* Effect.either(browser.click(ref))
      const t2 = performance.now()
      const page = yield* browser.snapshot()
      expect(second._tag, `first click ${Math.round(t1 - t0)} ms, second ${Math.round(t2 - t1)} ms: ${JSON.stringify(second)}; ${page.text}`).toBe("Right")
      expect(page.text).toContain("Quantity 2")
    }), 60_000)

  it.scoped("a form that POSTs to /checkout: NavigationBlocked, nothing reaches the server, the page back on the basket", () =>
    clickIntoCheckout("/basket-form", "Place order"), 60_000)

  it.scoped("a click whose handler computes 1.5 s then sets location to /checkout: NavigationBlocked, the page back on the basket", () =>
    clickIntoCheckout("/basket-script", "Continue"), 60_000)

  it.scoped("a click whose script goes to /checkout 1.5 s after the click returned: the block is recorded and the page is not left on an error page", () =>
    Effect.gen(function*() {
      const { browser, server, ref } = yield* openAt("/basket-later", "button", "Continue")
      // The click itself may return before the script navigates; either outcome is honest, a blocked page load is not hidden.
      const clicked = yield* Effect.either(browser.click(ref))
      if (clicked._tag === "Left") expect(clicked.left._tag).toBe("NavigationBlocked")
      yield* Effect.sleep("4 seconds")
      expect(server.hits().filter((h) => /checkout/i.test(h.path))).toEqual([])
      expect((yield* browser.blockedRequests).some((b) => /checkout/i.test(b.url))).toBe(true)
      // The next action the model takes on this page: it must not be reading Chromium's error page.
      const next = yield* Effect.either(browser.snapshot())
      const url = yield* browser.currentUrl
      expect(url, `after ${JSON.stringify(next)}`).not.toMatch(/^chrome-error:/)
    }), 60_000)

  it.scoped("a form POST the server answers after 3 s: the click succeeds and the next snapshot is the answer", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/list", "button", "Save list", "10 seconds", usersActionTimeout)
      yield* browser.click(ref)
      const page = yield* browser.snapshot()
      expect(page.text).toContain("List saved: milk")
      expect(page.url).toMatch(/\/save$/)
    }), 60_000)

  it.scoped("a click interrupted while its POST is pending, then a navigation: the page is where we navigated, and stays there", () =>
    Effect.gen(function*() {
      const browser = yield* saveInterrupted
      yield* browser.navigate("/aisle")
      const page = yield* browser.snapshot()
      expect(page.url).toMatch(/\/aisle$/)
      expect(page.text).toContain("Dairy aisle")
      // The POST's late answer (3 s after it was sent) must not take the page over afterwards.
      yield* Effect.sleep("4 seconds")
      const after = yield* browser.snapshot()
      expect(after.url).toMatch(/\/aisle$/)
      expect(after.text).toContain("Dairy aisle")
    }), 60_000)

  it.scoped("a navigation interrupted while its page never answers, then another: the new one lands now, not at the first's timeout", () =>
    Effect.gen(function*() {
      yield* releaseHung
      // The first load would run for the whole 60 s navigation timeout: the test's own 30 s limit fails a wait for it.
      const { browser, server } = yield* store("60 seconds")
      yield* browser.navigate("/aisle")
      const fiber = yield* Effect.fork(browser.navigate("/hung"))
      // Interrupted once the store has the request (a shop item's time budget running out mid-load).
      while (!server.hits().some((h) => h.path === "/hung")) yield* Effect.sleep("20 millis")
      yield* Fiber.interrupt(fiber)
      yield* browser.navigate("/search?q=milk")
      const page = yield* browser.snapshot()
      expect(page.url).toMatch(/\/search\?q=milk$/)
      expect(page.text).toContain("Results for milk")
    }), 30_000)

  it.scoped("a click interrupted while its POST is pending, then a snapshot: the snapshot waits and shows the answer page", () =>
    Effect.gen(function*() {
      const browser = yield* saveInterrupted
      yield* Effect.sleep("4 seconds")
      const page = yield* browser.snapshot()
      expect(page.text).toContain("List saved: milk")
    }), 60_000)

  // A known limit, kept visible: a ref is the element the snapshot saw, and Playwright's pointer check itself
  // hovers the card, which replaces the button. Clicking by role and name would work; refs cannot yet.
  it.scoped.fails("KNOWN LIMIT (a ref is the element the snapshot saw): a product card that re-renders its button when the pointer comes over it: the click adds to the cart", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/hover-card", "button", "Add to cart")
      const started = performance.now()
      const clicked = yield* Effect.either(browser.click(ref))
      expect(clicked._tag, `after ${Math.round(elapsedSince(started))} ms: ${JSON.stringify(clicked)}`).toBe("Right")
      expect((yield* browser.snapshot()).text).toContain("In cart 1")
    }), 60_000)

  it.scoped("an Add to cart button that becomes a stepper when clicked: the click succeeds and the stepper is shown", () =>
    Effect.gen(function*() {
      const { browser } = yield* store("10 seconds", usersActionTimeout)
      yield* browser.navigate("/add-stepper")
      yield* browser.click(refOf((yield* browser.snapshot()).text, "button", "Add to cart"))
      const page = yield* browser.snapshot()
      expect(page.text).toContain("1 in cart")
      refOf(page.text, "button", "Add one more")
    }), 60_000)

  it.scoped("a page that holds its main thread 8 s with a 3 s page budget: the snapshot fails, bounded; the browser works once the page is free", () =>
    Effect.gen(function*() {
      const { browser } = yield* store("3 seconds")
      yield* browser.navigate("/frozen")
      // Let the page's work begin (300 ms after its load).
      yield* Effect.sleep("1 second")
      const started = performance.now()
      const result = yield* Effect.either(browser.snapshot())
      const took = elapsedSince(started)
      expect(result._tag, `snapshot took ${Math.round(took)} ms`).toBe("Left")
      if (result._tag === "Left") expect(result.left._tag).toBe("BrowserActionFailed")
      // 3 s budget; the page is busy for about 7 s more: bounded means well before the page is free.
      expect(took).toBeLessThan(6000)
      yield* Effect.sleep("7 seconds")
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Weekly flyer")
      yield* browser.navigate("/aisle")
      expect((yield* browser.snapshot()).text).toContain("Dairy aisle")
    }), 60_000)

  it.scoped("a search field re-rendered on every keystroke: typed text submitted with Enter is searched", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/rerender", "textbox", "Search products", "10 seconds", usersActionTimeout)
      const started = performance.now()
      const typed = yield* Effect.either(browser.type(ref, "milk", { submit: true }))
      expect(typed._tag, `after ${Math.round(elapsedSince(started))} ms: ${JSON.stringify(typed)}`).toBe("Right")
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Results for milk")
    }), 60_000)

  it.scoped("an Enter that starts a search the server answers after 3 s: typed, and the next snapshot is the results", () =>
    Effect.gen(function*() {
      const { browser, ref } = yield* openAt("/slow-search", "textbox", "Search products", "10 seconds", usersActionTimeout)
      yield* browser.type(ref, "eggs", { submit: true })
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Results for eggs")
      expect(page.url).toMatch(/\/search-slow\?q=eggs$/)
    }), 60_000)
})
