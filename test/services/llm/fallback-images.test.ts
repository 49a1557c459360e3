/**
 * A fallback chain can do what its first model can; a request with images
 * that falls back to a model taking none goes with each image named in words
 * (in user messages and in tool results alike), never as an image the
 * fallback's provider would reject.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Stream } from "effect"
import type { GenerateRequest as Request } from "../../../src/domain/llm.js"
import { GenerateRequest, ImageBlock, LlmUnavailable, ModelResponse, TextBlock, ToolResult, Usage, UserMessage } from "../../../src/domain/llm.js"
import { chain } from "../../../src/services/llm/fallback.js"
import { capabilitiesOf } from "../../../src/services/llm/llm.js"
import type { LlmShape } from "../../../src/services/llm/llm.js"

const down: LlmShape = {
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  capabilities: { answers: true, images: true },
  generate: () => Effect.fail(new LlmUnavailable({ provider: "anthropic", model: "claude-sonnet-4-5", reason: "overloaded", attempts: 5 })),
  stream: () => Stream.fail(new LlmUnavailable({ provider: "anthropic", model: "claude-sonnet-4-5", reason: "overloaded", attempts: 5 }))
}

/** A model that answers and remembers what it was sent. */
const listening = (images: boolean) => {
  const seen: Array<Request> = []
  const llm: LlmShape = {
    provider: "openai",
    model: images ? "gpt-4o" : "gpt-3.5-turbo",
    capabilities: { answers: true, images },
    generate: (request) => Effect.sync(() => (seen.push(request), new ModelResponse({ model: "m", content: [new TextBlock({ text: "ok" })], stopReason: "end_turn", usage: new Usage({ inputTokens: 1, outputTokens: 1 }) }))),
    stream: () => Stream.empty
  }
  return { llm, seen }
}

const screenshot = ImageBlock.base64("image/jpeg", "AAAA")
const request = new GenerateRequest({
  messages: [
    new UserMessage({ content: [screenshot, new TextBlock({ text: "what is on the screen?" })] }),
    new UserMessage({ content: [new ToolResult({ toolCallId: "t1", isError: false, content: [screenshot, new TextBlock({ text: "tapped" })] })] })
  ]
})

const tagsOf = (r: Request | undefined) =>
  r?.messages.map((m) => m.content.map((c) => (c._tag === "ToolResult" ? c.content.map((b) => b._tag) : c._tag)))

describe("a fallback that takes no images", () => {
  it.effect("gets each image as a line saying one was there; the chain says it takes images, as its first model does", () =>
    Effect.gen(function*() {
      const fallback = listening(false)
      const llm = chain(down, fallback.llm)
      expect(capabilitiesOf(llm).images).toBe(true)
      yield* llm.generate(request)
      expect(tagsOf(fallback.seen[0])).toEqual([["Text", "Text"], [["Text", "Text"]]])
      const first = fallback.seen[0]?.messages[0]?.content[0]
      expect(first).toEqual(new TextBlock({ text: "[an image was here; this model takes no images]" }))
    }))

  it.effect("a fallback that takes images gets them as they were", () =>
    Effect.gen(function*() {
      const fallback = listening(true)
      yield* chain(down, fallback.llm).generate(request)
      expect(tagsOf(fallback.seen[0])).toEqual([["Image", "Text"], [["Image", "Text"]]])
    }))
})
