/**
 * Wire tests for the OpenAI live `Llm` when things go wrong — retries and
 * broken streams: the real `openai` client, through
 * `layerOpenAi`, against the loopback fake server replaying the recorded
 * fixtures. Retries run on `TestClock`; nothing sleeps for real and nothing
 * leaves 127.0.0.1 (the base URL is always the fake server's).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, TestClock } from "effect"
import { adjustInSteps, driveToEnd, untilSleeping } from "../../fakes/clock-driver.js"
import { errorFixture, jsonFixture, localFixtures, sseFixture } from "../../fakes/llm-fixtures.js"
import { ask, collectStream, failureOf, openAiOnLoopback } from "../../fakes/llm-wire.js"

const setup = openAiOnLoopback

describe("layerOpenAi failures and retries", () => {
  it.scoped("waits out retry-after on a 429, then succeeds", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("17-openai-error-429-rate-limit", { headers: { "retry-after": "7" } }),
        jsonFixture("08-openai-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      yield* adjustInSteps("6900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      expect((yield* Fiber.join(fiber)).text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a 429 without retry-after on the backoff schedule (17)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("17-openai-error-429-rate-limit"), jsonFixture("08-openai-text.json"))
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      expect(yield* server.requests).toHaveLength(1)
      // The first jittered backoff is at least 0.8 s: not yet.
      yield* adjustInSteps("700 millis")
      expect(yield* server.requests).toHaveLength(1)
      const exit = yield* driveToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(yield* server.requests).toHaveLength(2)
      expect(yield* TestClock.currentTimeMillis).toBeLessThan(1_300)
    }))

  it.scoped("gives up after maxRetries + 1 requests with LlmUnavailable", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const limited = errorFixture("17-openai-error-429-rate-limit")
      yield* server.enqueue(limited, limited, limited, limited)
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))))
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", provider: "openai", status: 429, attempts: 4 })
      expect(yield* server.requests).toHaveLength(4)
    }))

  it.scoped("rejects a 400 after exactly one request (14)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("14-openai-error-400-invalid-request"))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error).toMatchObject({ _tag: "LlmRejected", status: 400, code: "unsupported_value" })
      expect(error.message).toContain("does not support 'system'")
      expect(yield* server.requests).toHaveLength(1)
    }))
})

describe("layerOpenAi stream failures", () => {
  it.scoped("retries a stream whose error chunk came before any text, then streams the answer", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        sseFixture("openai-stream-error-before-text.sse", localFixtures),
        sseFixture("12-openai-stream-text-after-tool.sse")
      )
      const exit = yield* driveToEnd(yield* Effect.fork(collectStream(llm.stream(ask("hi")))))
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.completed[0]?.text).toBe("The capital of the UK is London.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("fails without retry when a stream is cut after text, before its finish reason", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Fixture 12 up to " London": the connection dropped before the finish reason.
      const full = sseFixture("12-openai-stream-text-after-tool.sse")
      const cut = full.body.slice(0, full.body.indexOf("\n\n", full.body.indexOf("\" London\"")) + 2)
      yield* server.enqueue({ ...full, body: cut })
      const { exit, deltas, completed } = yield* collectStream(llm.stream(ask("hi")))
      expect(deltas.join("")).toBe("The capital of the UK is London")
      expect(completed).toHaveLength(0)
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", attempts: 1 })
      expect(yield* server.requests).toHaveLength(1)
    }))
})
