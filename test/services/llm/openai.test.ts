/**
 * Wire tests for the OpenAI live `Llm`: the real `openai` client, through
 * `layerOpenAi`, against the loopback fake server replaying the recorded
 * fixtures. Retries run on `TestClock`; nothing sleeps for real and nothing
 * leaves 127.0.0.1 (the base URL is always the fake server's).
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Schema } from "effect"
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
import { jsonFixture, sharedFixtures, sseFixture } from "../../fakes/llm-fixtures.js"
import { ask, collectStream, openAiOnLoopback } from "../../fakes/llm-wire.js"
import { readFileSync } from "node:fs"

const setup = openAiOnLoopback

const capitalTool = new ToolSpec({
  name: "get_capital",
  description: "The capital of a country",
  inputSchema: { type: "object", properties: { country: { type: "string" } }, required: ["country"] }
})

/** Fixture 09 with other tool-call arguments, for answers no recording has. */
const toolCallsWithArguments = (args: string) => {
  const body = readFileSync(new URL("09-openai-tool-calls.json", sharedFixtures), "utf8")
  const recorded = JSON.stringify("{\"country\":\"England\"}")
  expect(body).toContain(recorded)
  return { status: 200, contentType: "application/json" as const, body: body.replace(recorded, JSON.stringify(args)) }
}

describe("layerOpenAi", () => {
  it.scoped("decodes a text answer and sends a chat.completions request (08)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("08-openai-text.json"))
      const response = yield* llm.generate(ask("What is the capital of France?"))

      expect(response.text).toBe("The capital of France is Paris.")
      expect(response.stopReason).toBe("end_turn")
      expect(response.model).toBe("gpt-4o-2024-08-06")
      expect(response.usage).toMatchObject({ inputTokens: 24, outputTokens: 8 })
      const [request, ...rest] = yield* server.requests
      expect(rest).toHaveLength(0)
      expect(request?.headers["authorization"]).toBe("Bearer sk-openai-test-key")
      expect(request?.headers["openai-organization"]).toBeUndefined()
      expect(request?.body).toEqual({
        model: "gpt-test",
        max_completion_tokens: 256,
        messages: [
          { role: "system", content: "Be brief." },
          { role: "user", content: "What is the capital of France?" }
        ]
      })
    }))

  it.scoped("round-trips a tool call; the result goes back as a tool message, its image in a user message (09)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("09-openai-tool-calls.json"), jsonFixture("08-openai-text.json"))
      const question = userText("What is the capital of England?")
      const first = yield* llm.generate(new GenerateRequest({ messages: [question], tools: [capitalTool] }))
      expect(first.stopReason).toBe("tool_use")
      expect(first.text).toBe("")
      expect(first.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual([
        ["call_SkEQ3ZGSJC8m6AvaIGNuuKdm", "get_capital", { country: "England" }]
      ])
      expect(first.usage).toMatchObject({ inputTokens: 104, outputTokens: 16 })

      const result = new ToolResult({
        toolCallId: "call_SkEQ3ZGSJC8m6AvaIGNuuKdm",
        content: [new TextBlock({ text: "London" }), ImageBlock.base64("image/png", "iVBORw0KGgo=")],
        isError: false
      })
      yield* llm.generate(
        new GenerateRequest({ messages: [question, first.message, new UserMessage({ content: [result] })], tools: [capitalTool] })
      )

      const requests = yield* server.requests
      expect(requests).toHaveLength(2)
      expect(requests[0]?.body).toMatchObject({
        tools: [{
          type: "function",
          function: {
            name: "get_capital",
            description: "The capital of a country",
            parameters: { type: "object", properties: { country: { type: "string" } }, required: ["country"] }
          }
        }],
        tool_choice: "auto"
      })
      expect(requests[1]?.body).toMatchObject({
        messages: [
          { role: "user", content: "What is the capital of England?" },
          {
            role: "assistant",
            content: null,
            tool_calls: [{
              id: "call_SkEQ3ZGSJC8m6AvaIGNuuKdm",
              type: "function",
              function: { name: "get_capital", arguments: "{\"country\":\"England\"}" }
            }]
          },
          { role: "tool", tool_call_id: "call_SkEQ3ZGSJC8m6AvaIGNuuKdm", content: "London" },
          {
            role: "user",
            content: [
              { type: "text", text: "Image(s) returned by tool call call_SkEQ3ZGSJC8m6AvaIGNuuKdm:" },
              { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } }
            ]
          }
        ]
      })
    }))

  it.scoped("marks a failed tool result in its text, since tool messages have no error flag", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("08-openai-text.json"))
      const failed = new ToolResult({ toolCallId: "call_1", content: [new TextBlock({ text: "no such country" })], isError: true })
      yield* llm.generate(new GenerateRequest({ messages: [new UserMessage({ content: [failed] })] }))
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({
        messages: [{ role: "tool", tool_call_id: "call_1", content: "Error: no such country" }]
      })
    }))

  it.scoped("sends images as image_url parts: a data: URL for base64, the URL as given otherwise (10)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(jsonFixture("10-openai-image-input.json"))
      const images = [ImageBlock.base64("image/png", "iVBORw0KGgo="), ImageBlock.url("https://example.invalid/kiwi.jpg")]
      const response = yield* llm.generate(new GenerateRequest({ messages: [userText("What fruit is this?", images)] }))
      expect(response.text).toBe("The fruit in the image is a kiwi.")
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({
        messages: [{
          role: "user",
          content: [
            { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
            { type: "image_url", image_url: { url: "https://example.invalid/kiwi.jpg" } },
            { type: "text", text: "What fruit is this?" }
          ]
        }]
      })
    }))

  it.scoped("maps tool choices: Any → required, Tool → named function, None → none", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const text = jsonFixture("08-openai-text.json")
      yield* server.enqueue(text, text, text)
      for (const toolChoice of [{ _tag: "Any" as const }, { _tag: "Tool" as const, name: "get_capital" }, { _tag: "None" as const }]) {
        yield* llm.generate(new GenerateRequest({ messages: [userText("hi")], tools: [capitalTool], toolChoice }))
      }
      const bodies = (yield* server.requests).map((r) => r.body)
      expect(bodies).toMatchObject([
        { tool_choice: "required" },
        { tool_choice: { type: "function", function: { name: "get_capital" } } },
        { tool_choice: "none" }
      ])
    }))
})

describe("layerOpenAi streaming", () => {
  it.scoped("assembles streamed tool-call fragments (11), then streams the answer to the tool result (12)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        sseFixture("11-openai-stream-tool-calls.sse"),
        sseFixture("12-openai-stream-text-after-tool.sse")
      )
      const question = userText("What is the capital of the UK?")
      const first = yield* collectStream(llm.stream(new GenerateRequest({ messages: [question], tools: [capitalTool] })))
      expect(Exit.isSuccess(first.exit)).toBe(true)
      expect(first.deltas).toEqual([])
      const call = first.completed[0]
      expect(call?.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual([
        ["call_ZR5UUuTt3pf61kjwAJIYdVMj", "get_capital", { country: "UK" }]
      ])
      expect(call?.stopReason).toBe("tool_use")
      expect(call?.usage).toMatchObject({ inputTokens: 53, outputTokens: 15 })
      if (call === undefined) return

      const result = new ToolResult({ toolCallId: "call_ZR5UUuTt3pf61kjwAJIYdVMj", content: [new TextBlock({ text: "London" })], isError: false })
      const second = yield* collectStream(llm.stream(new GenerateRequest({
        messages: [question, call.message, new UserMessage({ content: [result] })],
        tools: [capitalTool]
      })))
      expect(second.deltas).toEqual(["The", " capital", " of", " the", " UK", " is", " London", "."])
      expect(second.completed[0]?.text).toBe("The capital of the UK is London.")
      expect(second.completed[0]?.stopReason).toBe("end_turn")
      expect(second.completed[0]?.usage).toMatchObject({ inputTokens: 78, outputTokens: 9 })

      const requests = yield* server.requests
      expect(requests[0]?.body).toMatchObject({ stream: true, stream_options: { include_usage: true } })
      expect(requests[1]?.body).toMatchObject({
        messages: [
          { role: "user" },
          { role: "assistant", tool_calls: [{ id: "call_ZR5UUuTt3pf61kjwAJIYdVMj", function: { arguments: "{\"country\":\"UK\"}" } }] },
          { role: "tool", tool_call_id: "call_ZR5UUuTt3pf61kjwAJIYdVMj", content: "London" }
        ]
      })
    }))
})

describe("extract over OpenAI", () => {
  it.scoped("keeps arguments that are not JSON as the raw text of a ParseFailed", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const garbled = "{\"country\": England}"
      yield* server.enqueue(toolCallsWithArguments(garbled))
      const Country = Schema.Struct({ country: Schema.String })
      const error = yield* Effect.flip(
        extract(Country, { prompt: "Which country?", toolName: "get_capital" }).pipe(Effect.provideService(Llm, llm))
      )
      expect(error).toMatchObject({ _tag: "ParseFailed", raw: garbled })
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({ tool_choice: { type: "function", function: { name: "get_capital" } } })
    }))

  it.scoped("reports arguments of the wrong type as ParseFailed with the raw JSON", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(toolCallsWithArguments("{\"country\":42}"))
      const Country = Schema.Struct({ country: Schema.String })
      const error = yield* Effect.flip(
        extract(Country, { prompt: "Which country?", toolName: "get_capital" }).pipe(Effect.provideService(Llm, llm))
      )
      expect(error).toMatchObject({ _tag: "ParseFailed", raw: "{\"country\":42}" })
    }))
})
