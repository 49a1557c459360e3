/**
 * Session events across runners. With several `shoal serve` nodes on one
 * Postgres, a turn runs on the runner that owns its session (or its workflow),
 * while the request waiting for its question, or an SSE stream, may sit on
 * another node. Each runner's hub therefore sends every event it publishes on
 * a Postgres channel (`NOTIFY shoal_serve_events`) and delivers the ones the
 * other runners sent (`LISTEN`).
 *
 * - Order is kept per runner: one fiber sends, in publishing order.
 * - A NOTIFY payload is at most 8000 bytes: a larger event (a big agent
 *   event) stays on its own runner, with a warning.
 * - The listening connection dies with the database and the driver does not
 *   say so: each runner pings itself on the channel every second, and a
 *   listener that heard nothing for 5 s is replaced.
 *
 * Where it sits: server.ts builds the hub with it; SQLite (one runner) has
 * nothing to relay (`EventRelay.none`).
 */
import type { PgClient } from "@effect/sql-pg/PgClient"
import type { SqlClient } from "@effect/sql/SqlClient"
import { Context, Data, Effect, Layer, Option, Queue, Random, Schedule, Schema, Stream } from "effect"
import type { Scope } from "effect"
import { makeHubWith, TurnEvent } from "./hub.js"
import type { Hub } from "./hub.js"

/** The channel between runners: text payloads out, and the ones heard. */
export class EventRelay extends Context.Tag("shoal/serve/EventRelay")<EventRelay, Option.Option<{
  readonly send: (payload: string) => Effect.Effect<void, unknown>
  readonly heard: Stream.Stream<string, unknown>
}>>() {
  /** One runner alone: nothing to relay. */
  static readonly none = Layer.succeed(EventRelay, Option.none())
}

const channel = "shoal_serve_events"
const maxPayload = 7900
const utf8 = new TextEncoder()
const byteLength = (text: string) => utf8.encode(text).length

class ListenerSilent extends Data.TaggedError("ListenerSilent") {}

/** The relay over Postgres' LISTEN/NOTIFY, its listener replaced when it falls silent. */
export const pgRelay = (pg: PgClient) =>
  Layer.succeed(EventRelay, Option.some({
    // pg_notify, not PgClient.notify: NOTIFY takes no bind parameters.
    send: (payload: string) => Effect.asVoid(pg`SELECT pg_notify(${channel}, ${payload})`),
    heard: Stream.merge(
      pg.listen(channel),
      Stream.fromSchedule(Schedule.spaced("1 second")).pipe(Stream.mapEffect(() => Effect.ignore(pg`SELECT pg_notify(${channel}, 'ping')`)), Stream.drain)
    ).pipe(
      Stream.timeoutFail(() => new ListenerSilent(), "5 seconds"),
      Stream.filter((payload) => payload !== "ping"),
      Stream.tapErrorCause((cause) => Effect.logDebug("the event listener is replaced", cause)),
      Stream.retry(Schedule.spaced("1 second"))
    )
  }))

const Wire = Schema.parseJson(Schema.Struct({ node: Schema.String, agent: Schema.String, sessionId: Schema.String, event: TurnEvent, id: Schema.optional(Schema.Number) }))
const encodeWire = Schema.encode(Wire)
const decodeWire = Schema.decodeUnknown(Wire)

/** This runner's hub: local events at once, and through the relay (if any) to and from the other runners. */
export const makeSharedHub = (sql: SqlClient): Effect.Effect<Hub, never, EventRelay | Scope.Scope> => Effect.gen(function*() {
  const relay = yield* EventRelay
  if (Option.isNone(relay)) return yield* Effect.orDie(makeHubWith(sql, () => Effect.void))
  const { heard, send } = relay.value
  const node = (yield* Random.nextInt).toString(36) + (yield* Random.nextInt).toString(36)
  const outbox = yield* Queue.unbounded<string>()
  const hub = yield* Effect.orDie(makeHubWith(sql, (event) =>
    encodeWire({ node, ...event }).pipe(
      Effect.flatMap((text) =>
        byteLength(text) > maxPayload
          ? Effect.logWarning(`a ${event.event._tag} event of ${byteLength(text)} bytes is too large to pass to the other runners`)
          : Queue.offer(outbox, text)
      ),
      Effect.catchAll((e) => Effect.logWarning(`an event could not be encoded for the other runners: ${e.message}`))
    )
  ))
  yield* Queue.take(outbox).pipe(
    Effect.flatMap((text) => Effect.catchAll(send(text), (e) => Effect.logWarning("an event could not be passed to the other runners", e))),
    Effect.forever,
    Effect.forkScoped
  )
  yield* heard.pipe(
    Stream.mapEffect((text) => Effect.option(decodeWire(text))),
    Stream.runForEach((wire) =>
      Option.isSome(wire) && wire.value.node !== node
        ? hub.deliver({
          agent: wire.value.agent,
          sessionId: wire.value.sessionId,
          event: wire.value.event,
          ...(wire.value.id === undefined ? {} : { id: wire.value.id })
        })
        : Effect.void
    ),
    Effect.catchAllCause((cause) => Effect.logWarning("stopped listening to the other runners' events", cause)),
    Effect.forkScoped
  )
  return hub
})
