/** A Chromium that cannot start is a typed `BrowserLaunchFailed` naming the path and the fix, not a defect. */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { metroProfile } from "../../../src/domain/shop/store-profile.js"
import { layerPlaywright } from "../../../src/services/browser/playwright.js"
import { tempProfileDir } from "../../fakes/store/browser.js"

describe("layerPlaywright", () => {
  it.scopedLive("a missing Chromium executable fails the layer with BrowserLaunchFailed and a one-line message saying what to install", () =>
    Effect.gen(function*() {
      const profileDir = yield* tempProfileDir
      const layer = layerPlaywright({ store: metroProfile, profileDir, executablePath: "/nonexistent/chromium" })
      const error = yield* Effect.flip(Layer.build(layer))
      expect(error._tag).toBe("BrowserLaunchFailed")
      expect(error.message).toMatch(/^could not start Chromium \(\/nonexistent\/chromium\): .+\. On Debian: apt-get install chromium$/)
      expect(error.message).not.toContain("\n")
    }), 30_000)
})
