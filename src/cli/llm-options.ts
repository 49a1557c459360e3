/**
 * The model flags every subcommand shares: `--provider`, `--model`,
 * `--base-url`, `--fallback-model`, `--model-timeout`, `--model-retries`. Each falls back to its environment
 * variable (settings.ts); keys only ever come from the environment.
 */
import { Options } from "@effect/cli"
import { Console, Effect, Layer } from "effect"
import type { LlmFlags } from "../services/llm/settings.js"
import { resolveLlmSettings, selectsNoModel } from "../services/llm/settings.js"

export const llmOptions = {
  provider: Options.choice("provider", ["anthropic", "openai", "offline"]).pipe(
    Options.withDescription(
      "Which model provider to use. Default: SHOAL_PROVIDER, else anthropic if ANTHROPIC_API_KEY is set, openai if OPENAI_API_KEY is, else offline (rule-based, no model)."
    ),
    Options.optional
  ),
  model: Options.text("model").pipe(
    Options.withDescription("Model name (default: SHOAL_MODEL, else the provider's default)."),
    Options.optional
  ),
  baseUrl: Options.text("base-url").pipe(
    Options.withDescription(
      "API base URL (default: SHOAL_BASE_URL). With --provider openai, any OpenAI-compatible server: Ollama, vLLM, Gemini."
    ),
    Options.optional
  ),
  fallbackModel: Options.text("fallback-model").pipe(
    Options.withDescription(
      "[anthropic:|openai:]MODEL to use when the primary model stays unavailable (default: SHOAL_FALLBACK_MODEL)."
    ),
    Options.optional
  ),
  modelTimeout: Options.integer("model-timeout").pipe(
    Options.withDescription(
      "Seconds one model request may take before it counts as failed and is retried (default: SHOAL_MODEL_TIMEOUT, else 60). A stream may also go silent for at most SHOAL_MODEL_IDLE_TIMEOUT (20) seconds, and a whole call, retries included, may take SHOAL_MODEL_TOTAL_TIMEOUT (180)."
    ),
    Options.optional
  ),
  modelRetries: Options.integer("model-retries").pipe(
    Options.withDescription(
      "Retries of a failed model request (429, 5xx, timeouts), with backoff (default: SHOAL_MODEL_RETRIES, else 4). After that many failures in a row the provider is rested for 30 s and calls go straight to --fallback-model or the rules."
    ),
    Options.optional
  )
} as const

export type LlmOptionValues = {
  readonly [K in keyof typeof llmOptions]-?: Exclude<LlmFlags[K], undefined>
}

/**
 * The `Llm` layer for these flags, and the one offline line when there is no
 * model. The provider's SDK is imported only here, when a command runs.
 */
export const llmLayerFor = (flags: LlmFlags) =>
  Effect.gen(function*() {
    const settings = yield* resolveLlmSettings(flags)
    const { layerFromSettings } = yield* Effect.promise(() => import("../services/llm/layer.js"))
    if (selectsNoModel(settings)) {
      const { offlineNotice } = yield* Effect.promise(() => import("../services/llm/offline.js"))
      yield* Console.error(offlineNotice)
    }
    return { settings, layer: layerFromSettings(settings) }
  })

export type LlmLayer = Effect.Effect.Success<ReturnType<typeof llmLayerFor>>["layer"]
export type { Layer }
