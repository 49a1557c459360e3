/**
 * One offline convention (issue 17 item 4): no agent compares provider names.
 * Offline is the typed `Offline` error — a call's, or `requireModel`'s for a
 * path that decides before calling, read from the model's `capabilities` — and
 * agents `catchTag("Offline", …)` to take their rules. So a model NAMED
 * "offline" that answers is used like any other, and a model under any name
 * whose calls fail with `Offline` sends each agent down its rule path.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer, Option, Stream } from "effect"
import { runDroid } from "../../src/agents/droid/run.js"
import { refineIntent } from "../../src/agents/fitlog/chat.js"
import { actResponse } from "../../src/agents/tidy/act.js"
import { extractFromInput } from "../../src/agents/tidy/orient.js"
import { extractByRules } from "../../src/agents/tidy/rules.js"
import { classify } from "../../src/domain/fitlog/chat-router.js"
import { Offline } from "../../src/domain/llm.js"
import { buildContext } from "../../src/domain/tidy/context.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { ItemName } from "../../src/domain/tidy/types.js"
import { layerAdbMemory } from "../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../src/simulator/device.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import type { LlmShape } from "../../src/services/llm/llm.js"
import { Llm, requireModel } from "../../src/services/llm/llm.js"
import { layerOffline, offline } from "../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { ScriptedQuestions } from "../../src/services/question-ui/scripted.js"
import { layerQuickJs } from "../../src/services/sandbox/quickjs.js"
import { js, phoneWith } from "./droid/support.js"

/** A scripted model that calls itself "offline" (provider and model) and answers all the same. */
const namedOffline = <R, E>(layer: Layer.Layer<Llm | ScriptedLlm | R, E>) =>
  Layer.effectContext(Effect.map(Effect.context<Llm | ScriptedLlm | R>(), (ctx) =>
    Context.add(ctx, Llm, { ...Context.get(ctx, Llm), provider: "offline", model: "rules" }))).pipe(Layer.provide(layer))

/** A model under another name whose every call fails with `Offline`, saying nothing of its capabilities. */
const failsOffline: LlmShape = {
  provider: "remote",
  model: "remote-1",
  generate: () => Effect.fail(new Offline()),
  stream: () => Stream.fail(new Offline())
}

const requests = Effect.flatMap(ScriptedLlm, (s) => s.requests)
const mug = ItemName.make("mug")

describe("requireModel decides by capability, never by name", () => {
  it.effect("a model named offline that answers passes; the offline model, renamed, still does not", () =>
    Effect.gen(function*() {
      const named = yield* requireModel.pipe(Effect.provide(namedOffline(ScriptedLlm.layer([]))))
      expect(named.provider).toBe("offline")
      const renamed = yield* Effect.flip(requireModel.pipe(Effect.provideService(Llm, { ...offline, provider: "anthropic", model: "claude" })))
      expect(renamed._tag).toBe("Offline")
    }))
})

describe("a model NAMED offline that answers is used", () => {
  it.effect("tidy orient: the model's extract, not the rules'", () =>
    Effect.gen(function*() {
      const extract = yield* extractFromInput(initialState, Option.none(), Option.some("there is this blue thing by the window"))
      expect(Option.getOrUndefined(extract.item)).toBe("blue lamp")
      expect(yield* requests).toHaveLength(1)
    }).pipe(Effect.provide(namedOffline(ScriptedLlm.layer([ScriptedLlm.toolCall("record_extract", { intent: "item", item: "blue lamp" })])))))

  it.effect("tidy act: the model writes the reply, and no card is shown", () =>
    Effect.gen(function*() {
      const outcome = yield* actResponse(buildContext(initialState, Option.none(), Option.none()), { _tag: "AskItemDecision", item: mug })
      expect(outcome.text).toBe("Is the mug one you use every day?")
      expect(yield* ScriptedQuestions.asked).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(
      namedOffline(ScriptedLlm.layer([ScriptedLlm.text("Is the mug one you use every day?")])),
      ScriptedQuestions.layer([]),
      CollectedEvents.layer
    ))))

  it.effect("fitlog chat: the model classifies a message the rules could not place", () =>
    Effect.gen(function*() {
      const message = classify("hmm, what about the thing from before")
      expect(message.intent).toBe("off_topic")
      const refined = yield* refineIntent(message)
      expect(refined.intent).toBe("query_progress")
      expect(yield* requests).toHaveLength(1)
    }).pipe(Effect.provide(namedOffline(ScriptedLlm.layer([ScriptedLlm.toolCall("classify_intent", { intent: "query_progress" })])))))

  it.scoped("droid: the run goes ahead instead of refusing with NeedsModel", () => {
    const { layer } = phoneWith([ScriptedLlm.text(js("complete(true, 'Nothing to do')"))])
    return Effect.gen(function*() {
      const result = yield* runDroid({ goal: "look at the phone", maxSteps: 2 })
      expect(result.success).toBe(true)
      expect(result.answer).toBe("Nothing to do")
    }).pipe(Effect.provide(Layer.merge(namedOffline(layer), FetchHttpClient.layer)))
  })
})

describe("Offline is caught: any model whose calls fail with Offline gets the rules", () => {
  it.effect("tidy orient: the rules' reading", () =>
    Effect.gen(function*() {
      const said = "there is this blue thing by the window"
      const extract = yield* extractFromInput(initialState, Option.none(), Option.some(said))
      expect(extract).toEqual(extractByRules(said, initialState))
      expect(Option.getOrUndefined(extract.item)).not.toBe("blue lamp")
    }).pipe(Effect.provideService(Llm, failsOffline)))

  it.effect("tidy act: the one-tap card, and its answer's reply", () =>
    Effect.gen(function*() {
      const outcome = yield* actResponse(buildContext(initialState, Option.none(), Option.none()), { _tag: "AskItemDecision", item: mug })
      expect(outcome.text).toBe("Trashed! Next?")
      expect(outcome.dispositions.map((d) => d.disposition._tag)).toEqual(["Trash"])
      expect((yield* ScriptedQuestions.asked).map((q) => q._tag)).toEqual(["ProposeDisposition"])
    }).pipe(Effect.provide(Layer.mergeAll(
      Layer.succeed(Llm, failsOffline),
      ScriptedQuestions.layer([{ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }]),
      CollectedEvents.layer
    ))))

  it.effect("fitlog chat: the rules' intent stands", () =>
    Effect.gen(function*() {
      const refined = yield* refineIntent(classify("hmm, what about the thing from before"))
      expect(refined.intent).toBe("off_topic")
    }).pipe(Effect.provideService(Llm, failsOffline)))

  it.effect("droid: a run whose model turns out offline ends in NeedsModel, not a raw Offline", () => {
    const device = new SimulatedDevice()
    return Effect.gen(function*() {
      const error = yield* Effect.flip(runDroid({ goal: "turn on Wi-Fi", maxSteps: 2 }))
      expect(error._tag).toBe("NeedsModel")
    }).pipe(Effect.provide(Layer.mergeAll(layerAdbMemory(device), layerQuickJs, Layer.succeed(Llm, failsOffline), FetchHttpClient.layer)))
  })

  it.effect("the offline layer's requireModel fails with Offline itself", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(requireModel)
      expect(error).toBeInstanceOf(Offline)
    }).pipe(Effect.provide(layerOffline)))
})
