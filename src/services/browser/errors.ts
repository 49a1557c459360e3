/**
 * What a browser action can fail with. The first three are shown to the
 * model as tool errors it can recover from (take a fresh snapshot, pick
 * another link); `network` tells the orchestrator a retry may help.
 */
import { Schema } from "effect"

/** The guard refused a URL: a host off the allowlist, a blocked path, or a non-http(s) scheme. */
export class NavigationBlocked extends Schema.TaggedError<NavigationBlocked>()("NavigationBlocked", {
  url: Schema.String,
  reason: Schema.String,
  detail: Schema.String
}) {
  override get message(): string {
    return `navigation to ${this.url} is not allowed (${this.reason}: ${this.detail}); stay on the store's shopping pages`
  }
}

/** A ref from an older snapshot: the page changed since. */
export class StaleRef extends Schema.TaggedError<StaleRef>()("StaleRef", { ref: Schema.String }) {
  override get message(): string {
    return `element ${this.ref} is not on the page any more; take a fresh snapshot and use its refs`
  }
}

export class BrowserActionFailed extends Schema.TaggedError<BrowserActionFailed>()("BrowserActionFailed", {
  action: Schema.String,
  reason: Schema.String,
  /** The store did not answer (connection refused, DNS, timeout): retrying the item may help. */
  network: Schema.Boolean
}) {
  override get message(): string {
    return `${this.action} failed: ${this.reason}`
  }
}

/** The login routine could not sign in (wrong credentials, the form moved). Never carries a credential. */
export class SignInFailed extends Schema.TaggedError<SignInFailed>()("SignInFailed", { reason: Schema.String }) {
  override get message(): string {
    return `signing in to the store failed: ${this.reason}`
  }
}

/** Chromium would not start. */
export class BrowserLaunchFailed extends Schema.TaggedError<BrowserLaunchFailed>()("BrowserLaunchFailed", {
  executablePath: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `could not start Chromium (${this.executablePath}): ${this.reason}. On Debian: apt-get install chromium`
  }
}

/** Chromium, or the page the store is on, stopped in the middle of the run (killed, crashed, out of memory). */
export class BrowserCrashed extends Schema.TaggedError<BrowserCrashed>()("BrowserCrashed", { reason: Schema.String }) {
  override get message(): string {
    return `Chromium stopped in the middle of the run (${this.reason}). The list holds every result so far; run shoal shop again to go on (an item left #in-progress may already be in the cart)`
  }
}

/** playwright-core, which drives Chromium, is not installed next to Shoal. */
export class BrowserDriverMissing extends Schema.TaggedError<BrowserDriverMissing>()("BrowserDriverMissing", { reason: Schema.String }) {
  override get message(): string {
    return `playwright-core is not installed (${this.reason}); run npm install playwright-core in Shoal's folder`
  }
}

export type BrowserError = NavigationBlocked | StaleRef | BrowserActionFailed
