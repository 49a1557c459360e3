/**
 * Wire tests for the OpenAI live `Llm`: the real `openai` client, through
 * `layerOpenAi`, against the loopback fake server replaying the recorded
 * fixtures. Retries run on `TestClock`; nothing sleeps for real and nothing
 * leaves 127.0.0.1 (the base URL is always the fake server's).
 */
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Option, Redacted, Ref, Schema, Stream, TestClock } from "effect"
import {
  GenerateRequest,
  ImageBlock,
  TextBlock,
  ToolResult,
  ToolSpec,
  UserMessage,
  userText
} from "../../../src/domain/llm.js"
import type { LlmError, StreamEvent } from "../../../src/domain/llm.js"
import { extract } from "../../../src/services/llm/extract.js"
import { Llm } from "../../../src/services/llm/llm.js"
import { layerOpenAi } from "../../../src/services/llm/openai.js"
import type { RetryPolicy } from "../../../src/services/llm/resilient.js"
import { adjustInSteps, driveToEnd, untilSleeping } from "../../fakes/clock-driver.js"
import { errorFixture, jsonFixture, localFixtures, sharedFixtures, sseFixture } from "../../fakes/llm-fixtures.js"
import { makeLlmServer } from "../../fakes/llm-server.js"
import { readFileSync } from "node:fs"

const policy: RetryPolicy = { maxRetries: 3, baseDelay: "1 second", maxDelay: "60 seconds" }

const setup = Effect.gen(function*() {
  const server = yield* makeLlmServer({ path: "/v1/chat/completions" })
  const llm = yield* Effect.provide(
    Llm,
    layerOpenAi({ apiKey: Redacted.make("sk-openai-test-key"), model: "gpt-test", baseUrl: `${server.url}/v1` }, policy)
  )
  return { server, llm }
})

const ask = (text: string) => new GenerateRequest({ system: "Be brief.", messages: [userText(text)], maxTokens: 256 })

const capitalTool = new ToolSpec({
  name: "get_capital",
  description: "The capital of a country",
  inputSchema: { type: "object", properties: { country: { type: "string" } }, required: ["country"] }
})

const failureOf = <A>(exit: Exit.Exit<A, LlmError>): LlmError | undefined =>
  Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined

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

describe("layerOpenAi failures and retries", () => {
  it.scoped("waits out retry-after on a 429, then succeeds", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("17-openai-error-429-rate-limit", { headers: { "retry-after": "7" } }),
        jsonFixture("08-openai-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      yield* adjustInSteps("6900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      expect((yield* Fiber.join(fiber)).text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a 429 without retry-after on the backoff schedule (17)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("17-openai-error-429-rate-limit"), jsonFixture("08-openai-text.json"))
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      expect(yield* server.requests).toHaveLength(1)
      // The first jittered backoff is at least 0.8 s: not yet.
      yield* adjustInSteps("700 millis")
      expect(yield* server.requests).toHaveLength(1)
      const exit = yield* driveToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(yield* server.requests).toHaveLength(2)
      expect(yield* TestClock.currentTimeMillis).toBeLessThan(1_300)
    }))

  it.scoped("gives up after maxRetries + 1 requests with LlmUnavailable", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const limited = errorFixture("17-openai-error-429-rate-limit")
      yield* server.enqueue(limited, limited, limited, limited)
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))))
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", provider: "openai", status: 429, attempts: 4 })
      expect(yield* server.requests).toHaveLength(4)
    }))

  it.scoped("rejects a 400 after exactly one request (14)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("14-openai-error-400-invalid-request"))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error).toMatchObject({ _tag: "LlmRejected", status: 400, code: "unsupported_value" })
      expect(error.message).toContain("does not support 'system'")
      expect(yield* server.requests).toHaveLength(1)
    }))
})

const collect = (stream: Stream.Stream<StreamEvent, LlmError>) =>
  Effect.gen(function*() {
    const seen = yield* Ref.make<ReadonlyArray<StreamEvent>>([])
    const exit = yield* Effect.exit(Stream.runForEach(stream, (e) => Ref.update(seen, (s) => [...s, e])))
    const events = yield* Ref.get(seen)
    const deltas = events.flatMap((e) => (e._tag === "TextDelta" ? [e.text] : []))
    const completed = events.flatMap((e) => (e._tag === "Completed" ? [e.response] : []))
    return { exit, deltas, completed }
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
      const first = yield* collect(llm.stream(new GenerateRequest({ messages: [question], tools: [capitalTool] })))
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
      const second = yield* collect(llm.stream(new GenerateRequest({
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

describe("layerOpenAi stream failures", () => {
  it.scoped("retries a stream whose error chunk came before any text, then streams the answer", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        sseFixture("openai-stream-error-before-text.sse", localFixtures),
        sseFixture("12-openai-stream-text-after-tool.sse")
      )
      const exit = yield* driveToEnd(yield* Effect.fork(collect(llm.stream(ask("hi")))))
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.completed[0]?.text).toBe("The capital of the UK is London.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("fails without retry when a stream is cut after text, before its finish reason", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Fixture 12 up to " London": the connection dropped before the finish reason.
      const full = sseFixture("12-openai-stream-text-after-tool.sse")
      const cut = full.body.slice(0, full.body.indexOf("\n\n", full.body.indexOf("\" London\"")) + 2)
      yield* server.enqueue({ ...full, body: cut })
      const { exit, deltas, completed } = yield* collect(llm.stream(ask("hi")))
      expect(deltas.join("")).toBe("The capital of the UK is London")
      expect(completed).toHaveLength(0)
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", attempts: 1 })
      expect(yield* server.requests).toHaveLength(1)
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
