/**
 * `layerSharedChromium` and `layerPlaywrightSession`: many shopping
 * sessions on one Chromium, for an embedder that runs several (a server
 * shopping for many users at once, a test suite) and would rather not start
 * a browser for each.
 *
 * Where it sits: `layerSharedChromium` launches Debian Chromium once, for
 * the scope it is built in. Each session (`layerPlaywrightSession`,
 * `makePlaywrightSession`) is a live `Browser` on it, guarded exactly as
 * `layerPlaywright`'s (the same `makeGuardedBrowser`: route, CDP layer,
 * banner, one main page) in a browser context of its own: no cookies,
 * storage or cache shared with another session, and none kept after it
 * (unlike `layerPlaywright`'s persistent profile: a store's sign-in is made
 * again each session). A session's guard proxy is its context's proxy, so
 * every connection its pages, popups and workers open goes through it; what
 * holds for Chromium as a whole (no host resolution of its own, WebRTC off
 * UDP, no shared workers, autofill and password saving off in the profile,
 * which every context reads its preferences through) is the shared
 * Chromium's. Closing a session's scope closes its context, then its proxy;
 * Chromium closes with its own scope. Chromium exiting or crashing is a
 * `BrowserCrashed` in every session on it.
 *
 * playwright-core is imported when `layerSharedChromium` is built, as for
 * `layerPlaywright`.
 */
import { Context, Effect, Layer } from "effect"
import type { Scope } from "effect"
import type { BrowserContext } from "playwright-core"
import { chromiumArgs } from "./internal/chromium-args.js"
import { Browser } from "./browser.js"
import type { BrowserShape } from "./browser.js"
import { BrowserLaunchFailed } from "./errors.js"
import type { BrowserDriverMissing } from "./errors.js"
import { contextOptions, importPlaywright, makeGuardedBrowser } from "./playwright.js"
import type { PlaywrightSessionOptions } from "./playwright.js"
import { disableAutofillAndPasswords, noAutofillArgs } from "./prefs.js"
import { browserWideGuardArgs, proxiedLoopback } from "./proxy.js"
import type { GuardProxy } from "./proxy.js"

export interface SharedChromiumOptions {
  /** Chromium's profile directory: its preferences (autofill and passwords off). Sessions keep nothing in it. */
  readonly profileDir: string
  readonly headless?: boolean
  /** Default `/usr/bin/chromium` (Debian's); Shoal never downloads a browser. */
  readonly executablePath?: string
}

export interface SharedChromiumShape {
  readonly executablePath: string
  /** A fresh context, sharing nothing with any other, whose every connection goes through `proxy` (loopback too). */
  readonly openContext: (proxy: GuardProxy) => Promise<BrowserContext>
}

/** One running Chromium that sessions open their contexts on. */
export class SharedChromium extends Context.Tag("shoal/SharedChromium")<SharedChromium, SharedChromiumShape>() {}

const firstLine = (error: unknown): string => (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? ""

export const makeSharedChromium = (
  options: SharedChromiumOptions
): Effect.Effect<SharedChromiumShape, BrowserLaunchFailed | BrowserDriverMissing, Scope.Scope> =>
  Effect.gen(function*() {
    const executablePath = options.executablePath ?? "/usr/bin/chromium"
    const launchFailed = (e: unknown) => new BrowserLaunchFailed({ executablePath, reason: firstLine(e) })
    const { chromium } = yield* importPlaywright
    yield* Effect.try({ try: () => disableAutofillAndPasswords(options.profileDir), catch: launchFailed })
    // Launched on a profile directory (a persistent context) so that the preferences above are Chromium's;
    // that first context is never a session's: it has no proxy of its own, and no page is opened in it.
    const own = yield* Effect.acquireRelease(
      Effect.tryPromise({
        try: () =>
          chromium.launchPersistentContext(options.profileDir, {
            executablePath,
            headless: options.headless ?? true,
            args: [...chromiumArgs, ...browserWideGuardArgs, ...noAutofillArgs],
            ...contextOptions
          }),
        catch: launchFailed
      }),
      // Closing Chromium cannot fail in a way anyone could act on: its sessions are over.
      (c) => Effect.promise(() => c.close().catch(() => undefined))
    )
    const browser = own.browser()
    if (browser === null) return yield* launchFailed("playwright-core returned no browser for the launched Chromium")
    yield* Effect.promise(() => Promise.all(own.pages().map((p) => p.close().catch(() => undefined))))
    return {
      executablePath,
      openContext: (proxy) => browser.newContext({ ...contextOptions, proxy: { server: proxy.url, bypass: proxiedLoopback } })
    } satisfies SharedChromiumShape
  })

/** Chromium for the layer's scope, for `layerPlaywrightSession`s to share. */
export const layerSharedChromium = (options: SharedChromiumOptions): Layer.Layer<SharedChromium, BrowserLaunchFailed | BrowserDriverMissing> =>
  Layer.scoped(SharedChromium, makeSharedChromium(options))

/** One guarded session (the live Browser) in a context of its own on the shared Chromium. */
export const makePlaywrightSession = (
  options: PlaywrightSessionOptions
): Effect.Effect<BrowserShape, BrowserLaunchFailed, SharedChromium | Scope.Scope> =>
  Effect.flatMap(SharedChromium, (chromium) =>
    makeGuardedBrowser(options, { executablePath: chromium.executablePath, open: chromium.openContext }))

export const layerPlaywrightSession = (options: PlaywrightSessionOptions): Layer.Layer<Browser, BrowserLaunchFailed, SharedChromium> =>
  Layer.scoped(Browser, makePlaywrightSession(options))
