/**
 * The `Events` port: what happened in an agent run, for whoever listens
 * (the log, the tidy web GUI's stream, a test).
 *
 * Where it sits: agents `emit` their own tagged events (TidyingEvent,
 * FitlogEvent…) after each stage; the runner picks the layer. Emitting never
 * fails and never waits for listeners, so observing a run cannot change it.
 */
import { Context } from "effect"
import type { Effect, Queue, Scope } from "effect"

/** Any tagged event: agents define their own unions; this port only needs the tag. */
export interface TaggedEvent {
  readonly _tag: string
}

export interface EventsShape {
  readonly emit: <E extends TaggedEvent>(event: E) => Effect.Effect<void>
  /** Every event emitted after subscribing, in order, until the scope closes. */
  readonly subscribe: Effect.Effect<Queue.Dequeue<TaggedEvent>, never, Scope.Scope>
}

export class Events extends Context.Tag("shoal/Events")<Events, EventsShape>() {}
