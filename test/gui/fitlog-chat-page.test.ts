/**
 * `shoal fitlog chat --gui`'s page (hostWeb over fitlogChatAgent), offline, in
 * a real browser: "log 2 eggs" is proposed, "yes" typed in the page logs it —
 * one row in the diary — and the session, its pending proposal included, is
 * stored like the terminal's. "quit" ends the page's session as it ends the terminal's.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Effect, Exit, Layer, Logger, LogLevel, Option, Scope } from "effect"
import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { chatContextNow } from "../../src/agents/fitlog/chat-agent.js"
import { chatSessions } from "../../src/agents/fitlog/session-kind.js"
import { fitlogChatWeb } from "../../src/gui/fitlog-web.js"
import { createGuiServer, layerAgentRoutes } from "../../src/gui/server.js"
import { Diary } from "../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../src/services/diary/sqlite.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import { table } from "../agents/fitlog/chat-support.js"
import { launchChromium, watchPage } from "./harness.js"
import { sessionIdOf, waitForText } from "./page-helpers.js"

let browser: Browser
let url = ""
let scope: Scope.CloseableScope
let context: Context.Context<SessionStore | Diary | CollectedEvents>

beforeAll(async () => {
  browser = await launchChromium()
  const layer = layerAgentRoutes(fitlogChatWeb).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createGuiServer, { port: 0, host: "127.0.0.1" })),
    Layer.provideMerge(Layer.mergeAll(layerMemory, CollectedEvents.layer, layerSqliteMemory, table, layerOffline)),
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

const say = async (page: Page, text: string) => {
  await page.locator("#composer-text").fill(text)
  await page.keyboard.press("Enter")
}

const run = <A, E>(effect: Effect.Effect<A, E, SessionStore | Diary | CollectedEvents>) => Effect.runPromise(Effect.provide(effect, context))

describe("fitlog chat in the page, offline", () => {
  it("proposes '2 eggs', logs them on a typed 'yes' (one diary row), and stores the session", async () => {
    const page = await browser.newPage()
    const problems = watchPage(page)
    await page.goto(url)
    expect(await page.title()).toBe("Fitlog chat")
    await waitForText(page, "#chat li", "What did you eat?")
    // No photo drop: fitlog chat takes words only.
    expect(await page.locator("#photo-input").count()).toBe(0)

    await say(page, "log 2 eggs")
    await waitForText(page, "#chat li", "Log it? (yes / no)")
    const id = SessionId.make(sessionIdOf(page))
    const pending = await run(Effect.flatMap(SessionStore, (s) => s.load(chatSessions, id)))
    expect(Option.isSome(pending.pending)).toBe(true)

    await say(page, "yes")
    await waitForText(page, "#chat li", "Logged to")
    const { date } = await Effect.runPromise(chatContextNow)
    const rows = await run(Effect.flatMap(Diary, (d) => d.day(date)))
    expect(rows.map((r) => r.grams)).toEqual([100])
    expect(rows[0]?.food).toContain("Egg, whole")
    const stored = await run(Effect.flatMap(SessionStore, (s) => s.load(chatSessions, id)))
    expect(Option.isNone(stored.pending)).toBe(true)
    const tags = (await run(CollectedEvents.emitted)).map((e) => e._tag)
    expect(tags).toEqual(["MessageReceived", "PendingProposed", "ReplyGiven", "MessageReceived", "PendingCommitted", "ReplyGiven"])

    await say(page, "quit")
    await waitForText(page, "#status", "Session finished")
    expect(problems.unexpected()).toEqual([])
    await page.close()
  })
})
