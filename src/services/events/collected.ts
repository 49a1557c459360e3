/**
 * The test `Events` layer: every emitted event collected, in order, for a
 * test to assert the story of a run. Subscribing works as in the live layer.
 */
import { Chunk, Context, Effect, Layer, Ref } from "effect"
import { Events } from "./events.js"
import type { TaggedEvent } from "./events.js"
import { makeEvents } from "./live.js"

export interface CollectedEventsShape {
  /** Every event emitted so far, oldest first. */
  readonly emitted: Effect.Effect<ReadonlyArray<TaggedEvent>>
}

export class CollectedEvents extends Context.Tag("shoal/CollectedEvents")<CollectedEvents, CollectedEventsShape>() {
  /** Provides `Events`, and `CollectedEvents` to read what was emitted. */
  static readonly layer: Layer.Layer<Events | CollectedEvents> = Layer.effectContext(Effect.gen(function*() {
    // A Chunk, not an array copied on every emit: a long run collects thousands of events.
    const emitted = yield* Ref.make(Chunk.empty<TaggedEvent>())
    const events = yield* makeEvents((event) => Ref.update(emitted, Chunk.append(event)))
    return Context.make(Events, events).pipe(
      Context.add(CollectedEvents, { emitted: Effect.map(Ref.get(emitted), Chunk.toReadonlyArray) })
    )
  }))

  /** The events emitted so far (for `yield*` in a test). */
  static readonly emitted: Effect.Effect<ReadonlyArray<TaggedEvent>, never, CollectedEvents> = Effect.flatMap(
    CollectedEvents,
    (c) => c.emitted
  )
}
