/**
 * A run watched in the page (`--gui`), over the real routes and no terminal:
 * droid on the simulated phone (a scripted model) and shop on the fixture
 * store (offline rules) run on the run host as the CLI runs them, with the
 * page's watcher. The page's event stream gets the run's typed events as
 * they happen, the page's session shows each step or item and the summary,
 * and the world ends as the run left it (Wi-Fi on; the list, the cart and
 * the summary file). A question the run asks is a card answered over HTTP.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Logger, LogLevel, Option, Schema } from "effect"
import { DroidRun, makeDroidAgent } from "../../src/agents/droid/agent.js"
import { runDroid } from "../../src/agents/droid/run.js"
import { defineAgent } from "../../src/agents/run-steps.js"
import { shopRuns } from "../../src/agents/shop/run-state.js"
import type { ShopRun } from "../../src/agents/shop/run-state.js"
import { hostRun } from "../../src/cli/host-run.js"
import { shopRun } from "../../src/cli/shop-host.js"
import { serveRunPage } from "../../src/gui/run-server.js"
import type { ServedRun } from "../../src/gui/run-server.js"
import { Events } from "../../src/services/events/events.js"
import { layerEvents } from "../../src/services/events/live.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerFallback } from "../../src/services/question-ui/fallback.js"
import { QuestionUI } from "../../src/services/question-ui/question-ui.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import { makeFixtureStore } from "../fakes/store/server.js"
import { bench, credentials, nodePlatform } from "../agents/shop/fixtures.js"
import { phoneWith, turnOnWifi } from "../agents/droid/support.js"
import { openSse, rootOf, tagOf, viewAt } from "./run-page-support.js"

const quiet = Logger.minimumLogLevel(LogLevel.Warning)

describe("a droid run watched in the page", () => {
  it.scopedLive("the watch stream gets RunStarted, a StepTaken per step and RunFinished; the chat shows each step and the summary; Wi-Fi is on and the run is saved", () => {
    const { device, layer } = phoneWith(turnOnWifi)
    return Effect.gen(function*() {
      const { agent } = yield* makeDroidAgent({ maxSteps: 5 }, runDroid)
      const id = SessionId.make("2026-11-23-1000-dr01")
      const served = yield* serveRunPage(agent, id, agent.initial, { title: "droid run", port: 0, opening: "Task: turn on Wi-Fi" })
      const root = rootOf(served.url)
      // The stream is open before the run starts: what it gets, it gets as the run goes.
      const stream = yield* Effect.promise(() => openSse(`${root}/api/sessions/${id}/agent-events`))
      const before = yield* Effect.promise(() => viewAt(root, id))
      expect(before).toMatchObject({ busy: true, ended: false, messages: [{ from: "coach", text: "Task: turn on Wi-Fi" }] })

      const heard = yield* Effect.fork(Effect.promise(() => stream.until((e) => tagOf(e) === "RunFinished")))
      yield* hostRun(agent, { goal: "turn on Wi-Fi" }, { sessionId: id, state: agent.initial, watcher: served.watcher })
      const events = yield* Fiber.join(heard)
      stream.close()

      expect(events.map(tagOf)).toEqual(["RunStarted", "StepTaken", "StepTaken", "StepTaken", "RunFinished"])
      expect(events[0]).toEqual({ _tag: "RunStarted", goal: "turn on Wi-Fi", mode: "codeact", maxSteps: 5 })
      expect(events[4]).toMatchObject({ _tag: "RunFinished", summary: "done after 3 steps: Wi-Fi has been turned on", end: { success: true, outcome: "Finished" } })

      const after = yield* Effect.promise(() => viewAt(root, id))
      expect(after.ended).toBe(true)
      expect(after.busy).toBe(false)
      expect(after.status).toBe("· step 3 of at most 5")
      const lines = after.messages.map((m) => m.text)
      expect(lines.filter((t) => /^step \d: /.test(t))).toHaveLength(3)
      expect(lines.at(-1)).toBe("done after 3 steps: Wi-Fi has been turned on")
      // A run takes no messages: said in the run's words.
      const refused = yield* Effect.promise(() =>
        fetch(`${root}/api/sessions/${id}/messages`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text: "hello" }) }))
      expect(refused.status).toBe(410)

      // The world: the phone, and the run saved as the terminal saves it.
      expect(device.settings.wifiEnabled).toBe(true)
      const saved = yield* Effect.flatMap(SessionStore, (s) => s.load(agent.session, id))
      expect(Schema.is(DroidRun)(saved)).toBe(true)
      expect(saved.steps).toHaveLength(3)
      expect(Option.map(saved.end, (e) => e.success)).toEqual(Option.some(true))
    }).pipe(Effect.provide(Layer.mergeAll(layer, FetchHttpClient.layer, layerMemory, layerEvents, quiet)))
  }, 30_000)
})

describe("a shop run watched in the page", () => {
  it.scopedLive("offline on the fixture store: ItemStarted and ItemFinished per item then RunFinished with the summary; the chat shows each item; the list and cart are shopped", () =>
    Effect.gen(function*() {
      const store = yield* makeFixtureStore
      const { layer, read } = yield* bench("items:\n  - milk\n  - dragonfruit\n", store.profile)
      yield* Effect.gen(function*() {
        const page = yield* Deferred.make<ServedRun<ShopRun>>()
        const run = yield* Effect.fork(shopRun({ credentials, progress: () => Effect.void, timeBudget: "30 seconds" }, Option.none(), (agent, id, state) =>
          serveRunPage(agent, id, state, { title: "shop run", port: 0 }).pipe(
            Effect.tap((served) => Deferred.succeed(page, served)),
            Effect.map((served) => served.watcher)
          )))
        const served = yield* Deferred.await(page)
        const id = served.session.id
        const root = rootOf(served.url)
        // Opened as the run starts: the events so far come first, then the rest as they happen.
        const stream = yield* Effect.promise(() => openSse(`${root}/api/sessions/${id}/agent-events`))
        const events = yield* Effect.promise(() => stream.until((e) => tagOf(e) === "RunFinished"))
        stream.close()
        const summary = yield* Fiber.join(run)

        // No model: the first item's shopper hands over to the rules once, and the run stays with them.
        expect(events.map(tagOf)).toEqual(["RunStarted", "ItemStarted", "ShopperRetried", "ItemFinished", "ItemStarted", "ItemFinished", "RunFinished"])
        expect(events[2]).toMatchObject({ _tag: "ShopperRetried", because: "offline" })
        expect(events[3]).toMatchObject({ _tag: "ItemFinished", outcome: { _tag: "ItemAdded", itemName: "milk" } })
        expect(events[5]).toMatchObject({ _tag: "ItemFinished", outcome: { _tag: "ItemNotFound", itemName: "dragonfruit" } })
        expect(events[6]).toMatchObject({ _tag: "RunFinished", summary: { totalCents: summary.totalCents } })

        const after = yield* Effect.promise(() => viewAt(root, id))
        expect(after).toMatchObject({ ended: true, busy: false, status: "· 2 of 2 item(s) done" })
        const lines = after.messages.map((m) => m.text)
        expect(lines).toContain("milk: ✓ added Lactantia 2% Milk 2 L — $5.49 (confirmed in the cart)")
        expect(lines).toContain("dragonfruit: ✗ not found: A search for \"dragonfruit\" found no products.")
        expect(after.messages.at(-1)?.text).toMatch(/^Summary written to .*list\.summary\.md\.$/)

        // The world: the list file, the cart, the saved run.
        const text = yield* read
        expect(text).toContain("  - name: milk\n    status: completed\n")
        expect(text).toContain("  - name: dragonfruit\n    tags: [ \"#404\" ]\n")
        expect(store.cart()).toEqual([{ id: "milk-2l", quantity: 1 }])
        const saved = yield* Effect.flatMap(SessionStore, (s) => s.load(shopRuns, id))
        expect(saved.phase).toBe("done")
      }).pipe(Effect.provide(layer), Effect.provide(layerOffline))
    }).pipe(Effect.provide(Layer.mergeAll(nodePlatform, layerMemory, layerEvents, quiet))), 60_000)
})

// A run agent of the test's own that asks before its one step: "Add oat milk instead?"
const Substituted = Schema.Struct({ substituted: Schema.Option(Schema.Boolean) })
const SubstitutionEvent = Schema.Union(
  Schema.TaggedStruct("Asking", { item: Schema.String }),
  Schema.TaggedStruct("Decided", { substituted: Schema.Boolean })
)
const substitution = defineAgent({
  name: "substitute",
  session: { name: "substitute", version: 1, schema: Substituted },
  initial: { substituted: Option.none() },
  events: SubstitutionEvent,
  input: (line: string) => Effect.succeed(line),
  turn: (_state: typeof Substituted.Type, item: string) =>
    Effect.gen(function*() {
      const events = yield* Events
      yield* events.emit({ _tag: "Asking", item })
      const answer = yield* Effect.flatMap(QuestionUI, (ui) => ui.ask({ _tag: "Confirm", prompt: `No ${item}. Add oat milk instead?`, default: false }))
      const substituted = answer._tag === "ConfirmAnswer" && answer.confirmed
      yield* events.emit({ _tag: "Decided", substituted })
      return { reply: substituted ? "Added oat milk." : "Left it out.", state: { substituted: Option.some(substituted) }, ended: true, degraded: false }
    }),
  view: {
    opening: () => "Shopping.",
    welcomeBack: () => "Back.",
    status: () => Option.none(),
    summary: () => Option.none(),
    describe: () => "a substitution"
  }
})

describe("a question a run asks", () => {
  it.scopedLive("is a card in the page while the run waits (its events so far already streamed); the answer posted decides the run", () =>
    Effect.gen(function*() {
      const id = SessionId.make("2026-11-23-1000-qu01")
      const served = yield* serveRunPage(substitution, id, substitution.initial, { title: "substitute run", port: 0 })
      const root = rootOf(served.url)
      const stream = yield* Effect.promise(() => openSse(`${root}/api/sessions/${id}/agent-events`))
      const run = yield* Effect.fork(hostRun(substitution, "milk", { sessionId: id, state: substitution.initial, watcher: served.watcher }))

      // Live: the run is waiting on the card, and the page has its first event and the card.
      expect(yield* Effect.promise(() => stream.until((e) => tagOf(e) === "Asking"))).toEqual([{ _tag: "Asking", item: "milk" }])
      const waiting = yield* Effect.promise(() => viewAt(root, id))
      expect(waiting.pending?.question).toEqual({ _tag: "Confirm", prompt: "No milk. Add oat milk instead?", default: false })
      expect(waiting.busy).toBe(true)
      const questionId = waiting.pending?.id ?? ""
      const posted = yield* Effect.promise(() =>
        fetch(`${root}/api/sessions/${id}/answers`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ questionId, answer: { _tag: "ConfirmAnswer", confirmed: true } })
        }))
      expect(posted.status).toBe(204)

      const last = yield* Fiber.join(run)
      expect(last.substituted).toEqual(Option.some(true))
      expect(yield* Effect.promise(() => stream.until((e) => tagOf(e) === "Decided"))).toEqual([{ _tag: "Decided", substituted: true }])
      stream.close()
      const after = yield* Effect.promise(() => viewAt(root, id))
      expect(after.messages.map((m) => m.text)).toEqual(["Shopping.", "No milk. Add oat milk instead?", "Yes", "Added oat milk."])
      expect(after.ended).toBe(true)
      // layerFallback only closes the agent's types: the watcher's page asks (the fallback would answer "no").
    }).pipe(Effect.provide(Layer.mergeAll(layerMemory, layerEvents, layerFallback, quiet))))
})
