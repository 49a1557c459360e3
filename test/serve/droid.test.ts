/**
 * droid on `shoal serve` over real HTTP, on the simulated phone reached
 * through the real adb client (`--device sim`): a posted task runs to its end
 * as one turn, its steps arrive on the session's SSE stream, and the phone's
 * final state is what the task asked for. A turn cut off by a restart goes on
 * from its journal on the next runner: the device calls made before are not
 * made again, nor the model calls paid for.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Exit, Layer, Option, Schema, Scope } from "effect"
import { droidTaskAgent } from "../../src/agents/droid/task-agent.js"
import { notServedWithout } from "../../src/cli/serve-run.js"
import type { GenerateRequest } from "../../src/domain/llm.js"
import { layerAdbSimulated } from "../../src/services/adb/simulated.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../src/services/sandbox/quickjs.js"
import { provideAgent, serveAgent } from "../../src/serve/served-agent.js"
import { SimulatedDevice } from "../../src/simulator/device.js"
import { indexIn, js, lastUserText } from "../agents/droid/support.js"
import { sqliteDb } from "./backends.js"
import { idOf, requestTo } from "./harness.js"
import { modelFrom, readEvents, startServing } from "./served-runs.js"

/** What a model does to turn Wi-Fi on, read from the screen in the prompt alone (a replay asks the same). */
const wifiStep = (request: GenerateRequest) => {
  const screen = lastUserText(request)
  if (screen.includes("Switch \"OFF\"")) return js(`click(${indexIn(request, /Switch "OFF"/)})\ncomplete(true, "Wi-Fi has been turned on")`)
  if (screen.includes("\"Network & internet · ")) return js(`click(${indexIn(request, /"Network & internet · /)})`)
  return js("open_app(\"Settings\")")
}

/** The droid agent on `device` (the sim's ADB server and the real adb client), the sandbox and fetch, as serve builds it. */
const droidOn = (device: SimulatedDevice) =>
  Effect.map(Layer.build(Layer.mergeAll(layerAdbSimulated(device), layerQuickJs, FetchHttpClient.layer)), (context) =>
    provideAgent(droidTaskAgent(), context))

const Reply = Schema.Struct({ reply: Schema.String, ended: Schema.Boolean })
const commandsLike = (device: SimulatedDevice, pattern: RegExp) => device.commands.filter((c) => pattern.test(c))

describe("droid on shoal serve (--device sim)", () => {
  it.live("a posted task runs on the phone as one turn; its steps stream as events; the reply is the result", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const droid = yield* droidOn(device)
      const model = modelFrom((request) => Effect.succeed(ScriptedLlm.text(wifiStep(request))))
      const { request, url } = yield* startServing({ db: sqliteDb(), llm: model.layer, agents: [(deps) => serveAgent(droid, deps)] })
      expect((yield* request("GET", "/api/agents")).json).toEqual({ agents: ["droid"] })
      const id = idOf((yield* request("POST", "/api/agents/droid/sessions")).json)
      const stream = yield* readEvents(url, `/api/agents/droid/sessions/${id}/events`, "TurnCompleted")
      expect(stream.contentType).toContain("text/event-stream")

      const turn = yield* request("POST", `/api/agents/droid/sessions/${id}/input`, { text: "turn on Wi-Fi" })
      expect(turn.status).toBe(200)
      expect(Schema.decodeUnknownSync(Reply)(turn.json).reply).toBe("done after 3 steps: Wi-Fi has been turned on")
      // The world: Wi-Fi is on, reached by one launch and two taps.
      expect(device.settings.wifiEnabled).toBe(true)
      expect(commandsLike(device, /monkey -p/)).toHaveLength(1)
      expect(commandsLike(device, /input tap/)).toHaveLength(2)

      yield* stream.done
      const events = stream.events()
      expect(events[0]).toEqual({ _tag: "TurnStarted", turnId: expect.any(String), text: "turn on Wi-Fi" })
      expect(events.slice(1, -1)).toEqual([
        { _tag: "AgentEvent", event: { _tag: "RunStarted", goal: "turn on Wi-Fi", mode: "codeact", maxSteps: 15 } },
        ...[1, 2, 3].map((step) => ({ _tag: "AgentEvent", event: { _tag: "StepTaken", step: expect.objectContaining({ step, ok: true }) } })),
        { _tag: "AgentEvent", event: expect.objectContaining({ _tag: "RunFinished", summary: "done after 3 steps: Wi-Fi has been turned on" }) }
      ])
      expect(events.at(-1)).toMatchObject({ _tag: "TurnCompleted", reply: "done after 3 steps: Wi-Fi has been turned on" })
      // The session keeps the run.
      const got = yield* request("GET", `/api/agents/droid/sessions/${id}`)
      expect(got.json).toMatchObject({ state: { goal: "turn on Wi-Fi", steps: [{ step: 1 }, { step: 2 }, { step: 3 }], end: { _tag: "Some", value: { success: true } } } })
    }).pipe(Effect.scoped), 90_000)

  it.live("a turn cut off by a restart goes on from its journal: no device call and no paid model call is made twice", () =>
    Effect.gen(function*() {
      const db = sqliteDb()
      const device = new SimulatedDevice()
      // The first runner's model answers two steps, then hangs on the third: the runner is stopped there.
      const third = yield* Deferred.make<void>()
      const hanging = modelFrom((request) =>
        lastUserText(request).includes("Switch \"OFF\"") ? Effect.zipRight(Deferred.succeed(third, undefined), Effect.never) : Effect.succeed(ScriptedLlm.text(wifiStep(request)))
      )
      const first = yield* Scope.make()
      const before = yield* Effect.flatMap(droidOn(device), (droid) =>
        startServing({ db, llm: hanging.layer, agents: [(deps) => serveAgent(droid, deps)] })).pipe(Scope.extend(first))
      const id = idOf((yield* before.request("POST", "/api/agents/droid/sessions")).json)
      // The request is left hanging: its runner stops under it.
      yield* Effect.forkDaemon(Effect.exit(requestTo(before.url)("POST", `/api/agents/droid/sessions/${id}/input`, { text: "turn on Wi-Fi" }, { "idempotency-key": "wifi-1" })))
      yield* Effect.timeoutFail(Deferred.await(third), { duration: "60 seconds", onTimeout: () => new Error("the third step was never asked for") })
      const tapsBefore = commandsLike(device, /input tap/)
      const commandsBefore = device.commands.length
      expect(hanging.calls()).toBe(3)
      expect(commandsLike(device, /monkey -p/)).toHaveLength(1)
      expect(tapsBefore).toHaveLength(1)
      yield* Scope.close(first, Exit.void)

      const model = modelFrom((request) => Effect.succeed(ScriptedLlm.text(wifiStep(request))))
      const after = yield* Effect.flatMap(droidOn(device), (droid) => startServing({ db, llm: model.layer, agents: [(deps) => serveAgent(droid, deps)] }))
      // The same turn, asked for again by its key: the next runner finishes it (its message is redelivered).
      const turn = yield* after.request("POST", `/api/agents/droid/sessions/${id}/input`, { text: "turn on Wi-Fi" }, { "idempotency-key": "wifi-1" })
      expect(turn.status).toBe(200)
      expect(Schema.decodeUnknownSync(Reply)(turn.json).reply).toBe("done after 3 steps: Wi-Fi has been turned on")
      expect(device.settings.wifiEnabled).toBe(true)
      // Only the third step was asked of a model again (it was never answered), and the device got only its own calls:
      // one dump and the app in front to see the screen, then the tap on the switch.
      expect(model.calls()).toBe(1)
      expect(commandsLike(device, /monkey -p/)).toHaveLength(1)
      const newCommands = device.commands.slice(commandsBefore)
      expect(newCommands.filter((c) => /input tap/.test(c))).toHaveLength(1)
      expect(newCommands.filter((c) => /uiautomator dump/.test(c)).length).toBeLessThanOrEqual(1)
    }).pipe(Effect.scoped), 120_000)

  it.live("without a model a task is refused with droid's own line, and the phone is not touched", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const droid = yield* droidOn(device)
      const { request } = yield* startServing({ db: sqliteDb(), llm: layerOffline, agents: [(deps) => serveAgent(droid, deps)] })
      const id = idOf((yield* request("POST", "/api/agents/droid/sessions")).json)
      const turn = yield* request("POST", `/api/agents/droid/sessions/${id}/input`, { text: "turn on Wi-Fi" })
      expect(turn.status).toBe(500)
      expect(JSON.stringify(turn.json)).toContain("needs a model")
      expect(commandsLike(device, /input |monkey/)).toEqual([])
    }).pipe(Effect.scoped), 60_000)

  it.live("without --device droid's routes answer 404 with the line naming the flag; with it droid is served", () =>
    Effect.gen(function*() {
      expect(notServedWithout({ device: Option.some("sim"), store: Option.none() }).map((u) => u.name)).not.toContain("droid")
      const model = modelFrom(() => Effect.dieMessage("no model call expected"))
      const { request } = yield* startServing({ db: sqliteDb(), llm: model.layer, agents: [], unavailable: notServedWithout({ device: Option.none(), store: Option.none() }) })
      for (const [method, path] of [["POST", "/api/agents/droid/sessions"], ["GET", "/api/agents/droid/sessions"], ["GET", "/agents/droid/"]] as const) {
        const refused = yield* request(method, path)
        expect(refused.status).toBe(404)
        expect(JSON.stringify(refused.json)).toContain("shoal serve --device sim")
      }
    }).pipe(Effect.scoped), 60_000)
})
