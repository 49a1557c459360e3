/**
 * The live Browser over the fixture store, for tests: real headless Debian
 * Chromium, a fresh profile directory removed with the scope, short action
 * timeouts so a stale ref fails fast.
 */
import { Effect } from "effect"
import type { Duration } from "effect"
import type { Scope } from "effect"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { StoreProfile } from "../../../src/domain/shop/store-profile.js"
import { makePlaywrightBrowser } from "../../../src/services/browser/playwright.js"

export const tempProfileDir: Effect.Effect<string, never, Scope.Scope> = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "shoal-shop-profile-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
)

export const fixtureBrowser = (
  profile: StoreProfile,
  options: { readonly navigationTimeout?: Duration.DurationInput; readonly actionTimeout?: Duration.DurationInput } = {}
) =>
  Effect.flatMap(tempProfileDir, (profileDir) =>
    makePlaywrightBrowser({
      store: profile,
      profileDir,
      actionTimeout: options.actionTimeout ?? "1 second",
      navigationTimeout: options.navigationTimeout ?? "10 seconds"
    }))
