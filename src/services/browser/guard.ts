/**
 * The network guard of the live Browser: one decision (`decide`) and one
 * record of what it blocked, shared by the three places that enforce it.
 *
 * Why three, and which one is the wall (verified in Chromium 156 with
 * playwright-core 1.65, see test/services/browser/guard-probe.test.ts):
 * - Playwright's `context.route` sees only the FIRST request of a redirect
 *   chain (playwright continues every redirect hop itself, without calling
 *   the handler), never a SharedWorker's requests, and no WebSocket at all.
 *   A 302 to `/checkout` or to another host walked straight past it.
 * - The CDP Fetch domain at the request stage (fetch-guard.ts) pauses every
 *   hop of a redirect, for documents and subresources alike, and dedicated
 *   workers' requests, before they leave; but it is per target, starts only
 *   once attached, and never sees WebSockets.
 * - So the wall is a loopback proxy (proxy.ts) that Chromium must use for
 *   every connection its network service opens (`--proxy-server` with
 *   `<-loopback>`, so even 127.0.0.1 goes through it; host resolution
 *   mapped to NOTFOUND so nothing is looked up behind its back; WebRTC kept
 *   off UDP). Each redirect hop is a new request the browser itself sends
 *   to the proxy, so a redirect cannot bypass it, whatever target made it:
 *   page, popup, worker, shared worker, WebSocket, EventSource, beacon or
 *   preconnect. It enforces the host allowlist on every connection, and,
 *   for plain http (and ws:// upgrades), the blocked paths too.
 *   What it cannot see is the path inside an https tunnel: there the CDP
 *   Fetch layer checks every hop's path, and shared workers (the one
 *   requester that layer cannot pause) are switched off in Blink.
 * Playwright's route stays as the first check on a popup's opening
 * request, before a CDP session can attach to it.
 *
 * Each blocked host (and each blocked path) is logged once, redacted, to
 * help tune a profile's allowlist, as seeds/003 suggests. While the login
 * routine runs, `signInPage` lifts path blocking for the sign-in page and
 * what it loads only (see `checkRequest`); the host allowlist never moves.
 */
import type { BrowserContext } from "playwright-core"
import type { StoreProfile } from "../../domain/shop/store-profile.js"
import { checkRequest } from "../../domain/shop/url-guard.js"
import type { RequestFacts, UrlVerdict } from "../../domain/shop/url-guard.js"
import type { BlockedRequest } from "./browser.js"

export interface Guard {
  readonly blocked: ReadonlyArray<BlockedRequest>
  /** The last top-level document request aborted, for the model's error message. */
  readonly lastBlockedDocument: BlockedRequest | undefined
  /** How many top-level document requests were blocked so far: an action compares it before and after. */
  readonly blockedDocuments: number
  /** While set (the login routine only), this sign-in page and what it loads may use blocked paths. */
  signInPage: string | undefined
  /** The one decision every layer asks; a block is recorded (and logged once) here. */
  readonly decide: (facts: RequestFacts, where: { readonly layer: string; readonly mainDocument: boolean }) => UrlVerdict
}

export const makeGuard = (store: StoreProfile, log: (line: string) => void, redactText: (text: string) => string): Guard => {
  const blocked: Array<BlockedRequest> = []
  const logged = new Set<string>()
  const guard: { -readonly [K in keyof Guard]: Guard[K] } = {
    blocked,
    lastBlockedDocument: undefined,
    blockedDocuments: 0,
    signInPage: undefined,
    decide: (facts, where) => {
      const verdict = checkRequest(store, facts, guard.signInPage)
      if (verdict._tag === "Allowed") return verdict
      // Chromium's own update, clock and account checks reach only the proxy (no page asked for them):
      // blocked like anything else, but not listed as hosts the store might need.
      if (where.layer === "proxy" && verdict.reason === "host" && chromiumServiceHost.test(verdict.detail)) return verdict
      const entry: BlockedRequest = { url: redactText(facts.url), reason: verdict.reason, detail: verdict.detail }
      blocked.push(entry)
      if (where.mainDocument) {
        guard.lastBlockedDocument = entry
        guard.blockedDocuments++
      }
      const key = `${verdict.reason}:${verdict.detail}`
      if (!logged.has(key)) {
        logged.add(key)
        log(
          verdict.reason === "host"
            ? `blocked host ${verdict.detail} (add it to the store profile's allowedHosts if the store needs it)`
            : `blocked ${verdict.reason} ${verdict.detail} (${entry.url}, at the ${where.layer})`
        )
      }
      return verdict
    }
  }
  return guard
}

const chromiumServiceHost = /^((update|safebrowsing|optimizationguide-pa|content-autofill)\.googleapis\.com|(clients\d*|accounts)\.google\.com)(:\d+)?$/i

const isLocalScheme = (url: string): boolean => /^(data|blob|about):/i.test(url)

/** Playwright's route on the whole context: the first request of every chain, on every page and popup from its start. */
export const installRouteGuard = async (context: BrowserContext, guard: Guard): Promise<void> => {
  await context.route("**/*", async (route) => {
    const request = route.request()
    const url = request.url()
    if (isLocalScheme(url)) return route.continue().catch(() => undefined)
    const isDocument = request.isNavigationRequest()
    // A service worker's request has no frame (and throws for asking): not a main document.
    const mainDocument = isDocument && (() => {
      try {
        return request.frame().parentFrame() === null
      } catch {
        return false
      }
    })()
    const verdict = guard.decide(
      { url, method: request.method(), referrer: request.headers()["referer"], isDocument, body: request.postData() ?? undefined },
      { layer: "route", mainDocument }
    )
    await (verdict._tag === "Allowed" ? route.continue() : route.abort("blockedbyclient")).catch(() => undefined)
  })
}
