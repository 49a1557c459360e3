/**
 * A body sent without a `Content-Length` (chunked: a streamed upload) is
 * read here, up to the limit, before any route runs. The platform's own
 * limit destroys the request stream when a body grows past it, and with it
 * the socket, so the client would see a reset connection instead of the 413.
 * Here an over-long body is left unread and answered 413 with
 * `Connection: close`; one within the limit is handed to the routes as a
 * request holding those bytes.
 *
 * Where it sits: server.ts's guard, after the token and the declared size.
 */
import { HttpServerRequest, HttpServerResponse } from "@effect/platform"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import { Effect, Option } from "effect"

/** True when the request has a body whose size it did not declare. */
export const isUnsized = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers["content-length"] === undefined && request.headers["transfer-encoding"] !== undefined

/** The whole body, or none when it is longer than `max` bytes (the rest is left unread). */
const readCapped = (request: HttpServerRequest.HttpServerRequest, max: number) =>
  Effect.async<Option.Option<Uint8Array>>((resume) => {
    const incoming = NodeHttpServerRequest.toIncomingMessage(request)
    const chunks: Array<Buffer> = []
    let size = 0
    const done = (result: Option.Option<Uint8Array>) => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError)
      resume(Effect.succeed(result))
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > max) {
        incoming.pause()
        return done(Option.none())
      }
      chunks.push(chunk)
    }
    const onEnd = () => done(Option.some(new Uint8Array(Buffer.concat(chunks))))
    const onError = () => done(Option.some(new Uint8Array(0)))
    incoming.on("data", onData).on("end", onEnd).on("error", onError)
  })

/** `app` with an unsized body read first: a 413 when it is over `max`, else the same request holding the bytes. */
export const withUnsizedBody = <E, R>(
  request: HttpServerRequest.HttpServerRequest,
  max: number,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
) =>
  Effect.flatMap(readCapped(request, max), (body) => {
    if (Option.isNone(body)) {
      return Effect.succeed(HttpServerResponse.unsafeJson(
        { error: `The body is larger than ${Math.round(max / (1024 * 1024))} MB.` },
        { status: 413, headers: { connection: "close" } }
      ))
    }
    const headers = new Headers()
    for (const [key, value] of Object.entries(request.headers)) if (key !== "transfer-encoding") headers.set(key, value)
    const buffered = HttpServerRequest.fromWeb(new Request(`http://buffered.invalid${request.url}`, { method: request.method, headers, body: body.value }))
    return Effect.provideService(app, HttpServerRequest.HttpServerRequest, buffered)
  })
