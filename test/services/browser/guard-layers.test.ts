/**
 * Each layer of the browser guard on its own, in real headless Chromium
 * against the guard-probe store, to show why the guard is built as it is
 * (see src/services/browser/guard.ts):
 * - Playwright's route alone lets a redirect hop through (verified, not assumed);
 * - the loopback proxy alone stops every leak the probe page tries on this
 *   plain-http store, redirects, workers, WebSockets and popups included;
 * - the CDP Fetch layer alone stops every redirect hop to a blocked path or
 *   another host, which is what guards paths inside https.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { BrowserContext } from "playwright-core"
import { checkUrl } from "../../../src/domain/shop/url-guard.js"
import { guardPageTarget } from "../../../src/services/browser/fetch-guard.js"
import { makeGuard } from "../../../src/services/browser/guard.js"
import { chromiumArgs } from "../../../src/services/browser/internal/chromium-args.js"
import { guardArgs, startGuardProxy } from "../../../src/services/browser/proxy.js"
import { makeGuardProbe } from "../../fakes/guard-probe/server.js"
import { tempProfileDir } from "../../fakes/store/browser.js"

const launch = (args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const dir = yield* tempProfileDir
    const { chromium } = yield* Effect.promise(() => import("playwright-core"))
    const context: BrowserContext = yield* Effect.acquireRelease(
      Effect.promise(() =>
        chromium.launchPersistentContext(dir, { executablePath: "/usr/bin/chromium", headless: true, args: [...chromiumArgs, ...args], serviceWorkers: "block" })
      ),
      (c) => Effect.promise(() => c.close().catch(() => undefined))
    )
    const page = context.pages()[0] ?? (yield* Effect.promise(() => context.newPage()))
    return { context, page }
  })

const silentGuard = (profile: Parameters<typeof makeGuard>[0]) => makeGuard(profile, () => undefined, (t) => t)

describe("the guard's layers, one at a time (Debian Chromium)", () => {
  it.scopedLive("Playwright's route alone does not see a redirect hop: a 302 chain reaches /checkout", () =>
    Effect.gen(function*() {
      const probe = yield* makeGuardProbe
      const { context, page } = yield* launch([])
      yield* Effect.promise(() =>
        context.route("**/*", (route) => checkUrl(probe.profile, route.request().url())._tag === "Allowed" ? route.continue() : route.abort("blockedbyclient"))
      )
      yield* Effect.promise(() => page.goto(`${probe.url}/hop/step-a`).catch(() => undefined))
      expect(probe.forbidden().map((r) => r.path)).toContain("/checkout/step-1")
    }))

  it.scopedLive("the loopback proxy alone stops every leak the probe page, its workers and its popups try", () =>
    Effect.gen(function*() {
      const probe = yield* makeGuardProbe
      const guard = silentGuard(probe.profile)
      const proxy = yield* Effect.acquireRelease(Effect.promise(() => startGuardProxy(guard)), (p) => Effect.promise(() => p.close()))
      const { page } = yield* launch(guardArgs(proxy))
      yield* Effect.promise(() => page.goto(`${probe.url}/probe`))
      yield* Effect.promise(() => page.waitForFunction("document.title === 'probe done'", undefined, { timeout: 30_000 }))
      yield* Effect.sleep("1 second")
      expect(probe.oks()).toEqual(expect.arrayContaining(["page", "worker"]))
      expect(probe.forbidden()).toEqual([])
      expect(probe.foreignRequests()).toEqual([])
      expect(probe.foreignConnections()).toBe(0)
      expect(guard.blocked.length).toBeGreaterThan(0)
    }))

  it.scopedLive("the CDP Fetch layer alone stops every redirect hop to a blocked path or another host, page and worker", () =>
    Effect.gen(function*() {
      const probe = yield* makeGuardProbe
      const guard = silentGuard(probe.profile)
      const { context, page } = yield* launch([])
      yield* Effect.promise(() => guardPageTarget(context, page, guard))
      for (const hop of ["/hop/step-a", "/hop/doc-foreign"]) {
        yield* Effect.promise(() => page.goto(`${probe.url}${hop}`).catch(() => undefined))
      }
      // After a blocked hop the guard takes the page back to its last allowed URL; that navigation may
      // still be under way and interrupt ours, which is then simply made again (at most a few times).
      yield* Effect.promise(async () => {
        for (let attempt = 0; ; attempt++) {
          try {
            await page.goto(`${probe.url}/`)
            return
          } catch (error) {
            if (attempt >= 4) throw error
            await page.waitForLoadState("load").catch(() => undefined)
          }
        }
      })
      yield* Effect.promise(() =>
        // A string: the test's TypeScript has no DOM types; this runs in the page.
        page.evaluate(`(async () => {
          const settle = (p) => p.then(() => undefined, () => undefined)
          const image = (src) => new Promise((done) => Object.assign(new Image(), { onload: done, onerror: done, src }))
          const worker = new Worker(URL.createObjectURL(new Blob([
            "Promise.all(['/hop/fetch-b', '/hop/fetch-foreign', '/ok?from=worker'].map((u) => fetch(new URL(u, " +
            JSON.stringify(location.origin) + ")).catch(() => undefined))).then(() => postMessage('done'))"
          ], { type: "text/javascript" })))
          await Promise.all([
            settle(fetch("/hop/fetch-b")),
            settle(fetch("/hop/fetch-foreign")),
            image("/hop/img-b"),
            image("/hop/img-foreign"),
            new Promise((done) => { worker.onmessage = done; setTimeout(done, 5000) })
          ])
        })()`)
      )
      expect(probe.oks()).toContain("worker")
      expect(probe.forbidden()).toEqual([])
      expect(probe.foreignRequests()).toEqual([])
    }))
})
