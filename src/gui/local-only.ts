/**
 * The web host answers only its own page. It listens on 127.0.0.1, but any web
 * page the user has open can still send requests there: a foreign `Host`
 * (DNS rebinding: evil.example resolving to 127.0.0.1) or a foreign `Origin`
 * on a request that changes something (a cross-site form post) is refused.
 *
 * Where it sits: middleware around the router (server.ts).
 */
import { HttpMiddleware, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

const localHosts = new Set(["127.0.0.1", "localhost", "[::1]"])

const forbidden = HttpServerResponse.unsafeJson({ error: "This server only answers its own page." }, { status: 403 })

export const localOnly = HttpMiddleware.make((app) =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    // Host names are case-insensitive.
    const host = (request.headers["host"] ?? "").toLowerCase()
    if (!localHosts.has(host.replace(/:\d+$/, ""))) return forbidden
    const origin = request.headers["origin"]?.toLowerCase()
    if (request.method !== "GET" && origin !== undefined && origin !== `http://${host}`) return forbidden
    return yield* app
  })
)
