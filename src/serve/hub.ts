/**
 * What happened in every served session, for the SSE streams: the turn's
 * own steps (started, a question posted or answered, completed) and the
 * agent's typed events, Schema-encoded so they cross the wire unchanged.
 *
 * Where it sits: one in-process hub per runner; with several runners on one
 * Postgres, relay.ts passes each event on to the others. A turn replayed after a
 * restart emits its agent events again (the workflow re-runs its code; only
 * its activities are journaled) — listeners key on `turnId`.
 */
import { Effect, PubSub, Schema, Stream } from "effect"
import type { Scope } from "effect"
import { Question } from "../domain/question.js"
import type { EventsShape, TaggedEvent } from "../services/events/events.js"

export const TurnEvent = Schema.Union(
  Schema.TaggedStruct("TurnStarted", { turnId: Schema.String, text: Schema.String }),
  Schema.TaggedStruct("QuestionPosted", { turnId: Schema.String, questionId: Schema.String, question: Question }),
  Schema.TaggedStruct("QuestionAnswered", { questionId: Schema.String }),
  Schema.TaggedStruct("TurnCompleted", {
    turnId: Schema.String,
    reply: Schema.String,
    ended: Schema.Boolean,
    degraded: Schema.Boolean,
    status: Schema.optional(Schema.String)
  }),
  Schema.TaggedStruct("TurnNotTaken", { turnId: Schema.String, reason: Schema.String }),
  /** One of the agent's own events, encoded by its Event Schema. */
  Schema.TaggedStruct("AgentEvent", { event: Schema.Unknown })
)
export type TurnEvent = typeof TurnEvent.Type

export interface SessionEvent {
  readonly agent: string
  readonly sessionId: string
  readonly event: TurnEvent
}

/**
 * A hub that also hands every event published here to `share` (relay.ts: the
 * other runners on the same Postgres); `deliver` publishes an event that came
 * from them, here only.
 */
export const makeHubWith = (share: (event: SessionEvent) => Effect.Effect<void>) =>
  Effect.map(PubSub.unbounded<SessionEvent>(), (pubsub) => {
    const deliver = (event: SessionEvent) => Effect.asVoid(PubSub.publish(pubsub, event))
    const publish = (event: SessionEvent) => Effect.zipRight(deliver(event), share(event))
    return {
      publish,
      deliver,
      /** Every event of one session from now on, until the scope closes. */
      subscribe: (agent: string, sessionId: string): Effect.Effect<Stream.Stream<TurnEvent>, never, Scope.Scope> =>
        Effect.map(PubSub.subscribe(pubsub), (queue) =>
          Stream.fromQueue(queue).pipe(
            Stream.filter((e) => e.agent === agent && e.sessionId === sessionId),
            Stream.map((e) => e.event)
          )),
      /** The `Events` port for one session's turn: each event encoded by the agent's schema and published. */
      events: <E, I>(agent: string, sessionId: string, schema: Schema.Schema<E, I>): Effect.Effect<EventsShape> =>
        Effect.map(PubSub.unbounded<TaggedEvent>(), (raw): EventsShape => ({
          emit: (event) =>
            Schema.encodeUnknown(schema)(event).pipe(
              // An event outside the agent's declared union is still shown by its tag.
              Effect.orElseSucceed((): unknown => ({ _tag: event._tag })),
              Effect.flatMap((encoded) => publish({ agent, sessionId, event: { _tag: "AgentEvent", event: encoded } })),
              Effect.zipRight(PubSub.publish(raw, event)),
              Effect.asVoid
            ),
          subscribe: PubSub.subscribe(raw)
        }))
    }
  })

/** The hub of one runner alone (SQLite). */
export const makeHub = makeHubWith(() => Effect.void)

export type Hub = Effect.Effect.Success<typeof makeHub>
