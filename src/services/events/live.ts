/**
 * The live `Events` layer: a PubSub fan-out, every event also logged at debug
 * level (so `--log-level debug` shows a run's story without a GUI).
 */
import { Effect, Layer, PubSub } from "effect"
import { Events } from "./events.js"
import type { EventsShape, TaggedEvent } from "./events.js"

/** Events over an unbounded PubSub: a slow subscriber never slows the agent. */
export const makeEvents = (onEmit: (event: TaggedEvent) => Effect.Effect<void>): Effect.Effect<EventsShape> =>
  Effect.map(PubSub.unbounded<TaggedEvent>(), (hub) => ({
    emit: (event) => Effect.zipRight(onEmit(event), PubSub.publish(hub, event)),
    subscribe: PubSub.subscribe(hub)
  }))

const logEvent = (event: TaggedEvent): Effect.Effect<void> =>
  Effect.logDebug(`event ${event._tag}`).pipe(Effect.annotateLogs({ event: event._tag }))

export const layerEvents: Layer.Layer<Events> = Layer.effect(Events, makeEvents(logEvent))
