/**
 * `Browser.settled`: after an add, the page is left once it has sent
 * nothing for a while — on a store whose stepper sends its count only after
 * a pause (debounced), "a while" outlasts the pause, so the count has
 * reached the store when `settled` answers. Real headless Chromium against
 * the client-rendered fixture store.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"
import { addQuiet } from "../../../src/agents/shop/page-reading.js"
import { fixtureBrowser } from "../../fakes/store/browser.js"
import { debounceMs, makeAppStore } from "../../fakes/stores/app-store.js"

describe("Browser.settled (playwright, Debian Chromium)", () => {
  it.scopedLive("answers only after a debounced add has been sent and answered; at once on a page with nothing to send", () =>
    Effect.gen(function*() {
      const store = yield* makeAppStore
      const browser = yield* fixtureBrowser(store.profile)
      expect(Duration.toMillis(addQuiet)).toBeGreaterThan(debounceMs)
      yield* browser.navigate("/search?q=eggs")
      // The results arrive after the shell: wait for the add button, as a shopper would.
      let add: string | undefined
      for (let i = 0; i < 40 && add === undefined; i++) {
        add = parseSnapshot((yield* browser.snapshot()).text).find((n) => n.role === "button" && /^Add to cart .*Eggs/i.test(n.name))?.ref
        if (add === undefined) yield* Effect.sleep("100 millis")
      }
      expect(add).toBeDefined()
      yield* browser.click(add ?? "")
      expect(store.cart()).toEqual([])
      const started = performance.now()
      expect(yield* browser.settled(addQuiet, "6 seconds")).toBe(true)
      const waited = performance.now() - started
      // The count went out after the pause, and its answer came back, before `settled` said so.
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }])
      expect(waited).toBeGreaterThanOrEqual(debounceMs)
      // Nothing more to send: quiet for `addQuiet` from now, well before the bound.
      const again = performance.now()
      expect(yield* browser.settled("300 millis", "5 seconds")).toBe(true)
      expect(performance.now() - again).toBeLessThan(4000)
    }), 60_000)
})
