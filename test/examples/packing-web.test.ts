/**
 * examples/packing-agent.ts in the web host (`hostWeb`'s routes), in a real
 * browser (Debian Chromium, loopback only): the agent's chat, its yes/no
 * question as a card, its status line, and — in a second tab — the watch
 * view showing its events live, as its Schema encodes them. The session's
 * final state is read back from the store.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Effect, Exit, Layer, Logger, LogLevel, Scope } from "effect"
import type { Browser } from "playwright-core"
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { packingAgent, packingSessions } from "../../examples/packing-agent.js"
import { createGuiServer, layerAgentRoutes } from "../../src/gui/server.js"
import { webAgent } from "../../src/gui/web-agent.js"
import { CollectedEvents, Events } from "../../src/services/events/index.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import { launchChromium, watchPage } from "../gui/harness.js"
import { sessionIdOf, waitForText } from "../gui/page-helpers.js"

let browser: Browser
let url = ""
let scope: Scope.CloseableScope
let context: Context.Context<SessionStore | CollectedEvents | Events>

beforeAll(async () => {
  browser = await launchChromium()
  const layer = layerAgentRoutes(webAgent(packingAgent, { title: "Packing", placeholder: "socks, charger" })).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createGuiServer, { port: 0, host: "127.0.0.1" })),
    Layer.provideMerge(Layer.mergeAll(layerMemory, CollectedEvents.layer)),
    Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  scope = Effect.runSync(Scope.make())
  const built = await Effect.runPromise(Layer.buildWithScope(layer, scope))
  const address = Context.get(built, HttpServer.HttpServer).address
  if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
  url = `http://127.0.0.1:${address.port}`
  context = built
})

afterAll(async () => {
  await browser.close()
  await Effect.runPromise(Scope.close(scope, Exit.void))
})

const say = async (page: import("playwright-core").Page, text: string) => {
  await page.locator("#composer-text").fill(text)
  await page.keyboard.press("Enter")
}

describe("the packing example in the web host, in a real browser", () => {
  it("chats, asks its question as a card, shows its status line, and streams its events to the watch view", async () => {
    const page = await browser.newPage({ viewport: { width: 1024, height: 800 } })
    const problems = watchPage(page)
    await page.goto(url)
    expect(await page.title()).toBe("Packing")
    await waitForText(page, "#chat li", "What do you need to take?")
    const id = sessionIdOf(page)
    expect(id).not.toBe("")

    // The watch view, opened in a second tab before anything happens: it shows each event as it comes.
    const watch = await browser.newPage()
    const watchProblems = watchPage(watch)
    await watch.goto(`${url}/watch?s=${encodeURIComponent(id)}`)
    await waitForText(watch, "#watch-status", `Watching ${id}`)

    await say(page, "socks, charger")
    await waitForText(page, "#chat li", "Added socks, charger.")
    await waitForText(page, "#agent-status", "2 to pack · 0 packed")
    await say(page, "pack socks")
    await waitForText(page, "#chat li", "Packed socks.")
    await waitForText(page, "#agent-status", "1 to pack · 1 packed")

    // "done" with something unpacked: the agent's Confirm, drawn as a card with Yes and No.
    await say(page, "done")
    await waitForText(page, "#question h3", "charger not packed yet. Leave without them?")
    await page.locator("#question button", { hasText: "Yes" }).click()
    await waitForText(page, "#chat li", "Have a good trip! Packed: socks. Still to pack: charger.")
    await waitForText(page, "#status", "Session finished")
    expect(await page.locator("#composer-text").isDisabled()).toBe(true)
    // The card's question and answer are in the chat, as the conversation it was.
    const chat = await page.locator("#chat li").allTextContents()
    expect(chat.slice(-4)).toEqual(["done", "charger not packed yet. Leave without them?", "Yes", "Have a good trip! Packed: socks. Still to pack: charger."])

    await waitForText(watch, "#events li", "TripReady")
    expect(await watch.locator("#events li").allTextContents()).toEqual([
      "ItemAdded item: socks",
      "ItemAdded item: charger",
      "ItemPacked item: socks",
      "TripReady packed: 1 · leftBehind: 1"
    ])
    expect(await watch.locator("#agent-status").textContent()).toContain("1 to pack · 1 packed")

    // The world: the session's last state is stored, and the server's Events saw every event too.
    const stored = await Effect.runPromise(
      Effect.flatMap(SessionStore, (s) => s.load(packingSessions, SessionId.make(id))).pipe(Effect.provide(context))
    )
    expect(stored).toEqual({ toPack: ["charger"], packed: ["socks"] })
    const emitted = await Effect.runPromise(CollectedEvents.emitted.pipe(Effect.provide(context)))
    expect(emitted.map((e) => e._tag)).toEqual(["ItemAdded", "ItemAdded", "ItemPacked", "TripReady"])

    expect(problems.unexpected()).toEqual([])
    expect(watchProblems.unexpected()).toEqual([])
    await page.close()
    await watch.close()
  })

  it("lists a stored session in the agent's own words, rejoins it from another tab, and takes no photo", async () => {
    const page = await browser.newPage()
    const problems = watchPage(page, [{ path: "/photos", status: 415 }])
    await page.goto(url)
    await waitForText(page, "#chat li", "What do you need to take?")
    await say(page, "passport")
    await waitForText(page, "#chat li", "Added passport.")
    const id = sessionIdOf(page)
    const listed = (await (await fetch(`${url}/api/sessions`)).json()) as { sessions: ReadonlyArray<{ id: string; describe: string }> }
    expect(listed.sessions.find((s) => s.id === id)?.describe).toBe("1 to pack, 0 packed")
    // No photo drop on a page for an agent that takes no photos; a photo posted anyway is refused plainly.
    expect(await page.locator("#photo-input").count()).toBe(0)
    const photo = await page.evaluate(`fetch("/api/sessions/${id}/photos", { method: "POST", body: "x" }).then((r) => r.status)`)
    expect(photo).toBe(415)

    const again = await browser.newPage()
    await again.goto(`${url}/?s=${encodeURIComponent(id)}`)
    await waitForText(again, "#chat li", "Added passport.")
    await waitForText(again, "#agent-status", "1 to pack · 0 packed")
    expect(problems.unexpected()).toEqual([])
    await page.close()
    await again.close()
  })

  it("answers only its own page: a foreign Host, or a foreign Origin on a post, is refused", async () => {
    const statusOf = (method: string, path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(`${url}${path}`, { method, headers }, (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        })
        sent.on("error", reject)
        sent.end()
      })
    expect(await statusOf("GET", "/api/sessions", { host: "evil.example" })).toBe(403)
    expect(await statusOf("GET", "/watch", { host: "evil.example" })).toBe(403)
    expect(await statusOf("POST", "/api/sessions", { origin: "http://evil.example" })).toBe(403)
    expect(await statusOf("GET", "/api/sessions", {})).toBe(200)
  })

  it("watches every session, and a run driven in the server's own process, at /watch; another agent's events are left out", async () => {
    const watch = await browser.newPage()
    const problems = watchPage(watch)
    await watch.goto(`${url}/watch`)
    await waitForText(watch, "#watch-status", "Watching every session")
    // A run in the same process (as droid or shop will be), not a page session: its events reach the view too.
    await Effect.runPromise(
      Effect.flatMap(Events, (events) => Effect.zipRight(events.emit({ _tag: "NotAPackingEvent", detail: "x" }), events.emit({ _tag: "ItemAdded", item: "tent" }))).pipe(
        Effect.provide(context)
      )
    )
    const page = await browser.newPage()
    await page.goto(url)
    await waitForText(page, "#chat li", "What do you need to take?")
    await say(page, "hat")
    await waitForText(watch, "#events li", "hat")
    expect(await watch.locator("#events li").allTextContents()).toEqual(["ItemAdded item: tent", "ItemAdded item: hat"])
    expect(problems.unexpected()).toEqual([])
    await page.close()
    await watch.close()
  })
})
