/**
 * shop's page on `shoal serve --store`, in headless Chromium: a list typed in
 * the page is shopped at the fixture store (127.0.0.1) in the server's own
 * Chromium; the item in progress shows in the status line while the run goes
 * on (the model is held before its report, so the page is looked at mid-run),
 * the summary lands in the chat, and the store's cart holds the item.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Deferred, Effect } from "effect"
import { shopListAgent } from "../../src/agents/shop/list-agent.js"
import { Browser } from "../../src/services/browser/browser.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import { clickOn, credentials, navigateTo } from "../agents/shop/fixtures.js"
import { fixtureBrowser } from "../fakes/store/browser.js"
import { makeFixtureStore } from "../fakes/store/server.js"
import { launchChromium, watchPage } from "../gui/harness.js"
import { waitForText } from "../gui/page-helpers.js"
import { sqliteDb } from "./backends.js"
import { modelFrom, startServing } from "./served-runs.js"

describe("shop's page on shoal serve, in a real browser", () => {
  it.scopedLive("a list typed in the page shows its item live in the status line, then the summary in the chat", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const shop = provideAgent(
        shopListAgent(yield* Effect.makeSemaphore(1), { timeBudget: "60 seconds", maxTurns: 10, credentials }),
        Context.make(Browser, yield* fixtureBrowser(store.profile))
      )
      const release = yield* Deferred.make<void>()
      let call = 0
      const model = modelFrom((request) => {
        call += 1
        if (call === 1) return Effect.succeed(navigateTo("/search?filter=milk"))
        if (call === 2) return Effect.sync(() => clickOn("link", /Lactantia/)(request))
        if (call === 3) return Effect.sync(() => clickOn("button", /Add to cart/)(request))
        return Effect.as(Deferred.await(release), ScriptedLlm.toolCall("report_item_added", {
          item_name: "Lactantia 2% Milk 2 L",
          price_text: "$5.49",
          price_cents: 549,
          url: `${store.url}/aisles/p/milk-2l`,
          quantity: 1
        }))
      })
      const { url } = yield* startServing({ db: sqliteDb(), llm: model.layer, agents: [(deps) => serveAgent(shop, deps)] })
      const chromium = yield* Effect.acquireRelease(Effect.promise(() => launchChromium()), (b) => Effect.promise(() => b.close()))
      const page = yield* Effect.promise(() => chromium.newPage({ viewport: { width: 1000, height: 800 } }))
      const problems = watchPage(page)
      yield* Effect.promise(async () => {
        await page.goto(`${url}/agents/shop/`)
        await page.waitForFunction(`document.querySelector("#composer button").disabled === false`)
        await page.locator("#composer-text").fill("milk")
        await page.keyboard.press("Enter")
        await page.waitForFunction(`/ItemStarted · milk · milk · 1 · 1/.test(document.querySelector("#status").textContent)`, undefined, { timeout: 60_000 })
      })
      yield* Deferred.succeed(release, undefined)
      const chat = yield* Effect.promise(async () => {
        await waitForText(page, "#chat li", "Added to cart (1)")
        return page.locator("#chat li").allTextContents()
      })
      expect(chat.at(-1)).toContain("Lactantia 2% Milk 2 L")
      expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
      expect(problems.unexpected()).toEqual([])
    }), 180_000)
})
