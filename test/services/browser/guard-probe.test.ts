/**
 * The guard against the guard-probe store, in real headless Chromium: every
 * leak issue 13 found (redirect hops for documents and subresources, foreign
 * WebSockets, workers and shared workers, EventSource, beacons, preconnects
 * and prefetches, encoded and French paths, popups) must reach neither the
 * store's forbidden paths nor the foreign host. The servers count what they
 * receive; the counts must be 0 while the probe's harmless requests arrive.
 * Every case runs on both live browsers: `shoal shop`'s, a Chromium of its
 * own whose switches name the guard's proxy, and a session on a shared
 * Chromium, whose context names it (shared-chromium.ts).
 */
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Redacted } from "effect"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import type { BrowserShape } from "../../../src/services/browser/browser.js"
import { makePlaywrightBrowser } from "../../../src/services/browser/playwright.js"
import { makePlaywrightSession } from "../../../src/services/browser/shared-chromium.js"
import { fixtureChromium, FixtureChromiumDir, tempProfileDir } from "../../fakes/store/browser.js"
import { makeGuardProbe, probeCredentials } from "../../fakes/guard-probe/server.js"
import type { GuardProbe } from "../../fakes/guard-probe/server.js"

const timeouts = { actionTimeout: "5 seconds", navigationTimeout: "10 seconds" } as const

/** The two live browsers, each with the profile directory its Chromium's preferences are in. */
const browsers = [
  {
    name: "its own Chromium",
    open: (profile: StoreProfile) =>
      Effect.gen(function*() {
        const profileDir = yield* tempProfileDir
        const browser = yield* makePlaywrightBrowser({ store: profile, profileDir, ...timeouts })
        return { browser, profileDir }
      })
  },
  {
    name: "a session on a shared Chromium",
    open: (profile: StoreProfile) =>
      Effect.gen(function*() {
        const browser = yield* makePlaywrightSession({ store: profile, ...timeouts })
        return { browser, profileDir: yield* FixtureChromiumDir }
      })
  }
] as const

/** The probe page sets its title when every attempt has settled (its workers' within 20 s); a real wait, bounded. */
const waitForTitle = (browser: BrowserShape, title: string) =>
  Effect.gen(function*() {
    for (let i = 0; i < 120; i++) {
      const page = yield* Effect.orElseSucceed(browser.snapshot(), () => undefined)
      if (page?.title.startsWith(title) === true) return
      yield* Effect.sleep("250 millis")
    }
    throw new Error(`the page never reached "${title}"`)
  })

const expectNoLeaks = (probe: GuardProbe) => {
  expect(probe.forbidden(), "requests on blocked paths").toEqual([])
  expect(probe.foreignRequests(), "requests to the foreign host").toEqual([])
  expect(probe.foreignConnections(), "connections to the foreign host").toBe(0)
}

layer(fixtureChromium, { excludeTestServices: true })("the guard with no leaks (guard-probe store, Debian Chromium)", (it) => {
  for (const { name, open: openBrowser } of browsers) {
    describe(name, () => {
      it.scoped("every leak the probe page, its worker and its popups try is stopped before it leaves", () =>
        Effect.gen(function*() {
          const probe = yield* makeGuardProbe
          const { browser } = yield* openBrowser(probe.profile)
          yield* browser.navigate(`${probe.url}/probe`)
          yield* waitForTitle(browser, "probe done")
          // Give popups and beacons (sent on their own schedule) a moment to try.
          yield* Effect.sleep("1 second")
          // The probe really ran, on the page and in its worker: harmless requests arrived.
          expect(probe.oks()).toEqual(expect.arrayContaining(["page", "worker"]))
          expectNoLeaks(probe)
          const reasons = new Set((yield* browser.blockedRequests).map((b) => b.reason))
          expect([...reasons]).toEqual(expect.arrayContaining(["host", "path"]))
          // Popups were closed and nothing crashed: the browser goes on.
          yield* browser.navigate(`${probe.url}/`)
          expect((yield* browser.snapshot()).text).toContain("Probe store")
        }), 90_000) // the probe's wait for its workers is bounded at 20 s, the title's at 30 s and more

      it.scoped("a host allowed without a port opens the start URL's port only, not the host's other services", () =>
        Effect.gen(function*() {
          const probe = yield* makeGuardProbe
          const { browser } = yield* openBrowser(new StoreProfile({ ...probe.profile, allowedHosts: ["127.0.0.1"] }))
          yield* browser.navigate(`${probe.url}/probe`)
          yield* waitForTitle(browser, "probe done")
          expect(probe.oks()).toEqual(expect.arrayContaining(["page"]))
          expect(probe.siblingConnections(), `connections to ${probe.siblingOrigin}`).toBe(0)
          expectNoLeaks(probe)
        }), 90_000)

      it.scoped("a 302 chain to /checkout and a 302 to another host are stopped at the hop, by URL and by link; a popup crashes nothing", () =>
        Effect.gen(function*() {
          const probe = yield* makeGuardProbe
          const { browser } = yield* openBrowser(probe.profile)
          yield* browser.navigate(`${probe.url}/`)
          for (const target of ["/hop/step-a", "/hop/doc-foreign", "/cart%2Fcheckout", "/cart%252Fcheckout", "/paiement", "/connexion", "/mon-compte/", "/place-order", "/Commander"]) {
            const error = yield* Effect.flip(browser.navigate(target))
            expect(error._tag, target).toBe("NavigationBlocked")
            expect(yield* browser.currentUrl, target).toBe(`${probe.url}/`)
          }
          for (const name of [/^Deals$/, /^Partner$/]) {
            const page = yield* browser.snapshot()
            const link = parseSnapshot(page.text).find((n) => n.role === "link" && name.test(n.name))
            const error = yield* Effect.flip(browser.click(link?.ref ?? "missing"))
            expect(error._tag, String(name)).toBe("NavigationBlocked")
          }
          // window.open to a blocked URL: closed, and the page carries on.
          const page = yield* browser.snapshot()
          const button = parseSnapshot(page.text).find((n) => n.role === "button" && /Open offer/.test(n.name))
          yield* browser.click(button?.ref ?? "missing")
          yield* Effect.sleep("500 millis")
          expect((yield* browser.snapshot()).text).toContain("Probe store")
          expectNoLeaks(probe)
        }))

      it.scoped("a profile with blockedPaths: [] still never reaches checkout or payment", () =>
        Effect.gen(function*() {
          const probe = yield* makeGuardProbe
          const open = new StoreProfile({ ...probe.profile, blockedPaths: [] })
          const { browser } = yield* openBrowser(open)
          yield* browser.navigate(`${probe.url}/`)
          for (const target of ["/checkout", "/hop/step-a", "/cart%2Fcheckout", "/paiement", "/place-order", "/fr/passer-la-commande"]) {
            const error = yield* Effect.flip(browser.navigate(target))
            expect(error._tag, target).toBe("NavigationBlocked")
          }
          expect(probe.forbidden().filter((r) => /checkout|paiement|place-order|commande/i.test(r.path))).toEqual([])
        }))

      it.scoped("signing in keeps the guard on but for the sign-in page and what it loads; the credentials go into the sign-in form only; autofill and password saving are off", () =>
        Effect.gen(function*() {
          const probe = yield* makeGuardProbe
          const { browser, profileDir } = yield* openBrowser(probe.profile)
          yield* browser.signIn({ username: Redacted.make(probeCredentials.username), password: Redacted.make(probeCredentials.password) })
          expect(yield* browser.isAuthenticated).toBe(true)
          const paths = probe.requests().map((r) => `${r.method} ${r.path}`)
          // The sign-in page and what it loads came through…
          expect(paths).toEqual(expect.arrayContaining(["GET /login", "GET /login/app.js", "GET /login/logo.png", "POST /login"]))
          // …but not its checkout pixel, its foreign tracker, the account page it redirects to, nor the decoy form.
          expectNoLeaks(probe)
          expect(paths.filter((p) => /newsletter/.test(p))).toEqual([])
          const carriers = probe.requests().filter((r) => r.body.includes(probeCredentials.password) || decodeURIComponent(r.body).includes(probeCredentials.username))
          expect(carriers.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /login"])
          // Once signed in, the sign-in page is blocked again.
          expect((yield* Effect.flip(browser.navigate("/login")))._tag).toBe("NavigationBlocked")
          const prefs: unknown = JSON.parse(readFileSync(join(profileDir, "Default", "Preferences"), "utf8"))
          expect(prefs).toMatchObject({
            credentials_enable_service: false,
            credentials_enable_autosignin: false,
            profile: { password_manager_enabled: false },
            autofill: { profile_enabled: false, credit_card_enabled: false }
          })
        }))
    })
  }
})
