/**
 * The guarded browser in real headless Chromium against the fixture store:
 * what the guard blocks at the network layer, the banner across full loads
 * and SPA route changes, snapshots with refs, stale refs, sign-in.
 */
import { expect, layer } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { fixtureChromium, sessionBrowser } from "../../fakes/store/browser.js"
import { fixtureCredentials, makeFixtureStore } from "../../fakes/store/server.js"

const setup = Effect.gen(function*() {
  const store = yield* makeFixtureStore
  // Short navigation timeout: a failed sign-in waits this long for the signed-in marker.
  const browser = yield* sessionBrowser(store.profile, { navigationTimeout: "3 seconds" })
  return { store, browser }
})

const refOf = (text: string, role: string, name: RegExp): string => {
  const node = parseSnapshot(text).find((n) => n.role === role && name.test(n.name))
  if (node?.ref === undefined) throw new Error(`no ${role} ${name} in snapshot:\n${text}`)
  return node.ref
}

// Each test's browser is a session of its own on the file's one Chromium.
layer(fixtureChromium, { excludeTestServices: true })("Browser (playwright, Debian Chromium)", (it) => {
  it.scoped("checkout, login and a foreign host are aborted at the network layer, by URL or by link", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.navigate(store.url)
      for (const target of ["/en/checkout", "/checkout", "/fr-ca/login", "/en/online-grocery/checkout/step-1", "/login.aspx", `${store.foreignOrigin}/partner-deals`, "https://example.com/"]) {
        const error = yield* Effect.flip(browser.navigate(target))
        expect(error._tag, target).toBe("NavigationBlocked")
      }
      // Links on the page: the request is aborted by the route handler, and the page stays on the store.
      for (const link of [/^Checkout$/, /^Sign in$/, /^Partner deals$/]) {
        const page = yield* browser.snapshot()
        const error = yield* Effect.flip(browser.click(refOf(page.text, "link", link)))
        expect(error._tag, String(link)).toBe("NavigationBlocked")
        expect(yield* browser.currentUrl).toBe(`${store.url}/`)
      }
      const hits = store.hits()
      expect(hits.filter((h) => /checkout|login/.test(h.path))).toEqual([])
      expect(hits.filter((h) => h.host.startsWith("localhost"))).toEqual([])
      const blocked = yield* browser.blockedRequests
      expect(blocked.map((b) => b.reason)).toEqual(expect.arrayContaining(["host", "path"]))
    }))

  it.scoped("a redirect to a foreign host is caught after landing, and the page returns to the store", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.navigate(store.url)
      const error = yield* Effect.flip(browser.navigate("/go/partner"))
      expect(error._tag).toBe("NavigationBlocked")
      expect(new URL(yield* browser.currentUrl).host).toBe(new URL(store.url).host)
      expect((yield* browser.snapshot()).text).not.toContain("Partner deals on another site")
    }))

  it.scoped("data:, javascript: and file: URLs are never opened", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.navigate(store.url)
      for (const target of ["data:text/html,<h1>x</h1>", "javascript:alert(1)", "file:///etc/passwd", "blob:http://127.0.0.1/x"]) {
        const error = yield* Effect.flip(browser.navigate(target))
        expect(error._tag, target).toBe("NavigationBlocked")
      }
      expect(yield* browser.currentUrl).toBe(`${store.url}/`)
    }))

  it.scoped("the banner shows the current item after a full load and after an SPA route change", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.setCurrentItem("milk")
      yield* browser.navigate(store.url)
      expect((yield* browser.snapshot()).text).toContain("Shoal is shopping for: milk")
      yield* browser.setCurrentItem("brown eggs")
      expect((yield* browser.snapshot()).text).toContain("Shoal is shopping for: brown eggs")
      yield* browser.navigate("/deals")
      const before = yield* browser.snapshot()
      yield* browser.click(refOf(before.text, "button", /Show weekly deals/))
      const after = yield* browser.snapshot()
      expect(after.url).toBe(`${store.url}/deals/weekly`)
      expect(after.text).toContain("Weekly deals")
      expect(after.text).toContain("Shoal is shopping for: brown eggs")
    }))

  it.scoped("actions go by snapshot ref; a stale ref is an error the model can recover from", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.navigate(store.url)
      const home = yield* browser.snapshot({ screenshot: true })
      expect(home.screenshot?.slice(0, 4)).toBe("/9j/") // a JPEG
      yield* browser.type(refOf(home.text, "textbox", /Search products/), "milk", { submit: true })
      const results = yield* browser.snapshot()
      expect(results.url).toBe(`${store.url}/search?filter=milk`)
      expect(parseSnapshot(results.text).filter((n) => n.role === "link" && n.url?.includes("/aisles/p/"))).toHaveLength(2)
      const stale = yield* Effect.flip(browser.click("e999"))
      expect(stale._tag).toBe("StaleRef")
      const nonsense = yield* Effect.flip(browser.click("the milk button"))
      expect(nonsense._tag).toBe("StaleRef")
      // Still usable after the errors.
      yield* browser.click(refOf(results.text, "link", /Lactantia/))
      expect(yield* browser.currentUrl).toBe(`${store.url}/aisles/p/milk-2l`)
    }))

  it.scoped("sign-in types the credentials itself; they are redacted from everything the page shows", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      yield* browser.navigate(store.url)
      expect(yield* browser.isAuthenticated).toBe(false)
      yield* browser.signIn({
        username: Redacted.make(fixtureCredentials.username),
        password: Redacted.make(fixtureCredentials.password)
      })
      expect(store.logins()).toBe(1)
      expect(yield* browser.isAuthenticated).toBe(true)
      const page = yield* browser.snapshot()
      expect(page.text).toContain("My account ([redacted])")
      expect(page.text).not.toContain(fixtureCredentials.username)
      // The model still cannot open the login page.
      expect((yield* Effect.flip(browser.navigate("/en/login")))._tag).toBe("NavigationBlocked")
    }))

  it.scoped("a wrong password is SignInFailed, without the password in the message", () =>
    Effect.gen(function*() {
      const { browser, store } = yield* setup
      const error = yield* Effect.flip(browser.signIn({
        username: Redacted.make(fixtureCredentials.username),
        password: Redacted.make("wrong-password-123")
      }))
      expect(error._tag).toBe("SignInFailed")
      expect(error.message).not.toContain("wrong-password-123")
      expect(store.logins()).toBe(0)
    }))
})
