/**
 * What happened in every served session, for the SSE streams: the turn's
 * own steps (started, a question posted, answered or timed out, completed)
 * and the agent's typed events, Schema-encoded so they cross the wire unchanged.
 *
 * A session's log starts with SessionOpened (its opening line, logged when it
 * is created), so a stream replayed from the start shows what the agent said first.
 *
 * Publication is idempotent per (session, turn, key): a turn replayed after a
 * restart, or resumed by an answer, runs its code again and emits its events
 * again, but each is first written to the event log (`shoal_events`, on the
 * serve database) and only a first write reaches the listeners. Agent events
 * are keyed by their place in the turn (`event/1`, `event/2`…), which a replay
 * reproduces because the turn's inputs are journaled.
 *
 * Every logged event has an id, `event_id`: 1, 2, 3… per session, in the
 * order written (the next is the session's highest + 1, in the INSERT itself;
 * a unique index makes two writers that race on one session, as an answer
 * and its resumed turn on two runners can, try again instead of sharing one).
 * A live event carries the id its row got, so the SSE stream's `id:` is the
 * same for a live event and for that event read back from the log
 * (router.ts's replay after `Last-Event-ID`). A log from before ids is
 * numbered once (event-ids.ts).
 *
 * Where it sits: one in-process hub per runner, its log on the shared database;
 * with several runners on one Postgres, relay.ts passes each event on to the
 * others (`deliver` publishes one that came from them, here only).
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import type { SqlError } from "@effect/sql/SqlError"
import { Clock, Effect, Option, PubSub, Ref, Schema, Stream } from "effect"
import type { Scope } from "effect"
import { Question } from "../domain/question.js"
import { addEventIds } from "./event-ids.js"
import type { EventsShape, TaggedEvent } from "../services/events/events.js"

export const TurnEvent = Schema.Union(
  /** The session was created, with the agent's opening line: the first event of its log. */
  Schema.TaggedStruct("SessionOpened", { text: Schema.String }),
  Schema.TaggedStruct("TurnStarted", { turnId: Schema.String, text: Schema.String }),
  Schema.TaggedStruct("QuestionPosted", { turnId: Schema.String, questionId: Schema.String, question: Question }),
  Schema.TaggedStruct("QuestionAnswered", { questionId: Schema.String }),
  /** Nobody answered within the card timeout: the turn went on with the question's fallback. */
  Schema.TaggedStruct("QuestionTimedOut", { turnId: Schema.String, questionId: Schema.String, after: Schema.String }),
  Schema.TaggedStruct("TurnCompleted", {
    turnId: Schema.String,
    reply: Schema.String,
    ended: Schema.Boolean,
    degraded: Schema.Boolean,
    status: Schema.optional(Schema.String)
  }),
  Schema.TaggedStruct("TurnNotTaken", { turnId: Schema.String, reason: Schema.String }),
  /** One of the agent's own events, encoded by its Event Schema. */
  Schema.TaggedStruct("AgentEvent", { event: Schema.Unknown }),
  /** The session was deleted: the last event of its stream. */
  Schema.TaggedStruct("SessionDeleted", {})
)
export type TurnEvent = typeof TurnEvent.Type

export interface SessionEvent {
  readonly agent: string
  readonly sessionId: string
  readonly event: TurnEvent
  /** Its `event_id` in the session's log; none when the log could not be written. */
  readonly id?: number
}

/** An event as the SSE stream sends it: its id in the session's log (if it has one) and the event. */
export interface NumberedEvent {
  readonly id: number | undefined
  readonly event: TurnEvent
}

/** An event of one turn, published at most once under its key. */
export interface TurnStep extends SessionEvent {
  readonly turnId: string
  readonly key: string
}

const EventJson = Schema.parseJson(TurnEvent)
const LogRow = Schema.Struct({ event_id: Schema.Number, turn_id: Schema.String, seq: Schema.String, event: EventJson })
const IdRow = Schema.Struct({ event_id: Schema.Number })

const field = (value: unknown, key: string): string =>
  typeof value === "object" && value !== null && key in value ? String(Reflect.get(value, key)) : ""

/**
 * The INSERT lost the race on a session's next id: another writer took that `event_id` first, and the unique
 * index `shoal_events_ids` refused this one (worth trying again: the next try reads the new highest id).
 * Postgres (node-postgres) says code 23505 with that index as its `constraint`; SQLite says
 * SQLITE_CONSTRAINT_UNIQUE, naming the columns. Any other failure
 * (no table, no connection, another constraint) would fail the same way again.
 */
export const isEventIdRace = (error: SqlError): boolean => {
  const cause = error.cause
  return (field(cause, "code") === "23505" && field(cause, "constraint") === "shoal_events_ids") ||
    (field(cause, "code") === "SQLITE_CONSTRAINT_UNIQUE" && /\bshoal_events\.event_id\b/.test(field(cause, "message")))
}
const EventRow = Schema.Struct({ event: EventJson })
/** The key a turn's TurnStarted is logged under (served-agent.ts). */
export const startedKey = "started"
/**
 * The session's own events (SessionOpened) are logged under no turn: "" is no turn's id (an
 * Idempotency-Key has at least one character) and sorts before every one.
 */
export const sessionTurnId = ""
/** The key SessionOpened is logged under, once per session. */
export const openedKey = "opened"
const MaxRow = Schema.Struct({ last: Schema.NullOr(Schema.Number) })

/**
 * The hub on `sql`'s event log that also hands every event published here to
 * `share` (relay.ts: the other runners on the same Postgres).
 */
export const makeHubWith = (sql: SqlClient, share: (event: SessionEvent) => Effect.Effect<void>) =>
  Effect.gen(function*() {
    yield* sql`CREATE TABLE IF NOT EXISTS shoal_events (agent TEXT NOT NULL, session_id TEXT NOT NULL, turn_id TEXT NOT NULL,
      seq TEXT NOT NULL, event TEXT NOT NULL, at BIGINT NOT NULL, event_id INTEGER, PRIMARY KEY (agent, session_id, turn_id, seq))`
    yield* addEventIds(sql)
    const pubsub = yield* PubSub.unbounded<SessionEvent>()
    /** An event from another runner: published here only. */
    const deliver = (event: SessionEvent) => Effect.asVoid(PubSub.publish(pubsub, event))
    const publish = (event: SessionEvent) => Effect.zipRight(deliver(event), share(event))

    /**
     * Written first (with the session's next id), published only if this was the first write, carrying that
     * id; a race on the id lost is tried again (three more times), and a log that cannot be written still
     * lets the event through without an id (logged).
     */
    const publishOnce = (step: TurnStep) =>
      Effect.gen(function*() {
        const text = yield* Effect.orDie(Schema.encode(EventJson)(step.event))
        const at = yield* Clock.currentTimeMillis
        const written = yield* sql`INSERT INTO shoal_events (agent, session_id, turn_id, seq, event, at, event_id)
            VALUES (${step.agent}, ${step.sessionId}, ${step.turnId}, ${step.key}, ${text}, ${at},
              (SELECT COALESCE(MAX(event_id), 0) + 1 FROM shoal_events WHERE agent = ${step.agent} AND session_id = ${step.sessionId}))
            ON CONFLICT (agent, session_id, turn_id, seq) DO NOTHING RETURNING event_id`.pipe(
          Effect.retry({ times: 3, while: isEventIdRace }),
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(IdRow))),
          Effect.map((rows) => rows[0] === undefined ? Option.none() : Option.some<number | undefined>(rows[0].event_id)),
          Effect.catchAll((e) => Effect.as(Effect.logWarning(`the event log could not be written: ${e.message}`), Option.some(undefined)))
        )
        if (Option.isSome(written)) {
          const id = written.value
          yield* publish({ agent: step.agent, sessionId: step.sessionId, event: step.event, ...(id === undefined ? {} : { id }) })
        }
      })

    const subscribeNumbered = (agent: string, sessionId: string): Effect.Effect<Stream.Stream<NumberedEvent>, never, Scope.Scope> =>
      Effect.map(PubSub.subscribe(pubsub), (queue) =>
        Stream.fromQueue(queue).pipe(
          Stream.filter((e) => e.agent === agent && e.sessionId === sessionId),
          Stream.map((e): NumberedEvent => ({ id: e.id, event: e.event }))
        ))

    return {
      publish,
      deliver,
      publishOnce,
      /** Every event of one session from now on, until the scope closes. */
      subscribe: (agent: string, sessionId: string): Effect.Effect<Stream.Stream<TurnEvent>, never, Scope.Scope> =>
        Effect.map(subscribeNumbered(agent, sessionId), Stream.map((e) => e.event)),
      /** The same, each event with its id in the log (the SSE stream's `id:`). */
      subscribeNumbered,
      /** The session's logged events after id `after` (all by default), in id order. */
      log: (agent: string, sessionId: string, after = 0) =>
        sql`SELECT event_id, turn_id, seq, event FROM shoal_events WHERE agent = ${agent} AND session_id = ${sessionId} AND event_id > ${after}
            ORDER BY event_id`.pipe(
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(LogRow))),
          Effect.map((rows) => rows.map((r) => ({ id: r.event_id, turnId: r.turn_id, key: r.seq, event: r.event })))
        ),
      /**
       * One turn's TurnStarted, if it was logged (the Idempotency-Key check): one row, found by the table's
       * primary key (agent, session, turn, key), however long the session's log.
       */
      turnStarted: (agent: string, sessionId: string, turnId: string) =>
        sql`SELECT event FROM shoal_events WHERE agent = ${agent} AND session_id = ${sessionId} AND turn_id = ${turnId} AND seq = ${startedKey}`.pipe(
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(EventRow))),
          Effect.map((rows) => Option.flatMap(Option.fromNullable(rows[0]), (r) => (r.event._tag === "TurnStarted" ? Option.some(r.event) : Option.none())))
        ),
      /** One turn's logged events, in the order written (its primary key's prefix: however long the session's log). */
      turnLog: (agent: string, sessionId: string, turnId: string) =>
        sql`SELECT event FROM shoal_events WHERE agent = ${agent} AND session_id = ${sessionId} AND turn_id = ${turnId} ORDER BY at, seq`.pipe(
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(EventRow))),
          Effect.map((rows) => rows.map((r) => r.event))
        ),
      /** The highest id in the session's log (0 when it has none). */
      lastId: (agent: string, sessionId: string) =>
        sql`SELECT MAX(event_id) AS last FROM shoal_events WHERE agent = ${agent} AND session_id = ${sessionId}`.pipe(
          Effect.flatMap(Schema.decodeUnknown(Schema.Array(MaxRow))),
          Effect.map((rows) => rows[0]?.last ?? 0)
        ),
      removeSession: (agent: string, sessionId: string) =>
        sql`DELETE FROM shoal_events WHERE agent = ${agent} AND session_id = ${sessionId}`.pipe(Effect.asVoid),
      /**
       * The `Events` port for one run of a turn: each event encoded by the agent's schema and published once
       * under its place in the turn. Make one per run, so a replay counts from 1 again.
       */
      events: <E, I>(agent: string, sessionId: string, turnId: string, schema: Schema.Schema<E, I>, prefix = "event"): Effect.Effect<EventsShape> =>
        Effect.gen(function*() {
          const raw = yield* PubSub.unbounded<TaggedEvent>()
          const seq = yield* Ref.make(0)
          return {
            emit: (event) =>
              Schema.encodeUnknown(schema)(event).pipe(
                // An event outside the agent's declared union is still shown by its tag.
                Effect.orElseSucceed((): unknown => ({ _tag: event._tag })),
                Effect.flatMap((encoded) =>
                  Effect.flatMap(Ref.updateAndGet(seq, (n) => n + 1), (n) =>
                    publishOnce({ agent, sessionId, turnId, key: `${prefix}/${n}`, event: { _tag: "AgentEvent", event: encoded } }))
                ),
                Effect.zipRight(PubSub.publish(raw, event)),
                Effect.asVoid
              ),
            subscribe: PubSub.subscribe(raw)
          } satisfies EventsShape
        })
    }
  })

/** The hub of one runner alone (SQLite). */
export const makeHub = (sql: SqlClient) => makeHubWith(sql, () => Effect.void)

export type Hub = Effect.Effect.Success<ReturnType<typeof makeHub>>
