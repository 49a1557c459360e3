/**
 * Effect AI's LanguageModel as Shoal's Llm: a test model made with
 * `LanguageModel.make` (effect-ai-support.ts) behind `EffectAi.fromLanguageModel`.
 * Shoal's tool loop, `extract` and streams run on it; its failures become
 * Shoal's typed errors, retried and falling back as a built-in provider's do;
 * its usage is metered; what cannot be translated fails, typed, before any call.
 */
import * as AiError from "@effect/ai/AiError"
import * as LanguageModel from "@effect/ai/LanguageModel"
import * as Model from "@effect/ai/Model"
import * as EaTool from "@effect/ai/Tool"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Fiber, Layer, Schema, Stream, TestClock } from "effect"
import {
  GenerateRequest,
  ImageBlock,
  StreamEvent,
  TextBlock,
  ToolCall,
  ToolResult,
  Usage,
  UserMessage,
  userText
} from "../../../src/domain/llm.js"
import * as EffectAi from "../../../src/services/llm/effect-ai.js"
import { extract } from "../../../src/services/llm/extract.js"
import { withFallback } from "../../../src/services/llm/fallback.js"
import { Llm } from "../../../src/services/llm/llm.js"
import type { RetryPolicy } from "../../../src/services/llm/resilient.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import * as Tool from "../../../src/services/llm/tool.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"
import { UsageMeter } from "../../../src/services/llm/usage.js"
import type { Answer } from "./effect-ai-support.js"
import { finish, httpResponseError, scriptedLanguageModel, toolCall } from "./effect-ai-support.js"

const noRetries: RetryPolicy = { maxRetries: 0, baseDelay: "1 second", maxDelay: "5 seconds" }

const onModel = (answers: ReadonlyArray<Answer>, policy: RetryPolicy = noRetries) => {
  const model = scriptedLanguageModel(answers)
  const layer = Layer.mergeAll(
    EffectAi.fromLanguageModel({ provider: "test-ai", model: "test-1", policy }).pipe(Layer.provide(model.layer)),
    UsageMeter.layer
  )
  return { ...model, layer }
}

const Lookup = Tool.make("lookup", {
  description: "Look a word up",
  parameters: Schema.Struct({ word: Schema.String }),
  handler: ({ word }) => Effect.succeed({ word, meaning: word === "shoal" ? "a group of fish" : "unknown" })
})

const ask = (text: string) => new GenerateRequest({ messages: [userText(text)] })

describe("EffectAi.fromLanguageModel (an Effect AI test model behind Shoal's Llm)", () => {
  {
    const model = onModel([
      [{ type: "text", text: "Let me look." }, toolCall("t1", "lookup", { word: "shoal" }), finish(12, 4, "tool-calls")],
      [{ type: "text", text: "A shoal is a group of fish." }, finish(30, 8)]
    ])
    it.effect("Shoal's tool loop runs on it: tool specs go out with their JSON Schema, results come back as tool messages", () =>
      Effect.gen(function*() {
        const result = yield* ToolLoop.run({ system: "Answer briefly.", messages: [userText("What is a shoal?")], tools: [Lookup] })
        expect(result.turn).toMatchObject({ _tag: "Parsed", value: "A shoal is a group of fish." })
        expect(result.usage).toEqual(new Usage({ inputTokens: 42, outputTokens: 12 }))
        expect(yield* Effect.flatMap(UsageMeter, (m) => m.total)).toEqual(new Usage({ inputTokens: 42, outputTokens: 12 }))
        expect(yield* Effect.flatMap(UsageMeter, (m) => m.calls)).toBe(2)

        const [first, second] = model.seen
        expect(first?.prompt.content.map((m) => m.role)).toEqual(["system", "user"])
        expect(first?.tools.map((t) => t.name)).toEqual(["lookup"])
        const [tool] = first?.tools ?? []
        expect(tool !== undefined && EaTool.getJsonSchemaFromSchemaAst(tool.parametersSchema.ast)).toEqual(Tool.spec(Lookup).inputSchema)
        expect(first?.toolChoice).toBe("auto")
        expect(second?.prompt.content.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"])
        const toolMessage = second?.prompt.content[3]
        expect(toolMessage?.role === "tool" && toolMessage.content.map((p) => [p.id, p.name, p.result, p.isFailure])).toEqual([
          ["t1", "lookup", '{"word":"shoal","meaning":"a group of fish"}', false]
        ])
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([[toolCall("x", "record_answer", { roomType: "office" }), finish(5, 2, "tool-calls")]])
    it.effect("extract forces its tool, and the answer decodes with the Schema", () =>
      Effect.gen(function*() {
        const room = yield* extract(Schema.Struct({ roomType: Schema.String }), { prompt: "which room?" })
        expect(room).toEqual({ roomType: "office" })
        expect(model.seen[0]?.toolChoice).toEqual({ tool: "record_answer" })
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([[{ type: "text", text: "Hello there" }, toolCall("c", "lookup", { word: "x" }), finish(3, 2)]])
    it.effect("streams: text deltas as they arrive, then the whole response", () =>
      Effect.gen(function*() {
        const llm = yield* Llm
        const events = Chunk.toArray(yield* Stream.runCollect(llm.stream(new GenerateRequest({
          messages: [userText("hi")],
          tools: [Tool.spec(Lookup)]
        }))))
        expect(events.filter((e) => e._tag === "TextDelta").map((e) => e.text)).toEqual(["Hello", " there"])
        const last = events.at(-1)
        expect(last?._tag === "Completed" && last.response.content).toEqual([
          new TextBlock({ text: "Hello there" }),
          new ToolCall({ id: "c", name: "lookup", input: { word: "x" } })
        ])
        expect(last?._tag === "Completed" && last.response.usage).toEqual(new Usage({ inputTokens: 3, outputTokens: 2 }))
        expect(events.filter(StreamEvent.$is("Completed"))).toHaveLength(1)
        expect(yield* Effect.flatMap(UsageMeter, (m) => m.calls)).toBe(1)
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([httpResponseError(529, '{"type":"error","error":{"type":"overloaded_error"}}')])
    it.effect("a 529 is LlmUnavailable with its status, named after the adapter's provider and model", () =>
      Effect.gen(function*() {
        const primary = yield* Llm
        const error = yield* Effect.flip(primary.generate(ask("hi")))
        expect(error).toMatchObject({ _tag: "LlmUnavailable", provider: "test-ai", model: "test-1", status: 529 })
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([httpResponseError(503)])
    it.effect("withFallback: the Effect AI model is down, the scripted fallback answers", () =>
      Effect.gen(function*() {
        const primary = yield* Llm
        const fallback = yield* Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.text("from the fallback")]))
        const response = yield* withFallback(primary, fallback).generate(ask("hi"))
        expect(response.text).toBe("from the fallback")
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([httpResponseError(503), [{ type: "text", text: "second try" }, finish(1, 1)]], {
      maxRetries: 2,
      baseDelay: "1 second",
      maxDelay: "5 seconds"
    })
    it.effect("a transient failure is retried on the policy's schedule (TestClock)", () =>
      Effect.gen(function*() {
        const llm = yield* Llm
        const fiber = yield* Effect.fork(llm.generate(ask("hi")))
        yield* TestClock.adjust("10 seconds")
        expect((yield* Fiber.join(fiber)).text).toBe("second try")
        expect(model.seen).toHaveLength(2)
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([new AiError.MalformedOutput({ module: "Test", method: "generateText", description: "not JSON" })], {
      maxRetries: 3,
      baseDelay: "1 second",
      maxDelay: "5 seconds"
    })
    it.effect("a malformed answer is a ProviderProtocolError and is not retried", () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Effect.flatMap(Llm, (llm) => llm.generate(ask("hi"))))
        expect(error._tag).toBe("ProviderProtocolError")
        expect(model.seen).toHaveLength(1)
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([httpResponseError(400, '{"error":{"type":"invalid_request_error"}}')])
    it.effect("a 400 is LlmRejected with its status and code", () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Effect.flatMap(Llm, (llm) => llm.generate(ask("hi"))))
        expect(error).toMatchObject({ _tag: "LlmRejected", status: 400, code: "invalid_request_error" })
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel(["never"], { ...noRetries, attemptTimeout: "5 seconds" })
    it.effect("a model that never answers is an LlmTimeout after the attempt bound (TestClock)", () =>
      Effect.gen(function*() {
        const llm = yield* Llm
        const fiber = yield* Effect.fork(Effect.flip(llm.generate(ask("hi"))))
        yield* TestClock.adjust("5 seconds")
        expect(yield* Fiber.join(fiber)).toMatchObject({ _tag: "LlmTimeout", limit: "attempt", afterMillis: 5000 })
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([])
    it.effect("an image inside a tool result cannot go through Effect AI: LlmRejected naming it, no call made", () =>
      Effect.gen(function*() {
        const llm = yield* Llm
        const error = yield* Effect.flip(llm.generate(new GenerateRequest({
          messages: [
            userText("look"),
            ScriptedLlm.toolCall("screenshot", {}).message,
            new UserMessage({
              content: [new ToolResult({ toolCallId: "call_1", content: [ImageBlock.base64("image/png", "iVBORw0KGgo=")], isError: false })]
            })
          ]
        })))
        expect(error._tag).toBe("LlmRejected")
        expect(error.message).toContain("image in the result of tool screenshot")
        expect(model.seen).toHaveLength(0)
      }).pipe(Effect.provide(model.layer)))
  }

  {
    const model = onModel([[{ type: "file", mediaType: "image/png", data: "AQI=" }, finish(1, 1)]])
    it.effect("a generated file in the answer is a ProviderProtocolError, not dropped", () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Effect.flatMap(Llm, (llm) => llm.generate(ask("draw"))))
        expect(error._tag).toBe("ProviderProtocolError")
        expect(error.message).toContain("generated image/png file")
      }).pipe(Effect.provide(model.layer)))
  }

  it.effect("without options or an Effect AI Model, provider and model are named effect-ai", () =>
    Effect.gen(function*() {
      const lm = yield* LanguageModel.LanguageModel
      const llm = yield* EffectAi.llmFromLanguageModel(lm)
      expect([llm.provider, llm.model]).toEqual(["effect-ai", "effect-ai"])
    }).pipe(Effect.provide(scriptedLanguageModel([]).layer)))

  it.effect("an Effect AI Model's provider name becomes the Llm's provider", () =>
    Effect.gen(function*() {
      const llm = yield* Llm
      expect(llm.provider).toBe("acme")
    }).pipe(Effect.provide(EffectAi.fromLanguageModel().pipe(Layer.provide(Model.make("acme", scriptedLanguageModel([]).layer))))))
})
