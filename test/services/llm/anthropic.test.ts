/**
 * Wire tests for the Anthropic live `Llm`: the real `@anthropic-ai/sdk` client,
 * through `layerAnthropic`, against the loopback fake server replaying the
 * recorded fixtures. Retries run on `TestClock`; nothing sleeps for real and
 * nothing leaves 127.0.0.1 (the base URL is always the fake server's).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import {
  GenerateRequest,
  ImageBlock,
  TextBlock,
  ToolResult,
  ToolSpec,
  UserMessage,
  userText
} from "../../../src/domain/llm.js"
import { extract } from "../../../src/services/llm/extract.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { jsonFixture, sharedFixtures } from "../../fakes/llm-fixtures.js"
import { anthropicOnLoopback, ask } from "../../fakes/llm-wire.js"
import { readFileSync } from "node:fs"

const setup = anthropicOnLoopback

const entityTool = new ToolSpec({
  name: "retrieve_entity_info",
  description: "Look up a family member",
  inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] }
})

describe("layerAnthropic", () => {
  it.scoped("decodes a text answer and sends the request the Messages API documents (01)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("01-anthropic-text.json"))
      const response = yield* llm.generate(ask("What is the capital of France?"))

      expect(response.text).toBe("The capital of France is Paris.")
      expect(response.stopReason).toBe("end_turn")
      expect(response.model).toBe("claude-3-opus-20240229")
      expect(response.usage).toMatchObject({ inputTokens: 20, outputTokens: 10 })
      const [request, ...rest] = yield* server.requests
      expect(rest).toHaveLength(0)
      // SDK 1.x sends an API key as a bearer token; it must be ours, not one from the environment.
      expect(request?.headers["authorization"]).toBe("Bearer sk-ant-test-key")
      expect(request?.body).toEqual({
        model: "claude-test",
        max_tokens: 256,
        system: "Be brief.",
        messages: [{ role: "user", content: [{ type: "text", text: "What is the capital of France?" }] }]
      })
    }))

  it.scoped("round-trips parallel tool calls: tool_use blocks out, tool_result blocks back (02)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("02-anthropic-tool-use-parallel.json"), jsonFixture("01-anthropic-text.json"))
      const question = userText("Who is the youngest?")
      const first = yield* llm.generate(
        new GenerateRequest({ messages: [question], tools: [entityTool], toolChoice: { _tag: "Auto" } })
      )
      expect(first.stopReason).toBe("tool_use")
      expect(first.text).toMatch(/^I'll help you find out who is the youngest/)
      expect(first.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual([
        ["toolu_0167cfEnoQaPviGdVXA95zcu", "retrieve_entity_info", { name: "Alice" }],
        ["toolu_01EEe2V5HD1Ac4rKiUR4HD2T", "retrieve_entity_info", { name: "Bob" }],
        ["toolu_01XFyAjstT3966qvRynZyVPo", "retrieve_entity_info", { name: "Charlie" }],
        ["toolu_013mnQZbgtK2oe3Mo3XKJsx3", "retrieve_entity_info", { name: "Daisy" }]
      ])

      const results = new UserMessage({
        content: first.toolCalls.map((call, i) =>
          new ToolResult({
            toolCallId: call.id,
            content: [new TextBlock({ text: i === 3 ? "not found" : `age ${30 - i}` })],
            isError: i === 3
          })
        )
      })
      yield* llm.generate(new GenerateRequest({ messages: [question, first.message, results], tools: [entityTool] }))

      const requests = yield* server.requests
      expect(requests).toHaveLength(2)
      expect(requests[0]?.body).toMatchObject({
        tools: [{
          name: "retrieve_entity_info",
          description: "Look up a family member",
          input_schema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] }
        }],
        tool_choice: { type: "auto" }
      })
      expect(requests[1]?.body).toMatchObject({
        messages: [
          { role: "user" },
          {
            role: "assistant",
            content: [
              { type: "text", text: first.text },
              { type: "tool_use", id: "toolu_0167cfEnoQaPviGdVXA95zcu", name: "retrieve_entity_info", input: { name: "Alice" } },
              { type: "tool_use", id: "toolu_01EEe2V5HD1Ac4rKiUR4HD2T", input: { name: "Bob" } },
              { type: "tool_use", id: "toolu_01XFyAjstT3966qvRynZyVPo", input: { name: "Charlie" } },
              { type: "tool_use", id: "toolu_013mnQZbgtK2oe3Mo3XKJsx3", input: { name: "Daisy" } }
            ]
          },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "toolu_0167cfEnoQaPviGdVXA95zcu", is_error: false, content: [{ type: "text", text: "age 30" }] },
              { type: "tool_result", tool_use_id: "toolu_01EEe2V5HD1Ac4rKiUR4HD2T", is_error: false },
              { type: "tool_result", tool_use_id: "toolu_01XFyAjstT3966qvRynZyVPo", is_error: false },
              { type: "tool_result", tool_use_id: "toolu_013mnQZbgtK2oe3Mo3XKJsx3", is_error: true, content: [{ type: "text", text: "not found" }] }
            ]
          }
        ]
      })
    }))

  it.scoped("forces tool use with tool_choice any and decodes an empty input (03)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("03-anthropic-tool-use-empty-input.json"))
      const tool = new ToolSpec({ name: "get_user_country", description: "The user's country", inputSchema: { type: "object", properties: {} } })
      const response = yield* llm.generate(
        new GenerateRequest({ messages: [userText("Where am I?")], tools: [tool], toolChoice: { _tag: "Any" } })
      )
      expect(response.toolCalls).toHaveLength(1)
      expect(response.toolCalls[0]).toMatchObject({ id: "toolu_01X9wcHKKAZD9tBC711xipPa", name: "get_user_country", input: {} })
      expect(response.text).toBe("")
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({ tool_choice: { type: "any" } })
    }))

  it.scoped("sends a screenshot inside a tool_result as a base64 image block (04)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("04-anthropic-image-in-tool-result.json"))
      const result = new ToolResult({
        toolCallId: "toolu_screen",
        content: [new TextBlock({ text: "Here is the screen" }), ImageBlock.base64("image/jpeg", "/9j/4AAQSkZJRg==")],
        isError: false
      })
      const response = yield* llm.generate(new GenerateRequest({ messages: [new UserMessage({ content: [result] })] }))
      expect(response.text).toContain("kiwi fruit cross-section")
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({
        messages: [{
          role: "user",
          content: [{
            type: "tool_result",
            tool_use_id: "toolu_screen",
            content: [
              { type: "text", text: "Here is the screen" },
              { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQSkZJRg==" } }
            ]
          }]
        }]
      })
    }))

  it.scoped("sends an image given by URL as a url image source (05)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("05-anthropic-image-url-user.json"))
      const url = "https://example.invalid/potato.jpg"
      const response = yield* llm.generate(
        new GenerateRequest({ messages: [userText("What is this?", [ImageBlock.url(url)])] })
      )
      expect(response.text).toMatch(/^This is a potato\./)
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({
        messages: [{
          role: "user",
          content: [{ type: "image", source: { type: "url", url } }, { type: "text", text: "What is this?" }]
        }]
      })
    }))
})

describe("extract over Anthropic", () => {
  it.scoped("reports a tool input of the wrong type as ParseFailed with the raw input", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Fixture 03's answer, with an input that does not fit the schema.
      const recorded = JSON.parse(readFileSync(new URL("03-anthropic-tool-use-empty-input.json", sharedFixtures), "utf8"))
      recorded.content[0].name = "record_portion"
      recorded.content[0].input = { food: "rice", grams: "a bowl" }
      yield* server.enqueue({ status: 200, contentType: "application/json", body: JSON.stringify(recorded) })

      const Portion = Schema.Struct({ food: Schema.String, grams: Schema.Number })
      const error = yield* Effect.flip(
        extract(Portion, { prompt: "a bowl of rice", toolName: "record_portion" }).pipe(Effect.provideService(Llm, llm))
      )
      expect(error._tag).toBe("ParseFailed")
      if (error._tag !== "ParseFailed") return
      expect(JSON.parse(error.raw)).toEqual({ food: "rice", grams: "a bowl" })
      expect(error.error).toContain("grams")
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({ tool_choice: { type: "tool", name: "record_portion" } })
    }))
})
