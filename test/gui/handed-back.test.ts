/**
 * The page: words typed in the message box while a card is up that do not
 * answer it ("this was my mum's, I can't") are the card's answer
 * `MessageInstead`: the chat shows the card's question and the words, and
 * the coach answers once. Before, the card was set aside as skipped ("That
 * one can wait for later") and the words were answered again as a new turn.
 */
import { it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option, Stream } from "effect"
import { describe, expect } from "vitest"
import type { SessionState } from "../../src/domain/tidy/state.js"
import { initialState } from "../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import type { HostedSession } from "../../src/gui/session-host.js"
import { hostSession } from "../../src/gui/session-host.js"
import type { GuiView } from "../../src/gui/view.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"
import { tidySessions } from "../../src/agents/tidy/session-kind.js"

const sorting: SessionState = {
  ...initialState,
  phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() }, currentItem: Option.none() },
  itemsProcessed: 0
}

const when = (hosted: HostedSession, ok: (v: GuiView) => boolean) =>
  hosted.changes.pipe(Stream.filter(ok), Stream.runHead, Effect.map(Option.getOrThrow), Effect.timeout("10 seconds"))

describe("a message typed at a card in the page", () => {
  it.scoped("is answered once, with care; the card's item waits for later and is set aside", () =>
    Effect.gen(function*() {
      const hosted = yield* hostSession(SessionId.make("2026-11-01-0900-hb01"), Option.some({ state: sorting, chat: [] }), initialState)
      yield* hosted.say("mug")
      yield* when(hosted, (v) => v.pending !== null)
      yield* hosted.say("this was my mum's, I can't")
      const done = yield* when(hosted, (v) => !v.busy && v.pending === null && v.messages.length >= 5)
      expect(done.messages.slice(1)).toEqual([
        { from: "you", text: "mug" },
        { from: "coach", text: "What to do with mug?" },
        { from: "you", text: "this was my mum's, I can't" },
        { from: "coach", text: "That's okay. Let's leave that for now and turn to the nearest clear surface instead. What's there?" }
      ])
      // The world: the saved session holds the mug for later and set aside, decided nowhere.
      const saved = yield* Effect.flatMap(SessionStore, (store) => store.load(tidySessions, SessionId.make("2026-11-01-0900-hb01")))
      expect(saved.piles).toEqual({ belongs: [], out: [], unsure: [] })
      expect(saved.later).toEqual(["mug"])
      expect(saved.avoid).toEqual(["mug"])
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, CollectedEvents.layer, layerMemory))))

  it.scoped("at an embedder's own card, the asker gets MessageInstead and the words are still taken as a message", () =>
    Effect.gen(function*() {
      const hosted = yield* hostSession(SessionId.make("2026-11-01-0900-hb02"), Option.some({ state: sorting, chat: [] }), initialState)
      const asked = yield* Effect.fork(hosted.ask({ _tag: "ProposeDisposition", item: "box of cables", choices: [{ label: "Keep", disposition: { _tag: "Keep" } }] }))
      yield* when(hosted, (v) => v.pending !== null)
      yield* hosted.say("the lamp stays")
      expect(yield* Fiber.join(asked)).toEqual({ _tag: "MessageInstead", text: "the lamp stays" })
      const done = yield* when(hosted, (v) => !v.busy && v.piles.belongs.includes("lamp"))
      expect(done.messages.slice(1)).toEqual([
        { from: "coach", text: "What to do with box of cables?" },
        { from: "you", text: "the lamp stays" },
        { from: "coach", text: "It stays. Next?" }
      ])
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, CollectedEvents.layer, layerMemory))))
})
