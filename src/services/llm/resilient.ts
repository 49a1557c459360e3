/**
 * Turns a `ProviderAdapter` into an `Llm`: the retry policy, the mapping of
 * provider failures to the public errors, and usage metering — written once
 * for every provider.
 */
import { Duration, Effect, Option, Ref, Schedule, Stream } from "effect"
import type { GenerateRequest, ModelResponse } from "../../domain/llm.js"
import { LlmRejected, LlmUnavailable } from "../../domain/llm.js"
import type { LlmShape } from "./llm.js"
import type { ProviderAdapter, ProviderFailure } from "./provider.js"
import { markEmitted } from "./provider.js"
import { UsageMeter } from "./usage.js"

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number
  /** First backoff; each next one doubles, with jitter. */
  readonly baseDelay: Duration.DurationInput
  /** No single wait is longer than this. A `retry-after` beyond it ends the retries. */
  readonly maxDelay: Duration.DurationInput
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 4, baseDelay: "1 second", maxDelay: "60 seconds" }

/**
 * Exponential, jittered, bounded; honours the server's `retry-after` (waits at
 * least that long); stops at once on a non-retryable failure, on a stream that
 * had already emitted content, or when `retry-after` exceeds `maxDelay`.
 */
export const retrySchedule = (policy: RetryPolicy): Schedule.Schedule<ProviderFailure, ProviderFailure> => {
  const maxDelay = Duration.decode(policy.maxDelay)
  const backoff = Schedule.exponential(policy.baseDelay, 2).pipe(
    Schedule.jittered,
    Schedule.intersect(Schedule.recurs(policy.maxRetries))
  )
  return Schedule.identity<ProviderFailure>().pipe(
    Schedule.intersect(backoff),
    Schedule.map(([failure]) => failure),
    Schedule.whileInput((failure: ProviderFailure) =>
      failure.retryable && failure.emitted !== true &&
      (failure.retryAfter === undefined || Duration.lessThanOrEqualTo(failure.retryAfter, maxDelay))
    ),
    Schedule.modifyDelay((failure, delay) =>
      Duration.min(
        failure.retryAfter === undefined ? delay : Duration.max(delay, failure.retryAfter),
        maxDelay
      )
    )
  )
}

const toPublicError = (adapter: ProviderAdapter, attempts: number) => (failure: ProviderFailure) =>
  failure.retryable
    ? new LlmUnavailable({
      provider: adapter.provider,
      model: adapter.model,
      reason: failure.message,
      attempts,
      ...(failure.status === undefined ? {} : { status: failure.status })
    })
    : new LlmRejected({
      provider: adapter.provider,
      model: adapter.model,
      reason: failure.message,
      ...(failure.status === undefined ? {} : { status: failure.status }),
      ...(failure.code === undefined ? {} : { code: failure.code })
    })

/** Add a response's usage to the session's meter, when the caller provided one. */
export const meter = (response: ModelResponse): Effect.Effect<void> =>
  Effect.serviceOption(UsageMeter).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: (m) => m.record(response.usage) }))
  )

export const resilient = (adapter: ProviderAdapter, policy: RetryPolicy = defaultRetryPolicy): LlmShape => {
  const schedule = retrySchedule(policy)

  const generate = (request: GenerateRequest) =>
    Effect.gen(function*() {
      const attempts = yield* Ref.make(0)
      return yield* Ref.update(attempts, (n) => n + 1).pipe(
        Effect.zipRight(adapter.generate(request)),
        Effect.tapError((f) => Effect.logWarning(`${adapter.provider} call failed: ${f.message}`)),
        Effect.retry(schedule),
        Effect.catchAll((failure) =>
          Effect.flatMap(Ref.get(attempts), (n) => Effect.fail(toPublicError(adapter, n)(failure)))
        ),
        Effect.tap(meter)
      )
    }).pipe(Effect.withSpan("llm.generate", { attributes: { provider: adapter.provider, model: adapter.model } }))

  // A stream is retried from the start only while nothing has reached the caller.
  const stream = (request: GenerateRequest) =>
    Stream.unwrap(Effect.gen(function*() {
      const attempts = yield* Ref.make(0)
      const once = Stream.fromEffect(Ref.update(attempts, (n) => n + 1)).pipe(
        Stream.flatMap(() => {
          let emitted = false
          return adapter.stream(request).pipe(
            Stream.tap((event) => Effect.sync(() => {
              if (event._tag === "TextDelta") emitted = true
            })),
            Stream.mapError((f) => (emitted ? markEmitted(f) : f))
          )
        })
      )
      return once.pipe(
        Stream.retry(schedule),
        Stream.catchAll((failure) =>
          Stream.fromEffect(Effect.flatMap(Ref.get(attempts), (n) => Effect.fail(toPublicError(adapter, n)(failure))))
        ),
        Stream.tap((event) => (event._tag === "Completed" ? meter(event.response) : Effect.void))
      )
    }))

  return { provider: adapter.provider, model: adapter.model, generate, stream }
}
