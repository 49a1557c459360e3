/**
 * Small helpers shared by the provider wire tests (test/services/llm):
 * a retry policy sized for tests, a one-line request, and ways to read what a
 * call or a stream ended with.
 *
 * Where it sits: test/fakes, next to the loopback server the wire tests drive.
 */
import { Cause, Duration, Effect, Exit, Option, Redacted, Ref, Stream } from "effect"
import type { LlmError, ModelResponse, StreamEvent } from "../../src/domain/llm.js"
import { GenerateRequest, userText } from "../../src/domain/llm.js"
import { layerAnthropic } from "../../src/services/llm/anthropic.js"
import { Llm } from "../../src/services/llm/llm.js"
import { layerOpenAi } from "../../src/services/llm/openai.js"
import type { RetryPolicy } from "../../src/services/llm/resilient.js"
import { makeLlmServer } from "./llm-server.js"

/**
 * Three retries: a failing call makes exactly four requests. No time bounds, so
 * the only timers on the `TestClock` are the retry waits these tests drive
 * (the bounds have their own tests, with their own policies).
 */
export const testPolicy: RetryPolicy = {
  maxRetries: 3,
  baseDelay: "1 second",
  maxDelay: "60 seconds",
  attemptTimeout: Duration.infinity,
  idleTimeout: Duration.infinity,
  totalTimeout: Duration.infinity
}

export const ask = (text: string): GenerateRequest =>
  new GenerateRequest({ system: "Be brief.", messages: [userText(text)], maxTokens: 256 })

/** The typed failure of an exit, if it failed with one. */
export const failureOf = <A>(exit: Exit.Exit<A, LlmError>): LlmError | undefined =>
  Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined

/** Run a stream to its end, keeping what it emitted even when it fails. */
export const collectStream = (stream: Stream.Stream<StreamEvent, LlmError>): Effect.Effect<{
  readonly exit: Exit.Exit<void, LlmError>
  readonly deltas: ReadonlyArray<string>
  readonly completed: ReadonlyArray<ModelResponse>
}> =>
  Effect.gen(function*() {
    const seen = yield* Ref.make<ReadonlyArray<StreamEvent>>([])
    const exit = yield* Effect.exit(Stream.runForEach(stream, (e) => Ref.update(seen, (s) => [...s, e])))
    const events = yield* Ref.get(seen)
    const deltas = events.flatMap((e) => (e._tag === "TextDelta" ? [e.text] : []))
    const completed = events.flatMap((e) => (e._tag === "Completed" ? [e.response] : []))
    return { exit, deltas, completed }
  })

/** A loopback server and the live Anthropic `Llm` pointed at it (the key is fake; nothing leaves 127.0.0.1). */
export const anthropicOnLoopback = Effect.gen(function*() {
  const server = yield* makeLlmServer({ path: "/v1/messages" })
  const llm = yield* Effect.provide(
    Llm,
    layerAnthropic({ apiKey: Redacted.make("sk-ant-test-key"), model: "claude-test", baseUrl: server.url }, testPolicy)
  )
  return { server, llm }
})

/** The same for OpenAI (its SDK's base URL includes `/v1`). */
export const openAiOnLoopback = Effect.gen(function*() {
  const server = yield* makeLlmServer({ path: "/v1/chat/completions" })
  const llm = yield* Effect.provide(
    Llm,
    layerOpenAi({ apiKey: Redacted.make("sk-openai-test-key"), model: "gpt-test", baseUrl: `${server.url}/v1` }, testPolicy)
  )
  return { server, llm }
})
