/**
 * Effect AI (`@effect/ai`, the v3 line) and Shoal's `Llm`, both ways.
 *
 * - `fromLanguageModel`: any `LanguageModel.LanguageModel` layer serves as
 *   Shoal's `Llm`. The model is wrapped like a built-in provider (resilient.ts):
 *   per-attempt and total time bounds, retries, the circuit breaker, usage
 *   metering, and Effect AI's errors mapped to `LlmUnavailable`, `LlmTimeout`,
 *   `ProviderProtocolError` or `LlmRejected`, so fallbacks keep working.
 *   Shoal's tool loop runs the tools: Effect AI only sees their definitions
 *   (`disableToolCallResolution`). Streams stream.
 * - `toLanguageModel`: Shoal's `Llm` (a live provider, `ScriptedLlm`, a
 *   replay) serves as `LanguageModel.LanguageModel`, so `generateText`,
 *   `generateObject` and `streamText` run on it. `generateObject` is answered
 *   through a forced tool call, as Shoal's own `extract` is. A Shoal error
 *   reaches Effect AI as an `AiError` (`MalformedOutput` for a protocol error,
 *   else `UnknownError`) whose `cause` is the Shoal error: `llmErrorOf` gets it back.
 *
 * What does not map fails with a typed error naming it (never dropped):
 * non-image files, images inside tool results, reasoning parts and
 * provider-executed tools in a conversation, provider-defined tools, generated
 * files. See effect-ai-prompt.ts and effect-ai-response.ts for the full lists.
 * Not forwarded: Shoal's `maxTokens` and `temperature` (configure them on the
 * Effect AI provider's layer), and Effect AI's provider options; reasoning and
 * citation parts of an answer are left out, as Shoal's own adapters do.
 *
 * Usage is metered once, by the side that is Shoal's: do not stack
 * `fromLanguageModel` on `toLanguageModel` over the same meter (it would count twice).
 *
 * Nothing that the CLI or the agents import imports this file: `@effect/ai` is
 * an optional peer, needed only by those who use this adapter.
 *
 * @example
 * import { LanguageModel } from "@effect/ai"
 * import { Effect, Layer } from "effect"
 * import { EffectAi, ScriptedLlm } from "shoal"
 *
 * // Effect AI code on a Shoal model:
 * const program = LanguageModel.generateText({ prompt: "hello" })
 * program.pipe(Effect.provide(EffectAi.toLanguageModel().pipe(Layer.provide(ScriptedLlm.layer([ScriptedLlm.text("hi")])))))
 *
 * // A Shoal agent on an Effect AI model (here `MyModelLayer` provides LanguageModel.LanguageModel):
 * // const llm = EffectAi.fromLanguageModel({ model: "gpt-4.1" }).pipe(Layer.provide(MyModelLayer))
 */
import * as AiError from "@effect/ai/AiError"
import * as LanguageModel from "@effect/ai/LanguageModel"
import * as Model from "@effect/ai/Model"
import type * as Response from "@effect/ai/Response"
import { Effect, Either, Layer, Option, Stream } from "effect"
import type { GenerateRequest } from "../../domain/llm.js"
import { StreamEvent } from "../../domain/llm.js"
import type { EffectTools, RequestDefaults } from "./effect-ai-prompt.js"
import { toEffectToolChoice, toPrompt, toRequest, toToolkit } from "./effect-ai-prompt.js"
import {
  failureOf,
  failureOfUnmappable,
  fromResponse,
  ResponseBuilder,
  toAiError,
  toClosingStreamParts,
  toResponseParts
} from "./effect-ai-response.js"
import type { LlmShape } from "./llm.js"
import { Llm } from "./llm.js"
import type { ProviderAdapter } from "./provider.js"
import { networkFailure } from "./provider.js"
import type { RetryPolicy } from "./resilient.js"
import { defaultRetryPolicy, resilient } from "./resilient.js"

export { Unmappable } from "./effect-ai-prompt.js"
export type { RequestDefaults } from "./effect-ai-prompt.js"
export { llmErrorOf } from "./effect-ai-response.js"

// ---------------------------------------------------------------------------
// Effect AI's LanguageModel as Shoal's Llm
// ---------------------------------------------------------------------------

export interface FromLanguageModelOptions {
  /** Shown to users and used in record/replay keys. Default: the Effect AI `Model`'s provider name, else `effect-ai`. */
  readonly provider?: string
  /** The model's name, when the answers do not say it. Default `effect-ai`. */
  readonly model?: string
  /** Retries, time bounds and breaker, as for the built-in providers. Default `defaultRetryPolicy`. */
  readonly policy?: RetryPolicy
  /** Whether the model takes images (reported as `capabilities.images`). Default false. */
  readonly images?: boolean
}

const callOptions = (request: GenerateRequest) =>
  Either.map(toPrompt(request), (prompt) => ({
    prompt,
    toolkit: toToolkit(request.tools),
    toolChoice: toEffectToolChoice(request.toolChoice),
    disableToolCallResolution: true as const
  }))

/** The part Shoal's `resilient` wraps: one attempt, translated both ways, failures classified. */
const adapterOf = (lm: LanguageModel.Service, provider: string, model: string, images: boolean): ProviderAdapter => ({
  provider,
  model,
  images,
  generate: (request) =>
    Effect.gen(function*() {
      const options = yield* Either.mapLeft(callOptions(request), failureOfUnmappable("request"))
      const response = yield* lm.generateText(options).pipe(Effect.mapError(failureOf))
      return yield* Either.mapLeft(fromResponse(response, model), failureOfUnmappable("response"))
    }),
  stream: (request) =>
    Stream.unwrap(Effect.map(Either.mapLeft(callOptions(request), failureOfUnmappable("request")), (options) =>
      Stream.suspend(() => {
        const builder = new ResponseBuilder(model)
        const events = (part: Response.StreamPart<EffectTools>) => {
          if (part.type === "error") {
            return Effect.fail(AiError.isAiError(part.error) ? failureOf(part.error) : networkFailure(String(part.error)))
          }
          return Either.match(builder.add(part), {
            onLeft: (error) => Effect.fail(failureOfUnmappable("response")(error)),
            onRight: (delta) => Effect.succeed(delta === undefined || delta.length === 0 ? [] : [StreamEvent.TextDelta({ text: delta })])
          })
        }
        return lm.streamText(options).pipe(
          Stream.mapError(failureOf),
          Stream.mapConcatEffect(events),
          Stream.concat(Stream.fromEffect(Effect.sync(() => StreamEvent.Completed({ response: builder.build() }))))
        )
      })))
})

/** Shoal's `Llm` on an Effect AI `LanguageModel` service. */
export const llmFromLanguageModel = (
  lm: LanguageModel.Service,
  options: FromLanguageModelOptions = {}
): Effect.Effect<LlmShape> =>
  Effect.gen(function*() {
    const named = yield* Effect.serviceOption(Model.ProviderName)
    const provider = options.provider ?? Option.getOrElse(named, () => "effect-ai")
    return yield* resilient(adapterOf(lm, provider, options.model ?? "effect-ai", options.images ?? false), options.policy ?? defaultRetryPolicy)
  })

/** A layer of Shoal's `Llm` from the `LanguageModel` in context (e.g. an Effect AI provider's layer). */
export const fromLanguageModel = (
  options: FromLanguageModelOptions = {}
): Layer.Layer<Llm, never, LanguageModel.LanguageModel> =>
  Layer.effect(Llm, Effect.flatMap(LanguageModel.LanguageModel, (lm) => llmFromLanguageModel(lm, options)))

// ---------------------------------------------------------------------------
// Shoal's Llm as Effect AI's LanguageModel
// ---------------------------------------------------------------------------

/** Request settings Effect AI does not carry: Shoal's defaults unless given (1024 tokens). */
export type ToLanguageModelOptions = RequestDefaults

const malformedInput = (method: string) => (error: { readonly message: string }) =>
  new AiError.MalformedInput({ module: "Shoal", method, description: error.message, cause: error })

/** An Effect AI `LanguageModel` service answering with Shoal's `Llm`. */
export const languageModelFromLlm = (
  llm: LlmShape,
  options: ToLanguageModelOptions = {}
): Effect.Effect<LanguageModel.Service> =>
  LanguageModel.make({
    generateText: (providerOptions) =>
      Effect.gen(function*() {
        const { objectTool, request } = yield* Either.mapLeft(toRequest(providerOptions, options), malformedInput("generateText"))
        const response = yield* llm.generate(request).pipe(Effect.mapError(toAiError("generateText")))
        return toResponseParts(response, objectTool)
      }),
    streamText: (providerOptions) =>
      Stream.unwrap(Effect.map(Either.mapLeft(toRequest(providerOptions, options), malformedInput("streamText")), ({ request }) =>
        Stream.suspend(() => {
          const textId = "shoal-text"
          let textStreamed = false
          return llm.stream(request).pipe(
            Stream.mapError(toAiError("streamText")),
            Stream.mapConcat((event): Array<Response.StreamPartEncoded> => {
              if (event._tag === "Completed") return toClosingStreamParts(event.response, textId, textStreamed)
              const start: Array<Response.StreamPartEncoded> = textStreamed ? [] : [{ type: "text-start", id: textId }]
              textStreamed = true
              return [...start, { type: "text-delta", id: textId, delta: event.text }]
            })
          )
        })))
  })

/** A layer of Effect AI's `LanguageModel` from Shoal's `Llm` in context. */
export const toLanguageModel = (
  options: ToLanguageModelOptions = {}
): Layer.Layer<LanguageModel.LanguageModel, never, Llm> =>
  Layer.effect(LanguageModel.LanguageModel, Effect.flatMap(Llm, (llm) => languageModelFromLlm(llm, options)))
