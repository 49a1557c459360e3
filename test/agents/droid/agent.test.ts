/**
 * droid as an Agent: the task is the input and each step on the device is
 * one turn — saved state after each, one StepTaken event each, and the last
 * turn how the run ended — while the run itself is today's (the phone's
 * Wi-Fi switch really turns on). A run that cannot start fails its first
 * turn with the run's own typed error.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Schema } from "effect"
import { makeDroidAgent, DroidRun } from "../../../src/agents/droid/agent.js"
import { DroidEvent } from "../../../src/agents/droid/events.js"
import { runDroid } from "../../../src/agents/droid/run.js"
import { runSteps } from "../../../src/agents/run-steps.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { CollectedEvents } from "../../../src/services/events/collected.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { layerTrajectoryMemory, TrajectoryLog } from "../../../src/services/trajectory/trajectory.js"
import { phoneWith, turnOnWifi } from "./support.js"

describe("droidAgent", () => {
  it.scoped("a turn is a step: three steps, three saved states and StepTaken events, then the end; the phone's Wi-Fi is on", () => {
    const { device, layer } = phoneWith(turnOnWifi)
    return Effect.gen(function*() {
      const { agent, result } = yield* makeDroidAgent({ maxSteps: 5 }, runDroid)
      const saved: Array<DroidRun> = []
      const replies: Array<string> = []
      const last = yield* runSteps(agent, { goal: "turn on Wi-Fi" }, {
        state: agent.initial,
        save: (s) => Effect.sync(() => void saved.push(s)),
        show: (r) => Effect.sync(() => void replies.push(r))
      })
      expect(device.settings.wifiEnabled).toBe(true)
      expect(saved.map((s) => s.steps.length)).toEqual([1, 2, 3, 3])
      expect(saved.map((s) => Option.isSome(s.end))).toEqual([false, false, false, true])
      expect(replies[0]).toMatch(/^step 1: /)
      expect(replies.at(-1)).toBe("done after 3 steps: Wi-Fi has been turned on")
      expect(Option.map(last.end, (e) => [e.success, e.outcome, e.steps])).toEqual(Option.some([true, "Finished", 3]))
      expect(Option.map(yield* result, (r) => r.answer)).toEqual(Option.some("Wi-Fi has been turned on"))
      // The state survives JSON through its Schema; every event is a DroidEvent that encodes.
      expect(yield* Schema.decodeUnknown(DroidRun)(JSON.parse(JSON.stringify(yield* Schema.encode(DroidRun)(last))))).toEqual(last)
      const events = yield* CollectedEvents.emitted
      expect(events.map((e) => e._tag)).toEqual(["RunStarted", "StepTaken", "StepTaken", "StepTaken", "RunFinished"])
      for (const event of events) {
        const decoded = yield* Schema.decodeUnknown(DroidEvent)(JSON.parse(JSON.stringify(yield* Schema.encodeUnknown(DroidEvent)(event))))
        expect(decoded._tag).toBe(event._tag)
      }
      // --save-run's Trajectory still gets every step and the end.
      expect((yield* Effect.flatMap(TrajectoryLog, (t) => t.steps)).map((s) => s.step)).toEqual([1, 2, 3])
      expect((yield* Effect.flatMap(TrajectoryLog, (t) => t.summary)).map((s) => s.outcome)).toEqual(["Finished"])
    }).pipe(Effect.provide(Layer.mergeAll(layer, FetchHttpClient.layer, CollectedEvents.layer, layerTrajectoryMemory)))
  })

  it.scoped("without a model the first turn fails with NeedsModel and the phone is untouched", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const { agent } = yield* makeDroidAgent({}, runDroid)
      const error = yield* Effect.flip(runSteps(agent, { goal: "turn on Wi-Fi" }, { state: agent.initial }))
      expect(error._tag).toBe("NeedsModel")
      expect(device.commands).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, layerAdbMemory(device), layerQuickJs, FetchHttpClient.layer)))
  })
})
