/**
 * The web host's HTTP routes (@effect/platform, no web framework), for the
 * tidy page and any agent's page (`hostWeb`) alike:
 *
 *   GET  /                              the page (inlined, so the CLI bundle carries it)
 *   GET  /watch?s=ID                    the watch view: the session's events, live
 *   GET  /api/sessions                  stored sessions, newest first (the "resume" list)
 *   POST /api/sessions                  a new session → 201 { id }
 *   GET  /api/sessions/:id              the session's view (hosts a stored one on demand)
 *   GET  /api/sessions/:id/events       Server-Sent Events: the view now and after every change
 *   GET  /api/sessions/:id/agent-events Server-Sent Events: the session's events from now on, Schema-encoded
 *   GET  /api/events                    Server-Sent Events: every session's (and any in-process run's) events from now on
 *   POST /api/sessions/:id/messages     { text } → 202 (a card that is up is set aside); 409 while the coach thinks;
 *                                       400 empty, 413 over 2000 characters (said in words)
 *   POST /api/sessions/:id/answers      { questionId, answer } → 204; 404 / 422 when it does not fit
 *   POST /api/sessions/:id/not-now      { questionId } → 204: the card takes its safe fallback; 404 if it is not up
 *   POST /api/sessions/:id/photos       raw image bytes → 202 (offline, or an agent without photos: acknowledged, not
 *                                       looked at); 413 too large, 415 not an image (or no photo reader on this server)
 *
 * Where it sits: the GUI edge. Turns run in the session's own fiber
 * (session-host.ts), so a request never waits for the model or the user.
 */
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option, Schema, Stream } from "effect"
import { Answer } from "../domain/question.js"
import { Photos } from "../services/photos/photos.js"
import type { HostedSession } from "./agent-host.js"
import { pageHtml } from "./page/html.js"
import { watchPageHtml } from "./page/watch-html.js"
import type { AgentListing, AgentSessionsShape } from "./registry.js"
import { GuiSessions } from "./registry.js"

export interface GuiOptions {
  /** The largest photo accepted, in bytes (default 20 MB: a phone's full-size photo). */
  readonly maxUploadBytes?: number
}

export const defaultMaxUploadBytes = 20 * 1024 * 1024

const IdParams = Schema.Struct({ id: Schema.String })
const MessageBody = Schema.Struct({ text: Schema.String })

/** The longest message the page takes, in characters. */
export const maxMessageLength = 2000
const AnswerBody = Schema.Struct({ questionId: Schema.String, answer: Answer })
const NotNowBody = Schema.Struct({ questionId: Schema.String })

const problem = (status: number, error: string) => HttpServerResponse.unsafeJson({ error }, { status })
const size = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`

const encoder = new TextEncoder()

/** The name the page sent (URI-encoded), for messages only; never a path. */
const fileName = (header: string | undefined): string => {
  try {
    return decodeURIComponent(header ?? "photo").slice(0, 120) || "photo"
  } catch {
    return "photo"
  }
}

const emptyUpload = (): { readonly chunks: Array<Uint8Array>; readonly size: number } => ({ chunks: [], size: 0 })

/** A body with a length, so the browser sees a finished response and not an abandoned stream. */
const accepted = HttpServerResponse.unsafeJson({ accepted: true }, { status: 202 })

/** The pages a router serves: the chat page at `/`, the watch view at `/watch`. */
export interface RouterPages {
  readonly index: string
  readonly watch: string
}

/** The tidy page's routes, over the `GuiSessions` service. */
export const makeGuiRouter = (options: GuiOptions = {}) =>
  Effect.flatMap(GuiSessions, (registry) => makeAgentRouter(registry, { index: pageHtml, watch: watchPageHtml("Tidy") }, options))

/** The routes over one agent's sessions. Photos are read only if the server has a `Photos` reader. */
export const makeAgentRouter = <V>(registry: AgentSessionsShape<V, AgentListing>, pages: RouterPages, options: GuiOptions = {}) =>
  Effect.gen(function*() {
    const photos = yield* Effect.serviceOption(Photos)
    const maxUpload = options.maxUploadBytes ?? defaultMaxUploadBytes

    /** Run `f` with the session named in the path, or answer 404. */
    const withSession = <E, R>(f: (session: HostedSession<V>) => Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>) =>
      Effect.gen(function*() {
        const { id } = yield* HttpRouter.schemaPathParams(IdParams)
        const session = yield* registry.open(id)
        return yield* Option.match(session, { onNone: () => Effect.succeed(problem(404, `There is no session "${id}".`)), onSome: f })
      })

    const refused = (e: { readonly message: string; readonly _tag: string }) => problem(e._tag === "SessionEnded" ? 410 : 409, e.message)

    /** Server-Sent Events: each value one `data:` line of JSON. */
    const sse = (values: Stream.Stream<unknown>) =>
      Effect.succeed(HttpServerResponse.stream(
        Stream.concat(
          Stream.make("retry: 2000\n\n"),
          Stream.map(values, (value) => `data: ${JSON.stringify(value)}\n\n`)
        ).pipe(
          // A closing server ends every stream, so it can close without waiting for open pages.
          Stream.interruptWhen(registry.closing),
          Stream.map((text) => encoder.encode(text))
        ),
        { contentType: "text/event-stream", headers: { "cache-control": "no-store", "x-accel-buffering": "no" } }
      ))

    const photo = (session: HostedSession<V>) =>
      Effect.gen(function*() {
        if (Option.isNone(photos)) return problem(415, "This page takes no photos.")
        const request = yield* HttpServerRequest.HttpServerRequest
        const declared = Number(request.headers["content-length"] ?? "0")
        const name = fileName(request.headers["x-file-name"])
        const tooLarge = problem(413, `That photo is too large: the limit is ${size(maxUpload)}. Try a smaller one.`)
        // Read at most the limit; past it, drain without keeping (answering mid-upload resets the browser's connection).
        const bytes = yield* Stream.runFold(
          request.stream,
          emptyUpload(),
          (acc, chunk) => {
            const size = acc.size + chunk.byteLength
            if (size <= maxUpload && declared <= maxUpload) acc.chunks.push(chunk)
            return { chunks: acc.chunks, size }
          }
        ).pipe(Effect.map(({ chunks, size }) => (size > maxUpload || declared > maxUpload ? Option.none() : Option.some(Buffer.concat(chunks)))))
        if (Option.isNone(bytes)) return tooLarge
        if (bytes.value.byteLength === 0) return problem(400, "That file is empty.")
        const image = yield* Effect.either(photos.value.normalise(bytes.value, name))
        if (image._tag === "Left") {
          yield* Effect.logInfo(`refused an upload: ${image.left.message}`)
          return problem(415, `"${name}" is not a photo we can read. Try a JPEG, PNG, WebP or HEIC picture.`)
        }
        return yield* session.sendPhoto(image.right, name).pipe(
          Effect.as(accepted),
          Effect.catchAll((e) => Effect.succeed(refused(e)))
        )
      })

    return HttpRouter.empty.pipe(
      HttpRouter.get("/", HttpServerResponse.html(pages.index)),
      HttpRouter.get("/watch", HttpServerResponse.html(pages.watch)),
      HttpRouter.get("/api/sessions", Effect.flatMap(registry.list, (sessions) => HttpServerResponse.json({ sessions }))),
      HttpRouter.post("/api/sessions", Effect.flatMap(registry.create, (s) => HttpServerResponse.json({ id: s.id }, { status: 201 }))),
      HttpRouter.get("/api/sessions/:id", withSession((s) => Effect.flatMap(s.view, (view) => HttpServerResponse.json(view)))),
      HttpRouter.get("/api/sessions/:id/events", withSession((s) => sse(Stream.changes(s.changes)))),
      HttpRouter.get("/api/sessions/:id/agent-events", withSession((s) => sse(s.events))),
      HttpRouter.get("/api/events", sse(registry.events)),
      HttpRouter.post(
        "/api/sessions/:id/messages",
        withSession((s) =>
          Effect.flatMap(HttpServerRequest.schemaBodyJson(MessageBody), ({ text }) => {
            const message = text.trim()
            // Said in words, so the page can show why (and keep the text to shorten).
            if (message.length === 0) return Effect.succeed(problem(400, "That message is empty."))
            if (message.length > maxMessageLength) {
              return Effect.succeed(problem(413, `That message is too long: ${message.length} characters, at most ${maxMessageLength}. Send it in parts.`))
            }
            return s.say(message).pipe(
              Effect.as(accepted),
              Effect.catchAll((e) => Effect.succeed(refused(e)))
            )
          }))
      ),
      HttpRouter.post(
        "/api/sessions/:id/answers",
        withSession((s) =>
          Effect.flatMap(HttpServerRequest.schemaBodyJson(AnswerBody), ({ answer, questionId }) =>
            s.answer(questionId, answer).pipe(
              Effect.as(HttpServerResponse.empty({ status: 204 })),
              Effect.catchAll((e) => Effect.succeed(problem(e._tag === "NoSuchQuestion" ? 404 : 422, e.message)))
            )))
      ),
      HttpRouter.post(
        "/api/sessions/:id/not-now",
        withSession((s) =>
          Effect.flatMap(HttpServerRequest.schemaBodyJson(NotNowBody), ({ questionId }) =>
            s.notNow(questionId).pipe(
              Effect.as(HttpServerResponse.empty({ status: 204 })),
              Effect.catchAll((e) => Effect.succeed(problem(404, e.message)))
            )))
      ),
      HttpRouter.post("/api/sessions/:id/photos", withSession(photo)),
      HttpRouter.catchTags({
        ParseError: () => Effect.succeed(problem(400, "That request was not understood.")),
        RequestError: () => Effect.succeed(problem(400, "That request could not be read."))
      })
    )
  })

