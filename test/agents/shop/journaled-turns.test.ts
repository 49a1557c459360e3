/**
 * A served shop turn cut off by a crash is run again from its journal
 * (`Steps`; on `shoal serve` an activity per step): the items it finished
 * come back from the journal without touching the store, the item it was
 * shopping is held back "interrupted" — its add may be in the cart — and the
 * rest are shopped. Nothing is added twice. Real headless Chromium and the
 * fixture store's cart; the journal is an in-memory one with serve's step
 * naming (`name`, `name#2`…), kept across the two runs as the database
 * keeps it across a restart.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Schedule, Schema } from "effect"
import { itemsOfLines, shopListAgent } from "../../../src/agents/shop/list-agent.js"
import { initialShopRun } from "../../../src/agents/shop/run-state.js"
import { Browser } from "../../../src/services/browser/browser.js"
import { CollectedEvents } from "../../../src/services/events/collected.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { Steps } from "../../../src/services/steps/steps.js"
import type { StepsShape } from "../../../src/services/steps/steps.js"
import { fixtureBrowser } from "../../fakes/store/browser.js"
import { makeFixtureStore } from "../../fakes/store/server.js"
import { credentials } from "./fixtures.js"

/** Steps journaled in `journal` (encoded results), named as serve names them; a journaled step is not run again. */
const journaling = (journal: Map<string, unknown>, ran: Array<string>): StepsShape => {
  const seen = new Map<string, number>()
  return {
    once: (name, success, effect) =>
      Effect.suspend(() => {
        const k = (seen.get(name) ?? 0) + 1
        seen.set(name, k)
        const key = k === 1 ? name : `${name}#${k}`
        if (journal.has(key)) return Effect.orDie(Schema.decodeUnknown(success)(journal.get(key)))
        ran.push(key)
        return Effect.tap(effect, (a) => Effect.map(Effect.orDie(Schema.encode(success)(a)), (encoded) => void journal.set(key, JSON.parse(JSON.stringify(encoded)))))
      })
  }
}

describe("a served shop turn replayed after a crash", () => {
  it.scopedLive("finished items come back from the journal, the cut-off item is held back, the rest shopped: nothing added twice", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const browser = yield* fixtureBrowser(store.profile)
      const items = itemsOfLines("eggs\nbread\nmilk\n")
      const journal = new Map<string, unknown>()
      const collected = yield* Layer.build(CollectedEvents.layer)
      const oneAtATime = yield* Effect.makeSemaphore(1)
      const run = (steps: StepsShape, world: typeof browser) =>
        shopListAgent(oneAtATime, { timeBudget: "60 seconds", credentials }).turn(initialShopRun, items).pipe(
          Effect.provideService(Steps, steps),
          Effect.provideService(Browser, world),
          Effect.provide(layerOffline),
          Effect.provide(collected)
        )
      // The first run "crashes" in bread: once bread is in the cart, the browser stops answering, and the run is stopped.
      const hangsAfterBread = { ...browser, navigate: (url: string) => store.cart().some((l) => l.id === "bread-white") ? Effect.never : browser.navigate(url) }
      const firstRan: Array<string> = []
      const first = yield* Effect.fork(run(journaling(journal, firstRan), hangsAfterBread))
      yield* Effect.sync(() => store.cart()).pipe(
        Effect.repeat({ until: (cart) => cart.some((l) => l.id === "bread-white"), schedule: Schedule.spaced("50 millis") }),
        Effect.timeout("60 seconds")
      )
      yield* Fiber.interrupt(first)
      expect(store.cart()).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "bread-white", quantity: 1 }])
      expect(firstRan).toEqual(["shop/turn", "shop/item-begun", "shop/turn#2", "shop/item-begun#2", "shop/turn#3"])

      // The replay: a new run of the same turn's code over the same journal, in the same browser, where the
      // interrupted run's bread click may still be waiting for its page: the replay's first action waits for it.
      const secondRan: Array<string> = []
      const hitsBefore = store.hits().length
      const result = yield* run(journaling(journal, secondRan), browser)
      expect(store.cart(), result.reply).toEqual([{ id: "eggs-12", quantity: 1 }, { id: "bread-white", quantity: 1 }, { id: "milk-2l", quantity: 1 }])
      // Start and eggs from the journal; bread held back (its turn journaled now); milk and the finish run.
      expect(secondRan).toEqual(["shop/turn#3", "shop/item-begun#3", "shop/turn#4", "shop/turn#5"])
      expect(store.hits().length).toBeGreaterThan(hitsBefore)
      const outcomes = result.state.outcomes.map((o) => [o._tag, o.itemName, o._tag === "ItemFailed" ? o.reason : ""])
      expect(outcomes).toEqual([["ItemAdded", "eggs", ""], ["ItemFailed", "bread", "interrupted"], ["ItemAdded", "milk", ""]])
      expect(result.reply).toMatch(/bread/)
      const events = yield* CollectedEvents.emitted.pipe(Effect.provide(collected))
      expect(events.filter((e) => e._tag === "ItemHeldBack")).toEqual([expect.objectContaining({ itemName: "bread", reason: "interrupted" })])
    }), 180_000)
})
