/** Which models take images (services/vision/models.ts): the documented families yes, text-only and unknown names no. */
import { describe, expect, it } from "@effect/vitest"
import { supportsImages } from "../../../src/services/vision/models.js"

describe("supportsImages", () => {
  it("Claude 3 and later yes; Claude 2 and Instant no", () => {
    expect(["claude-sonnet-4-5", "claude-3-5-haiku-latest", "claude-opus-4-1"].map((m) => supportsImages("anthropic", m))).toEqual([true, true, true])
    expect(["claude-2.1", "claude-instant-1.2"].map((m) => supportsImages("anthropic", m))).toEqual([false, false])
  })

  it("OpenAI's vision models and open models named for vision yes; text-only ones no", () => {
    expect(["gpt-4o-mini", "gpt-4.1", "gpt-5", "o1", "o3", "o4-mini", "llava:13b", "qwen2.5-vl-7b", "gemini-2.0-flash"].every((m) => supportsImages("openai", m))).toBe(true)
    expect(["gpt-3.5-turbo", "o1-mini", "llama3.1:8b", "mistral-7b"].some((m) => supportsImages("openai", m))).toBe(false)
  })

  it("offline never; an unknown provider never", () => {
    expect(supportsImages("offline", "claude-sonnet-4-5")).toBe(false)
    expect(supportsImages("other", "gpt-4o")).toBe(false)
  })
})
