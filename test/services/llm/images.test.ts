import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option } from "effect"
import { anthropicTakesImages, openAiTakesImages, takesImages } from "../../../src/services/llm/images.js"
import { makeLlm } from "../../../src/services/llm/layer.js"
import { capabilitiesOf } from "../../../src/services/llm/llm.js"
import { resolveLlmSettings } from "../../../src/services/llm/settings.js"

describe("which models take images (read by the provider layers only)", () => {
  it("Anthropic: Claude 3 and later, not Claude 2 or Instant", () => {
    expect(["claude-sonnet-4-5", "claude-3-5-haiku-latest", "claude-opus-4-1"].map(anthropicTakesImages)).toEqual([true, true, true])
    expect(["claude-2.1", "claude-instant-1.2"].map(anthropicTakesImages)).toEqual([false, false])
  })

  it("OpenAI and compatible servers: the GPT-4o line and later, o1/o3/o4-mini, open models whose name says vision", () => {
    expect(["gpt-4o-mini", "gpt-4.1", "gpt-5", "o1", "o3", "o4-mini", "llava:13b", "qwen2.5-vl-7b", "gemini-2.0-flash"].every(openAiTakesImages)).toBe(true)
    expect(["gpt-3.5-turbo", "o1-mini", "llama3.1:8b", "mistral-7b"].some(openAiTakesImages)).toBe(false)
  })

  it("a provider the lists do not know takes none", () => {
    expect([takesImages("anthropic", "claude-opus-4-1"), takesImages("openai", "gpt-4o"), takesImages("offline", "rules")]).toEqual([true, true, false])
  })
})

/** The Llm the settings from `env` build, and what it says it can do. */
const capabilitiesFrom = (env: Record<string, string>) =>
  resolveLlmSettings({ provider: Option.none(), model: Option.none(), baseUrl: Option.none(), fallbackModel: Option.none() }).pipe(
    Effect.flatMap((settings) => makeLlm(settings)),
    Effect.map(capabilitiesOf),
    Effect.withConfigProvider(ConfigProvider.fromMap(new Map(Object.entries(env)))),
    Effect.provide(NodeContext.layer)
  )

describe("capabilities.images, as the built model layer reports it", () => {
  const local = { SHOAL_PROVIDER: "openai", SHOAL_BASE_URL: "http://127.0.0.1:9/v1" }

  it.effect("follows the provider's lists by default; offline answers nothing and sees nothing", () =>
    Effect.gen(function*() {
      expect(yield* capabilitiesFrom({ ...local, SHOAL_MODEL: "gpt-4o" })).toEqual({ answers: true, images: true })
      expect(yield* capabilitiesFrom({ ...local, SHOAL_MODEL: "llama3.1:8b" })).toEqual({ answers: true, images: false })
      expect(yield* capabilitiesFrom({ ANTHROPIC_API_KEY: "sk-ant-test", SHOAL_MODEL: "claude-2.1" })).toEqual({ answers: true, images: false })
      expect(yield* capabilitiesFrom({})).toEqual({ answers: false, images: false })
    }))

  it.effect("a replay takes images when the recorded model did, so a --vision run replays as it was recorded", () =>
    Effect.gen(function*() {
      const replay = { SHOAL_LLM_REPLAY: "/nonexistent-recordings", SHOAL_PROVIDER: "anthropic" }
      expect(yield* capabilitiesFrom({ ...replay, SHOAL_MODEL: "claude-opus-4-1" })).toEqual({ answers: true, images: true })
      expect(yield* capabilitiesFrom({ ...replay, SHOAL_MODEL: "claude-2.1" })).toEqual({ answers: true, images: false })
    }))

  it.effect("SHOAL_MODEL_IMAGES says so for a model the lists do not know, either way", () =>
    Effect.gen(function*() {
      expect(yield* capabilitiesFrom({ ...local, SHOAL_MODEL: "my-finetune:7b", SHOAL_MODEL_IMAGES: "true" })).toEqual({ answers: true, images: true })
      expect(yield* capabilitiesFrom({ ...local, SHOAL_MODEL: "gpt-4o", SHOAL_MODEL_IMAGES: "false" })).toEqual({ answers: true, images: false })
    }))

  it.effect("a value that is not yes/no is a clear error naming the setting", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(capabilitiesFrom({ ...local, SHOAL_MODEL: "x", SHOAL_MODEL_IMAGES: "maybe" }))
      expect(String(error)).toContain("SHOAL_MODEL_IMAGES")
    }))
})
