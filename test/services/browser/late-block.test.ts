/**
 * A page whose own script goes somewhere blocked long after the last action returned (a timer, an answer the
 * page waited for): the guard stops the load and Chromium shows its error page. Whenever that happens, the
 * next reading is of the last page the guard allowed, never of the error page, and the block is recorded.
 * The late navigation is started by the test (the store answers the page's request when told), so what is
 * asserted does not depend on how fast the machine is.
 * Real headless Chromium against a store on 127.0.0.1.
 */
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Schedule } from "effect"
import { StoreProfile, defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { fixtureBrowser } from "../../fakes/store/browser.js"
import { serveStore } from "../../fakes/stores/catalogue.js"

// The page asks the store whether to go on; the first answer (when the test says) sends it to checkout.
const basket = `<!doctype html><title>Basket</title><h1>Your basket</h1>
<script>fetch("/signal").then((r) => r.text()).then((t) => { if (t === "go") location.href = "/checkout" })</script>`

const lateStore = Effect.gen(function*() {
  const go = yield* Deferred.make<void>()
  let signals = 0
  const server = yield* serveStore(async (req) => {
    if (req.url.pathname === "/") return { body: basket }
    if (req.url.pathname !== "/signal") return undefined
    if (++signals > 1) return { body: "stay" }
    await Effect.runPromise(Deferred.await(go))
    return { body: "go" }
  })
  const profile = new StoreProfile({
    name: "late-store",
    baseUrl: `${server.url}/`,
    searchUrl: `${server.url}/?q={query}`,
    cartUrl: `${server.url}/`,
    allowedHosts: [new URL(server.url).host],
    blockedPaths: [...defaultBlockedPaths],
    productPathPattern: "^/p/"
  })
  const browser = yield* fixtureBrowser(profile)
  return { browser, server, release: Deferred.succeed(go, undefined) }
})

describe("a blocked page load that comes after the last action", () => {
  it.scopedLive("the next snapshot is of the last allowed page, not Chromium's error page, and the block is recorded", () =>
    Effect.gen(function*() {
      const { browser, server, release } = yield* lateStore
      yield* browser.navigate("/")
      yield* release
      // Ready when the guard has stopped the load and Chromium shows its error page for it.
      yield* browser.currentUrl.pipe(
        Effect.repeat({ until: (url) => url.startsWith("chrome-error:"), schedule: Schedule.spaced("50 millis") }),
        Effect.timeoutFail({ duration: "20 seconds", onTimeout: () => new Error("the blocked load never showed Chromium's error page") })
      )
      const page = yield* browser.snapshot()
      expect(page.url).not.toMatch(/^chrome-error:/)
      expect(page.text).toContain("Your basket")
      expect(yield* browser.currentUrl).toBe(`${server.url}/`)
      expect((yield* browser.blockedRequests).some((b) => /checkout/.test(b.url))).toBe(true)
      expect(server.hits().filter((h) => /checkout/.test(h.path))).toEqual([])
    }), 60_000)
})
