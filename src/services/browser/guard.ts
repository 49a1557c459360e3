/**
 * The network guard of the live Browser: a route handler that aborts every
 * request the store profile does not allow, and remembers what it blocked.
 *
 * Where it sits: installed on the whole browser context (pages, frames,
 * fetch/XHR, images) before the first page opens. Each blocked host (and
 * each blocked path) is logged once, redacted, to help tune a profile's
 * allowlist, as seeds/003 suggests. While the login routine runs, the
 * store's own blocked paths are lifted (it must open the login page); the
 * host allowlist never is.
 */
import type { BrowserContext } from "playwright-core"
import type { StoreProfile } from "../../domain/shop/store-profile.js"
import { checkUrl } from "../../domain/shop/url-guard.js"
import type { BlockedRequest } from "./browser.js"

export interface Guard {
  readonly blocked: ReadonlyArray<BlockedRequest>
  /** The last top-level document request aborted, for the model's error message. */
  readonly lastBlockedDocument: BlockedRequest | undefined
  /** While true, blocked paths on allowed hosts load (the login routine only). */
  privileged: boolean
}

export const installGuard = async (
  context: BrowserContext,
  store: StoreProfile,
  log: (line: string) => void,
  redactText: (text: string) => string
): Promise<Guard> => {
  const blocked: Array<BlockedRequest> = []
  const logged = new Set<string>()
  const guard: { -readonly [K in keyof Guard]: Guard[K] } = { blocked, lastBlockedDocument: undefined, privileged: false }
  await context.route("**/*", async (route) => {
    const request = route.request()
    const url = request.url()
    const verdict = checkUrl(guard.privileged ? { allowedHosts: store.allowedHosts, blockedPaths: [] } : store, url)
    if (verdict._tag === "Allowed") {
      await route.continue().catch(() => undefined)
      return
    }
    const entry: BlockedRequest = { url: redactText(url), reason: verdict.reason, detail: verdict.detail }
    blocked.push(entry)
    if (request.isNavigationRequest() && request.frame().parentFrame() === null) guard.lastBlockedDocument = entry
    const key = `${verdict.reason}:${verdict.detail}`
    if (!logged.has(key)) {
      logged.add(key)
      log(
        verdict.reason === "host"
          ? `blocked host ${verdict.detail} (add it to the store profile's allowedHosts if the store needs it)`
          : `blocked ${verdict.reason} ${verdict.detail} (${entry.url})`
      )
    }
    await route.abort("blockedbyclient").catch(() => undefined)
  })
  return guard
}
