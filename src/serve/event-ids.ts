/**
 * The event log's ids for a log written before it had them: the
 * `event_id` column is added, and each session's rows are numbered 1, 2, 3…
 * in the order they were written as far as the log can tell — by time
 * (milliseconds), then turn, then a turn's own order (started, its steps by
 * number, then completed or not taken). Then the unique index that keeps two
 * events of one session off one id (hub.ts writes the next id in its INSERT).
 *
 * Safe to run on every start: a numbered log has no row left to number, and
 * the column and index are only made when missing.
 *
 * Where it sits: hub.ts runs it when it opens the log.
 */
import type { SqlClient } from "@effect/sql/SqlClient"
import { Effect, Order, Schema } from "effect"

const Unnumbered = Schema.Struct({
  agent: Schema.String,
  session_id: Schema.String,
  turn_id: Schema.String,
  seq: Schema.String,
  at: Schema.Union(Schema.Number, Schema.NumberFromString)
})
type Unnumbered = typeof Unnumbered.Type
const Highest = Schema.Struct({ agent: Schema.String, session_id: Schema.String, last: Schema.NullOr(Schema.Number) })

/** A key's place within its turn: started (or the session's opening) first, the end last, steps between by kind and number. */
const rank = (key: string) => (key === "started" || key === "opened" ? 0 : key === "completed" || key === "not-taken" ? 2 : 1)
const stepNumber = (key: string) => Number(/\/(\d+)$/.exec(key)?.[1] ?? 0)
const written: Order.Order<Unnumbered> = Order.combineAll([
  Order.mapInput(Order.number, (r: Unnumbered) => r.at),
  Order.mapInput(Order.string, (r: Unnumbered) => r.turn_id),
  Order.mapInput(Order.number, (r: Unnumbered) => rank(r.seq)),
  Order.mapInput(Order.string, (r: Unnumbered) => r.seq.replace(/\/\d+$/, "")),
  Order.mapInput(Order.number, (r: Unnumbered) => stepNumber(r.seq))
])

export const addEventIds = (sql: SqlClient) =>
  Effect.gen(function*() {
    const has = yield* sql`SELECT event_id FROM shoal_events WHERE 1 = 0`.pipe(Effect.as(true), Effect.orElseSucceed(() => false))
    // Two runners starting at once may both try: the second's failure is harmless (the column is there).
    if (!has) yield* Effect.ignore(sql`ALTER TABLE shoal_events ADD COLUMN event_id INTEGER`)
    const rows = yield* sql`SELECT agent, session_id, turn_id, seq, at FROM shoal_events WHERE event_id IS NULL`.pipe(
      Effect.flatMap(Schema.decodeUnknown(Schema.Array(Unnumbered)))
    )
    if (rows.length > 0) {
      const highest = yield* sql`SELECT agent, session_id, MAX(event_id) AS last FROM shoal_events GROUP BY agent, session_id`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(Highest)))
      )
      const next = new Map(highest.map((h) => [JSON.stringify([h.agent, h.session_id]), h.last ?? 0]))
      yield* Effect.logInfo(`numbering ${rows.length} events of the event log written before it had ids`)
      yield* sql.withTransaction(Effect.forEach([...rows].sort(written), (r) => {
        const session = JSON.stringify([r.agent, r.session_id])
        const id = (next.get(session) ?? 0) + 1
        next.set(session, id)
        return sql`UPDATE shoal_events SET event_id = ${id}
          WHERE agent = ${r.agent} AND session_id = ${r.session_id} AND turn_id = ${r.turn_id} AND seq = ${r.seq} AND event_id IS NULL`
      }, { discard: true }))
    }
    yield* sql`CREATE UNIQUE INDEX IF NOT EXISTS shoal_events_ids ON shoal_events (agent, session_id, event_id)`.pipe(
      Effect.catchAll((e) => Effect.logDebug("the event ids' index was made by another runner", e))
    )
  })
