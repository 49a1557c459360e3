/**
 * `shoal serve`'s runtime: one cluster runner (`SingleRunner`, or with
 * `runner` one of several sharing a Postgres database) whose message
 * storage, workflow journal and sessions all live in one SQL database
 * (SQLite under the data dir by default, or `--db postgres://…`), the served
 * agents' entities and turn workflows registered on it, and the HTTP API in
 * front, behind the guards (bearer token, Host/Origin, body size).
 *
 * Where it sits: loaded only by `shoal serve` (a dynamic import), so no other
 * command loads @effect/cluster, @effect/workflow or a SQL driver.
 */
import { ClusterWorkflowEngine, RunnerAddress, RunnerHealth, Runners, RunnerStorage, Sharding, ShardingConfig, SqlMessageStorage, SqlRunnerStorage } from "@effect/cluster"
import * as NodeClusterSocket from "@effect/platform-node/NodeClusterSocket"
import { HttpIncomingMessage, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Cause, Context, Data, Duration, Effect, Layer, Option, Redacted } from "effect"
import { localOnly } from "../gui/local-only.js"
import type { Llm } from "../services/llm/llm.js"
import { importPeer } from "../services/optional-peer.js"
import { isLoopback } from "./loopback.js"
import type { SessionTexts } from "../services/session-store/store.js"
import { importJsonSessions, makeSqlSessionStore } from "../services/session-store/sql.js"
import { deliverAnswer } from "./durable-questions.js"
import { EventRelay, makeSharedHub, pgRelay } from "./relay.js"
import { makeQuestionStore } from "./questions.js"
import { keepFor, pruneEnded } from "./retention.js"
import { makeServeRouter } from "./router.js"
import { ClusterSql, patientClient } from "./patient-sql.js"
import { makeStoreHealth, unavailableWhenStoreDown, waitOutOutage } from "./store-health.js"
import { admit } from "./token.js"
import { isUnsized, withUnsizedBody } from "./unsized-body.js"
import type { ServeDeps, ServedAgent } from "./served-agent.js"

export const defaultMaxBodyBytes = 10 * 1024 * 1024

export interface ServeOptions {
  /** `--host`: only a loopback host keeps the Host/Origin guard (DNS rebinding); any other needs a token. */
  readonly host: string
  readonly token: Option.Option<Redacted.Redacted<string>>
  readonly maxBodyBytes?: number
  /** Today's JSON sessions to import on the first start, and the kinds to look for. */
  readonly importFrom?: { readonly texts: SessionTexts; readonly kinds: ReadonlyArray<string> }
  /** Where the sessions live, for error messages. */
  readonly where?: string
  /**
   * `--runner-port`: this node is one of several runners sharing the Postgres
   * database, reached by the others at this address (shard locks and runner
   * leases in the database). Without it, one runner alone.
   */
  readonly runner?: { readonly host: string; readonly port: number }
  readonly shardingConfig?: Partial<ShardingConfig.ShardingConfig["Type"]>
  /** Agents known but not set up here (droid without --device…): their routes answer 404 with this line. */
  readonly unavailable?: ReadonlyArray<{ readonly name: string; readonly enable: string }>
  /** `--keep`: prune sessions untouched for this long, on start and daily (retention.ts). */
  readonly keep?: Duration.Duration
}

/** Builds one served agent on the shared storage (the CLI picks the agents and their layers). */
export type AgentFactory = (deps: ServeDeps) => ServedAgent


/**
 * The SQL client for `--db`: a postgres:// URL, else a SQLite file (or `:memory:`). The driver is loaded here.
 * On Postgres the session events are relayed between runners (relay.ts); SQLite has one runner.
 */
export const isPostgresUrl = (db: string) => /^postgres(ql)?:\/\//.test(db)

/** A postgres:// URL as shown to people: without its user and password. */
export const shownDb = (db: string) => (isPostgresUrl(db) ? db.replace(/\/\/[^@/]*@/, "//") : db)

/** `--db` cannot be opened at start (a SQLite file, or a Postgres server): the user's to fix, so it says which and why (not a defect). */
export class ServeDbError extends Data.TaggedError("ServeDbError")<{ readonly db: string; readonly reason: string }> {
  override get message(): string {
    return isPostgresUrl(this.db)
      ? `--db ${shownDb(this.db)}: cannot connect to that Postgres database (${this.reason}). Is the server running, and the URL right?`
      : `--db ${this.db}: cannot open it as a SQLite database (${this.reason}). ` +
        "Give a file in an existing folder (created if missing), or a postgres:// URL."
  }
}

/** The driver's failure (or throw) while opening `db`, as a ServeDbError. */
const openedOr = <A, E, R>(db: string, layer: Layer.Layer<A, E, R>) =>
  Layer.catchAllCause(layer, (cause) => Layer.fail(new ServeDbError({ db, reason: String(Cause.squash(cause)).replace(/^\w*Error: /, "") })))

export const layerSql = (db: string): Layer.Layer<SqlClient.SqlClient | EventRelay | ClusterSql, ServeDbError> =>
  Layer.unwrapEffect(Effect.gen(function*() {
    if (isPostgresUrl(db)) {
      const { PgClient } = yield* importPeer("@effect/sql-pg", "shoal serve --db postgres://", () => import("@effect/sql-pg"))
      // A connection that cannot be had within 3 s fails (the pool's default waits for ever), so a request
      // during an outage ends in a 503 (store-health.ts) instead of hanging.
      const client = PgClient.layer({ url: Redacted.make(db), connectTimeout: Duration.seconds(3) })
      // The cluster's messages through a client that waits out an outage (patient-sql.ts), with the same compiler.
      const clusterSql = Layer.effect(ClusterSql, Effect.flatMap(SqlClient.SqlClient, (sql) => patientClient(sql, PgClient.makeCompiler())))
      return openedOr(db, Layer.provideMerge(Layer.merge(Layer.unwrapEffect(Effect.map(PgClient.PgClient, pgRelay)), clusterSql), client))
    }
    const { SqliteClient } = yield* importPeer("@effect/sql-sqlite-node", "shoal serve", () => import("@effect/sql-sqlite-node"))
    // The driver opens one connection in WAL mode. synchronous = NORMAL: a commit is appended to the WAL
    // without an fsync (the WAL is synced at checkpoints). On power loss the last commits may be lost, the
    // database is never corrupted; a process crash (kill -9) loses nothing. FULL paid an fsync per commit,
    // about ten a turn (each journal message is three transactions).
    // The driver throws on a missing folder or a file that is not SQLite: a failure naming the file, whatever its kind.
    const opened = openedOr(db, SqliteClient.layer({ filename: db }).pipe(
      Layer.tap((context) => Effect.asVoid(Context.get(context, SqlClient.SqlClient).unsafe("PRAGMA synchronous = NORMAL")))
    ))
    return Layer.provideMerge(Layer.merge(EventRelay.none, ClusterSql.same), opened)
  }))

/** Token, size and (on loopback) Host/Origin, before any route runs. */
const guard = (options: ServeOptions) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> => {
  const max = options.maxBodyBytes ?? defaultMaxBodyBytes
  const checked = Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const refused = Option.isSome(options.token) ? admit(request, options.token.value) : undefined
    if (refused !== undefined) return refused
    if (Number(request.headers["content-length"] ?? "0") > max) {
      return HttpServerResponse.unsafeJson({ error: `The body is larger than ${Math.round(max / (1024 * 1024))} MB.` }, { status: 413 })
    }
    const limited = HttpIncomingMessage.withMaxBodySize(app, Option.some(max))
    return yield* (isUnsized(request) ? withUnsizedBody(request, max, limited) : limited)
  })
  return isLoopback(options.host) ? localOnly(checked) : checked
}

/**
 * Everything but the HTTP listener and the database: the runner, the agents'
 * entities and workflows, the routes on the provided `HttpServer`.
 */
export const layerServe = (
  options: ServeOptions,
  factories: ReadonlyArray<AgentFactory>
): Layer.Layer<never, never, HttpServer.HttpServer | Llm | SqlClient.SqlClient | EventRelay | ClusterSql> =>
  Layer.unwrapScoped(Effect.gen(function*() {
    const sql = yield* SqlClient.SqlClient
    const store = yield* Effect.orDie(makeSqlSessionStore(sql, options.where))
    // The turns' own store: a session deleted over the API while a turn waits is not saved back by it.
    const turnStore = yield* Effect.orDie(makeSqlSessionStore(sql, options.where))
    if (options.importFrom !== undefined) yield* Effect.orDie(importJsonSessions(sql, options.importFrom.texts, options.importFrom.kinds))
    const questions = yield* Effect.orDie(makeQuestionStore(sql))
    const hub = yield* makeSharedHub(sql)
    const health = yield* makeStoreHealth(sql)
    // Several runners: each turn's workflow on its session's runner (placement.ts).
    const agents = factories.map((make) => make({ store, turnStore, questions, hub, colocate: options.runner !== undefined, waitOutOutage: waitOutOutage(health) }))
    const router = makeServeRouter({ agents, questions, hub, unavailable: options.unavailable ?? [] })

    // An answer claimed just before a crash was never handed to its turn: hand it over now (the deferred keeps only the first).
    const redeliver = Layer.effectDiscard(Effect.gen(function*() {
      for (const q of yield* questions.undelivered) {
        const agent = agents.find((a) => a.name === q.agent)
        if (agent === undefined || Option.isNone(q.answer)) continue
        yield* deliverAnswer(agent.workflow, q, q.answer.value)
        yield* questions.markDelivered(q.agent, q.sessionId, q.questionId)
      }
    }).pipe(Effect.catchAll((e) => Effect.logWarning(`could not hand over answers claimed before a restart: ${e.reason}`))))

    const http = HttpServer.serve(guard(options)(unavailableWhenStoreDown(health)(router)))
    const keep = options.keep
    const retention = keep === undefined ? Layer.empty : Layer.scopedDiscard(Effect.forkScoped(keepFor(keep, (now) => pruneEnded({ agents, questions, hub }, keep, now))))
    return Layer.mergeAll(http, redeliver, retention, ...agents.map((a) => a.layer))
  })).pipe(Layer.provide(layerCluster(options)))

/**
 * Several runners on one Postgres: how long a runner's lease lasts without a
 * heartbeat (the shard-lock expiration; a runner killed outright loses its
 * sessions to the others after this), and how often leases and assignments
 * are refreshed. Short, so a session moves within seconds of its runner's death.
 */
export const runnerLease = {
  // Each lock operation must finish within min(refresh, lease / 3) = 2 s, or the runner drops its shards until it does.
  shardLockExpiration: Duration.seconds(6),
  shardLockRefreshInterval: Duration.seconds(2),
  refreshAssignmentsInterval: Duration.millis(500),
  runnerHealthCheckInterval: Duration.seconds(2)
} as const

const common = {
  // A restarted runner picks up persisted turns within a second; stopping does not wait long for busy entities.
  entityMessagePollInterval: Duration.seconds(1),
  entityTerminationTimeout: Duration.seconds(2)
} as const

/** The cluster's messages and journal, written through `ClusterSql` (patient-sql.ts). */
const messageStorage = Layer.unwrapEffect(Effect.map(ClusterSql, (sql) => Layer.provide(SqlMessageStorage.layer, Layer.succeed(SqlClient.SqlClient, sql))))

/**
 * The runner on the provided database, alone or one of several: sharding, message storage and the workflow engine.
 * Both are `SingleRunner.layer` and `NodeClusterSocket.layer` with the message storage brought here (`messageStorage`).
 */
export const layerCluster = (options: Pick<ServeOptions, "shardingConfig" | "runner">) =>
  ClusterWorkflowEngine.layer.pipe(
    Layer.provideMerge(
      options.runner === undefined
        // One runner: its shard locks need no table; the messages and the journal still do.
        ? Sharding.layer.pipe(
          Layer.provideMerge(Runners.layerNoop),
          Layer.provideMerge(messageStorage),
          Layer.provide([RunnerStorage.layerMemory, RunnerHealth.layerNoop]),
          Layer.provide(ShardingConfig.layerFromEnv({ ...common, ...options.shardingConfig }))
        )
        : NodeClusterSocket.layer({
          // Runners, leases and shard locks in the database; runner-to-runner messages over a socket.
          storage: "byo",
          shardingConfig: {
            ...common,
            ...runnerLease,
            runnerAddress: Option.some(RunnerAddress.make(options.runner.host, options.runner.port)),
            ...options.shardingConfig
          }
        }).pipe(
          Layer.provideMerge(messageStorage),
          Layer.provide(Layer.orDie(SqlRunnerStorage.layer)),
          Layer.provide(ShardingConfig.layerFromEnv({ ...common, ...runnerLease, ...options.shardingConfig }))
        )
    ),
    Layer.orDie
  )
