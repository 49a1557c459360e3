/**
 * The bounds on one model call, against the loopback fake server with the real
 * SDK clients: a provider that never answers, a stream that goes silent, a
 * call that outlasts its budget, a provider that keeps failing (the breaker),
 * a 200 whose body is not a response, and a response over the size cap.
 * Time is the `TestClock`; nothing sleeps for real and nothing leaves 127.0.0.1.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Exit, Fiber, Redacted, Stream, TestClock } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { layerAnthropic } from "../../../src/services/llm/anthropic.js"
import { chain } from "../../../src/services/llm/fallback.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { layerOpenAi } from "../../../src/services/llm/openai.js"
import { cappedFetch, ResponseTooLarge } from "../../../src/services/llm/provider.js"
import type { RetryPolicy } from "../../../src/services/llm/resilient.js"
import { driveToEnd, eventually } from "../../fakes/clock-driver.js"
import { errorFixture, jsonFixture, localFixtures } from "../../fakes/llm-fixtures.js"
import type { CannedResponse } from "../../fakes/llm-server.js"
import { makeLlmServer } from "../../fakes/llm-server.js"
import { ask, collectStream, failureOf } from "../../fakes/llm-wire.js"
import { metered } from "../../../src/services/llm/resilient.js"
import type { LlmShape } from "../../../src/services/llm/llm.js"
import { ModelResponse, StreamEvent, TextBlock, Usage } from "../../../src/domain/llm.js"
import { UsageMeter } from "../../../src/services/llm/usage.js"

const unbounded: RetryPolicy = {
  maxRetries: 1,
  baseDelay: "1 second",
  maxDelay: "60 seconds",
  attemptTimeout: Duration.infinity,
  idleTimeout: Duration.infinity,
  totalTimeout: Duration.infinity
}

const anthropicWith = (policy: RetryPolicy, maxResponseBytes?: number) =>
  Effect.gen(function*() {
    const server = yield* makeLlmServer({ path: "/v1/messages" })
    const llm = yield* Effect.provide(
      Llm,
      layerAnthropic({
        apiKey: Redacted.make("sk-ant-test-key"),
        model: "claude-test",
        baseUrl: server.url,
        ...(maxResponseBytes === undefined ? {} : { maxResponseBytes })
      }, policy)
    )
    return { server, llm }
  })

const openAiWith = (policy: RetryPolicy, maxResponseBytes?: number) =>
  Effect.gen(function*() {
    const server = yield* makeLlmServer({ path: "/v1/chat/completions" })
    const llm = yield* Effect.provide(
      Llm,
      layerOpenAi({
        apiKey: Redacted.make("sk-openai-test-key"),
        model: "gpt-test",
        baseUrl: `${server.url}/v1`,
        ...(maxResponseBytes === undefined ? {} : { maxResponseBytes })
      }, policy)
    )
    return { server, llm }
  })

const silent: CannedResponse = { status: 200, contentType: "application/json", body: "", silent: true }
const serverError = errorFixture("anthropic-500-api-error", { dir: localFixtures })

describe("time bounds", () => {
  it.scoped("a provider that accepts the connection and never answers: LlmTimeout per attempt, sockets closed", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicWith({ ...unbounded, attemptTimeout: "5 seconds" })
      yield* server.enqueue(silent, silent)
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))), { limit: "1 minute" })
      const error = failureOf(exit)
      expect(error?._tag).toBe("LlmTimeout")
      expect(error).toMatchObject({ limit: "attempt", afterMillis: 5_000, attempts: 2 })
      expect(yield* server.requests).toHaveLength(2)
      // Each timed-out attempt aborted its request: no socket is left open.
      yield* eventually(Effect.map(server.openResponses, (n) => n === 0))
      // 5 s, a ~1 s backoff, 5 s: well under a minute of simulated time.
      expect(yield* TestClock.currentTimeMillis).toBeLessThan(15_000)
    }))

  it.scoped("a stream that goes silent after its headers: LlmTimeout (idle)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicWith({ ...unbounded, maxRetries: 0, idleTimeout: "3 seconds" })
      yield* server.enqueue({ status: 200, contentType: "text/event-stream", body: "", holdOpen: true })
      const fiber = yield* Effect.fork(collectStream(llm.stream(ask("hi"))))
      const outcome = yield* driveToEnd(fiber, { limit: "1 minute" })
      expect(Exit.isSuccess(outcome)).toBe(true)
      if (Exit.isSuccess(outcome)) {
        expect(failureOf(outcome.value.exit)).toMatchObject({ _tag: "LlmTimeout", limit: "idle", afterMillis: 3_000 })
      }
      yield* eventually(Effect.map(server.openResponses, (n) => n === 0))
    }))

  it.scoped("retries that would outlast the call's budget end it with LlmTimeout (total)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicWith({ ...unbounded, maxRetries: 10, totalTimeout: "10 seconds" })
      yield* server.enqueue(...Array.from({ length: 11 }, () => serverError))
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))), { limit: "5 minutes" })
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmTimeout", limit: "total", afterMillis: 10_000 })
      // Backoffs of ~1, 2, 4 s fit in 10 s; the fourth wait (~8 s) does not.
      expect((yield* server.requests).length).toBeLessThanOrEqual(5)
      expect(yield* TestClock.currentTimeMillis).toBeLessThan(11_000)
    }))
})

describe("the provider's circuit breaker", () => {
  it.scoped("after a run of failures, later calls fail at once without a request, until the cool-down ends", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* anthropicWith({ ...unbounded, maxRetries: 1, breakerCooldown: "30 seconds" })
      yield* server.enqueue(serverError, serverError)
      const first = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))))
      expect(failureOf(first)?._tag).toBe("LlmUnavailable")
      expect(yield* server.requests).toHaveLength(2)

      const second = yield* Effect.exit(llm.generate(ask("again")))
      expect(failureOf(second)).toMatchObject({ _tag: "LlmUnavailable", attempts: 0 })
      expect(yield* server.requests).toHaveLength(2)

      yield* TestClock.adjust("30 seconds")
      yield* server.enqueue(jsonFixture("01-anthropic-text.json"))
      const third = yield* Effect.fork(llm.generate(ask("later")))
      expect((yield* Fiber.join(third)).text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(3)
    }))

  it.scoped("with a fallback model, calls after the first go straight to it", () =>
    Effect.gen(function*() {
      const primary = yield* anthropicWith({ ...unbounded, maxRetries: 1 })
      const fallback = yield* anthropicWith(unbounded)
      const llm = chain(primary.llm, fallback.llm)
      yield* primary.server.enqueue(serverError, serverError)
      yield* fallback.server.enqueue(jsonFixture("01-anthropic-text.json"), jsonFixture("01-anthropic-text.json"))
      const first = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("one"))))
      expect(Exit.isSuccess(first)).toBe(true)
      const before = yield* TestClock.currentTimeMillis
      const second = yield* Effect.fork(llm.generate(ask("two")))
      expect((yield* Fiber.join(second)).text).toBe("The capital of France is Paris.")
      // No new request to the failing primary, and no time spent waiting on it.
      expect(yield* primary.server.requests).toHaveLength(2)
      expect(yield* TestClock.currentTimeMillis).toBe(before)
      expect(yield* fallback.server.requests).toHaveLength(2)
    }))
})

for (const [name, setup, okBody] of [
  ["anthropic", anthropicWith, "01-anthropic-text.json"],
  ["openai", openAiWith, "08-openai-text.json"]
] as const) {
  describe(`${name}: answers that are not responses`, () => {
    it.scoped("a 200 whose body is not JSON is a ProviderProtocolError after one request, not retried", () =>
      Effect.gen(function*() {
        const { llm, server } = yield* setup(unbounded)
        yield* server.enqueue({ status: 200, contentType: "application/json", body: "{\"id\": \"msg_1\", \"content\": [" })
        const exit = yield* Effect.exit(llm.generate(ask("hi")))
        expect(failureOf(exit)?._tag).toBe("ProviderProtocolError")
        expect(yield* server.requests).toHaveLength(1)
      }))

    it.scoped("a 200 whose JSON is not a response is a ProviderProtocolError, not a crash", () =>
      Effect.gen(function*() {
        const { llm, server } = yield* setup(unbounded)
        yield* server.enqueue({ status: 200, contentType: "application/json", body: "{\"hello\": 1}" })
        const exit = yield* Effect.exit(llm.generate(ask("hi")))
        expect(failureOf(exit)?._tag).toBe("ProviderProtocolError")
        expect(yield* server.requests).toHaveLength(1)
      }))

    it.scoped("a response over the size cap is refused with ProviderProtocolError", () =>
      Effect.gen(function*() {
        const { llm, server } = yield* setup(unbounded, 4096)
        const real = jsonFixture(okBody)
        // Still a valid response, padded with whitespace past the cap.
        yield* server.enqueue({ ...real, body: real.body + " ".repeat(10_000) })
        const exit = yield* Effect.exit(llm.generate(ask("hi")))
        const error = failureOf(exit)
        expect(error?._tag).toBe("ProviderProtocolError")
        expect(error?.message).toContain("larger than 4 KiB")
        expect(yield* server.requests).toHaveLength(1)
      }))
  })
}

describe("cappedFetch", () => {
  it("cuts a chunked body (no declared length) as soon as it passes the cap", async () => {
    let written = 0
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" })
      const chunk = "x".repeat(1024)
      const timer = setInterval(() => {
        written += chunk.length
        if (written > 1024 * 1024) {
          clearInterval(timer)
          res.end()
        } else res.write(chunk)
      }, 0)
      res.on("close", () => clearInterval(timer))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    try {
      const { port } = server.address() as AddressInfo
      const response = await cappedFetch(16 * 1024)(`http://127.0.0.1:${port}/`)
      await expect(response.text()).rejects.toBeInstanceOf(ResponseTooLarge)
      expect(written).toBeLessThan(1024 * 1024)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe("metered", () => {
  it.effect("a custom Llm wrapped with metered counts its usage in the session's meter", () =>
    Effect.gen(function*() {
      // A model of the embedder's own, knowing nothing of Shoal's meter.
      const response = new ModelResponse({
        model: "own",
        content: [new TextBlock({ text: "hi" })],
        stopReason: "end_turn",
        usage: new Usage({ inputTokens: 10, outputTokens: 3 })
      })
      const custom: LlmShape = {
        provider: "mine",
        model: "own",
        generate: () => Effect.succeed(response),
        stream: () => Stream.make(StreamEvent.Completed({ response }))
      }
      const llm = metered(custom)
      yield* llm.generate(ask("a"))
      yield* collectStream(llm.stream(ask("b")))
      const meter = yield* UsageMeter
      expect(yield* meter.calls).toBe(2)
      expect((yield* meter.total).inputTokens).toBe(20)
    }).pipe(Effect.provide(UsageMeter.layer)))
})
