/**
 * The SQL client the cluster's message storage writes through: on Postgres,
 * one whose statements wait for a connection while the database cannot be
 * reached, instead of failing at once.
 *
 * Why: the cluster saves an entity's reply (a turn's result, a workflow's
 * "suspended at a question") with four quick retries, about a second in
 * all, and then drops it. The request stays unanswered in the database and
 * marked as read, so nothing delivers it again for ten minutes, and the
 * entity still counts it as in progress: a turn that finished during an
 * outage, or a question posted just before one, would hang its session.
 * With this client such a write waits out the outage (up to `within`) and
 * lands when the database returns.
 *
 * Only getting a connection is waited for: a statement that failed on a
 * connection may have run, and its error is passed on as before. The
 * session store, the question table and the health probe keep the plain
 * client, so requests still answer 503 promptly (store-health.ts).
 *
 * Where it sits: server.ts provides it to `SqlMessageStorage` only (not to
 * the runner storage, whose leases must fail fast). SQLite is one local file
 * and gets its own client unchanged.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient } from "@effect/sql"
import type { Statement } from "@effect/sql"
import { Context, Duration, Effect, Layer, Schedule } from "effect"

/** The client `SqlMessageStorage` is given (server.ts). */
export class ClusterSql extends Context.Tag("shoal/serve/ClusterSql")<ClusterSql, SqlClient.SqlClient>() {
  /** SQLite: the one client as it is. */
  static readonly same = Layer.effect(ClusterSql, SqlClient.SqlClient)
}

/** How often a statement asks the pool again for a connection during an outage. */
const retryEvery = Duration.millis(500)

/**
 * `sql` (a Postgres client built with `compiler`) whose statements wait for a
 * connection for up to `within`; each statement reserves its own (as the
 * pool does for a plain query) and transactions one for their length.
 */
export const patientClient = (sql: SqlClient.SqlClient, compiler: Statement.Compiler, within: Duration.DurationInput = Duration.minutes(10)) => {
  const reserve = Effect.retry(sql.reserve, { schedule: Schedule.spaced(retryEvery).pipe(Schedule.upTo(within)) })
  return SqlClient.make({ acquirer: reserve, transactionAcquirer: reserve, compiler, spanAttributes: [] }).pipe(Effect.provide(Reactivity.layer))
}
