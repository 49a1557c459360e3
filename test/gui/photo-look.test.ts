/**
 * A photo in the page is looked at when it arrives (gui/photo-look.ts): the
 * typed `Offline` error — never the provider's name — says no model will see
 * it, and then the session stays as it is; a model that answers looks at it
 * once, its answer reused by the turn.
 */
import { it } from "@effect/vitest"
import { Effect, Layer, Option, Stream } from "effect"
import { describe, expect } from "vitest"
import { Offline, ImageBlock } from "../../src/domain/llm.js"
import type { GenerateRequest } from "../../src/domain/llm.js"
import { initialState } from "../../src/domain/tidy/state.js"
import type { SessionState } from "../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import { photoSkippedOffline } from "../../src/gui/agent-host.js"
import { hostSession } from "../../src/gui/session-host.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { Llm } from "../../src/services/llm/llm.js"
import { ScriptedLlm } from "../../src/services/llm/scripted.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { tidyModel } from "./scripted-model.js"

const sorting: SessionState = {
  ...initialState,
  phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("working from home"), anchors: [ItemName.make("desk")], lastAnxiety: Option.none() }, currentItem: Option.none() },
  itemsProcessed: 0
}

const photo = ImageBlock.base64("image/jpeg", "a-photo-of-a-desk")
const carriesPhoto = (r: GenerateRequest) => r.messages.some((m) => m.content.some((b) => b._tag === "Image"))

/** The scripted tidy model, under another provider name. */
const named = (provider: string) =>
  Layer.effect(Llm, Effect.map(Llm, (llm) => ({ ...llm, provider }))).pipe(Layer.provideMerge(ScriptedLlm.layer(Array.from({ length: 20 }, () => tidyModel))))

const hosted = hostSession(SessionId.make("2026-11-23-0600-ph01"), Option.some({ state: sorting, chat: [] }), initialState)

describe("a photo sent to the page", () => {
  it.scoped("is looked at by a model that answers, even one named \"offline\": one call carries the photo, and the turn uses its answer", () =>
    Effect.gen(function*() {
      const session = yield* hosted
      yield* session.sendPhoto(photo, "desk.jpg")
      const done = yield* session.changes.pipe(Stream.filter((v) => !v.busy && v.messages.length >= 3), Stream.runHead)
      const texts = Option.getOrThrow(done).messages.map((m) => m.text)
      expect(texts[1]).toBe("Photo: desk.jpg")
      expect(texts).not.toContain(photoSkippedOffline)
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests.filter(carriesPhoto)).toHaveLength(1)
    }).pipe(Effect.provide(Layer.mergeAll(named("offline"), CollectedEvents.layer, layerMemory))))

  it.scoped("is skipped when the model fails with Offline, whatever its name; the session stays as it was", () =>
    Effect.gen(function*() {
      const offlineNamedOtherwise = Layer.succeed(Llm, {
        provider: "anthropic",
        model: "any",
        generate: () => Effect.fail(new Offline()),
        stream: () => Stream.fail(new Offline())
      })
      const session = yield* hosted.pipe(Effect.provide(offlineNamedOtherwise))
      const before = yield* session.view
      yield* session.sendPhoto(photo, "desk.jpg")
      const after = yield* session.view
      expect(after.messages.slice(-2).map((m) => m.text)).toEqual(["Photo: desk.jpg", photoSkippedOffline])
      expect({ ...after, messages: [] }).toEqual({ ...before, messages: [] })
      expect(yield* CollectedEvents.emitted).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(CollectedEvents.layer, layerMemory))))
})
