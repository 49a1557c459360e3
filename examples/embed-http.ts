/**
 * Embedding the tidy agent in your own service: tidy sessions over HTTP with
 * `@effect/platform`, questions answered through an endpoint.
 *
 *   POST /sessions                      → 201 { id }
 *   GET  /sessions/:id                  → { phase, piles, itemsProcessed, pending }
 *   POST /sessions/:id/turns   { text } → { status: "done", reply, … } | { status: "question", question }
 *   POST /sessions/:id/answers { questionId, answer } → the same, once the turn goes on
 *
 * A turn runs in its own fiber; when the agent asks the user something
 * (`propose_disposition`), the request returns the question and the turn
 * waits — up to seeds/001's 5 minutes — for the answer to be posted. The
 * agent itself is unchanged: it only sees `QuestionUI`.
 *
 * Run it: `npm run example:http`, then
 *   curl -XPOST 127.0.0.1:8025/sessions
 *   curl -XPOST 127.0.0.1:8025/sessions/ID/turns -d '{"text":"it is my home office"}'
 */
import { HttpRouter, HttpServer, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { NodeHttpServer, NodeRuntime } from "@effect/platform-node"
import { Effect, Fiber, Layer, Option, Random, Ref, Schema, Stream } from "effect"
import { createServer } from "node:http"
import { layerFromSettings, Llm, resolveLlmSettings } from "shoal/llm"
import * as Tidy from "shoal/tidy"
import { Events, QuestionUI, SessionStore } from "shoal/tidy"

type SessionState = Tidy.SessionState
type TurnResponse = Tidy.TurnResponse

interface Hosted {
  readonly state: Ref.Ref<SessionState>
  readonly bridge: QuestionUI.QuestionBridgeShape
  readonly running: Ref.Ref<Option.Option<Fiber.RuntimeFiber<TurnResponse>>>
}

const TurnBody = Schema.Struct({ text: Schema.String })
const AnswerBody = Schema.Struct({ questionId: Schema.String, answer: QuestionUI.Answer })
const IdParams = Schema.Struct({ id: Schema.String })

const view = (state: SessionState) => ({
  phase: Tidy.phase(state),
  piles: state.piles,
  itemsProcessed: state.itemsProcessed
})

const problem = (status: number, error: string) => HttpServerResponse.json({ error }, { status })

/** The router, with one agent per session; needs Llm, Events and SessionStore from the host. */
export const makeTidyRouter = Effect.gen(function*() {
  const llm = yield* Llm
  const events = yield* Events.Events
  const store = yield* SessionStore.SessionStore
  const scope = yield* Effect.scope
  const sessions = yield* Ref.make(new Map<string, Hosted>())

  const find = Effect.gen(function*() {
    const { id } = yield* HttpRouter.schemaPathParams(IdParams)
    return Option.map(Option.fromNullable((yield* Ref.get(sessions)).get(id)), (hosted) => ({ id, hosted }))
  })

  /** Wait until the running turn finishes or asks the user something. */
  const settle = (id: string, hosted: Hosted, fiber: Fiber.RuntimeFiber<TurnResponse>) =>
    Effect.raceFirst(
      Effect.map(Fiber.join(fiber), (r) => ({ status: "done" as const, reply: r.reply, ended: r.ended, ...view(r.state) })),
      hosted.bridge.changes.pipe(
        Stream.filterMap((p: Option.Option<QuestionUI.PendingQuestion>) => p),
        Stream.runHead,
        Effect.map((q) => ({ status: "question" as const, question: Option.getOrNull(q) }))
      )
    ).pipe(Effect.flatMap((body) => HttpServerResponse.json({ id, ...body })))

  const startTurn = (id: string, hosted: Hosted, text: string) =>
    Effect.gen(function*() {
      const ui = QuestionUI.withTimeout()(hosted.bridge.ui)
      const run = Effect.gen(function*() {
        const response = yield* Tidy.turn(yield* Ref.get(hosted.state), Tidy.userSaid(text))
        yield* Ref.set(hosted.state, response.state)
        yield* store.save(Tidy.tidySessions, SessionStore.SessionId.make(id), response.state).pipe(Effect.orDie)
        return response
      }).pipe(
        Effect.provideService(Llm, llm),
        Effect.provideService(Events.Events, events),
        Effect.provideService(QuestionUI.QuestionUI, ui),
        Effect.ensuring(Ref.set(hosted.running, Option.none()))
      )
      // The turn outlives the request that started it: it may wait for an answer.
      const fiber = yield* Effect.forkIn(run, scope)
      yield* Ref.set(hosted.running, Option.some(fiber))
      return fiber
    })

  return HttpRouter.empty.pipe(
    HttpRouter.post(
      "/sessions",
      Effect.gen(function*() {
        const id = `s${(yield* Random.nextIntBetween(0, 36 ** 6)).toString(36)}`
        const hosted: Hosted = {
          state: yield* Ref.make(Tidy.initialState),
          bridge: yield* QuestionUI.makeQuestionBridge,
          running: yield* Ref.make(Option.none<Fiber.RuntimeFiber<TurnResponse>>())
        }
        yield* Ref.update(sessions, (m) => new Map(m).set(id, hosted))
        return yield* HttpServerResponse.json({ id }, { status: 201 })
      })
    ),
    HttpRouter.get(
      "/sessions/:id",
      Effect.flatMap(find, Option.match({
        onNone: () => problem(404, "no such session"),
        onSome: ({ hosted }) =>
          Effect.flatMap(Effect.all([Ref.get(hosted.state), hosted.bridge.pending]), ([state, pending]) =>
            HttpServerResponse.json({ ...view(state), pending: Option.getOrNull(pending) }))
      }))
    ),
    HttpRouter.post(
      "/sessions/:id/turns",
      Effect.gen(function*() {
        const found = yield* find
        if (Option.isNone(found)) return yield* problem(404, "no such session")
        const { id, hosted } = found.value
        if (Option.isSome(yield* Ref.get(hosted.running))) return yield* problem(409, "a turn is waiting for an answer")
        const { text } = yield* HttpServerRequest.schemaBodyJson(TurnBody)
        return yield* settle(id, hosted, yield* startTurn(id, hosted, text))
      })
    ),
    HttpRouter.post(
      "/sessions/:id/answers",
      Effect.gen(function*() {
        const found = yield* find
        if (Option.isNone(found)) return yield* problem(404, "no such session")
        const { id, hosted } = found.value
        const { answer, questionId } = yield* HttpServerRequest.schemaBodyJson(AnswerBody)
        const running = yield* Ref.get(hosted.running)
        const answered = yield* Effect.either(hosted.bridge.answer(questionId, answer))
        if (answered._tag === "Left") return yield* problem(answered.left._tag === "NoSuchQuestion" ? 404 : 422, answered.left.message)
        return Option.isSome(running) ? yield* settle(id, hosted, running.value) : yield* problem(409, "no turn is running")
      })
    ),
    HttpRouter.catchTags({
      ParseError: (e) => problem(400, e.message),
      RequestError: (e) => problem(400, e.message)
    })
  )
})

/** The whole service as a layer: serve the router on the given HttpServer. */
export const TidyHttpLive = Layer.unwrapScoped(Effect.map(makeTidyRouter, (router) => HttpServer.serve(router)))

// Run directly: a tidy service on 127.0.0.1:8025, offline unless a key is set.
if (process.argv[1]?.endsWith("embed-http.mjs") === true || process.argv[1]?.endsWith("embed-http.ts") === true) {
  const llm = Layer.unwrapEffect(
    Effect.map(resolveLlmSettings({ provider: Option.none(), model: Option.none(), baseUrl: Option.none(), fallbackModel: Option.none() }), (s) =>
      layerFromSettings(s))
  )
  TidyHttpLive.pipe(
    HttpServer.withLogAddress,
    Layer.provide(NodeHttpServer.layer(createServer, { port: 8025, host: "127.0.0.1" })),
    Layer.provide(Layer.mergeAll(llm, Events.layerEvents, SessionStore.layerMemory)),
    Layer.provide(NodeHttpServer.layerContext),
    Layer.launch,
    NodeRuntime.runMain
  )
}

