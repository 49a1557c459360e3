/**
 * Turns a `ProviderAdapter` into an `Llm`: time bounds, the retry policy, the
 * provider's circuit breaker, the mapping of provider failures to the public
 * errors, and usage metering — written once for every provider.
 *
 * Bounds on one call (each configurable, each a typed `LlmTimeout` that falls
 * back like any unavailability):
 * - `attemptTimeout`: one request, from sending it to the whole answer (60 s);
 * - `idleTimeout`: silence between two events of a stream (20 s);
 * - `totalTimeout`: the whole call, retries and waits included (3 min).
 * A provider that keeps failing opens its breaker (breaker.ts): later calls in
 * the same session fail over at once instead of waiting through retries again.
 */
import { Data, Duration, Effect, Option, Ref, Schedule, Stream } from "effect"
import type { GenerateRequest, ModelResponse } from "../../domain/llm.js"
import { LlmRejected, LlmTimeout, LlmUnavailable, ProviderProtocolError } from "../../domain/llm.js"
import { makeBreaker } from "./internal/breaker.js"
import type { LlmShape } from "./llm.js"
import type { ProviderAdapter } from "./provider.js"
import { markBreakerOpen, markEmitted, ProviderFailure } from "./provider.js"
import { UsageMeter } from "./usage.js"

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number
  /** First backoff; each next one doubles, with jitter. */
  readonly baseDelay: Duration.DurationInput
  /** No single wait is longer than this. A `retry-after` beyond it ends the retries. */
  readonly maxDelay: Duration.DurationInput
  /** One attempt, request to complete answer. Default 60 s. */
  readonly attemptTimeout?: Duration.DurationInput
  /** Longest silence between two stream events. Default 20 s. */
  readonly idleTimeout?: Duration.DurationInput
  /** The whole call, retries and backoff included. Default 3 minutes. */
  readonly totalTimeout?: Duration.DurationInput
  /** Consecutive failed attempts (across calls) that open the provider's breaker. Default 5, one call's worth. */
  readonly breakerThreshold?: number
  /** How long an open breaker sends calls straight to the fallback. Default 30 s. */
  readonly breakerCooldown?: Duration.DurationInput
}

export const defaultLimits = {
  attemptTimeout: Duration.seconds(60),
  idleTimeout: Duration.seconds(20),
  totalTimeout: Duration.minutes(3),
  breakerCooldown: Duration.seconds(30)
} as const

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
      failure.retryable && failure.emitted !== true && failure.breakerOpen !== true &&
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

const toPublicError = (adapter: ProviderAdapter, attempts: number) => (failure: ProviderFailure) => {
  const who = { provider: adapter.provider, model: adapter.model }
  const status = failure.status === undefined ? {} : { status: failure.status }
  if (failure.protocol === true) return new ProviderProtocolError({ ...who, reason: failure.message, ...status })
  if (failure.timedOut !== undefined) {
    return new LlmTimeout({ ...who, limit: failure.timedOut.limit, afterMillis: failure.timedOut.afterMillis, attempts })
  }
  if (failure.retryable) return new LlmUnavailable({ ...who, reason: failure.message, attempts, ...status })
  return new LlmRejected({
    ...who,
    reason: failure.message,
    ...status,
    ...(failure.code === undefined ? {} : { code: failure.code })
  })
}

const timedOut = (limit: "attempt" | "idle", after: Duration.Duration) => () =>
  new ProviderFailure({
    message: limit === "idle" ? `stream silent for ${Duration.format(after)}` : `no answer within ${Duration.format(after)}`,
    retryable: true,
    timedOut: { limit, afterMillis: Duration.toMillis(after) }
  })

/** `Effect.timeoutFail`, except that an infinite bound puts no timer on the clock at all. */
const bounded = <E2>(duration: Duration.Duration, onTimeout: () => E2) =>
<A, E, R>(self: Effect.Effect<A, E, R>): Effect.Effect<A, E | E2, R> =>
  Duration.isFinite(duration) ? Effect.timeoutFail(self, { duration, onTimeout }) : self

/** The call's whole budget ran out (internal marker, reported as `LlmTimeout`). */
class OverBudget extends Data.TaggedError("OverBudget") {}

/** Add a response's usage to the session's meter, when the caller provided one. */
export const meter = (response: ModelResponse): Effect.Effect<void> =>
  Effect.serviceOption(UsageMeter).pipe(
    Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: (m) => m.record(response.usage) }))
  )

/**
 * Count any `Llm`'s usage in the session's `UsageMeter`: wrap a custom model
 * with this and `shoal`'s usage line and budgets see its calls like a built-in one.
 */
export const metered = (llm: LlmShape): LlmShape => ({
  ...llm,
  generate: (request) => Effect.tap(llm.generate(request), meter),
  stream: (request) =>
    Stream.tap(llm.stream(request), (event) => (event._tag === "Completed" ? meter(event.response) : Effect.void))
})

export const resilient = (adapter: ProviderAdapter, policy: RetryPolicy = defaultRetryPolicy): Effect.Effect<LlmShape> =>
  Effect.gen(function*() {
    const schedule = retrySchedule(policy)
    const attemptTimeout = Duration.decode(policy.attemptTimeout ?? defaultLimits.attemptTimeout)
    const idleTimeout = Duration.decode(policy.idleTimeout ?? defaultLimits.idleTimeout)
    const totalTimeout = Duration.decode(policy.totalTimeout ?? defaultLimits.totalTimeout)
    const breaker = yield* makeBreaker({
      threshold: policy.breakerThreshold ?? policy.maxRetries + 1,
      cooldown: policy.breakerCooldown ?? defaultLimits.breakerCooldown
    })
    const who = { provider: adapter.provider, model: adapter.model }

    /** Refuse at once while the breaker is open; no request leaves. */
    const admitted = Effect.gen(function*() {
      if (yield* breaker.admit) return
      const left = yield* breaker.remainingMillis
      return yield* Effect.fail(
        new ProviderFailure({
          message: `${adapter.provider} failed repeatedly; not asking it again for ${Math.ceil(left / 1000)} s`,
          retryable: true,
          breakerOpen: true
        })
      )
    })

    /** Feed an attempt's outcome to the breaker; a failure that opens it also ends this call's retries. */
    const observed = (failure: ProviderFailure): Effect.Effect<never, ProviderFailure> =>
      failure.retryable && failure.breakerOpen !== true
        ? Effect.flatMap(breaker.failed, (opened) => Effect.fail(opened ? markBreakerOpen(failure) : failure))
        : Effect.fail(failure)

    const overBudget = (attempts: Ref.Ref<number>) =>
      Effect.map(Ref.get(attempts), (n) =>
        new LlmTimeout({ ...who, limit: "total", afterMillis: Duration.toMillis(totalTimeout), attempts: n }))

    const generate = (request: GenerateRequest) =>
      Effect.gen(function*() {
        const attempts = yield* Ref.make(0)
        const attempt = admitted.pipe(
          Effect.zipRight(Ref.update(attempts, (n) => n + 1)),
          Effect.zipRight(adapter.generate(request)),
          bounded(attemptTimeout, timedOut("attempt", attemptTimeout)),
          Effect.tap(() => breaker.succeeded),
          Effect.catchAll(observed)
        )
        return yield* attempt.pipe(
          Effect.tapError((f) => Effect.logWarning(`${adapter.provider} call failed: ${f.message}`)),
          Effect.retry(schedule),
          Effect.catchAll((failure) =>
            Effect.flatMap(Ref.get(attempts), (n) => Effect.fail(toPublicError(adapter, n)(failure)))
          ),
          bounded(totalTimeout, () => new OverBudget()),
          Effect.catchTag("OverBudget", () => Effect.flip(overBudget(attempts))),
          Effect.tap(meter)
        )
      }).pipe(Effect.withSpan("llm.generate", { attributes: who }))

    // A stream is retried from the start only while nothing has reached the caller.
    const stream = (request: GenerateRequest) =>
      Stream.unwrap(Effect.gen(function*() {
        const attempts = yield* Ref.make(0)
        const once = Stream.fromEffect(admitted.pipe(Effect.zipRight(Ref.update(attempts, (n) => n + 1)))).pipe(
          Stream.flatMap(() => {
            let emitted = false
            return adapter.stream(request).pipe(
              (events) => Duration.isFinite(idleTimeout) ? Stream.timeoutFail(events, timedOut("idle", idleTimeout), idleTimeout) : events,
              Stream.tap((event) =>
                Effect.sync(() => {
                  if (event._tag === "TextDelta") emitted = true
                }).pipe(Effect.zipRight(event._tag === "Completed" ? breaker.succeeded : Effect.void))
              ),
              Stream.catchAll((f) => Stream.fromEffect(observed(emitted ? markEmitted(f) : f)))
            )
          })
        )
        return once.pipe(
          Stream.retry(schedule),
          Stream.catchAll((failure) =>
            Stream.fromEffect(Effect.flatMap(Ref.get(attempts), (n) => Effect.fail(toPublicError(adapter, n)(failure))))
          ),
          (events) =>
            Duration.isFinite(totalTimeout)
              ? Stream.interruptWhen(events, Effect.sleep(totalTimeout).pipe(Effect.zipRight(Effect.flip(overBudget(attempts)))))
              : events,
          Stream.tap((event) => (event._tag === "Completed" ? meter(event.response) : Effect.void))
        )
      }))

    return { ...who, generate, stream, capabilities: { answers: true, images: adapter.images ?? false } } satisfies LlmShape
  })
