/**
 * The `Browser` port: one guarded page on the store, driven by refs from
 * the page's accessibility snapshot.
 *
 * Where it sits: the shop agent's tools (model or rule-based) act only
 * through it; the orchestrator uses `setCurrentItem`, `isAuthenticated` and
 * `signIn`. Guarding happens below this port, so no caller can forget it:
 * every request the browser makes — each redirect hop, workers, WebSockets,
 * EventSource, beacons, preconnects, popups — is checked against the store
 * profile (host allowlist, blocked path segments) before it leaves (see
 * guard.ts), every page the browser lands on is checked again, service and
 * shared workers are off, and text coming out is redacted of credentials.
 * Layer: `layerPlaywright` (Debian Chromium through playwright-core).
 */
import { Context } from "effect"
import type { Duration, Effect, Redacted } from "effect"
import type { PageSnapshot } from "../../domain/shop/page-snapshot.js"
import type { StoreProfile } from "../../domain/shop/store-profile.js"
import type { BrowserActionFailed, BrowserCrashed, BrowserError, SignInFailed } from "./errors.js"

export interface StoreCredentials {
  readonly username: Redacted.Redacted<string>
  readonly password: Redacted.Redacted<string>
}

export interface BlockedRequest {
  readonly url: string
  readonly reason: string
  readonly detail: string
}

export interface BrowserShape {
  readonly store: StoreProfile
  /** Open an http(s) URL (absolute, or relative to the current page) the guard allows. */
  readonly navigate: (url: string) => Effect.Effect<void, BrowserError>
  /** The page as text for the model: aria snapshot with refs, capped; optionally a downscaled screenshot. */
  readonly snapshot: (options?: { readonly screenshot?: boolean }) => Effect.Effect<PageSnapshot, BrowserError>
  readonly click: (ref: string) => Effect.Effect<void, BrowserError>
  /** Replace a field's text; `submit` presses Enter after. */
  readonly type: (ref: string, text: string, options?: { readonly submit?: boolean }) => Effect.Effect<void, BrowserError>
  readonly press: (key: string) => Effect.Effect<void, BrowserError>
  readonly scroll: (direction: "up" | "down") => Effect.Effect<void, BrowserError>
  readonly goBack: Effect.Effect<void, BrowserError>
  readonly currentUrl: Effect.Effect<string>
  /** The profile's signed-in check on the current page; always true for a store without auth. */
  readonly isAuthenticated: Effect.Effect<boolean, BrowserActionFailed>
  /** The status banner's item, on this page and every page after. */
  readonly setCurrentItem: (name: string) => Effect.Effect<void>
  /** The login routine: code types the credentials; they never pass through a model or a log. */
  readonly signIn: (credentials: StoreCredentials) => Effect.Effect<void, SignInFailed>
  /** Fails once Chromium or its page has stopped (killed, crashed): nothing after that can shop, so the run ends. */
  readonly alive: Effect.Effect<void, BrowserCrashed>
  /** Requests the guard aborted so far (each blocked host is also logged once). */
  readonly blockedRequests: Effect.Effect<ReadonlyArray<BlockedRequest>>
  /**
   * Waits until the page has had no request open or started for `quiet`,
   * counted from this call, and says whether it did within `bound`: after an
   * add, the sign that what the click sent has been answered.
   */
  readonly settled: (quiet: Duration.DurationInput, bound: Duration.DurationInput) => Effect.Effect<boolean>
}

export class Browser extends Context.Tag("shoal/Browser")<Browser, BrowserShape>() {}
