/**
 * Test harness for the tidy GUI: the real server on 127.0.0.1 (port 0) over
 * a ScriptedLlm, the in-memory SessionStore and the real sharp Photos; a
 * headless Debian Chromium through playwright-core; a watcher that collects
 * every console error, page error and failed request of a page.
 */
import { HttpServer } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Context, Effect, Exit, Layer, Logger, LogLevel, Scope } from "effect"
import type { Browser, Page } from "playwright-core"
import { createGuiServer, layerGuiRoutes } from "../../src/gui/server.js"
import { GuiSessions } from "../../src/gui/registry.js"
import type { GuiLayerOptions } from "../../src/gui/server.js"
import { layerEvents } from "../../src/services/events/live.js"
import type { Llm } from "../../src/services/llm/llm.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import type { ScriptedTurn } from "../../src/services/llm/scripted.js"
import { layerSharp } from "../../src/services/photos/sharp.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import type { SessionStoreShape } from "../../src/services/session-store/session-store.js"

export interface RunningGui {
  readonly url: string
  readonly store: SessionStoreShape
  readonly sessions: Context.Tag.Service<GuiSessions>
  readonly close: () => Promise<void>
}

export interface ScriptedGui extends RunningGui {
  readonly scripted: Context.Tag.Service<ScriptedLlm>
}

/** The services a GUI server runs on; a test picks the model and the store. */
export interface GuiServices<Extra> {
  readonly llm: Layer.Layer<Llm | Extra>
  readonly store: Layer.Layer<SessionStore>
}

/** The real server on 127.0.0.1 (port 0) over the given model and store, with the real events and sharp. */
const startWith = async <Extra>(services: GuiServices<Extra>, options: GuiLayerOptions) => {
  const all = Layer.mergeAll(services.llm, layerEvents, services.store, layerSharp)
  const layer = layerGuiRoutes(options).pipe(
    Layer.provideMerge(NodeHttpServer.layer(createGuiServer, { port: 0, host: "127.0.0.1" })),
    Layer.provideMerge(all),
    Layer.provide(Logger.minimumLogLevel(LogLevel.Warning))
  )
  const scope = Effect.runSync(Scope.make())
  const context = await Effect.runPromise(Layer.buildWithScope(layer, scope))
  const address = Context.get(context, HttpServer.HttpServer).address
  if (address._tag !== "TcpAddress") throw new Error("expected a TCP address")
  const running: RunningGui = {
    url: `http://127.0.0.1:${address.port}`,
    store: Context.get(context, SessionStore),
    sessions: Context.get(context, GuiSessions),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void))
  }
  return { running, context }
}

/** The GUI over a ScriptedLlm and the in-memory store. */
export const startGui = async (turns: ReadonlyArray<ScriptedTurn>, options: GuiLayerOptions = {}): Promise<ScriptedGui> => {
  const { context, running } = await startWith({ llm: ScriptedLlm.layer(turns), store: layerMemory }, options)
  return { ...running, scripted: Context.get(context, ScriptedLlm) }
}

/** The GUI offline (no model: the rule path a user without a key gets), over `store` (default: in memory). */
export const startOfflineGui = async (
  options: GuiLayerOptions = {},
  store: Layer.Layer<SessionStore> = layerMemory
): Promise<RunningGui> => (await startWith({ llm: layerOffline, store }, options)).running

export const launchChromium = async (): Promise<Browser> => {
  const { chromium } = await import("playwright-core")
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]
  })
}

export interface PageProblems {
  /** Everything that went wrong in the page, minus what the test expected. */
  readonly unexpected: () => ReadonlyArray<string>
}

/**
 * Watch a page for console errors, page errors, failed requests and error
 * responses. `expected` names the responses a test provokes on purpose (a
 * refused upload): those, and the console line Chromium logs for them, pass.
 */
export const watchPage = (page: Page, expected: ReadonlyArray<{ readonly path: string; readonly status: number }> = []): PageProblems => {
  const problems: Array<string> = []
  const refusedLogs: Array<string> = []
  let expectedResponses = 0
  const isExpected = (url: string, status: number) => expected.some((e) => url.endsWith(e.path) && e.status === status)
  page.on("console", (m) => {
    if (m.type() !== "error") return
    if (/the server responded with a status of \d{3}/.test(m.text())) refusedLogs.push(m.text())
    else problems.push(`console: ${m.text()}`)
  })
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`))
  page.on("response", (r) => {
    if (r.status() < 400) return
    if (isExpected(r.url(), r.status())) expectedResponses += 1
    else problems.push(`response ${r.status()} ${r.url()}`)
  })
  page.on("requestfailed", (r) => {
    // Leaving or reloading a page aborts its open event stream: that is the stream ending, not a failure.
    if (new URL(r.url()).pathname.endsWith("/events") && r.failure()?.errorText === "net::ERR_ABORTED") return
    problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ""}`)
  })
  // Chromium logs each error response once: as many such lines as expected refusals pass, no more.
  return { unexpected: () => [...problems, ...refusedLogs.slice(expectedResponses).map((t) => `console: ${t}`)] }
}
