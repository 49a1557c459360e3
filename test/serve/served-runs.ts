/**
 * `shoal serve` in the test's process with the run agents (droid, shop): the
 * real runtime on a SQLite file and a loopback port, like harness.ts, but with
 * the agents the test builds; an SSE reader for a session's events; and a model
 * that answers from the prompt alone (so a replayed turn asks it the same).
 */
import { HttpServer } from "@effect/platform"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Context, Effect, Layer, Option, Stream } from "effect"
import type { Scope } from "effect"
import { createServer } from "node:http"
import type { GenerateRequest, ModelResponse } from "../../src/domain/llm.js"
import { StreamEvent } from "../../src/domain/llm.js"
import { Llm } from "../../src/services/llm/llm.js"
import type { AgentFactory } from "../../src/serve/server.js"
import { layerServe, layerSql } from "../../src/serve/server.js"
import { requestTo } from "./harness.js"

export interface Serving {
  readonly url: string
  readonly request: (method: string, path: string, body?: unknown, headers?: Record<string, string>) => Effect.Effect<{ readonly status: number; readonly json: unknown }>
}

/** The server with `agents` on `db`, listening on 127.0.0.1, for the scope. */
export const startServing = (options: {
  readonly db: string
  readonly llm: Layer.Layer<Llm>
  readonly agents: ReadonlyArray<AgentFactory>
  readonly unavailable?: ReadonlyArray<{ readonly name: string; readonly enable: string }>
}): Effect.Effect<Serving, never, Scope.Scope> =>
  Effect.gen(function*() {
    const http = NodeHttpServer.layer(() => createServer(), { port: 0, host: "127.0.0.1" })
    const app = layerServe({ host: "127.0.0.1", token: Option.none(), ...(options.unavailable === undefined ? {} : { unavailable: options.unavailable }) }, options.agents)
      .pipe(Layer.provideMerge(http), Layer.provide(options.llm), Layer.provide(layerSql(options.db)))
    const context = yield* Layer.build(Layer.orDie(app))
    const address = Context.get(context, HttpServer.HttpServer).address
    const url = address._tag === "TcpAddress" ? `http://127.0.0.1:${address.port}` : ""
    return { url, request: requestTo(url) }
  })

/**
 * The session's SSE stream from now on, read in the background until an event named `until` arrives:
 * `events` gives the `data:` payloads read so far.
 */
export const readEvents = (url: string, path: string, until: string) =>
  Effect.gen(function*() {
    const controller = new AbortController()
    yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
    const response = yield* Effect.promise(() => fetch(`${url}${path}`, { signal: controller.signal }))
    const reader = response.body?.getReader()
    if (reader === undefined) return yield* Effect.dieMessage("the event stream has no body")
    const decoder = new TextDecoder()
    let text = ""
    const reading = yield* Effect.fork(Effect.promise(async () => {
      while (!text.includes(`event: ${until}`)) {
        const chunk = await reader.read()
        if (chunk.done) break
        text += decoder.decode(chunk.value)
      }
    }))
    return {
      contentType: response.headers.get("content-type") ?? "",
      done: Effect.timeoutFail(reading.await, { duration: "60 seconds", onTimeout: () => new Error(`no ${until} in:\n${text}`) }),
      events: () => text.split("\n").filter((l) => l.startsWith("data: ")).map((l): unknown => JSON.parse(l.slice("data: ".length)))
    }
  })

/** A model that answers each request by `answer` (a function of the request only), counting its calls. */
export const modelFrom = (answer: (request: GenerateRequest) => Effect.Effect<ModelResponse>) => {
  let calls = 0
  const generate = (request: GenerateRequest) => Effect.suspend(() => {
    calls += 1
    return answer(request)
  })
  const layer = Layer.succeed(Llm, {
    provider: "test",
    model: "test",
    generate,
    stream: (request) => Stream.flatMap(Stream.fromEffect(generate(request)), (response) => Stream.make(StreamEvent.Completed({ response })))
  })
  return { layer, calls: () => calls }
}
