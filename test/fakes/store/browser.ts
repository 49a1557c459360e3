/**
 * The live Browser over the fixture store, for tests: real headless Debian
 * Chromium, short action timeouts so a stale ref fails fast.
 *
 * `fixtureBrowser` is `shoal shop`'s own browser: a Chromium of its own on a
 * fresh profile directory. `sessionBrowser` is a session on the test file's
 * one Chromium (`fixtureChromium`, given to the file's tests with
 * `layer(fixtureChromium, { excludeTestServices: true })`): a context of its
 * own per test, guarded as the other is, without a Chromium start and stop
 * per test.
 */
import { Context, Effect, Layer } from "effect"
import type { Duration } from "effect"
import type { Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import type { BrowserDriverMissing, BrowserLaunchFailed } from "../../../src/services/browser/errors.js"
import { makePlaywrightBrowser } from "../../../src/services/browser/playwright.js"
import { makePlaywrightSession, makeSharedChromium, SharedChromium } from "../../../src/services/browser/shared-chromium.js"

export const tempProfileDir: Effect.Effect<string, never, Scope.Scope> = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "shoal-shop-profile-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

/** The profile directory of the file's Chromium (`fixtureChromium`). */
export class FixtureChromiumDir extends Context.Tag("test/FixtureChromiumDir")<FixtureChromiumDir, string>() {}

/** One headless Chromium on a fresh profile directory, removed once Chromium has closed. */
export const fixtureChromium: Layer.Layer<SharedChromium | FixtureChromiumDir, BrowserLaunchFailed | BrowserDriverMissing> = Layer.unwrapScoped(
  Effect.map(tempProfileDir, (profileDir) =>
    Layer.merge(Layer.scoped(SharedChromium, makeSharedChromium({ profileDir })), Layer.succeed(FixtureChromiumDir, profileDir)))
)

export interface FixtureBrowserOptions {
  readonly navigationTimeout?: Duration.DurationInput
  readonly actionTimeout?: Duration.DurationInput
}

const timeouts = (options: FixtureBrowserOptions) => ({
  actionTimeout: options.actionTimeout ?? "1 second",
  navigationTimeout: options.navigationTimeout ?? "10 seconds"
})

/** `shoal shop`'s browser: a Chromium of its own on a fresh profile directory, both gone with the scope. */
export const fixtureBrowser = (profile: StoreProfile, options: FixtureBrowserOptions = {}) =>
  Effect.flatMap(tempProfileDir, (profileDir) => makePlaywrightBrowser({ store: profile, profileDir, ...timeouts(options) }))

/** A session of its own on the file's Chromium, closed with the scope. */
export const sessionBrowser = (profile: StoreProfile, options: FixtureBrowserOptions = {}) =>
  makePlaywrightSession({ store: profile, ...timeouts(options) })
