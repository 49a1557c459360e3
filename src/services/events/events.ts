/**
 * The `Events` port: what happened in an agent run, for whoever listens
 * (the log, the tidy web GUI's stream, a test).
 *
 * Where it sits: each agent declares its events as a Schema union (TidyEvent
 * in domain/tidy/events.ts, FitlogChatEvent in agents/fitlog/chat-events.ts),
 * names it in its `Agent` record, and emits them through `typedEvents(schema)`
 * or the port itself; the runner picks the layer. Emitting never fails and
 * never waits for listeners, so observing a run cannot change it.
 */
import { Context, Effect, Either, ParseResult, Schema } from "effect"
import type { Queue, Scope } from "effect"

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

/**
 * One agent's events: `emit` takes only values of its Event Schema's type, and
 * the schema travels along, so a page or a transport encodes what it streams.
 */
export interface TypedEvents<E extends TaggedEvent, I> {
  readonly schema: Schema.Schema<E, I>
  readonly emit: (event: E) => Effect.Effect<void, never, Events>
}

export const typedEvents = <E extends TaggedEvent, I>(schema: Schema.Schema<E, I>): TypedEvents<E, I> => {
  const encode = Schema.encodeEither(schema)
  return {
    schema,
    emit: (event) =>
      Effect.flatMap(Events, (events) => {
        // The type does not see refinements (a positive number…): an event that breaks one is the agent's bug,
        // said here, since a page or a transport can only leave it out.
        const encoded = encode(event)
        const warned = Either.isLeft(encoded)
          ? Effect.logWarning(
            `event ${event._tag} does not encode with its Schema, so a page or transport leaves it out: ${
              ParseResult.TreeFormatter.formatErrorSync(encoded.left)
            }`
          )
          : Effect.void
        return Effect.zipRight(warned, events.emit(event))
      })
  }
}
