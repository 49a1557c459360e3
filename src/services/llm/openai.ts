/**
 * The OpenAI Chat Completions API as a `ProviderAdapter`, and `layerOpenAi`,
 * the live `Llm` built on it. The same adapter serves any OpenAI-compatible
 * base URL (Ollama, vLLM, Gemini's OpenAI endpoint).
 *
 * Where it sits: a live layer of the `Llm` port (llm.ts). This file only wires
 * the SDK client to the pure translations beside it (openai-request.ts,
 * openai-response.ts, openai-stream.ts); retries and the public errors come
 * from `resilient`.
 *
 * The SDK is imported lazily, inside the effect that builds the adapter, so
 * `shoal --help` and offline runs never load it. Its own retries are off
 * (`maxRetries: 0`): our `Schedule` retries instead. Every option the SDK
 * would otherwise read from the environment (`OPENAI_BASE_URL`,
 * `OPENAI_ORG_ID`, `OPENAI_PROJECT_ID`) is given explicitly, so configuration
 * comes only from our `Config`.
 */
import { Duration, Effect, Either, Layer, Redacted } from "effect"
import type { GenerateRequest } from "../../domain/llm.js"
import { Llm } from "./llm.js"
import { toOpenAiParams } from "./openai-request.js"
import { fromChatCompletion, fromOpenAiError } from "./openai-response.js"
import { OpenAiStreamAssembler } from "./openai-stream.js"
import type { ProviderAdapter } from "./provider.js"
import { defaultMaxResponseBytes, protocolFailure, sdkClientOptions } from "./provider.js"
import { openAiTakesImages } from "./images.js"
import type { RetryPolicy } from "./resilient.js"
import { defaultLimits, resilient } from "./resilient.js"
import { assembledStream } from "./sdk-stream.js"
import { importPeer } from "../optional-peer.js"

/**
 * Which field carries the output limit. OpenAI's current models take
 * `max_completion_tokens` (and reject `max_tokens` on reasoning models); some
 * older OpenAI-compatible servers only know `max_tokens`.
 */
export type TokenLimitField = "max_completion_tokens" | "max_tokens"

export interface OpenAiConfig {
  readonly apiKey: Redacted.Redacted<string>
  readonly model: string
  /** Defaults to the public API; e.g. `http://localhost:11434/v1` for Ollama. */
  readonly baseUrl?: string
  /** Per HTTP request, enforced by the SDK as well as by `resilient`'s attempt timeout. Default 60 s. */
  readonly timeout?: Duration.DurationInput
  /** Response bodies larger than this are refused (`ProviderProtocolError`). Default 8 MiB. */
  readonly maxResponseBytes?: number
  /** Whether the model takes images; default: as the provider documents its models (images.ts). */
  readonly images?: boolean
  /** `max_completion_tokens` (default, OpenAI) or `max_tokens` (older compatible servers). */
  readonly tokenLimitField?: TokenLimitField
}

export const openAiDefaultBaseUrl = "https://api.openai.com/v1"

export const makeOpenAiAdapter = Effect.fn("llm.openai.make")(function*(config: OpenAiConfig) {
  const sdk = yield* importPeer("openai", "layerOpenAi", () => import("openai"))
  const client = new sdk.OpenAI({
    apiKey: Redacted.value(config.apiKey),
    baseURL: config.baseUrl ?? openAiDefaultBaseUrl,
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: Duration.toMillis(Duration.decode(config.timeout ?? defaultLimits.attemptTimeout)),
    ...(yield* sdkClientOptions("openai", config.maxResponseBytes ?? defaultMaxResponseBytes))
  })
  const toFailure = fromOpenAiError(sdk)
  const params = (request: GenerateRequest) => toOpenAiParams(config.model, request, config.tokenLimitField)

  const generate = (request: GenerateRequest) =>
    Effect.tryPromise({
      try: (signal) => client.chat.completions.create(params(request), { signal }),
      catch: toFailure
    }).pipe(Effect.flatMap((completion) =>
      // A 200 whose JSON is not a completion (`choices` missing, wrong types) is a protocol failure, not a crash.
      Effect.try({ try: () => fromChatCompletion(completion), catch: (e) => protocolFailure(`not a chat completion: ${String(e)}`, 200) }).pipe(
        Effect.flatMap(Either.match({ onLeft: Effect.fail, onRight: Effect.succeed }))
      )
    ))

  const stream = (request: GenerateRequest) =>
    assembledStream(
      (signal) =>
        client.chat.completions.create(
          { ...params(request), stream: true, stream_options: { include_usage: true } },
          { signal }
        ),
      toFailure,
      () => new OpenAiStreamAssembler(config.model)
    )

  const adapter: ProviderAdapter = { provider: "openai", model: config.model, images: config.images ?? openAiTakesImages(config.model), generate, stream }
  return adapter
})

/** The live `Llm` on OpenAI or an OpenAI-compatible server, with retries. */
export const layerOpenAi = (config: OpenAiConfig, policy?: RetryPolicy): Layer.Layer<Llm> =>
  Layer.effect(Llm, Effect.flatMap(makeOpenAiAdapter(config), (adapter) => resilient(adapter, policy)))
