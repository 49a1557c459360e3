/**
 * Wire tests for the Anthropic live `Llm` when things go wrong — retries,
 * streams, interruption: the real `@anthropic-ai/sdk` client,
 * through `layerAnthropic`, against the loopback fake server replaying the
 * recorded fixtures. Retries run on `TestClock`; nothing sleeps for real and
 * nothing leaves 127.0.0.1 (the base URL is always the fake server's).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Ref, Stream, TestClock } from "effect"
import { adjustInSteps, driveToEnd, eventually, untilSleeping } from "../../fakes/clock-driver.js"
import { errorFixture, jsonFixture, localFixtures, sseFixture } from "../../fakes/llm-fixtures.js"
import { anthropicOnLoopback, ask, collectStream, failureOf, testPolicy } from "../../fakes/llm-wire.js"

const setup = anthropicOnLoopback

describe("layerAnthropic failures and retries", () => {
  it.scoped("waits out retry-after on a 429, then succeeds (16)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("16-anthropic-error-429-rate-limit"), jsonFixture("01-anthropic-text.json"))
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      expect(yield* server.requests).toHaveLength(1)
      // The backoff alone would retry after ~1 s; retry-after says 16.
      yield* adjustInSteps("15900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      const response = yield* Fiber.join(fiber)
      expect(response.text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("honours retry-after on a 529 too", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("15-anthropic-error-529-overloaded", { headers: { "retry-after": "5" } }),
        jsonFixture("01-anthropic-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      yield* adjustInSteps("4900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      expect((yield* Fiber.join(fiber)).text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a 500 with backoff and succeeds", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("anthropic-500-api-error", { dir: localFixtures }),
        jsonFixture("01-anthropic-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      const exit = yield* driveToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(yield* server.requests).toHaveLength(2)
      // The jittered first backoff is 1 s × [0.8, 1.2).
      expect(yield* TestClock.currentTimeMillis).toBeGreaterThanOrEqual(800)
    }))

  it.scoped("gives up on a run of 529s with LlmUnavailable after maxRetries + 1 requests (15)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const overloaded = errorFixture("15-anthropic-error-529-overloaded")
      yield* server.enqueue(overloaded, overloaded, overloaded, overloaded)
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))))
      const error = failureOf(exit)
      expect(error?._tag).toBe("LlmUnavailable")
      expect(error).toMatchObject({ provider: "anthropic", model: "claude-test", status: 529, attempts: 4 })
      expect(yield* server.requests).toHaveLength(testPolicy.maxRetries + 1)
      expect(yield* server.pending).toBe(0)
      // Backoffs of 1, 2 and 4 s, each jittered down by at most 20%.
      expect(yield* TestClock.currentTimeMillis).toBeGreaterThanOrEqual(0.8 * 7_000)
    }))

  it.scoped("rejects a 400 after exactly one request (13)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("13-anthropic-error-400-invalid-request"))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error._tag).toBe("LlmRejected")
      expect(error).toMatchObject({ status: 400, code: "invalid_request_error" })
      expect(error.message).toContain("does not support effort level")
      expect(yield* server.requests).toHaveLength(1)
    }))

  it.scoped("does not retry a 429 that says the spend limit is reached, despite its retry-after", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("anthropic-429-spend-limit", { dir: localFixtures }))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error).toMatchObject({ _tag: "LlmRejected", status: 429, code: "enforced_spend_limit_reached" })
      expect(yield* server.requests).toHaveLength(1)
    }))
})

describe("layerAnthropic streaming", () => {
  it.scoped("streams text deltas, then assembles the tool input from JSON fragments (06)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("06-anthropic-stream-tool-use.sse"))
      const { exit, deltas, completed } = yield* collectStream(llm.stream(ask("Weather in Paris?")))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(deltas).toEqual(["I", "'ll check the current weather in Paris for you."])
      expect(completed).toHaveLength(1)
      const response = completed[0]
      expect(response?.text).toBe("I'll check the current weather in Paris for you.")
      expect(response?.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual([
        ["toolu_01NRLabsLyVHZPKxbKvkfSMn", "get_weather", { location: "Paris" }]
      ])
      expect(response?.stopReason).toBe("tool_use")
      expect(response?.usage).toMatchObject({ inputTokens: 377, outputTokens: 65 })
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({ stream: true, model: "claude-test" })
    }))

  it.scoped("ignores a compaction block and tolerates padded JSON and emoji (07)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("07-anthropic-stream-text-padded-unknown-block.sse"))
      const { exit, deltas, completed } = yield* collectStream(llm.stream(ask("Now say hello.")))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(deltas).toEqual(["Hello!", " ", "👋"])
      expect(completed[0]?.content).toHaveLength(1)
      expect(completed[0]?.text).toBe("Hello! 👋")
      expect(completed[0]?.model).toBe("claude-sonnet-4-6")
      expect(completed[0]?.usage).toMatchObject({ inputTokens: 181, outputTokens: 8 })
    }))

  it.scoped("retries a stream whose overloaded error came before any text", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        sseFixture("anthropic-stream-error-before-text.sse", localFixtures),
        sseFixture("07-anthropic-stream-text-padded-unknown-block.sse")
      )
      const fiber = yield* Effect.fork(collectStream(llm.stream(ask("Now say hello."))))
      const exit = yield* driveToEnd(fiber)
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.deltas).toEqual(["Hello!", " ", "👋"])
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a stream cut off before any content, as a network failure", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Only the first event of fixture 06: the connection dropped after message_start.
      const full = sseFixture("06-anthropic-stream-tool-use.sse")
      yield* server.enqueue(
        { ...full, body: full.body.slice(0, full.body.indexOf("\n\n") + 2) },
        sseFixture("07-anthropic-stream-text-padded-unknown-block.sse")
      )
      const exit = yield* driveToEnd(yield* Effect.fork(collectStream(llm.stream(ask("hi")))))
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.completed[0]?.text).toBe("Hello! 👋")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("does not retry a stream that fails after text reached the caller", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("anthropic-stream-error-after-text.sse", localFixtures))
      const { exit, deltas, completed } = yield* collectStream(llm.stream(ask("hi")))
      expect(deltas).toEqual(["Hello, I can"])
      expect(completed).toHaveLength(0)
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", attempts: 1 })
      expect(yield* server.requests).toHaveLength(1)
    }))
})

describe("layerAnthropic interruption", () => {
  it.scoped("closes the connection when a stalled stream is interrupted", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Fixture 06 up to its first text delta, then the server goes quiet without ending the body.
      const full = sseFixture("06-anthropic-stream-tool-use.sse")
      const firstDelta = full.body.indexOf("\n\n", full.body.indexOf("text_delta")) + 2
      yield* server.enqueue({ ...full, body: full.body.slice(0, firstDelta), holdOpen: true })
      const deltas = yield* Ref.make<ReadonlyArray<string>>([])
      const fiber = yield* Effect.fork(Stream.runForEach(llm.stream(ask("hi")), (e) =>
        e._tag === "TextDelta" ? Ref.update(deltas, (d) => [...d, e.text]) : Effect.void))
      yield* eventually(Effect.map(Ref.get(deltas), (d) => d.length === 1))
      expect(yield* server.openResponses).toBe(1)
      yield* Fiber.interrupt(fiber)
      yield* eventually(Effect.map(server.openResponses, (n) => n === 0))
      expect(yield* Ref.get(deltas)).toEqual(["I"])
    }))
})
