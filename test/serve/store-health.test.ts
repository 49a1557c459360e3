/**
 * serve's 503 while the store is away (store-health.ts), on its own: a
 * request whose store could not be reached answers 503 with Retry-After —
 * also when the database is back by the time the middleware asks again, if
 * the request itself could not get a connection (seen under load: Postgres
 * still "starting up" for one request after the probe had vouched for it).
 * Any other 500 stays a 500.
 */
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import type { StoreHealth } from "../../src/serve/store-health.js"
import { unavailableWhenStoreDown } from "../../src/serve/store-health.js"

const healthy: StoreHealth = { check: () => Effect.succeed(Option.none()) }
const request = (url: string) => HttpServerRequest.fromWeb(new Request(`http://127.0.0.1${url}`))
const answering = (status: number, error: string) => Effect.succeed(HttpServerResponse.unsafeJson({ error }, { status }))

const run = (url: string, app: ReturnType<typeof answering>) =>
  unavailableWhenStoreDown(healthy)(app).pipe(Effect.provideService(HttpServerRequest.HttpServerRequest, request(url)))

describe("serve's store health", () => {
  it.effect("a request that could not get a connection is a 503 to try again, though the store answers again", () =>
    Effect.gen(function*() {
      const response = yield* run("/api/agents/echo/sessions/x", answering(500, "session store could not read sql:shoal_sessions/echo/x: Failed to acquire connection: the database system is starting up"))
      expect(response.status).toBe(503)
      expect(response.headers["retry-after"]).toBe("2")
    }))

  it.effect("any other 500 stays a 500, and a route's own answer is left alone", () =>
    Effect.gen(function*() {
      expect((yield* run("/api/agents/echo/sessions/x", answering(500, "the turn crashed: boom"))).status).toBe(500)
      expect((yield* run("/api/agents/echo/sessions/x", answering(409, "Failed to acquire connection"))).status).toBe(409)
    }))

  it.effect("a store that does not answer the probe is a 503 before the route runs", () =>
    Effect.gen(function*() {
      const down: StoreHealth = { check: () => Effect.succeed(Option.some("connect ECONNREFUSED 127.0.0.1:5432")) }
      const response = yield* unavailableWhenStoreDown(down)(Effect.dieMessage("the route must not run")).pipe(
        Effect.provideService(HttpServerRequest.HttpServerRequest, request("/api/agents/echo/sessions"))
      )
      expect(response.status).toBe(503)
    }))
})
