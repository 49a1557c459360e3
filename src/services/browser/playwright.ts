/**
 * `layerPlaywright`: the live Browser — Debian Chromium driven by
 * playwright-core, headless by default, with a persistent profile directory
 * so the store's cookies (the signed-in session) outlive a run.
 *
 * Where it sits: built by `shoal shop` for the whole run; closed (Chromium
 * and all) when the run's scope closes. playwright-core is imported here,
 * when the layer is built, never by `shoal --help`. An embedder running many
 * sessions at once may run them on one Chromium instead (shared-chromium.ts):
 * each session is then a context of its own, on the same guarded page
 * (`makeGuardedBrowser`). The guard's proxy
 * (proxy.ts) starts before Chromium and closes after it; its route
 * (guard.ts) and the banner (banner.ts) are installed on the context, and
 * its CDP Fetch layer (fetch-guard.ts) on the page, before the first page
 * loads. After every action a top-level load the guard stopped (a redirect
 * hop included) is a `NavigationBlocked`, the landing URL is checked again,
 * and a page the guard would not have loaded is left at once. Popups are
 * closed; a page that closes itself is replaced. Autofill and password
 * saving are off in the profile (prefs.ts).
 *
 * Snapshot API (playwright-core 1.65): `page.ariaSnapshot({ mode: "ai" })`
 * gives the YAML aria tree with `[ref=eN]` refs (iframes included), and
 * `page.getByRef(ref)` resolves a ref against the latest snapshot. A ref
 * that no longer resolves within the action timeout is a `StaleRef`.
 */
import { Duration, Effect, Layer, Redacted, Runtime } from "effect"
import type { BrowserContext, Page } from "playwright-core"
import { capSnapshot, defaultSnapshotChars, redact } from "../../domain/shop/page-snapshot.js"
import type { PageSnapshot } from "../../domain/shop/page-snapshot.js"
import type { StoreProfile } from "../../domain/shop/store-profile.js"
import { checkRequest, resolveUrl } from "../../domain/shop/url-guard.js"
import { bannerScript, currentItemBinding } from "./internal/banner.js"
import { scheduledWorkProbe, scheduledWorkScript } from "./internal/scheduled-work.js"
import { chromiumArgs } from "./internal/chromium-args.js"
import { Browser } from "./browser.js"
import type { BrowserShape } from "./browser.js"
import { BrowserActionFailed, BrowserCrashed, BrowserDriverMissing, BrowserLaunchFailed, NavigationBlocked, SignInFailed, StaleRef } from "./errors.js"
import { guardPageTarget } from "./fetch-guard.js"
import { installRouteGuard, makeGuard } from "./guard.js"
import { fillSignInForm } from "./sign-in.js"
import { disableAutofillAndPasswords, noAutofillArgs } from "./prefs.js"
import { guardArgs, startGuardProxy } from "./proxy.js"
import type { GuardProxy } from "./proxy.js"

/** What one shopping session's page needs, wherever its Chromium runs (its own, or a shared one: shared-chromium.ts). */
export interface PlaywrightSessionOptions {
  readonly store: StoreProfile
  /** How long a click or a typed text may wait for its element to be there and ready (default 5s). */
  readonly actionTimeout?: Duration.DurationInput
  /** How long a page may take to load, to be read, or to answer a click or the Enter after typed text (default 20s). */
  readonly navigationTimeout?: Duration.DurationInput
  readonly snapshotChars?: number
}

export interface PlaywrightBrowserOptions extends PlaywrightSessionOptions {
  /** The persistent profile directory (cookies, local storage). */
  readonly profileDir: string
  readonly headless?: boolean
  /** Default `/usr/bin/chromium` (Debian's); Shoal never downloads a browser. */
  readonly executablePath?: string
}

/** Where a session's context comes from: opened once the guard proxy listens, every connection through it. */
export interface ContextOpener {
  /** Named in a `BrowserLaunchFailed`. */
  readonly executablePath: string
  readonly open: (proxy: GuardProxy) => Promise<BrowserContext>
}

/** playwright-core, imported when a layer is built (never by `shoal --help`). */
export const importPlaywright = Effect.tryPromise({
  try: () => import("playwright-core"),
  catch: (e) => new BrowserDriverMissing({ reason: firstLine(messageOf(e)) })
})

const staleRefReason = "stale ref"
/** Waiting for an element to be ready (visible, enabled, uncovered, editable) ran out: the page's doing, not the network's. */
class ElementNotReady extends Error {}
const notReadyIfFails = (waiting: Promise<unknown>): Promise<unknown> =>
  waiting.catch((error: unknown) => {
    throw new ElementNotReady(messageOf(error))
  })
const viewport = { width: 1280, height: 900 }
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error))
const firstLine = (text: string): string => text.split("\n")[0] ?? text
const isNetworkFailure = (message: string): boolean =>
  /net::ERR_(?!BLOCKED_BY_CLIENT|ABORTED)|Timeout \d+ms exceeded|ECONNREFUSED/.test(message)

/** How often `settled` looks, and how long a request may stay open and still be an action's (not a long poll's). */
const settlePoll = Duration.millis(100)
const longLivedMs = 10_000
/** How long `settled` waits for the page to say what it put off (a page between documents may not answer). */
const probeWait = Duration.seconds(1)

/**
 * The guarded Browser on a context `chromium` opens: the guard's proxy, route, CDP layer and banner, one main
 * page. Closing the scope closes the context (and with a persistent context, its Chromium), then the proxy.
 */
export const makeGuardedBrowser = (options: PlaywrightSessionOptions, chromium: ContextOpener) =>
  Effect.gen(function*() {
    const { store } = options
    const { executablePath } = chromium
    const actionTimeout = Duration.toMillis(options.actionTimeout ?? "5 seconds")
    const navigationTimeout = Duration.toMillis(options.navigationTimeout ?? "20 seconds")
    const runtime = yield* Effect.runtime<never>()
    const log = (line: string) => Runtime.runFork(runtime)(Effect.logWarning(`browser: ${line}`))
    const secrets: Array<string> = []
    const redactText = (text: string) => redact(text, secrets)

    const guard = makeGuard(store, log, redactText)
    let closing = false
    let crashed: string | undefined
    const launchFailed = (e: unknown) => new BrowserLaunchFailed({ executablePath, reason: firstLine(messageOf(e)) })
    // The proxy opens first and closes last: Chromium never runs without it.
    const proxy = yield* Effect.acquireRelease(
      Effect.tryPromise({ try: () => startGuardProxy(guard), catch: launchFailed }),
      // Closing the proxy cannot fail in a way anyone could act on: the run is over.
      (p) => Effect.promise(() => p.close().catch(() => undefined))
    )
    const context: BrowserContext = yield* Effect.acquireRelease(
      Effect.tryPromise({ try: () => chromium.open(proxy), catch: launchFailed }),
      (c) =>
        Effect.sync(() => void (closing = true)).pipe(
          Effect.zipRight(Effect.promise(() => c.close().catch(() => undefined)))
        )
    )
    // Chromium closing before the run's scope closes it, or the page's renderer crashing: a `BrowserCrashed` from `alive`.
    context.on("close", () => void (crashed ??= closing ? undefined : "the browser closed"))
    // The requests the pages have open (and when each began), and when one last began or ended: `settled` reads them.
    const open = new Map<unknown, number>()
    let lastActivity = performance.now()
    context.on("request", (r) => {
      open.set(r, performance.now())
      lastActivity = performance.now()
    })
    const ended = (r: unknown) => {
      open.delete(r)
      lastActivity = performance.now()
    }
    context.on("requestfinished", ended)
    context.on("requestfailed", ended)
    let currentItem = ""
    yield* Effect.tryPromise({
      try: async () => {
        await installRouteGuard(context, guard)
        await context.exposeBinding(currentItemBinding, () => currentItem)
        await context.addInitScript({ content: bannerScript })
        await context.addInitScript({ content: scheduledWorkScript })
      },
      catch: launchFailed
    })
    let replacingMainPage = false
    const openMainPage = async (): Promise<Page> => {
      replacingMainPage = true
      try {
        const fresh = await context.newPage()
        await adoptMainPage(fresh)
        return fresh
      } finally {
        replacingMainPage = false
      }
    }
    const adoptMainPage = async (p: Page): Promise<void> => {
      p.setDefaultTimeout(actionTimeout)
      p.setDefaultNavigationTimeout(navigationTimeout)
      p.on("dialog", (d) => void d.dismiss().catch(() => undefined))
      p.on("crash", () => void (crashed ??= "the page crashed"))
      // The page closed itself (window.close()): carry on in a new one rather than fail every later action.
      p.on("close", () => {
        if (p === page) void openMainPage().then((fresh) => void (page = fresh), () => undefined)
      })
      await guardPageTarget(context, p, guard)
    }
    let page: Page = context.pages()[0] ?? (yield* Effect.tryPromise({ try: () => context.newPage(), catch: launchFailed }))
    yield* Effect.tryPromise({ try: () => adoptMainPage(page), catch: launchFailed })
    // One tab only. A popup or new tab (window.open, target=_blank) is guarded from its first request
    // like the main page (the proxy and the route cover the whole context), then closed at once.
    const popupsLogged = new Set<string>()
    context.on("page", (p) => {
      if (p === page || replacingMainPage) return
      p.on("dialog", (d) => void d.dismiss().catch(() => undefined))
      const url = p.url()
      const shown = url.startsWith("chrome-error:") ? "its load was blocked" : redactText(url)
      if (!popupsLogged.has(shown)) {
        popupsLogged.add(shown)
        log(`closed a popup the page opened (${shown})`)
      }
      void p.close().catch(() => undefined)
    })
    let lastGoodUrl = "about:blank"

    const fail = (action: string) => (error: unknown): BrowserActionFailed => {
      const message = redactText(messageOf(error))
      // Waiting for `aria-ref=…` that never resolved: the ref is from an older page, not a network problem.
      if (/waiting for locator\('aria-ref=/.test(message) && !/resolved to/.test(message)) {
        return new BrowserActionFailed({ action, reason: staleRefReason, network: false })
      }
      // An element that was there but never ready (covered, disabled, read-only): the store answered; a retry will not help.
      const network = !(error instanceof ElementNotReady) && isNetworkFailure(message)
      return new BrowserActionFailed({ action, reason: firstLine(message), network })
    }

    /** A top-level page the model may be on (or open): the guard's rule, without recording it as a blocked request. */
    const landingVerdict = (url: string) => checkRequest(store, { url, method: "GET", referrer: undefined, isDocument: true }, guard.signInPage)

    /** Back to the last page the guard allowed (a blocked load's error page may interrupt the first try). */
    const restore = Effect.promise(async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        if (page.url() === lastGoodUrl) return
        if (await page.goto(lastGoodUrl, { waitUntil: "domcontentloaded" }).then(() => true, () => false)) return
        await page.waitForLoadState("domcontentloaded").catch(() => undefined)
      }
      await page.goto("about:blank").catch(() => undefined)
    })

    /** Where the page landed must pass the guard too: redirects and script navigations are checked here. */
    const verifyLanding = Effect.gen(function*() {
      const url = page.url()
      if (url === "about:blank") return
      const verdict = landingVerdict(url)
      if (verdict._tag === "Allowed") {
        lastGoodUrl = url
        return
      }
      const attempted = guard.lastBlockedDocument
      yield* restore
      const shown = url.startsWith("chrome-error:") && attempted !== undefined ? attempted : undefined
      return yield* new NavigationBlocked({
        url: shown?.url ?? redactText(url),
        reason: shown?.reason ?? verdict.reason,
        detail: shown?.detail ?? verdict.detail
      })
    })

    const settle = Effect.promise(() => page.waitForLoadState("domcontentloaded", { timeout: navigationTimeout }).catch(() => undefined))

    /** A page load the guard stopped during the action (a redirect hop included), even if the page stayed where it was. */
    const blockedSince = (before: number) =>
      Effect.gen(function*() {
        const attempted = guard.lastBlockedDocument
        if (guard.blockedDocuments === before || attempted === undefined) return
        // Chromium may still be committing its error page for the blocked load: let it, then go back.
        yield* Effect.promise(() => page.waitForURL((u) => u.protocol === "chrome-error:", { timeout: 300 }).catch(() => undefined))
        yield* restore
        return yield* new NavigationBlocked({ url: attempted.url, reason: attempted.reason, detail: attempted.detail })
      })

    /**
     * What the last action left running on the page. An action whose fiber was interrupted (a turn stopped
     * mid-click) goes on in Chromium until it ends or times out; the next action or reading waits for it first,
     * so two navigations never race on the one page (a goto cut short by a click's late redirect, say).
     * A page load we asked for (a goto) is the exception: a new goto replaces one still loading, as a new
     * address typed while a page loads does; Chromium cancels the old load. Waiting for it would hold the
     * run until its navigation timeout (a shop item whose budget ran out on a search the store never answers).
     */
    let unfinished: Promise<unknown> = Promise.resolve()
    let unfinishedIsLoad = false
    const inTurn = <A>(run: () => Promise<A>, load = false) => (): Promise<A> => {
      const next = (load && unfinishedIsLoad ? Promise.resolve() : unfinished).then(run)
      unfinished = next.catch(() => undefined)
      unfinishedIsLoad = load
      return next
    }

    const act = (action: string, run: () => Promise<unknown>, load = false) =>
      Effect.suspend(() => {
        const before = guard.blockedDocuments
        return Effect.tryPromise({ try: inTurn(run, load), catch: fail(action) }).pipe(
          Effect.catchIf((e) => e._tag === "BrowserActionFailed" && /ERR_BLOCKED_BY_CLIENT/.test(e.reason), () => Effect.void),
          // An action that failed while the guard blocked the document it led to (a click whose navigation never
          // came, timing out on a busy machine) failed because of the block: NavigationBlocked says so, below.
          Effect.catchAll((e) => guard.blockedDocuments !== before ? Effect.void : Effect.fail(e)),
          Effect.zipRight(settle),
          Effect.zipRight(blockedSince(before)),
          Effect.zipRight(verifyLanding)
        )
      }).pipe(Effect.withSpan(`browser.${action}`))

    const byRef = (action: string, ref: string, run: (locator: ReturnType<Page["getByRef"]>) => Promise<unknown>) =>
      /^[a-z]?\d*e\d+$/.test(ref.trim())
        ? act(action, () => run(page.getByRef(ref.trim()))).pipe(
          // The locator never resolved within the action timeout: the ref is from an older page.
          Effect.catchIf(
            (e): e is BrowserActionFailed => e._tag === "BrowserActionFailed" && e.reason === staleRefReason,
            () => Effect.fail(new StaleRef({ ref }))
          )
        )
        : Effect.fail(new StaleRef({ ref }))

    const navigate = (text: string) =>
      Effect.gen(function*() {
        const url = resolveUrl(text, page.url() === "about:blank" ? store.baseUrl : page.url())
        if (url === undefined) return yield* new NavigationBlocked({ url: text, reason: "malformed", detail: text })
        const verdict = landingVerdict(url)
        if (verdict._tag === "Blocked") return yield* new NavigationBlocked({ url: redactText(url), reason: verdict.reason, detail: verdict.detail })
        yield* act("navigate", () => page.goto(url, { waitUntil: "domcontentloaded" }), true)
      })

    const screenshot = Effect.tryPromise({
      try: async () => {
        const cdp = await context.newCDPSession(page)
        try {
          const shot = await cdp.send("Page.captureScreenshot", {
            format: "jpeg",
            quality: 50,
            clip: { x: 0, y: 0, width: viewport.width, height: viewport.height, scale: 0.5 }
          })
          return shot.data
        } finally {
          await cdp.detach().catch(() => undefined)
        }
      },
      catch: fail("screenshot")
    })

    /** On Chromium's error page for a load the guard stopped after the last action had returned (a timer, a late answer). */
    const onBlockedLoadPage = () => page.url().startsWith("chrome-error:") && guard.blockedDocuments > 0

    /**
     * A key whose default action navigates (Enter in a form) returns before the new page has even been asked
     * for, on a busy machine later still, and what reads the page next would read the old one. The page's
     * Navigation API says whether the key started a navigation; if it did, the action ends when the new
     * document has arrived (its load is then awaited like any other).
     */
    const keyThatMayNavigate = async (press: () => Promise<unknown>) => {
      const main = page.mainFrame()
      const navigated = page.waitForEvent("framenavigated", { predicate: (f) => f === main, timeout: navigationTimeout }).catch(() => undefined)
      const watching = await page
        .evaluate(() => {
          const api = (globalThis as { navigation?: EventTarget }).navigation
          if (api === undefined) return false
          // A same-document navigation of an earlier key left the document as it was: start from false.
          ;(globalThis as { __shoalNavigating?: boolean }).__shoalNavigating = false
          api.addEventListener("navigate", () => void ((globalThis as { __shoalNavigating?: boolean }).__shoalNavigating = true), { once: true })
          return true
        })
        .catch(() => false)
      await press()
      if (!watching) return
      // A page whose document was already replaced cannot answer: that is a navigation too.
      const started = await page.evaluate(() => (globalThis as { __shoalNavigating?: boolean }).__shoalNavigating === true).catch(() => true)
      if (started) await navigated
    }

    const snapshot = (snapshotOptions: { readonly screenshot?: boolean } = {}) =>
      Effect.gen(function*() {
        const read = Effect.tryPromise({
          // Reading the page waits for the page, like its load: a busy script or a busy machine is not a missing element.
          try: inTurn(() => page.ariaSnapshot({ mode: "ai", timeout: navigationTimeout })),
          catch: fail("snapshot")
        })
        let aria = yield* read
        // Whenever the page's own script went somewhere blocked, what is read is the last page the guard allowed.
        if (onBlockedLoadPage()) {
          yield* restore
          aria = yield* read
        }
        const title = yield* Effect.promise(() => page.title().catch(() => ""))
        const image = snapshotOptions.screenshot === true ? yield* screenshot : undefined
        return {
          url: redactText(page.url()),
          title: redactText(title),
          text: capSnapshot(redactText(aria), options.snapshotChars ?? defaultSnapshotChars),
          screenshot: image
        } satisfies PageSnapshot
      }).pipe(Effect.withSpan("browser.snapshot"))

    const isAuthenticated = store.auth === undefined
      ? Effect.succeed(true)
      : Effect.tryPromise({
        try: async () => (await page.locator(store.auth?.authenticatedSelector ?? "html").count()) > 0,
        catch: fail("authentication check")
      })

    const signIn = (credentials: { readonly username: Redacted.Redacted<string>; readonly password: Redacted.Redacted<string> }) =>
      Effect.gen(function*() {
        const auth = store.auth
        if (auth === undefined) return
        const username = Redacted.value(credentials.username)
        const password = Redacted.value(credentials.password)
        for (const s of [username, password]) if (!secrets.includes(s)) secrets.push(s)
        guard.signInPage = auth.loginUrl
        yield* Effect.tryPromise({
          try: inTurn(() => fillSignInForm(page, auth, { username, password }, { baseUrl: store.baseUrl, timeout: navigationTimeout })),
          catch: (e) => new SignInFailed({ reason: firstLine(redactText(messageOf(e))) })
        }).pipe(Effect.ensuring(Effect.sync(() => void (guard.signInPage = undefined))))
        yield* Effect.promise(() => page.goto(store.baseUrl, { waitUntil: "domcontentloaded" }).catch(() => undefined))
        lastGoodUrl = page.url()
      }).pipe(Effect.withSpan("browser.signIn"))

    return {
      store,
      navigate,
      snapshot,
      // Waiting for the element is bounded by the action timeout (a ref from an older page fails fast); the action
      // itself and what the page does in answer (a form's slow post, a script busy after the click) by the page-load one.
      click: (ref) =>
        byRef("click", ref, async (l) => {
          await notReadyIfFails(l.click({ trial: true, timeout: actionTimeout }))
          await l.click({ timeout: navigationTimeout })
        }),
      type: (ref, text, typeOptions = {}) =>
        byRef("type", ref, async (l) => {
          // Filling waits for a visible, enabled, editable field (a read-only one fails fast); Enter may submit a search.
          await notReadyIfFails(l.fill(text, { timeout: actionTimeout }))
          if (typeOptions.submit !== true) return
          // A field the page re-renders as it is typed in (a framework's controlled input) is no longer the ref's
          // element: the Enter goes to the field that has the focus.
          await keyThatMayNavigate(() => l.count().then((n) => n > 0 ? l.press("Enter", { timeout: navigationTimeout }) : page.keyboard.press("Enter")))
        }),
      press: (key) => act("press", () => keyThatMayNavigate(() => page.keyboard.press(key))),
      scroll: (direction) => act("scroll", () => page.mouse.wheel(0, direction === "down" ? 700 : -700)),
      goBack: act("go back", () => page.goBack({ waitUntil: "domcontentloaded" })),
      currentUrl: Effect.sync(() => redactText(page.url())),
      isAuthenticated,
      setCurrentItem: (name) =>
        Effect.promise(async () => {
          currentItem = name
          await page.evaluate((n) => {
            const set: unknown = Reflect.get(globalThis, "setCurrentShoppingItem")
            if (typeof set === "function") set(n)
          }, name).catch(() => undefined)
        }),
      signIn,
      alive: Effect.suspend(() => (crashed === undefined ? Effect.void : Effect.fail(new BrowserCrashed({ reason: crashed })))),
      blockedRequests: Effect.sync(() => [...guard.blocked]),
      settled: (quiet, bound) =>
        Effect.gen(function*() {
          const start = performance.now()
          const quietMs = Duration.toMillis(quiet)
          const boundMs = Duration.toMillis(bound)
          let putOffUntil = start
          for (;;) {
            // What the page put off in answer to the action (a stepper's debounce) is sent only when it fires.
            // A page between documents may not answer at once: its load is a request, busy on its own.
            const putOff = yield* Effect.promise(() =>
              page.evaluate((probe) => {
                const f: unknown = Reflect.get(globalThis, probe)
                return typeof f === "function" ? Number(f()) : 0
              }, scheduledWorkProbe).catch(() => 0)
            ).pipe(Effect.timeoutTo({ duration: probeWait, onTimeout: () => 0, onSuccess: (ms) => ms }))
            const now = performance.now()
            if (putOff > 0) putOffUntil = now
            // A request open longer than a long poll or an event stream would be is not this action's.
            const busy = putOff > 0 || [...open.values()].some((began) => now - began < longLivedMs)
            if (!busy && now - Math.max(putOffUntil, lastActivity) >= quietMs) return true
            if (now - start >= boundMs) return false
            yield* Effect.sleep(settlePoll)
          }
        })
    } satisfies BrowserShape
  })

/** What every context of the shopping browser is opened with: no service workers, no downloads, one viewport. */
export const contextOptions = { serviceWorkers: "block", acceptDownloads: false, viewport } as const

/** The live Browser on a Chromium of its own, launched on `profileDir` (persistent: the store's sign-in outlives the run). */
export const makePlaywrightBrowser = (options: PlaywrightBrowserOptions) =>
  Effect.gen(function*() {
    const executablePath = options.executablePath ?? "/usr/bin/chromium"
    const { chromium } = yield* importPlaywright
    return yield* makeGuardedBrowser(options, {
      executablePath,
      open: async (proxy) => {
        disableAutofillAndPasswords(options.profileDir)
        return chromium.launchPersistentContext(options.profileDir, {
          executablePath,
          headless: options.headless ?? true,
          args: [...chromiumArgs, ...guardArgs(proxy), ...noAutofillArgs],
          ...contextOptions
        })
      }
    })
  })

export const layerPlaywright = (options: PlaywrightBrowserOptions): Layer.Layer<Browser, BrowserLaunchFailed | BrowserDriverMissing> =>
  Layer.scoped(Browser, makePlaywrightBrowser(options))
