/**
 * Which model to talk to, resolved once at the edge (CLI flags over the
 * environment through Effect `Config`), and the `Llm` layer it selects.
 *
 * Precedence: `--provider` / `SHOAL_PROVIDER`; otherwise Anthropic when
 * `ANTHROPIC_API_KEY` is set, OpenAI when `OPENAI_API_KEY` is, else offline.
 * Keys are `Redacted` from the moment they are read.
 */
import { Config, Data, Duration, Effect, Option, Redacted } from "effect"
import type { ProviderName } from "../../domain/llm.js"
import type { RetryPolicy } from "./resilient.js"
import { defaultLimits, defaultRetryPolicy } from "./resilient.js"

/**
 * Each provider's default, chosen as an active (not deprecated) model on
 * 2026-11-22: claude-sonnet-4-5 retires on 2026-11-30 (Anthropic recommends
 * Sonnet 4.6), and gpt-4.1-mini on 2027-01-14 (OpenAI recommends gpt-6-luna).
 * `--model` / `SHOAL_MODEL` choose another.
 */
export const defaultModels: Record<Exclude<ProviderName, "offline">, string> = {
  anthropic: "claude-sonnet-4-6",
  openai: "gpt-6-luna"
}

export interface ModelChoice {
  readonly provider: ProviderName
  readonly model: string
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
  readonly baseUrl: Option.Option<string>
  /** `SHOAL_MODEL_IMAGES`: whether the model takes images, for one the provider's lists do not know (e.g. on a local server). */
  readonly images: Option.Option<boolean>
}

export interface LlmSettings extends ModelChoice {
  /** Tried in order when the one before stays unavailable. */
  readonly fallbacks: ReadonlyArray<ModelChoice>
  /** `SHOAL_LLM_RECORD`: save every request/response pair here. */
  readonly recordDir: Option.Option<string>
  /** `SHOAL_LLM_REPLAY`: answer only from recordings here. */
  readonly replayDir: Option.Option<string>
  /** Retries, time bounds and the breaker, for every model in the chain. */
  readonly policy: RetryPolicy
}

/** What the command line said; anything absent falls back to the environment. */
export interface LlmFlags {
  readonly provider: Option.Option<ProviderName>
  readonly model: Option.Option<string>
  readonly baseUrl: Option.Option<string>
  /** `[provider:]model`, e.g. `claude-haiku-4-5` or `openai:gpt-4.1-mini`. */
  readonly fallbackModel: Option.Option<string>
  /** Seconds per attempt. */
  readonly modelTimeout?: Option.Option<number>
  /** Retries after the first attempt. */
  readonly modelRetries?: Option.Option<number>
}

export class InvalidModelLimit extends Data.TaggedError("InvalidModelLimit")<{ readonly name: string; readonly value: number }> {
  override get message(): string {
    return `${this.name} ${this.value} is out of range (seconds ≥ 1, retries 0–10)`
  }
}

export class MissingApiKey extends Data.TaggedError("MissingApiKey")<{ readonly provider: ProviderName }> {
  override get message(): string {
    const env = this.provider === "anthropic" ? "ANTHROPIC_API_KEY" : "OPENAI_API_KEY"
    return `--provider ${this.provider} needs ${env} to be set (or use --provider offline).`
  }
}

export class InvalidModelSpec extends Data.TaggedError("InvalidModelSpec")<{ readonly spec: string }> {
  override get message(): string {
    return `--fallback-model "${this.spec}" is not [anthropic:|openai:]MODEL`
  }
}

const optionalString = (name: string) =>
  Config.option(Config.string(name)).pipe(Config.map(Option.filter((s) => s.trim().length > 0)))
const optionalSecret = (name: string) =>
  Config.option(Config.redacted(name)).pipe(Config.map(Option.filter((s) => Redacted.value(s).trim().length > 0)))

const environment = Config.all({
  provider: Config.option(Config.literal("anthropic", "openai", "offline")("SHOAL_PROVIDER")),
  model: optionalString("SHOAL_MODEL"),
  baseUrl: optionalString("SHOAL_BASE_URL"),
  images: Config.option(Config.boolean("SHOAL_MODEL_IMAGES")),
  fallbackModel: optionalString("SHOAL_FALLBACK_MODEL"),
  anthropicKey: optionalSecret("ANTHROPIC_API_KEY"),
  openaiKey: optionalSecret("OPENAI_API_KEY"),
  recordDir: optionalString("SHOAL_LLM_RECORD"),
  replayDir: optionalString("SHOAL_LLM_REPLAY"),
  attemptTimeout: Config.option(Config.integer("SHOAL_MODEL_TIMEOUT")),
  idleTimeout: Config.option(Config.integer("SHOAL_MODEL_IDLE_TIMEOUT")),
  totalTimeout: Config.option(Config.integer("SHOAL_MODEL_TOTAL_TIMEOUT")),
  retries: Config.option(Config.integer("SHOAL_MODEL_RETRIES"))
})

/** The call policy from flags over the environment over the defaults; each bound checked. */
const resolvePolicy = (flags: LlmFlags, env: Config.Config.Success<typeof environment>) =>
  Effect.gen(function*() {
    const seconds = (name: string, value: Option.Option<number>, fallback: Duration.Duration) => {
      if (Option.isNone(value)) return Effect.succeed(fallback)
      return value.value >= 1 && value.value <= 3600
        ? Effect.succeed(Duration.seconds(value.value))
        : Effect.fail(new InvalidModelLimit({ name, value: value.value }))
    }
    const retries = Option.orElse(flags.modelRetries ?? Option.none(), () => env.retries)
    if (Option.isSome(retries) && (retries.value < 0 || retries.value > 10)) {
      return yield* new InvalidModelLimit({ name: "--model-retries", value: retries.value })
    }
    return {
      ...defaultRetryPolicy,
      maxRetries: Option.getOrElse(retries, () => defaultRetryPolicy.maxRetries),
      attemptTimeout: yield* seconds("--model-timeout", Option.orElse(flags.modelTimeout ?? Option.none(), () => env.attemptTimeout), defaultLimits.attemptTimeout),
      idleTimeout: yield* seconds("SHOAL_MODEL_IDLE_TIMEOUT", env.idleTimeout, defaultLimits.idleTimeout),
      totalTimeout: yield* seconds("SHOAL_MODEL_TOTAL_TIMEOUT", env.totalTimeout, defaultLimits.totalTimeout)
    } satisfies RetryPolicy
  })

export const resolveLlmSettings = (flags: LlmFlags) =>
  Effect.gen(function*() {
    const env = yield* environment
    const keyFor = (provider: ProviderName) =>
      provider === "anthropic" ? env.anthropicKey : provider === "openai" ? env.openaiKey : Option.none()
    const provider: ProviderName = Option.getOrElse(
      Option.orElse(flags.provider, () => env.provider),
      () => (Option.isSome(env.anthropicKey) ? "anthropic" : Option.isSome(env.openaiKey) ? "openai" : "offline")
    )
    const baseUrl = Option.orElse(flags.baseUrl, () => env.baseUrl)
    const replaying = Option.isSome(env.replayDir)
    // A local OpenAI-compatible server (Ollama, vLLM) needs no key; replay needs none either.
    if (provider !== "offline" && Option.isNone(keyFor(provider)) && !replaying &&
      !(provider === "openai" && Option.isSome(baseUrl))) {
      return yield* new MissingApiKey({ provider })
    }
    const model = Option.getOrElse(
      Option.orElse(flags.model, () => env.model),
      () => (provider === "offline" ? "rules" : defaultModels[provider])
    )
    const fallbackSpec = Option.orElse(flags.fallbackModel, () => env.fallbackModel)
    const fallbacks: Array<ModelChoice> = []
    if (Option.isSome(fallbackSpec) && provider !== "offline") {
      const parsed = parseModelSpec(fallbackSpec.value, provider)
      if (parsed === undefined) return yield* new InvalidModelSpec({ spec: fallbackSpec.value })
      const apiKey = keyFor(parsed.provider)
      if (Option.isNone(apiKey) && !replaying) return yield* new MissingApiKey({ provider: parsed.provider })
      fallbacks.push({
        ...parsed,
        apiKey,
        baseUrl: parsed.provider === provider ? baseUrl : Option.none(),
        images: Option.none()
      })
    }
    return {
      provider,
      model,
      apiKey: keyFor(provider),
      baseUrl,
      images: env.images,
      fallbacks,
      recordDir: env.recordDir,
      replayDir: env.replayDir,
      policy: yield* resolvePolicy(flags, env)
    } satisfies LlmSettings
  })

/**
 * Whether these settings give no model at all: offline, and not replaying
 * (a replay answers from its recordings, a model of its own). The one place
 * outside the layer itself that reads the provider's name; a command asks
 * this before it builds the layer, e.g. to skip loading photos nobody can see.
 */
export const selectsNoModel = (settings: LlmSettings): boolean =>
  settings.provider === "offline" && Option.isNone(settings.replayDir)

/** `openai:gpt-4.1-mini` → openai; a bare model name keeps the primary's provider. */
export const parseModelSpec = (
  spec: string,
  defaultProvider: Exclude<ProviderName, "offline">
): { readonly provider: Exclude<ProviderName, "offline">; readonly model: string } | undefined => {
  const match = /^(?:(anthropic|openai):)?([^\s:]+(?::[^\s:]+)?)$/.exec(spec.trim())
  if (match === null || match[2] === undefined) return undefined
  const provider = match[1] === "anthropic" || match[1] === "openai" ? match[1] : defaultProvider
  return { provider, model: match[2] }
}
