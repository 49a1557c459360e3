/**
 * The Anthropic Messages API as a `ProviderAdapter`, and `layerAnthropic`, the
 * live `Llm` built on it.
 *
 * Where it sits: the default live layer of the `Llm` port (llm.ts). This file
 * only wires the SDK client to the pure translations beside it
 * (anthropic-request.ts, anthropic-response.ts, anthropic-stream.ts); retries
 * and the public errors come from `resilient`.
 *
 * The SDK is imported lazily, inside the effect that builds the adapter, so
 * `shoal --help` and offline runs never load it. Its own retries are off
 * (`maxRetries: 0`): our `Schedule` retries instead, so they honour
 * `retry-after` the same way for every provider and tests can drive them with
 * `TestClock`.
 */
import { Duration, Effect, Layer, Redacted } from "effect"
import type { GenerateRequest } from "../../domain/llm.js"
import { toAnthropicParams } from "./anthropic-request.js"
import { fromAnthropicError, fromAnthropicMessage } from "./anthropic-response.js"
import { AnthropicStreamAssembler } from "./anthropic-stream.js"
import { Llm } from "./llm.js"
import type { ProviderAdapter } from "./provider.js"
import { defaultMaxResponseBytes, protocolFailure, sdkClientOptions } from "./provider.js"
import { anthropicTakesImages } from "./images.js"
import type { RetryPolicy } from "./resilient.js"
import { defaultLimits, resilient } from "./resilient.js"
import { assembledStream } from "./sdk-stream.js"
import { importPeer } from "../optional-peer.js"

export interface AnthropicConfig {
  readonly apiKey: Redacted.Redacted<string>
  readonly model: string
  /** Defaults to the public API. Given explicitly so `ANTHROPIC_BASE_URL` is never read behind our back. */
  readonly baseUrl?: string
  /** Per HTTP request, enforced by the SDK as well as by `resilient`'s attempt timeout. Default 60 s. */
  readonly timeout?: Duration.DurationInput
  /** Response bodies larger than this are refused (`ProviderProtocolError`). Default 8 MiB. */
  readonly maxResponseBytes?: number
  /** Whether the model takes images; default: as the provider documents its models (images.ts). */
  readonly images?: boolean
}

export const anthropicDefaultBaseUrl = "https://api.anthropic.com"

export const makeAnthropicAdapter = Effect.fn("llm.anthropic.make")(function*(config: AnthropicConfig) {
  const sdk = yield* importPeer("@anthropic-ai/sdk", "layerAnthropic", () => import("@anthropic-ai/sdk"))
  const client = new sdk.Anthropic({
    apiKey: Redacted.value(config.apiKey),
    baseURL: config.baseUrl ?? anthropicDefaultBaseUrl,
    maxRetries: 0,
    timeout: Duration.toMillis(Duration.decode(config.timeout ?? defaultLimits.attemptTimeout)),
    ...(yield* sdkClientOptions("anthropic", config.maxResponseBytes ?? defaultMaxResponseBytes))
  })
  const toFailure = fromAnthropicError(sdk)

  const generate = (request: GenerateRequest) =>
    Effect.tryPromise({
      try: (signal) => client.messages.create(toAnthropicParams(config.model, request), { signal }),
      catch: toFailure
    }).pipe(Effect.flatMap((message) =>
      // A 200 whose JSON is not a Message (no content, wrong types) is a protocol failure, not a crash.
      Effect.try({ try: () => fromAnthropicMessage(message), catch: (e) => protocolFailure(`not a Messages API response: ${String(e)}`, 200) })
    ))

  const stream = (request: GenerateRequest) =>
    assembledStream(
      (signal) => client.messages.create({ ...toAnthropicParams(config.model, request), stream: true }, { signal }),
      toFailure,
      () => new AnthropicStreamAssembler(config.model)
    )

  const adapter: ProviderAdapter = { provider: "anthropic", model: config.model, images: config.images ?? anthropicTakesImages(config.model), generate, stream }
  return adapter
})

/** The live `Llm` on Anthropic, with retries. */
export const layerAnthropic = (config: AnthropicConfig, policy?: RetryPolicy): Layer.Layer<Llm> =>
  Layer.effect(Llm, Effect.flatMap(makeAnthropicAdapter(config), (adapter) => resilient(adapter, policy)))
