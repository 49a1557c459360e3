import { describe, expect, it } from "@effect/vitest"
import { Cause, Duration, Effect, Exit, Fiber, Option, Ref, Stream, TestClock } from "effect"
import { GenerateRequest, ModelResponse, StreamEvent, TextBlock, Usage, userText } from "../../../src/domain/llm.js"
import type { ProviderAdapter } from "../../../src/services/llm/provider.js"
import { classifyHttpFailure, parseRetryAfter, ProviderFailure } from "../../../src/services/llm/provider.js"
import { resilient } from "../../../src/services/llm/resilient.js"

const ok = new ModelResponse({
  model: "m",
  content: [new TextBlock({ text: "hi" })],
  stopReason: "end_turn",
  usage: new Usage({ inputTokens: 1, outputTokens: 1 })
})
const request = new GenerateRequest({ messages: [userText("hello")] })
const policy = { maxRetries: 3, baseDelay: "1 second", maxDelay: "30 seconds" } as const

/** An adapter that plays a script of outcomes and records when each attempt happened (TestClock millis). */
const scriptedAdapter = (outcomes: ReadonlyArray<ProviderFailure | ModelResponse>) =>
  Effect.gen(function*() {
    const attempts = yield* Ref.make<ReadonlyArray<number>>([])
    let i = 0
    const adapter: ProviderAdapter = {
      provider: "fake",
      model: "m",
      generate: () =>
        Effect.gen(function*() {
          const now = yield* Effect.clockWith((c) => c.currentTimeMillis)
          yield* Ref.update(attempts, (a) => [...a, now])
          const outcome = outcomes[Math.min(i++, outcomes.length - 1)]
          return outcome instanceof ModelResponse ? outcome : yield* Effect.fail(outcome ?? new ProviderFailure({ message: "x", retryable: false }))
        }),
      stream: () => Stream.die("unused")
    }
    return { adapter, attempts }
  })

const failure = (status: number, extra: Partial<{ retryAfter: Duration.Duration; code: string }> = {}) =>
  new ProviderFailure({ message: `HTTP ${status}`, status, retryable: status === 429 || status >= 500, ...extra })

/** Move the TestClock forward in steps until the fiber is done. */
const runToEnd = <A, E>(fiber: Fiber.RuntimeFiber<A, E>) =>
  Effect.gen(function*() {
    for (let i = 0; i < 1000; i++) {
      const done = yield* Fiber.poll(fiber)
      if (Option.isSome(done)) return done.value
      yield* TestClock.adjust("500 millis")
    }
    return yield* Effect.dieMessage("fiber did not finish")
  })

describe("resilient Llm: retries", () => {
  it.effect("retries a 429 and waits at least its retry-after", () =>
    Effect.gen(function*() {
      const { adapter, attempts } = yield* scriptedAdapter([failure(429, { retryAfter: Duration.seconds(16) }), ok])
      const fiber = yield* Effect.fork(Effect.flatMap(resilient(adapter, policy), (llm) => llm.generate(request)))
      const exit = yield* runToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      const [first, second] = yield* Ref.get(attempts)
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(16_000)
    }))

  it.effect("gives up after maxRetries + 1 attempts with LlmUnavailable", () =>
    Effect.gen(function*() {
      const { adapter, attempts } = yield* scriptedAdapter([failure(529)])
      const fiber = yield* Effect.fork(Effect.flatMap(resilient(adapter, policy), (llm) => llm.generate(request)))
      const exit = yield* runToEnd(fiber)
      const error = Exit.isFailure(exit) ? Cause.failureOption(exit.cause) : Option.none()
      expect(error.pipe(Option.map((e) => [e._tag, e._tag === "LlmUnavailable" ? e.attempts : 0]))).toEqual(
        Option.some(["LlmUnavailable", 4])
      )
      expect((yield* Ref.get(attempts)).length).toBe(4)
    }))

  it.effect("backs off exponentially between attempts", () =>
    Effect.gen(function*() {
      const { adapter, attempts } = yield* scriptedAdapter([failure(500), failure(500), failure(500), ok])
      const fiber = yield* Effect.fork(Effect.flatMap(resilient(adapter, policy), (llm) => llm.generate(request)))
      yield* runToEnd(fiber)
      const times = yield* Ref.get(attempts)
      const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0))
      expect(gaps).toHaveLength(3)
      // jittered around 1s, 2s, 4s: each gap grows
      expect(gaps[1] ?? 0).toBeGreaterThan(gaps[0] ?? 0)
      expect(gaps[2] ?? 0).toBeGreaterThan(gaps[1] ?? 0)
    }))

  it.effect("does not retry a 400, nor a 429 that says the spend limit was reached", () =>
    Effect.gen(function*() {
      for (const f of [failure(400), new ProviderFailure({ message: "limit", status: 429, code: "enforced_spend_limit_reached", retryable: false })]) {
        const { adapter, attempts } = yield* scriptedAdapter([f, ok])
        const error = yield* Effect.flip(Effect.flatMap(resilient(adapter, policy), (llm) => llm.generate(request)))
        expect(error._tag).toBe("LlmRejected")
        expect((yield* Ref.get(attempts)).length).toBe(1)
      }
    }))

  it.effect("stops retrying when retry-after is longer than the longest wait", () =>
    Effect.gen(function*() {
      const { adapter, attempts } = yield* scriptedAdapter([failure(429, { retryAfter: Duration.hours(1) }), ok])
      const error = yield* Effect.flip(Effect.flatMap(resilient(adapter, policy), (llm) => llm.generate(request)))
      expect(error._tag).toBe("LlmUnavailable")
      expect((yield* Ref.get(attempts)).length).toBe(1)
    }))
})

describe("resilient Llm: streams", () => {
  const streamingAdapter = (scripts: ReadonlyArray<ReadonlyArray<StreamEvent | ProviderFailure>>) =>
    Effect.gen(function*() {
      const starts = yield* Ref.make(0)
      const adapter: ProviderAdapter = {
        provider: "fake",
        model: "m",
        generate: () => Effect.die("unused"),
        stream: () =>
          Stream.unwrap(Ref.getAndUpdate(starts, (n) => n + 1).pipe(Effect.map((n) =>
            Stream.fromIterable(scripts[n] ?? []).pipe(
              Stream.mapEffect((e) => (e instanceof ProviderFailure ? Effect.fail(e) : Effect.succeed(e)))
            )
          )))
      }
      return { adapter, starts }
    })
  const overloaded = new ProviderFailure({ message: "overloaded_error", code: "overloaded_error", retryable: true })

  it.effect("retries an error event that arrives before any text", () =>
    Effect.gen(function*() {
      const { adapter, starts } = yield* streamingAdapter([[overloaded], [
        StreamEvent.TextDelta({ text: "hi" }),
        StreamEvent.Completed({ response: ok })
      ]])
      const fiber = yield* Effect.fork(Stream.runCollect(Stream.unwrap(Effect.map(resilient(adapter, policy), (llm) => llm.stream(request)))))
      const exit = yield* runToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(yield* Ref.get(starts)).toBe(2)
    }))

  it.effect("never retries once text reached the caller", () =>
    Effect.gen(function*() {
      const { adapter, starts } = yield* streamingAdapter([
        [StreamEvent.TextDelta({ text: "hel" }), overloaded],
        [StreamEvent.TextDelta({ text: "hello" }), StreamEvent.Completed({ response: ok })]
      ])
      const error = yield* Effect.flip(Stream.runCollect(Stream.unwrap(Effect.map(resilient(adapter, policy), (llm) => llm.stream(request)))))
      expect(error._tag).toBe("LlmUnavailable")
      expect(yield* Ref.get(starts)).toBe(1)
    }))
})

describe("classifying provider failures", () => {
  const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null })

  it("reads retry-after in seconds and retry-after-ms", () => {
    expect(parseRetryAfter(headers({ "retry-after": "16" })).pipe(Option.map(Duration.toMillis))).toEqual(Option.some(16_000))
    expect(parseRetryAfter(headers({ "retry-after-ms": "250" })).pipe(Option.map(Duration.toMillis))).toEqual(Option.some(250))
    expect(Option.isNone(parseRetryAfter(headers({})))).toBe(true)
  })

  it("treats 429, 5xx and 529 as retryable; 400 and spend limits as not", () => {
    const classify = (status: number, body: unknown = {}, h: Record<string, string> = {}) =>
      classifyHttpFailure({ status, headers: headers(h), body, message: "m" })
    expect(classify(429).retryable).toBe(true)
    expect(classify(529, { type: "error", error: { type: "overloaded_error" } })).toMatchObject({ retryable: true, code: "overloaded_error" })
    expect(classify(503).retryable).toBe(true)
    expect(classify(400).retryable).toBe(false)
    expect(classify(401).retryable).toBe(false)
    const spend = classify(429, {
      type: "error",
      error: { type: "rate_limit_error", message: "spend", details: { error_code: "enforced_spend_limit_reached" } }
    })
    expect(spend).toMatchObject({ retryable: false, code: "enforced_spend_limit_reached" })
    expect(classify(429, {}, { "retry-after": "3" }).retryAfter).toEqual(Duration.seconds(3))
    expect(classify(500, {}, { "x-should-retry": "false" }).retryable).toBe(false)
  })
})
