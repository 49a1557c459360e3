/**
 * A loopback stand-in for an LLM provider's HTTP API, for wire tests that
 * drive the real SDK clients.
 *
 * Where it sits: test/fakes, beside the other fake services. It is a scoped
 * resource: it listens on 127.0.0.1 on a free port, answers each request with
 * the next canned response, records every request (method, path, headers,
 * parsed JSON body), and closes when the test's scope closes. A request it did
 * not expect — wrong path, or no canned response left — gets a 500 naming the
 * problem (so the SDK fails at once) and is recorded; closing the scope then
 * dies with the list, so the test fails even if the code under test swallowed
 * the 500 into a fallback.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { createServer } from "node:http"
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"

export interface CannedResponse {
  readonly status: number
  readonly contentType: "application/json" | "text/event-stream"
  readonly body: string
  readonly headers?: Readonly<Record<string, string>>
  /** Send the body but never end the response, like a server that stalls mid-stream. */
  readonly holdOpen?: boolean
  /** Accept the request and never answer at all, not even the status line. */
  readonly silent?: boolean
}

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
  /** The JSON body, parsed; the raw text when it is not JSON. */
  readonly body: unknown
}

export interface LlmServer {
  /** `http://127.0.0.1:<port>` — pass it (plus `/v1` for OpenAI) as the adapter's base URL. */
  readonly url: string
  readonly enqueue: (...responses: ReadonlyArray<CannedResponse>) => Effect.Effect<void>
  readonly requests: Effect.Effect<ReadonlyArray<RecordedRequest>>
  /** How many canned responses have not been served yet. */
  readonly pending: Effect.Effect<number>
  readonly unexpected: Effect.Effect<ReadonlyArray<string>>
  /** Responses whose connection the client has not closed yet. */
  readonly openResponses: Effect.Effect<number>
}

export const makeLlmServer = (options: {
  /** Every request must be `POST` to this path, e.g. `/v1/messages`. */
  readonly path: string
}): Effect.Effect<LlmServer, never, Scope.Scope> =>
  Effect.gen(function*() {
    const queue: Array<CannedResponse> = []
    const requests: Array<RecordedRequest> = []
    const unexpected: Array<string> = []
    let open = 0

    const reject = (res: ServerResponse, problem: string) => {
      unexpected.push(problem)
      res.writeHead(500, { "content-type": "application/json" })
      res.end(JSON.stringify({ type: "error", error: { type: "test_server_error", message: problem } }))
    }

    const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
      const method = req.method ?? ""
      const path = req.url ?? ""
      requests.push({ method, path, headers: req.headers, body: parseJson(text) })
      if (method !== "POST" || path !== options.path) {
        return reject(res, `unexpected ${method} ${path} (expected POST ${options.path})`)
      }
      const next = queue.shift()
      if (next === undefined) return reject(res, `no canned response left for request #${requests.length}`)
      if (next.silent === true || next.holdOpen === true) {
        open += 1
        res.on("close", () => void (open -= 1))
        if (next.silent === true) return
      }
      res.writeHead(next.status, { ...next.headers, "content-type": next.contentType })
      if (next.holdOpen !== true) return void res.end(next.body)
      res.write(next.body)
    }

    const server = yield* Effect.acquireRelease(
      Effect.async<ReturnType<typeof createServer>>((resume) => {
        const s = createServer((req, res) => {
          const parts: Array<Buffer> = []
          req.on("data", (chunk: Buffer) => parts.push(chunk))
          req.on("end", () => handle(req, res, Buffer.concat(parts).toString("utf8")))
        })
        s.listen(0, "127.0.0.1", () => resume(Effect.succeed(s)))
      }),
      (s) =>
        Effect.async<void>((resume) => {
          s.closeAllConnections()
          s.close(() => resume(Effect.void))
        }).pipe(
          Effect.zipRight(Effect.suspend(() =>
            unexpected.length === 0
              ? Effect.void
              : Effect.dieMessage(`the fake LLM server got unexpected requests:\n${unexpected.join("\n")}`)
          ))
        )
    )
    const address = server.address()
    if (address === null || typeof address === "string") return yield* Effect.dieMessage("server has no TCP address")
    const port = (address satisfies AddressInfo).port

    return {
      url: `http://127.0.0.1:${port}`,
      enqueue: (...responses) => Effect.sync(() => void queue.push(...responses)),
      requests: Effect.sync(() => [...requests]),
      pending: Effect.sync(() => queue.length),
      unexpected: Effect.sync(() => [...unexpected]),
      openResponses: Effect.sync(() => open)
    }
  })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
