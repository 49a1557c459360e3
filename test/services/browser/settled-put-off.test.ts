/**
 * `Browser.settled` and what a page puts off: a stepper that sends its count
 * 3 s after the click sends nothing on the network until then, so network
 * quiet alone would answer too early. Real headless Chromium against the
 * harbour store (test/fakes/stores/harbour-store.ts).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { fixtureBrowser } from "../../fakes/store/browser.js"
import { makeHarbourStore } from "../../fakes/stores/harbour-store.js"

describe("Browser.settled waits for what the page put off in answer to a click", () => {
  it.scopedLive("a count sent 3 s after the click is in the store when settled (300 ms quiet) answers", () =>
    Effect.gen(function*() {
      const store = yield* makeHarbourStore({ add: "stepper", debounceMs: 3000 })
      const browser = yield* fixtureBrowser(store.profile)
      yield* browser.navigate("/find?q=oat")
      const add = parseSnapshot((yield* browser.snapshot()).text).find((n) => n.role === "button" && /Add to bag/.test(n.name))?.ref
      expect(add).toBeDefined()
      yield* browser.click(add ?? "")
      const started = performance.now()
      expect(yield* browser.settled("300 millis", "8 seconds")).toBe(true)
      expect(performance.now() - started).toBeGreaterThanOrEqual(2500)
      yield* store.quiet
      expect(store.cart()).toEqual([{ sku: "oat-biscuits", quantity: 1 }])
    }), 60_000)
})
