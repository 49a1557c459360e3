import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Duration, Effect, LogLevel, Option, Redacted } from "effect"
import { sdkLogLevel } from "../../../src/services/llm/provider.js"
import type { LlmFlags } from "../../../src/services/llm/settings.js"
import { parseModelSpec, resolveLlmSettings } from "../../../src/services/llm/settings.js"

const noFlags: LlmFlags = {
  provider: Option.none(),
  model: Option.none(),
  baseUrl: Option.none(),
  fallbackModel: Option.none()
}

const resolveWith = (env: Record<string, string>, flags: Partial<LlmFlags> = {}) =>
  resolveLlmSettings({ ...noFlags, ...flags }).pipe(
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env))))
  )

describe("resolving model settings", () => {
  it.effect("is offline with no key", () =>
    Effect.gen(function*() {
      const s = yield* resolveWith({})
      expect([s.provider, s.model]).toEqual(["offline", "rules"])
    }))

  it.effect("picks Anthropic when its key is set, with the key redacted", () =>
    Effect.gen(function*() {
      const s = yield* resolveWith({ ANTHROPIC_API_KEY: "sk-ant-secret", OPENAI_API_KEY: "sk-o" })
      expect(s.provider).toBe("anthropic")
      expect(s.model).toBe("claude-sonnet-4-6")
      expect(String(Option.getOrThrow(s.apiKey))).not.toContain("secret")
      expect(Redacted.value(Option.getOrThrow(s.apiKey))).toBe("sk-ant-secret")
    }))

  it.effect("flags win over the environment", () =>
    Effect.gen(function*() {
      const s = yield* resolveWith(
        { ANTHROPIC_API_KEY: "a", OPENAI_API_KEY: "o", SHOAL_PROVIDER: "anthropic", SHOAL_MODEL: "x" },
        { provider: Option.some("openai"), model: Option.some("gpt-x") }
      )
      expect([s.provider, s.model, Option.map(s.apiKey, Redacted.value)]).toEqual(["openai", "gpt-x", Option.some("o")])
    }))

  it.effect("asking for a provider without its key is a clear error", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(resolveWith({}, { provider: Option.some("anthropic") }))
      expect(error.message).toContain("ANTHROPIC_API_KEY")
    }))

  it.effect("a local OpenAI-compatible server needs no key", () =>
    Effect.gen(function*() {
      const s = yield* resolveWith({ SHOAL_BASE_URL: "http://127.0.0.1:11434/v1" }, {
        provider: Option.some("openai"),
        model: Option.some("llama3:8b")
      })
      expect([s.provider, s.model, Option.isNone(s.apiKey)]).toEqual(["openai", "llama3:8b", true])
    }))

  it.effect("a fallback model may name another provider", () =>
    Effect.gen(function*() {
      const s = yield* resolveWith({ ANTHROPIC_API_KEY: "a", OPENAI_API_KEY: "o" }, {
        fallbackModel: Option.some("openai:gpt-4.1-mini")
      })
      expect(s.fallbacks.map((f) => [f.provider, f.model])).toEqual([["openai", "gpt-4.1-mini"]])
      const missing = yield* Effect.flip(resolveWith({ ANTHROPIC_API_KEY: "a" }, { fallbackModel: Option.some("openai:gpt") }))
      expect(missing.message).toContain("OPENAI_API_KEY")
    }))

  it("parses [provider:]model specs, keeping colons in model tags", () => {
    expect(parseModelSpec("claude-haiku-4-5", "anthropic")).toEqual({ provider: "anthropic", model: "claude-haiku-4-5" })
    expect(parseModelSpec("openai:llama3:8b", "anthropic")).toEqual({ provider: "openai", model: "llama3:8b" })
    expect(parseModelSpec("two words", "openai")).toBeUndefined()
  })
})

describe("the call policy", () => {
  it.effect("defaults: 4 retries, 60 s per attempt, 20 s idle, 3 min per call", () =>
    Effect.gen(function*() {
      const { policy } = yield* resolveWith({})
      expect(policy.maxRetries).toBe(4)
      expect(Duration.toSeconds(Duration.decode(policy.attemptTimeout ?? 0))).toBe(60)
      expect(Duration.toSeconds(Duration.decode(policy.idleTimeout ?? 0))).toBe(20)
      expect(Duration.toSeconds(Duration.decode(policy.totalTimeout ?? 0))).toBe(180)
    }))

  it.effect("flags win over the environment, and each bound is checked", () =>
    Effect.gen(function*() {
      const { policy } = yield* resolveWith(
        { SHOAL_MODEL_RETRIES: "2", SHOAL_MODEL_TIMEOUT: "30", SHOAL_MODEL_IDLE_TIMEOUT: "5" },
        { modelRetries: Option.some(0) }
      )
      expect(policy.maxRetries).toBe(0)
      expect(Duration.toSeconds(Duration.decode(policy.attemptTimeout ?? 0))).toBe(30)
      expect(Duration.toSeconds(Duration.decode(policy.idleTimeout ?? 0))).toBe(5)
      const tooMany = yield* Effect.flip(resolveWith({}, { modelRetries: Option.some(50) }))
      expect(tooMany.message).toContain("--model-retries 50")
      const zero = yield* Effect.flip(resolveWith({}, { modelTimeout: Option.some(0) }))
      expect(zero.message).toContain("--model-timeout 0")
    }))
})

describe("the SDKs' own log level follows --log-level", () => {
  it("debug shows their request logs, the default their warnings, none silences them", () => {
    expect(sdkLogLevel(LogLevel.Debug)).toBe("debug")
    expect(sdkLogLevel(LogLevel.Info)).toBe("warn")
    expect(sdkLogLevel(LogLevel.Warning)).toBe("warn")
    expect(sdkLogLevel(LogLevel.Error)).toBe("error")
    expect(sdkLogLevel(LogLevel.None)).toBe("off")
  })
})
