/**
 * The contract between a provider adapter (Anthropic, OpenAI) and the
 * resilient `Llm` built on it.
 *
 * An adapter only translates: our request → the SDK call → our response, and
 * every failure → a `ProviderFailure` that says whether retrying could help.
 * Retries, backoff, usage metering and the mapping to the public errors
 * (`LlmUnavailable`, `LlmRejected`) live once, in `resilient.ts`.
 */
import { Data, Duration, Effect, FiberRef, LogLevel, Option } from "effect"
import type { Stream } from "effect"
import type { GenerateRequest, ModelResponse, StreamEvent } from "../../domain/llm.js"

export class ProviderFailure extends Data.TaggedError("ProviderFailure")<{
  readonly message: string
  readonly status?: number
  /** The provider's machine-readable error code, e.g. `overloaded_error`, `enforced_spend_limit_reached`. */
  readonly code?: string
  /** Could the same request succeed later? (429, 5xx, 529, timeouts, network errors) */
  readonly retryable: boolean
  /** The server's `retry-after`, when it sent one. */
  readonly retryAfter?: Duration.Duration
  /** For streams: had any content been emitted before the failure? Then it is never retried. */
  readonly emitted?: boolean
  /** The attempt ran into a time bound of ours rather than failing by itself. */
  readonly timedOut?: { readonly limit: "attempt" | "idle"; readonly afterMillis: number }
  /** The provider answered, but not with a readable response (bad JSON in a 200, over the size cap). */
  readonly protocol?: boolean
  /** The provider's circuit breaker is open: no request was sent, or no more will be for this call. */
  readonly breakerOpen?: boolean
}> {}

/** An answer that is not a response: never retried, reported as `ProviderProtocolError`. */
export const protocolFailure = (message: string, status?: number): ProviderFailure =>
  new ProviderFailure({ message, retryable: false, protocol: true, ...(status === undefined ? {} : { status }) })

/** Thrown by the capped `fetch` when a response body outgrows the cap; adapters map it to a protocol failure. */
export class ResponseTooLarge extends Error {
  constructor(readonly limitBytes: number) {
    super(`response larger than ${Math.round(limitBytes / 1024)} KiB`)
    this.name = "ResponseTooLarge"
  }
}

/**
 * What an SDK throws that is neither an HTTP error nor a connection failure:
 * the body of a 200 did not parse (`SyntaxError`), or was cut by our size cap.
 * Returns undefined for anything else (a real network failure).
 */
export const unreadableResponse = (cause: unknown): ProviderFailure | undefined => {
  const inner = cause instanceof Error && cause.cause instanceof Error ? cause.cause : undefined
  for (const error of [cause, inner]) {
    if (error instanceof ResponseTooLarge) return protocolFailure(error.message)
    if (error instanceof SyntaxError) return protocolFailure(`the body did not parse: ${error.message}`)
  }
  return undefined
}

/** 8 MiB: far above any real completion, far below what would hurt the process. */
export const defaultMaxResponseBytes = 8 * 1024 * 1024

/**
 * A `fetch` for the SDKs that refuses response bodies over `limitBytes`:
 * a declared length over the cap fails before reading, and a body streamed
 * past it is cut off there, so a runaway response never sits whole in memory.
 */
export const cappedFetch = (limitBytes: number): typeof fetch => async (input, init) => {
  const response = await fetch(input, init)
  const declared = Number(response.headers.get("content-length") ?? "NaN")
  if (Number.isFinite(declared) && declared > limitBytes) {
    await response.body?.cancel()
    throw new ResponseTooLarge(limitBytes)
  }
  if (response.body === null) return response
  let seen = 0
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength
        if (seen > limitBytes) controller.error(new ResponseTooLarge(limitBytes))
        else controller.enqueue(chunk)
      }
    })
  )
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers })
}

export interface ProviderAdapter {
  readonly provider: string
  readonly model: string
  /** Whether this model takes images, as the provider documents it (images.ts) or its config says. Default false. */
  readonly images?: boolean
  readonly generate: (request: GenerateRequest) => Effect.Effect<ModelResponse, ProviderFailure>
  readonly stream: (request: GenerateRequest) => Stream.Stream<StreamEvent, ProviderFailure>
}

/** Error codes that mean "stop asking": retrying burns money or cannot succeed. */
const permanentCodes = new Set(["enforced_spend_limit_reached", "insufficient_quota", "billing_error"])

/**
 * Classify an HTTP failure from its status, headers and body text. Shared by
 * both adapters so that the retry rules are written once:
 * - 408, 409, 429, 500–599 (incl. Anthropic's 529 `overloaded_error`) are retryable;
 * - a 429 whose body names a spend/quota limit is not;
 * - everything else (400, 401, 403, 404, 413, 422…) is not.
 */
export const classifyHttpFailure = (options: {
  readonly status: number
  readonly headers: { readonly get: (name: string) => string | null | undefined } | undefined
  readonly body: unknown
  readonly message: string
}): ProviderFailure => {
  const code = errorCode(options.body)
  const retryAfter = options.headers === undefined ? Option.none() : parseRetryAfter(options.headers)
  const statusRetryable = options.status === 408 || options.status === 409 || options.status === 429 ||
    options.status >= 500
  const permanent = code !== undefined && permanentCodes.has(code)
  const shouldRetryHeader = options.headers?.get("x-should-retry")
  const retryable = permanent ? false : shouldRetryHeader === "false" ? false : statusRetryable
  return new ProviderFailure({
    message: options.message,
    status: options.status,
    retryable,
    ...(code === undefined ? {} : { code }),
    ...(Option.isSome(retryAfter) ? { retryAfter: retryAfter.value } : {})
  })
}

/**
 * The most specific error code in a provider error body. Anthropic:
 * `{type:"error", error:{type, message, details?:{error_code}}}`; OpenAI:
 * `{error:{type, code, param, message}}`.
 */
export const errorCode = (body: unknown): string | undefined => {
  const error = field(body, "error")
  const details = field(error, "details")
  const candidates = [field(details, "error_code"), field(error, "code"), field(error, "type")]
  for (const c of candidates) if (typeof c === "string" && c.length > 0) return c
  // Some gateways flatten the message; look for a spend-limit marker in it.
  const message = field(error, "message")
  if (typeof message === "string") {
    for (const code of permanentCodes) if (message.includes(code)) return code
  }
  return undefined
}

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && key in value ? (value as Record<string, unknown>)[key] : undefined

/** `retry-after-ms` (OpenAI) or `retry-after` in seconds or as an HTTP date. */
export const parseRetryAfter = (
  headers: { readonly get: (name: string) => string | null | undefined },
  now: number = 0
): Option.Option<Duration.Duration> => {
  const ms = headers.get("retry-after-ms")
  if (ms != null && /^\d+(\.\d+)?$/.test(ms.trim())) return Option.some(Duration.millis(Number(ms)))
  const value = headers.get("retry-after")
  if (value == null) return Option.none()
  const trimmed = value.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Option.some(Duration.seconds(Number(trimmed)))
  const date = Date.parse(trimmed)
  if (!Number.isNaN(date) && now > 0) return Option.some(Duration.millis(Math.max(0, date - now)))
  return Option.none()
}

/** A failure of the connection itself (refused, reset, timed out): always worth one more try. */
export const networkFailure = (message: string): ProviderFailure => new ProviderFailure({ message, retryable: true })

/** Which optional facts of a failure a copy may add. */
type FailureNotes = Pick<ProviderFailure, "emitted" | "breakerOpen">

/** The same failure with some notes added (failures are immutable values). */
const amended = (failure: ProviderFailure, notes: FailureNotes): ProviderFailure =>
  new ProviderFailure({
    message: failure.message,
    retryable: failure.retryable,
    ...(failure.status === undefined ? {} : { status: failure.status }),
    ...(failure.code === undefined ? {} : { code: failure.code }),
    ...(failure.retryAfter === undefined ? {} : { retryAfter: failure.retryAfter }),
    ...(failure.emitted === undefined ? {} : { emitted: failure.emitted }),
    ...(failure.timedOut === undefined ? {} : { timedOut: failure.timedOut }),
    ...(failure.protocol === undefined ? {} : { protocol: failure.protocol }),
    ...(failure.breakerOpen === undefined ? {} : { breakerOpen: failure.breakerOpen }),
    ...notes
  })

/** The same failure, noted as having happened after content reached the caller (never retried). */
export const markEmitted = (failure: ProviderFailure): ProviderFailure =>
  failure.emitted === true ? failure : amended(failure, { emitted: true })

/** The same failure, noted as having opened the provider's breaker (this call retries no more). */
export const markBreakerOpen = (failure: ProviderFailure): ProviderFailure =>
  failure.breakerOpen === true ? failure : amended(failure, { breakerOpen: true })


/** The SDKs' log levels; they log through `sdkLogger`, so their lines go to stderr like ours. */
export type SdkLogLevel = "debug" | "info" | "warn" | "error" | "off"

/**
 * `--log-level` (Effect's minimum log level) as the SDKs' own level: debug shows
 * their request logs, the default shows their warnings (e.g. a model's
 * deprecation notice), `none` silences them.
 */
export const sdkLogLevel = (level: LogLevel.LogLevel): SdkLogLevel =>
  LogLevel.lessThanEqual(level, LogLevel.Debug)
    ? "debug"
    : LogLevel.lessThanEqual(level, LogLevel.Warning)
    ? "warn"
    : level._tag === "None"
    ? "off"
    : "error"

/** The SDK logger: one `shoal: <provider>: …` line on stderr, never on stdout. */
export const sdkLogger = (provider: string) => {
  const line = (level: string) => (message: string, ...rest: ReadonlyArray<unknown>) =>
    void process.stderr.write(
      `shoal: ${provider} ${level}: ${[message, ...rest.map((r) => (typeof r === "string" ? r : JSON.stringify(r)))].join(" ")}\n`
    )
  return { debug: line("debug"), info: line("info"), warn: line("warning"), error: line("error") }
}

/** The SDK client options both adapters share: our log level and logger, the capped fetch. */
export const sdkClientOptions = (provider: string, maxResponseBytes: number) =>
  Effect.map(FiberRef.get(FiberRef.currentMinimumLogLevel), (level) => ({
    logLevel: sdkLogLevel(level),
    logger: sdkLogger(provider),
    fetch: cappedFetch(maxResponseBytes)
  }))
