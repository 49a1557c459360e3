/**
 * While the database cannot be reached, the API says so: every request that
 * needs the session store answers 503 with a JSON problem and `Retry-After`,
 * within a few seconds, instead of a 500 (or a request that hangs on a dead
 * connection). The server itself stays up; when the database returns, the
 * same requests work again, on the same runner.
 *
 * How it knows: a `SELECT 1` with a short timeout. A request under
 * `/api/agents/<agent>/…` first needs a probe that succeeded within the last
 * second (a fresh one otherwise), and a 500 it ends with is checked again by a
 * fresh probe: a failed probe turns it into the 503, since the store going
 * away is then why it failed. `GET /api/agents` and the pages need no database
 * and answer as always. A turn already under way when the database goes
 * away waits for it instead (the cluster's writes, patient-sql.ts; its own
 * load, workflow and save, `waitOutOutage` below).
 *
 * Where it sits: a middleware between serve's guards and its router (server.ts).
 */
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import type { HttpApp } from "@effect/platform"
import type { SqlClient } from "@effect/sql/SqlClient"
import { Cause, Clock, Duration, Effect, Exit, Option, Ref, Schedule } from "effect"

/** How long a probe may take before the store counts as unreachable. */
export const probeTimeout = Duration.seconds(2)
/** A probe that succeeded this recently vouches for the next requests (no round trip each). */
const trustFor = Duration.seconds(1)
/** What `Retry-After` tells a client to wait, in seconds. */
export const retryAfterSeconds = 2

export interface StoreHealth {
  /** `None` when the store answered, else why it did not. `fresh` asks the database even after a recent success. */
  readonly check: (fresh: boolean) => Effect.Effect<Option.Option<string>>
}

const reasonOf = (cause: Cause.Cause<unknown>): string => {
  const error = Cause.squash(cause)
  if (!(error instanceof Error)) return String(error)
  const inner = "cause" in error && error.cause instanceof Error ? `: ${error.cause.message}` : ""
  return `${error.message}${inner}`
}

export const makeStoreHealth = (sql: SqlClient): Effect.Effect<StoreHealth> =>
  Effect.map(Ref.make(Option.none<number>()), (lastOk): StoreHealth => ({
    check: (fresh) =>
      Effect.gen(function*() {
        const now = yield* Clock.currentTimeMillis
        const last = yield* Ref.get(lastOk)
        if (!fresh && Option.isSome(last) && now - last.value < Duration.toMillis(trustFor)) return Option.none()
        const probed = yield* sql`SELECT 1`.pipe(
          Effect.timeoutFail({ duration: probeTimeout, onTimeout: () => new Error(`no answer within ${Duration.format(probeTimeout)}`) }),
          Effect.sandbox,
          Effect.either
        )
        if (probed._tag === "Right") {
          yield* Ref.set(lastOk, Option.some(yield* Clock.currentTimeMillis))
          return Option.none()
        }
        yield* Ref.set(lastOk, Option.none())
        return Option.some(reasonOf(probed.left))
      })
  }))

/** The 503 a client sees during an outage. */
export const storeUnavailable = (reason: string) =>
  HttpServerResponse.unsafeJson(
    { error: `The session store is unavailable (its database cannot be reached: ${reason}). Try again shortly.` },
    { status: 503, headers: { "retry-after": String(retryAfterSeconds) } }
  )

/** Requests that read or write sessions: everything under an agent's API. */
const needsStore = (url: string) => url.startsWith("/api/agents/")

/** `app` answering 503 while the store is unreachable (see the module comment). */
export const unavailableWhenStoreDown = (health: StoreHealth) =>
<E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    if (!needsStore(request.url)) return yield* app
    const before = yield* health.check(false)
    if (Option.isSome(before)) return storeUnavailable(before.value)
    const exit = yield* Effect.exit(app)
    // A response (or a failure) other than a 500 is the route's own answer; an interruption is the client's.
    if (Exit.isSuccess(exit) ? exit.value.status !== 500 : Cause.isInterruptedOnly(exit.cause)) return yield* exit
    const after = yield* health.check(true)
    if (Option.isSome(after)) return storeUnavailable(after.value)
    // The store answers again, but this request could not get a connection (the database was still starting
    // up or went away under it): nothing of it ran on the store, so it is a 503 to try again, not a 500.
    const lost = Exit.isSuccess(exit) ? connectionLostIn(exit.value) : undefined
    return lost === undefined ? yield* exit : storeUnavailable(lost)
  })

/**
 * A failure to reach the database at all, as the drivers word it: no connection could be had (the pool's
 * "Failed to acquire connection", refused or reset), or the server was starting, stopping or recovering.
 */
export const connectionLost = /Failed to acquire connection|ECONNREFUSED|ECONNRESET|Connection terminated|the database system is (?:starting up|shutting down|in recovery mode)|terminating connection due to administrator command/i

/** The reason in a 500's JSON body when it says the database could not be reached. */
const connectionLostIn = (response: HttpServerResponse.HttpServerResponse): string | undefined => {
  if (response.body._tag !== "Uint8Array") return undefined
  const text = new TextDecoder().decode(response.body.body)
  return connectionLost.exec(text)?.[0]
}

/** How often a durable turn tries again while the store is unreachable, and for how long at most. */
const waitEvery = Duration.millis(500)
const waitAtMost = Duration.minutes(10)

/**
 * `effect`, tried again while it fails (or dies) and the store cannot be
 * reached: what a durable turn does when the database goes away under it
 * (a statement cut mid-flight, a load or a save refused). Once the store
 * answers, a failure is the effect's own and is passed on. Only for work
 * that may run twice: a turn's load, its journaled (idempotent) workflow and
 * the save of the same state, or re-sending a turn by its id.
 */
export const waitOutOutage = (health: StoreHealth) =>
<A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.sandbox(effect).pipe(
    Effect.retry({
      schedule: Schedule.spaced(waitEvery).pipe(Schedule.upTo(waitAtMost)),
      while: (cause) => Cause.isInterrupted(cause) ? Effect.succeed(false) : Effect.map(health.check(true), Option.isSome)
    }),
    Effect.unsandbox
  )
