/**
 * shop on `shoal serve` over real HTTP: a list posted as lines is shopped at
 * the fixture store (127.0.0.1) in real headless Debian Chromium, one browser
 * for the server; each item's progress streams on the session's SSE stream,
 * the reply is the summary, and the store's cart holds what was added.
 */
import { describe, expect, it, layer } from "@effect/vitest"
import { Context, Effect, Layer, Option } from "effect"
import { itemsOfLines, shopListAgent } from "../../src/agents/shop/list-agent.js"
import { notServedWithout } from "../../src/cli/serve-run.js"
import { Browser } from "../../src/services/browser/browser.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import { clickOn, credentials, navigateTo } from "../agents/shop/fixtures.js"
import { fixtureChromium, sessionBrowser } from "../fakes/store/browser.js"
import { makeFixtureStore } from "../fakes/store/server.js"
import { sqliteDb } from "./backends.js"
import { idOf } from "./harness.js"
import { readEvents, startServing } from "./served-runs.js"

// The two shopping tests' browsers are sessions of their own on the file's one Chromium (test/fakes/store/browser.ts).
layer(fixtureChromium, { excludeTestServices: true })("shop on shoal serve (--store), in Chromium", (it) => {
  it.scoped("a posted list is shopped at the store: the add streams as events, the reply is the summary, the cart holds the item", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const browser = yield* sessionBrowser(store.profile)
      const shop = provideAgent(shopListAgent(yield* Effect.makeSemaphore(1), { timeBudget: "60 seconds", maxTurns: 10, credentials }), Context.make(Browser, browser))
      const model = ScriptedLlm.layer([
        navigateTo("/search?filter=milk"),
        clickOn("link", /Lactantia/),
        clickOn("button", /Add to cart/),
        ScriptedLlm.toolCall("report_item_added", {
          item_name: "Lactantia 2% Milk 2 L",
          price_text: "$5.49",
          price_cents: 549,
          url: `${store.url}/aisles/p/milk-2l`,
          quantity: 1
        })
      ])
      const { request, url } = yield* startServing({ db: sqliteDb(), llm: Layer.orDie(model), agents: [(deps) => serveAgent(shop, deps)] })
      const id = idOf((yield* request("POST", "/api/agents/shop/sessions")).json)
      const stream = yield* readEvents(url, `/api/agents/shop/sessions/${id}/events`, "TurnCompleted")

      const turn = yield* request("POST", `/api/agents/shop/sessions/${id}/input`, { text: "milk" })
      expect(turn.status).toBe(200)
      const reply = JSON.stringify(turn.json)
      expect(reply).toContain("Added to cart (1)")
      expect(reply).toContain("Lactantia 2% Milk 2 L")
      // The world: the store's cart holds the item, once.
      expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])

      yield* stream.done
      const agentEvents = stream.events().flatMap((e) =>
        typeof e === "object" && e !== null && "_tag" in e && e._tag === "AgentEvent" && "event" in e ? [e.event] : []
      )
      expect(agentEvents).toEqual([
        expect.objectContaining({ _tag: "RunStarted", items: 1, resumed: false }),
        expect.objectContaining({ _tag: "ItemStarted", itemName: "milk", index: 1, of: 1 }),
        { _tag: "ItemFinished", outcome: expect.objectContaining({ _tag: "ItemAdded", itemName: "milk", productName: "Lactantia 2% Milk 2 L" }) },
        expect.objectContaining({ _tag: "RunFinished", summary: expect.objectContaining({ totalCents: 549 }) })
      ])
      const got = yield* request("GET", `/api/agents/shop/sessions/${id}`)
      expect(got.json).toMatchObject({ state: { phase: "done", items: [{ name: "milk" }], outcomes: [{ _tag: "ItemAdded" }] } })
    }), 180_000)

  it.scoped("offline (no model key) a posted list is shopped by rules, as `shoal shop` does: the cart holds the item", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const browser = yield* sessionBrowser(store.profile)
      const shop = provideAgent(shopListAgent(yield* Effect.makeSemaphore(1), { timeBudget: "60 seconds", maxTurns: 10, credentials }), Context.make(Browser, browser))
      // No model: the served turn falls back to shop's own rules (search, best name match, add), as in the terminal.
      const { request } = yield* startServing({ db: sqliteDb(), llm: layerOffline, agents: [(deps) => serveAgent(shop, deps)] })
      const id = idOf((yield* request("POST", "/api/agents/shop/sessions")).json)
      const turn = yield* request("POST", `/api/agents/shop/sessions/${id}/input`, { text: "eggs" })
      expect(turn.status).toBe(200)
      expect(JSON.stringify(turn.json)).toContain("Added to cart (1)")
      expect(store.cart()).toHaveLength(1)
    }), 180_000)
})

describe("shop on shoal serve (--store)", () => {
  it.live("without --store shop's routes answer 404 with the line naming the flag", () =>
    Effect.gen(function*() {
      expect(notServedWithout({ device: Option.none(), store: Option.some("metro") }).map((u) => u.name)).not.toContain("shop")
      const { request } = yield* startServing({
        db: sqliteDb(),
        llm: Layer.orDie(ScriptedLlm.layer([])),
        agents: [],
        unavailable: notServedWithout({ device: Option.none(), store: Option.none() })
      })
      const refused = yield* request("POST", "/api/agents/shop/sessions")
      expect(refused.status).toBe(404)
      expect(JSON.stringify(refused.json)).toContain("shoal serve --store")
    }).pipe(Effect.scoped), 60_000)

  it("a list's lines are its items: blank lines and bullets left out, a repeated name its own item", () => {
    expect(itemsOfLines("milk\n\n- 2 bread\n* eggs x12\nmilk\n").map((i) => [i.id, i.name])).toEqual([
      ["milk", "milk"],
      ["2 bread", "2 bread"],
      ["eggs x12", "eggs x12"],
      ["milk (2)", "milk"]
    ])
  })
})
