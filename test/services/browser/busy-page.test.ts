/**
 * A page whose script is busy after an action: the action and the reading
 * that follows wait for the page like a page load does, not like a click
 * waiting for its element. The fixture browser's 1 s action timeout stays
 * short (a ref from an older page must fail fast); a page that computes for
 * 2.5 s in answer to a click or a key is still clicked and still read.
 * Real headless Chromium against a one-page store on 127.0.0.1.
 */
import { expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { fixtureChromium, sessionBrowser } from "../../fakes/store/browser.js"
import { serveStore } from "../../fakes/stores/catalogue.js"

/** The click or key is answered at once; the work it starts keeps the page's main thread for 2.5 s. */
const busyPage = `<!doctype html><title>Busy</title><h1>Your basket</h1>
<button id="work">Update totals</button> <label>Note <input id="note"></label>
<label>Order number <input readonly value="A-1"></label>
<script>
  const work = (done) => setTimeout(() => {
    const end = performance.now() + 2500
    while (performance.now() < end) {}
    document.querySelector("h1").textContent = done
  }, 0)
  document.getElementById("work").addEventListener("click", () => work("Totals updated"))
  document.addEventListener("keydown", (e) => { if (e.key === "Enter") work("Note saved") })
</script>`

const busyStore = Effect.gen(function*() {
  const store = yield* serveStore((req) => req.url.pathname === "/" ? { body: busyPage } : undefined)
  const profile = new StoreProfile({
    name: "busy-store",
    baseUrl: `${store.url}/`,
    searchUrl: `${store.url}/?q={query}`,
    cartUrl: `${store.url}/`,
    allowedHosts: [new URL(store.url).host],
    blockedPaths: [],
    productPathPattern: "^/p/"
  })
  const browser = yield* sessionBrowser(profile)
  yield* browser.navigate("/")
  return browser
})

const refOf = (text: string, role: string, name: string) => parseSnapshot(text).find((n) => n.role === role && n.name === name)?.ref ?? ""

// Each test's browser is a session of its own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("a page busy after an action (1 s action timeout, 2.5 s of page work)", (it) => {
  it.scoped("a click whose page is busy just after is a click, and the snapshot after it waits for the page", () =>
    Effect.gen(function*() {
      const browser = yield* busyStore
      yield* browser.click(refOf((yield* browser.snapshot()).text, "button", "Update totals"))
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Totals updated")
    }), 60_000)

  it.scoped("typed text submitted with Enter into a busy page is typed, and the page read after its work", () =>
    Effect.gen(function*() {
      const browser = yield* busyStore
      yield* browser.type(refOf((yield* browser.snapshot()).text, "textbox", "Note"), "leave at the door", { submit: true })
      const page = yield* browser.snapshot()
      expect(page.text).toContain("Note saved")
      expect(page.text).toContain("leave at the door")
    }), 60_000)

  it.scoped("text typed into a read-only field still fails fast: waiting for an editable field is the action timeout's", () =>
    Effect.gen(function*() {
      const browser = yield* busyStore
      const field = refOf((yield* browser.snapshot()).text, "textbox", "Order number")
      const started = performance.now()
      const error = yield* Effect.flip(browser.type(field, "B-2"))
      expect(error._tag).toBe("BrowserActionFailed")
      // The fixture browser gives a page 10 s; the field's wait is its 1 s action timeout.
      expect(performance.now() - started).toBeLessThan(5000)
    }), 60_000)

  it.scoped("a ref from an older page still fails fast, as a stale ref", () =>
    Effect.gen(function*() {
      const browser = yield* busyStore
      const started = performance.now()
      const error = yield* Effect.flip(browser.click("e999"))
      expect(error._tag).toBe("StaleRef")
      expect(performance.now() - started).toBeLessThan(5000)
    }), 60_000)
})
