/**
 * The `Llm` layer for resolved settings: the provider (its SDK imported only
 * now), wrapped with retries, then the fallback chain, then record or replay.
 */
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import { Effect, Layer, Option, Redacted } from "effect"
import type { LlmShape } from "./llm.js"
import { Llm } from "./llm.js"
import { chain } from "./fallback.js"
import { offline } from "./offline.js"
import type { RetryPolicy } from "./resilient.js"
import { resilient } from "./resilient.js"
import type { ReplayUnusable } from "./record-replay.js"
import { recordedModel, recording, replaying } from "./record-replay.js"
import type { LlmSettings, ModelChoice } from "./settings.js"

const adapterFor = (choice: ModelChoice, policy: RetryPolicy) =>
  Effect.gen(function*() {
    const config = {
      model: choice.model,
      ...(policy.attemptTimeout === undefined ? {} : { timeout: policy.attemptTimeout }),
      // Only a local OpenAI-compatible server goes without a key (settings.ts checks the rest).
      apiKey: Option.getOrElse(choice.apiKey, () => Redacted.make("no-key")),
      ...(Option.isSome(choice.baseUrl) ? { baseUrl: choice.baseUrl.value } : {}),
      ...(Option.isSome(choice.images) ? { images: choice.images.value } : {})
    }
    switch (choice.provider) {
      case "anthropic": {
        const { makeAnthropicAdapter } = yield* Effect.promise(() => import("./anthropic.js"))
        return yield* makeAnthropicAdapter(config)
      }
      case "openai": {
        const { makeOpenAiAdapter } = yield* Effect.promise(() => import("./openai.js"))
        // Compatible servers (Ollama, vLLM, Gemini) know `max_tokens`; OpenAI itself prefers the newer field.
        return yield* makeOpenAiAdapter({
          ...config,
          tokenLimitField: Option.isSome(choice.baseUrl) ? "max_tokens" : "max_completion_tokens"
        })
      }
      case "offline":
        return undefined
    }
  })

const modelFor = (choice: ModelChoice, policy: RetryPolicy): Effect.Effect<LlmShape> =>
  Effect.flatMap(adapterFor(choice, policy), (adapter) => (adapter === undefined ? Effect.succeed(offline) : resilient(adapter, policy)))

export const makeLlm = (
  settings: LlmSettings,
  policy: RetryPolicy = settings.policy
): Effect.Effect<LlmShape, ReplayUnusable, FileSystem.FileSystem | Path.Path> =>
  Effect.gen(function*() {
    if (Option.isSome(settings.replayDir)) {
      const directory = settings.replayDir.value
      // No provider chosen (no flag, no key): the recordings say which model they hold.
      const { provider, model } = settings.provider === "offline" ? yield* recordedModel(directory) : settings
      return yield* replaying(directory, provider, model)
    }
    const primary = yield* modelFor(settings, policy)
    const fallbacks = yield* Effect.forEach(settings.fallbacks, (f) => modelFor(f, policy))
    const llm = chain(primary, ...fallbacks)
    return Option.isSome(settings.recordDir) ? yield* recording(settings.recordDir.value)(llm) : llm
  })

export const layerFromSettings = (
  settings: LlmSettings,
  policy?: RetryPolicy
): Layer.Layer<Llm, ReplayUnusable, FileSystem.FileSystem | Path.Path> => Layer.effect(Llm, makeLlm(settings, policy))
