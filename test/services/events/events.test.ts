import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, HashMap, Layer, Logger, LogLevel, Option, Queue } from "effect"
import { CollectedEvents, Events, layerEvents } from "../../../src/services/events/index.js"

type RoomEvent =
  | { readonly _tag: "ItemSorted"; readonly item: string }
  | { readonly _tag: "PhaseChanged"; readonly to: string }

const sorted = (item: string): RoomEvent => ({ _tag: "ItemSorted", item })

describe("CollectedEvents", () => {
  it.effect("collects every emitted event in order", () =>
    Effect.gen(function*() {
      const events = yield* Events
      yield* events.emit(sorted("mug"))
      yield* events.emit({ _tag: "PhaseChanged", to: "Refining" } satisfies RoomEvent)
      yield* events.emit(sorted("sock"))
      expect(yield* CollectedEvents.emitted).toEqual([sorted("mug"), { _tag: "PhaseChanged", to: "Refining" }, sorted("sock")])
    }).pipe(Effect.provide(CollectedEvents.layer)))

  it.scoped("a subscriber also receives the events, like the live layer", () =>
    Effect.gen(function*() {
      const events = yield* Events
      const inbox = yield* events.subscribe
      yield* events.emit(sorted("mug"))
      expect(Chunk.toReadonlyArray(yield* Queue.takeAll(inbox))).toEqual([sorted("mug")])
    }).pipe(Effect.provide(CollectedEvents.layer)))
})

describe("layerEvents (live)", () => {
  it.scoped("fans each event out to every subscriber, from when it subscribed", () =>
    Effect.gen(function*() {
      const events = yield* Events
      yield* events.emit(sorted("before anyone listened"))
      const gui = yield* events.subscribe
      const log = yield* events.subscribe
      yield* events.emit(sorted("mug"))
      yield* events.emit(sorted("sock"))
      expect(Chunk.toReadonlyArray(yield* Queue.takeAll(gui))).toEqual([sorted("mug"), sorted("sock")])
      expect(Chunk.toReadonlyArray(yield* Queue.takeAll(log))).toEqual([sorted("mug"), sorted("sock")])
    }).pipe(Effect.provide(layerEvents)))

  it.effect("logs each event at debug level with its tag", () => {
    const lines: Array<{ level: string; message: string; event: unknown }> = []
    const capture = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ annotations, logLevel, message }) => {
        lines.push({ level: logLevel.label, message: String(message), event: Option.getOrUndefined(HashMap.get(annotations, "event")) })
      })
    )
    return Effect.gen(function*() {
      const events = yield* Events
      yield* events.emit(sorted("mug"))
      expect(lines).toEqual([{ level: "DEBUG", message: "event ItemSorted", event: "ItemSorted" }])
    }).pipe(Effect.provide(Layer.merge(layerEvents, capture)), Logger.withMinimumLogLevel(LogLevel.Debug))
  })
})
