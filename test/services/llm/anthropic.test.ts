/**
 * Wire tests for the Anthropic live `Llm`: the real `@anthropic-ai/sdk` client,
 * through `layerAnthropic`, against the loopback fake server replaying the
 * recorded fixtures. Retries run on `TestClock`; nothing sleeps for real and
 * nothing leaves 127.0.0.1 (the base URL is always the fake server's).
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
import { layerAnthropic } from "../../../src/services/llm/anthropic.js"
import { extract } from "../../../src/services/llm/extract.js"
import { Llm } from "../../../src/services/llm/llm.js"
import type { RetryPolicy } from "../../../src/services/llm/resilient.js"
import { adjustInSteps, driveToEnd, eventually, untilSleeping } from "../../fakes/clock-driver.js"
import { errorFixture, jsonFixture, localFixtures, sharedFixtures, sseFixture } from "../../fakes/llm-fixtures.js"
import { makeLlmServer } from "../../fakes/llm-server.js"
import { readFileSync } from "node:fs"

const policy: RetryPolicy = { maxRetries: 3, baseDelay: "1 second", maxDelay: "60 seconds" }

const setup = Effect.gen(function*() {
  const server = yield* makeLlmServer({ path: "/v1/messages" })
  const llm = yield* Effect.provide(
    Llm,
    layerAnthropic({ apiKey: Redacted.make("sk-ant-test-key"), model: "claude-test", baseUrl: server.url }, policy)
  )
  return { server, llm }
})

const ask = (text: string) => new GenerateRequest({ system: "Be brief.", messages: [userText(text)], maxTokens: 256 })

const entityTool = new ToolSpec({
  name: "retrieve_entity_info",
  description: "Look up a family member",
  inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] }
})

const failureOf = <A>(exit: Exit.Exit<A, LlmError>): LlmError | undefined =>
  Exit.isFailure(exit) ? Option.getOrUndefined(Cause.failureOption(exit.cause)) : undefined

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

describe("layerAnthropic failures and retries", () => {
  it.scoped("waits out retry-after on a 429, then succeeds (16)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("16-anthropic-error-429-rate-limit"), jsonFixture("01-anthropic-text.json"))
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      expect(yield* server.requests).toHaveLength(1)
      // The backoff alone would retry after ~1 s; retry-after says 16.
      yield* adjustInSteps("15900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      const response = yield* Fiber.join(fiber)
      expect(response.text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("honours retry-after on a 529 too", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("15-anthropic-error-529-overloaded", { headers: { "retry-after": "5" } }),
        jsonFixture("01-anthropic-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      yield* untilSleeping
      yield* adjustInSteps("4900 millis")
      expect(yield* server.requests).toHaveLength(1)
      yield* adjustInSteps("200 millis")
      expect((yield* Fiber.join(fiber)).text).toBe("The capital of France is Paris.")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a 500 with backoff and succeeds", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        errorFixture("anthropic-500-api-error", { dir: localFixtures }),
        jsonFixture("01-anthropic-text.json")
      )
      const fiber = yield* Effect.fork(llm.generate(ask("hi")))
      const exit = yield* driveToEnd(fiber)
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(yield* server.requests).toHaveLength(2)
      // The jittered first backoff is 1 s × [0.8, 1.2).
      expect(yield* TestClock.currentTimeMillis).toBeGreaterThanOrEqual(800)
    }))

  it.scoped("gives up on a run of 529s with LlmUnavailable after maxRetries + 1 requests (15)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      const overloaded = errorFixture("15-anthropic-error-529-overloaded")
      yield* server.enqueue(overloaded, overloaded, overloaded, overloaded)
      const exit = yield* driveToEnd(yield* Effect.fork(llm.generate(ask("hi"))))
      const error = failureOf(exit)
      expect(error?._tag).toBe("LlmUnavailable")
      expect(error).toMatchObject({ provider: "anthropic", model: "claude-test", status: 529, attempts: 4 })
      expect(yield* server.requests).toHaveLength(policy.maxRetries + 1)
      expect(yield* server.pending).toBe(0)
      // Backoffs of 1, 2 and 4 s, each jittered down by at most 20%.
      expect(yield* TestClock.currentTimeMillis).toBeGreaterThanOrEqual(0.8 * 7_000)
    }))

  it.scoped("rejects a 400 after exactly one request (13)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("13-anthropic-error-400-invalid-request"))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error._tag).toBe("LlmRejected")
      expect(error).toMatchObject({ status: 400, code: "invalid_request_error" })
      expect(error.message).toContain("does not support effort level")
      expect(yield* server.requests).toHaveLength(1)
    }))

  it.scoped("does not retry a 429 that says the spend limit is reached, despite its retry-after", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(errorFixture("anthropic-429-spend-limit", { dir: localFixtures }))
      const error = yield* Effect.flip(llm.generate(ask("hi")))
      expect(error).toMatchObject({ _tag: "LlmRejected", status: 429, code: "enforced_spend_limit_reached" })
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

describe("layerAnthropic streaming", () => {
  it.scoped("streams text deltas, then assembles the tool input from JSON fragments (06)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("06-anthropic-stream-tool-use.sse"))
      const { exit, deltas, completed } = yield* collect(llm.stream(ask("Weather in Paris?")))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(deltas).toEqual(["I", "'ll check the current weather in Paris for you."])
      expect(completed).toHaveLength(1)
      const response = completed[0]
      expect(response?.text).toBe("I'll check the current weather in Paris for you.")
      expect(response?.toolCalls.map((c) => [c.id, c.name, c.input])).toEqual([
        ["toolu_01NRLabsLyVHZPKxbKvkfSMn", "get_weather", { location: "Paris" }]
      ])
      expect(response?.stopReason).toBe("tool_use")
      expect(response?.usage).toMatchObject({ inputTokens: 377, outputTokens: 65 })
      const [request] = yield* server.requests
      expect(request?.body).toMatchObject({ stream: true, model: "claude-test" })
    }))

  it.scoped("ignores a compaction block and tolerates padded JSON and emoji (07)", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("07-anthropic-stream-text-padded-unknown-block.sse"))
      const { exit, deltas, completed } = yield* collect(llm.stream(ask("Now say hello.")))
      expect(Exit.isSuccess(exit)).toBe(true)
      expect(deltas).toEqual(["Hello!", " ", "👋"])
      expect(completed[0]?.content).toHaveLength(1)
      expect(completed[0]?.text).toBe("Hello! 👋")
      expect(completed[0]?.model).toBe("claude-sonnet-4-6")
      expect(completed[0]?.usage).toMatchObject({ inputTokens: 181, outputTokens: 8 })
    }))

  it.scoped("retries a stream whose overloaded error came before any text", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(
        sseFixture("anthropic-stream-error-before-text.sse", localFixtures),
        sseFixture("07-anthropic-stream-text-padded-unknown-block.sse")
      )
      const fiber = yield* Effect.fork(collect(llm.stream(ask("Now say hello."))))
      const exit = yield* driveToEnd(fiber)
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.deltas).toEqual(["Hello!", " ", "👋"])
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("retries a stream cut off before any content, as a network failure", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Only the first event of fixture 06: the connection dropped after message_start.
      const full = sseFixture("06-anthropic-stream-tool-use.sse")
      yield* server.enqueue(
        { ...full, body: full.body.slice(0, full.body.indexOf("\n\n") + 2) },
        sseFixture("07-anthropic-stream-text-padded-unknown-block.sse")
      )
      const exit = yield* driveToEnd(yield* Effect.fork(collect(llm.stream(ask("hi")))))
      if (!Exit.isSuccess(exit)) return expect.fail("the collecting fiber itself failed")
      expect(Exit.isSuccess(exit.value.exit)).toBe(true)
      expect(exit.value.completed[0]?.text).toBe("Hello! 👋")
      expect(yield* server.requests).toHaveLength(2)
    }))

  it.scoped("does not retry a stream that fails after text reached the caller", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      yield* server.enqueue(sseFixture("anthropic-stream-error-after-text.sse", localFixtures))
      const { exit, deltas, completed } = yield* collect(llm.stream(ask("hi")))
      expect(deltas).toEqual(["Hello, I can"])
      expect(completed).toHaveLength(0)
      expect(failureOf(exit)).toMatchObject({ _tag: "LlmUnavailable", attempts: 1 })
      expect(yield* server.requests).toHaveLength(1)
    }))
})

describe("layerAnthropic interruption", () => {
  it.scoped("closes the connection when a stalled stream is interrupted", () =>
    Effect.gen(function*() {
      const { llm, server } = yield* setup
      // Fixture 06 up to its first text delta, then the server goes quiet without ending the body.
      const full = sseFixture("06-anthropic-stream-tool-use.sse")
      const firstDelta = full.body.indexOf("\n\n", full.body.indexOf("text_delta")) + 2
      yield* server.enqueue({ ...full, body: full.body.slice(0, firstDelta), holdOpen: true })
      const deltas = yield* Ref.make<ReadonlyArray<string>>([])
      const fiber = yield* Effect.fork(Stream.runForEach(llm.stream(ask("hi")), (e) =>
        e._tag === "TextDelta" ? Ref.update(deltas, (d) => [...d, e.text]) : Effect.void))
      yield* eventually(Effect.map(Ref.get(deltas), (d) => d.length === 1))
      expect(yield* server.openResponses).toBe(1)
      yield* Fiber.interrupt(fiber)
      yield* eventually(Effect.map(server.openResponses, (n) => n === 0))
      expect(yield* Ref.get(deltas)).toEqual(["I"])
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
