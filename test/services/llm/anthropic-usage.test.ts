import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { fromAnthropicMessage } from "../../../src/services/llm/anthropic-response.js"
import { sharedFixtures } from "../../fakes/llm-fixtures.js"

describe("Anthropic usage", () => {
  const recorded = JSON.parse(readFileSync(new URL("01-anthropic-text.json", sharedFixtures), "utf8"))

  it("counts the recorded input and output tokens", () => {
    expect(fromAnthropicMessage(recorded).usage).toMatchObject({ inputTokens: 20, outputTokens: 10 })
  })

  it("counts cached input too: input_tokens covers only what follows the last cache breakpoint", () => {
    const cached = { ...recorded, usage: { ...recorded.usage, cache_creation_input_tokens: 300, cache_read_input_tokens: 1200 } }
    expect(fromAnthropicMessage(cached).usage).toMatchObject({ inputTokens: 1520, outputTokens: 10 })
  })
})
