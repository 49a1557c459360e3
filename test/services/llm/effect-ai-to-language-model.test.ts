/**
 * Shoal's Llm as Effect AI's LanguageModel: Effect AI code (`generateText`
 * with a toolkit, `generateObject`, `streamText`) runs on `ScriptedLlm`
 * through `EffectAi.toLanguageModel`, and what Shoal's model was shown,
 * what Effect AI got back, the errors and the usage are all checked.
 */
import * as AiError from "@effect/ai/AiError"
import * as LanguageModel from "@effect/ai/LanguageModel"
import * as Prompt from "@effect/ai/Prompt"
import * as Tool from "@effect/ai/Tool"
import * as Toolkit from "@effect/ai/Toolkit"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Layer, Option, Schema, Stream } from "effect"
import {
  AssistantMessage,
  LlmUnavailable,
  ProviderProtocolError,
  TextBlock,
  ToolCall,
  ToolResult,
  Usage,
  UserMessage
} from "../../../src/domain/llm.js"
import * as EffectAi from "../../../src/services/llm/effect-ai.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import type { ScriptedTurn } from "../../../src/services/llm/scripted.js"
import { UsageMeter } from "../../../src/services/llm/usage.js"

const GetWeather = Tool.make("get_weather", {
  description: "The weather in a city",
  parameters: { city: Schema.String },
  success: Schema.Struct({ tempC: Schema.Number })
})
const WeatherKit = Toolkit.make(GetWeather)
const weatherHandlers = WeatherKit.toLayer({
  get_weather: ({ city }) => Effect.succeed({ tempC: city === "Oslo" ? 3 : 20 })
})

const onScript = (turns: ReadonlyArray<ScriptedTurn>) => {
  const scripted = ScriptedLlm.layer(turns)
  return Layer.mergeAll(EffectAi.toLanguageModel().pipe(Layer.provide(scripted)), scripted, weatherHandlers, UsageMeter.layer)
}

const requests = Effect.flatMap(ScriptedLlm, (s) => s.requests)

describe("EffectAi.toLanguageModel (ScriptedLlm behind LanguageModel)", () => {
  it.effect("generateText: the scripted tool call runs through the toolkit, and the next call shows its result to the model", () =>
    Effect.gen(function*() {
      const prompt = Prompt.make([
        { role: "system", content: "Be brief." },
        { role: "user", content: "Weather in Oslo?" }
      ])
      const first = yield* LanguageModel.generateText({ prompt, toolkit: WeatherKit })
      expect(first.toolCalls.map((c) => [c.id, c.name, c.params])).toEqual([["call_1", "get_weather", { city: "Oslo" }]])
      expect(first.toolResults.map((r) => [r.id, r.result])).toEqual([["call_1", { tempC: 3 }]])
      expect(first.finishReason).toBe("tool-calls")
      expect(first.usage.inputTokens).toBe(10)

      const second = yield* LanguageModel.generateText({
        prompt: Prompt.merge(prompt, Prompt.fromResponseParts(first.content)),
        toolkit: WeatherKit
      })
      expect(second.text).toBe("3 °C in Oslo.")
      expect(second.finishReason).toBe("stop")

      const [asked, followUp] = yield* requests
      expect(asked?.system).toBe("Be brief.")
      expect(asked?.tools.map((t) => [t.name, t.description])).toEqual([["get_weather", "The weather in a city"]])
      expect(asked?.tools[0]?.inputSchema).toMatchObject({ type: "object", properties: { city: { type: "string" } }, required: ["city"] })
      expect(asked?.toolChoice).toEqual({ _tag: "Auto" })
      expect(followUp?.messages).toEqual([
        new UserMessage({ content: [new TextBlock({ text: "Weather in Oslo?" })] }),
        new AssistantMessage({ content: [new ToolCall({ id: "call_1", name: "get_weather", input: { city: "Oslo" } })] }),
        new UserMessage({
          content: [new ToolResult({ toolCallId: "call_1", content: [new TextBlock({ text: '{"tempC":3}' })], isError: false })]
        })
      ])
      // Both calls were metered by the Shoal model underneath.
      expect(yield* Effect.flatMap(UsageMeter, (m) => m.total)).toEqual(new Usage({ inputTokens: 20, outputTokens: 10 }))
    }).pipe(Effect.provide(onScript([
      ScriptedLlm.toolCall("get_weather", { city: "Oslo" }),
      ScriptedLlm.text("3 °C in Oslo.")
    ]))))

  const Contact = Schema.Struct({ name: Schema.String, email: Schema.String })

  it.effect("generateObject: answered through a forced tool call and decoded with the schema", () =>
    Effect.gen(function*() {
      const response = yield* LanguageModel.generateObject({
        prompt: "Ada Lovelace, ada@example.org",
        schema: Contact,
        objectName: "contact card"
      })
      expect(response.value).toEqual({ name: "Ada Lovelace", email: "ada@example.org" })
      const [request] = yield* requests
      expect(request?.toolChoice).toEqual({ _tag: "Tool", name: "contact_card" })
      expect(request?.tools.map((t) => t.name)).toEqual(["contact_card"])
      expect(request?.tools[0]?.inputSchema).toMatchObject({ required: ["name", "email"] })
    }).pipe(Effect.provide(onScript([ScriptedLlm.toolCall("contact_card", { name: "Ada Lovelace", email: "ada@example.org" })]))))

  it.effect("generateObject: an answer in the wrong shape is Effect AI's MalformedOutput", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(LanguageModel.generateObject({ prompt: "Ada", schema: Contact, objectName: "contact" }))
      expect(error._tag).toBe("MalformedOutput")
    }).pipe(Effect.provide(onScript([
      ScriptedLlm.toolCall("contact", { name: "Ada" })
    ]))))

  it.effect("streamText: deltas, then the tool calls and the finish with usage", () =>
    Effect.gen(function*() {
      const parts = Chunk.toArray(yield* Stream.runCollect(LanguageModel.streamText({ prompt: "hi", toolkit: WeatherKit })))
      const deltas = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []))
      expect(deltas.join("")).toBe("Checking.")
      expect(parts.map((p) => p.type)).toEqual([
        // Effect AI runs the tool after the chunk that called it.
        "text-start", "text-delta", "text-end", "tool-call", "response-metadata", "finish", "tool-result"
      ])
      const result = parts.find((p) => p.type === "tool-result")
      expect(result?.type === "tool-result" && result.result).toEqual({ tempC: 20 })
      const finish = parts.find((p) => p.type === "finish")
      expect(finish?.type === "finish" && finish.usage.outputTokens).toBe(5)
    }).pipe(Effect.provide(onScript([
      ScriptedLlm.toolCalls([{ name: "get_weather", input: { city: "Rome" } }], { text: "Checking." })
    ]))))

  it.effect("a Shoal error reaches Effect AI as an AiError carrying it; a protocol error is MalformedOutput", () =>
    Effect.gen(function*() {
      const down = yield* Effect.flip(LanguageModel.generateText({ prompt: "hi" }))
      expect(down._tag).toBe("UnknownError")
      expect(EffectAi.llmErrorOf(down).pipe(Option.map((e) => e._tag))).toEqual(Option.some("LlmUnavailable"))
      const garbled = yield* Effect.flip(LanguageModel.generateText({ prompt: "hi" }))
      expect(garbled._tag).toBe("MalformedOutput")
      expect(EffectAi.llmErrorOf(garbled).pipe(Option.map((e) => e._tag))).toEqual(Option.some("ProviderProtocolError"))
    }).pipe(Effect.provide(onScript([
      ScriptedLlm.fail(new LlmUnavailable({ provider: "scripted", model: "m", reason: "529 overloaded", attempts: 5, status: 529 })),
      ScriptedLlm.fail(new ProviderProtocolError({ provider: "scripted", model: "m", reason: "bad JSON in a 200" }))
    ]))))

  it.effect("what Shoal cannot take (a PDF) fails as MalformedInput naming it, and no model call is made", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(LanguageModel.generateText({
        prompt: [{ role: "user", content: [{ type: "file", mediaType: "application/pdf", data: "JVBERi0=" }] }]
      }))
      expect(error).toBeInstanceOf(AiError.MalformedInput)
      expect(error.message).toContain("application/pdf")
      expect(yield* requests).toEqual([])
    }).pipe(Effect.provide(onScript([]))))
})
