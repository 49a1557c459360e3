/**
 * Both adapters together change nothing: a Shoal request sent through
 * `fromLanguageModel` → Effect AI's `LanguageModel` → `toLanguageModel` reaches
 * the Shoal model underneath exactly as it was sent (messages, tool calls, tool
 * results, images, system prompt, tools, tool choice), and the answer comes
 * back exactly as the model gave it (text, tool calls, stop reason, usage,
 * model id), whole or streamed. And the other way round for Effect AI prompts.
 */
import * as LanguageModel from "@effect/ai/LanguageModel"
import * as Prompt from "@effect/ai/Prompt"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, FastCheck as fc, Layer, Stream } from "effect"
import type { ImageMediaType, LlmError, Message, StopReason } from "../../../src/domain/llm.js"
import {
  AssistantMessage,
  LlmRejected,
  LlmTimeout,
  LlmUnavailable,
  ProviderProtocolError,
  GenerateRequest,
  ImageBlock,
  ModelResponse,
  TextBlock,
  ToolCall,
  ToolResult,
  ToolSpec,
  Usage,
  UserMessage
} from "../../../src/domain/llm.js"
import * as EffectAi from "../../../src/services/llm/effect-ai.js"
import { Llm } from "../../../src/services/llm/llm.js"
import type { RetryPolicy } from "../../../src/services/llm/resilient.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import type { ScriptedTurn } from "../../../src/services/llm/scripted.js"
import { finish, scriptedLanguageModel } from "./effect-ai-support.js"

const noRetries: RetryPolicy = { maxRetries: 0, baseDelay: "1 second", maxDelay: "5 seconds" }
// Each run builds both adapters afresh and makes three model calls; 50 runs cover the shapes in seconds.
const runs = { timeout: 120_000, fastCheck: { numRuns: 50 } }

const toolNames = ["lookup", "record_item", "ask-user"] as const
const specs = toolNames.map((name) =>
  new ToolSpec({
    name,
    description: `the ${name} tool`,
    inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] }
  })
)

const toolInput = fc.dictionary(fc.string().filter((k) => k !== "__proto__"), fc.jsonValue(), { maxKeys: 3 })
const textBlock = fc.string().map((text) => new TextBlock({ text }))
const mediaType = fc.constantFrom<ImageMediaType>("image/png", "image/jpeg", "image/gif", "image/webp")
const image = fc.oneof(
  fc.tuple(mediaType, fc.base64String()).map(([m, data]) => ImageBlock.base64(m, data)),
  // URLs as the URL parser writes them: that is the form that survives the trip.
  fc.webUrl().map((url) => ImageBlock.url(new URL(url).href))
)

const turnShape = fc.record({
  user: fc.array(fc.oneof(textBlock, image), { maxLength: 3 }),
  anotherUserMessage: fc.option(fc.array(textBlock, { maxLength: 2 }), { nil: undefined }),
  assistantText: fc.option(fc.string(), { nil: undefined }),
  calls: fc.array(
    fc.record({
      name: fc.constantFrom(...toolNames),
      input: toolInput,
      texts: fc.array(fc.string(), { maxLength: 3 }),
      isError: fc.boolean()
    }),
    { maxLength: 2 }
  ),
  before: fc.option(textBlock, { nil: undefined }),
  after: fc.option(textBlock, { nil: undefined })
})

/** A conversation whose tool results answer earlier tool calls (ids unique), user turns mixing text, images and results. */
const conversation = fc.array(turnShape, { maxLength: 4 }).map((turns) => {
  let n = 0
  const messages: Array<Message> = []
  for (const t of turns) {
    messages.push(new UserMessage({ content: t.user }))
    if (t.anotherUserMessage !== undefined) messages.push(new UserMessage({ content: t.anotherUserMessage }))
    const calls = t.calls.map((c) => ({ ...c, id: `call_${++n}` }))
    messages.push(new AssistantMessage({
      content: [
        ...(t.assistantText === undefined ? [] : [new TextBlock({ text: t.assistantText })]),
        ...calls.map((c) => new ToolCall({ id: c.id, name: c.name, input: c.input }))
      ]
    }))
    if (calls.length > 0) {
      messages.push(new UserMessage({
        content: [
          ...(t.before === undefined ? [] : [t.before]),
          ...calls.map((c) =>
            new ToolResult({ toolCallId: c.id, content: c.texts.map((text) => new TextBlock({ text })), isError: c.isError })
          ),
          ...(t.after === undefined ? [] : [t.after])
        ]
      }))
    }
  }
  return messages
})

const request = fc.record({
  system: fc.option(fc.string(), { nil: undefined }),
  messages: conversation,
  tools: fc.subarray(specs)
}).chain(({ messages, system, tools }) =>
  fc.oneof(
    fc.constant({ _tag: "Auto" as const }),
    fc.constant({ _tag: "Any" as const }),
    fc.constant({ _tag: "None" as const }),
    ...tools.map((t) => fc.constant({ _tag: "Tool" as const, name: t.name }))
  ).map((toolChoice) => new GenerateRequest({ ...(system === undefined ? {} : { system }), messages, tools, toolChoice }))
)

const stopReason = fc.constantFrom<StopReason>("end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "other")

/** An answer that calls only tools the request offered (Effect AI checks that). */
const answerTo = (req: GenerateRequest) =>
  fc.record({
    model: fc.string(),
    content: fc.array(
      req.tools.length === 0
        ? textBlock
        : fc.oneof(textBlock, fc.record({ name: fc.constantFrom(...req.tools.map((t) => t.name)), input: toolInput })),
      { maxLength: 4 }
    ),
    stopReason,
    usage: fc.record({ inputTokens: fc.nat(), outputTokens: fc.nat() })
  }).map(({ content, model, stopReason, usage }) =>
    new ModelResponse({
      model,
      content: content.map((b, i) => (b instanceof TextBlock ? b : new ToolCall({ id: `r${i}`, name: b.name, input: b.input }))),
      stopReason,
      usage: new Usage(usage)
    })
  )

const requestAndAnswer = request.chain((req) => answerTo(req).map((answer) => ({ req, answer })))

/** Shoal's Llm → Effect AI → Shoal's Llm, over a scripted model that gives `answer` twice. */
const throughBoth = (answer: ScriptedTurn) => {
  const scripted = ScriptedLlm.layer([answer, answer])
  const llm = EffectAi.fromLanguageModel({ policy: noRetries }).pipe(
    Layer.provide(EffectAi.toLanguageModel()),
    Layer.provide(scripted)
  )
  // Both provide `Llm`: the adapters' must win, so it comes last.
  return Layer.merge(scripted, llm)
}

describe("EffectAi round trips", () => {
  it.effect.prop("a request and its answer cross both adapters unchanged, whole or streamed", [requestAndAnswer], ([{ answer, req }]) =>
    Effect.gen(function*() {
      const llm = yield* Llm
      expect(llm.provider).toBe("effect-ai")
      const got = yield* llm.generate(req)
      const streamed = Chunk.toArray(yield* Stream.runCollect(llm.stream(req)))
      const [seen, seenStreaming] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)

      // Without tools Effect AI sends no tool choice at all: Shoal's "none".
      const expected = req.tools.length === 0 ? new GenerateRequest({ ...req, toolChoice: { _tag: "None" } }) : req
      expect(seen).toEqual(expected)
      expect(seenStreaming).toEqual(expected)
      expect(got).toEqual(answer)

      // A stream carries the text as one block, then the tool calls.
      const deltas = streamed.flatMap((e) => (e._tag === "TextDelta" ? [e.text] : []))
      const completed = streamed.at(-1)
      expect(deltas.join("")).toBe(answer.text)
      expect(completed?._tag).toBe("Completed")
      if (completed?._tag === "Completed") {
        const r = completed.response
        expect([r.text, r.toolCalls, r.stopReason, r.usage, r.model]).toEqual([
          answer.text, answer.toolCalls, answer.stopReason, answer.usage, answer.model
        ])
      }
      return true
    }).pipe(Effect.provide(throughBoth(answer))), runs)

  // ---- and the other way: an Effect AI prompt through Shoal and back ----

  const eaText = fc.string().map((text) => ({ type: "text" as const, text }))
  const eaFile = fc.oneof(
    fc.tuple(mediaType, fc.base64String()).map(([m, data]) => ({ type: "file" as const, mediaType: m, data })),
    fc.webUrl().map((url) => ({ type: "file" as const, mediaType: "image/*", data: new URL(url) }))
  )
  /** Tool results are text: a string, or any number of strings but one (one string comes back as that string). */
  const eaResult = fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }).filter((a) => a.length !== 1))

  const eaPrompt = fc.record({
    system: fc.option(fc.string(), { nil: undefined }),
    turns: fc.array(
      fc.record({
        user: fc.array(fc.oneof(eaText, eaFile), { maxLength: 3 }),
        text: fc.option(fc.string(), { nil: undefined }),
        calls: fc.array(fc.record({ name: fc.constantFrom(...toolNames), params: toolInput, result: eaResult, isFailure: fc.boolean() }), {
          maxLength: 2
        })
      }),
      { maxLength: 3 }
    )
  }).map(({ system, turns }) => {
    let n = 0
    const messages: Array<Prompt.Message> = system === undefined ? [] : [Prompt.makeMessage("system", { content: system })]
    for (const t of turns) {
      messages.push(Prompt.makeMessage("user", { content: t.user.map((p) => (p.type === "text" ? Prompt.makePart("text", p) : Prompt.makePart("file", p))) }))
      const calls = t.calls.map((c) => ({ ...c, id: `c${++n}` }))
      messages.push(Prompt.makeMessage("assistant", {
        content: [
          ...(t.text === undefined ? [] : [Prompt.makePart("text", { text: t.text })]),
          ...calls.map((c) => Prompt.makePart("tool-call", { id: c.id, name: c.name, params: c.params, providerExecuted: false }))
        ]
      }))
      if (calls.length > 0) {
        messages.push(Prompt.makeMessage("tool", {
          content: calls.map((c) =>
            Prompt.makePart("tool-result", { id: c.id, name: c.name, result: c.result, isFailure: c.isFailure, providerExecuted: false })
          )
        }))
      }
    }
    return Prompt.fromMessages(messages)
  })

  /** URLs compared by their text (two URL objects always look deep-equal). */
  const plain = (prompt: Prompt.Prompt) =>
    JSON.parse(JSON.stringify(prompt.content, (_key, value: unknown) => (value instanceof URL ? `url:${value.href}` : value)))

  it.effect.prop("an Effect AI prompt crosses Shoal (toLanguageModel ∘ fromLanguageModel) unchanged", [eaPrompt], ([prompt]) =>
    Effect.gen(function*() {
      const model = scriptedLanguageModel([[{ type: "text", text: "ok" }, finish(1, 1)]])
      const lm = LanguageModel.LanguageModel
      const response = yield* Effect.flatMap(lm, (m) => m.generateText({ prompt })).pipe(
        Effect.provide(EffectAi.toLanguageModel().pipe(
          Layer.provide(EffectAi.fromLanguageModel({ policy: noRetries })),
          Layer.provide(model.layer)
        ))
      )
      expect(response.text).toBe("ok")
      const [seen] = model.seen
      expect(seen === undefined ? undefined : plain(seen.prompt)).toEqual(plain(prompt))
      return true
    }), runs)

  const who = { provider: "scripted", model: "m" }
  it.effect.each<[string, LlmError, Partial<LlmError>]>([
    ["LlmUnavailable", new LlmUnavailable({ ...who, reason: "overloaded", status: 529, attempts: 5 }), { _tag: "LlmUnavailable", status: 529 }],
    ["LlmTimeout", new LlmTimeout({ ...who, limit: "idle", afterMillis: 20_000, attempts: 1 }), { _tag: "LlmTimeout", limit: "idle", afterMillis: 20_000 }],
    ["ProviderProtocolError", new ProviderProtocolError({ ...who, reason: "bad JSON" }), { _tag: "ProviderProtocolError" }],
    ["LlmRejected", new LlmRejected({ ...who, reason: "spend limit", status: 429, code: "billing_error" }), { _tag: "LlmRejected", status: 429, code: "billing_error" }]
  ])("a Shoal %s crossing both adapters is still that error, so fallbacks still apply", ([, error, expected]) =>
    Effect.gen(function*() {
      const llm = yield* Llm
      expect(llm.provider).toBe("effect-ai")
      expect(yield* Effect.flip(llm.generate(new GenerateRequest({ messages: [] })))).toMatchObject({ ...expected, provider: "effect-ai" })
    }).pipe(Effect.provide(throughBoth(ScriptedLlm.fail(error)))))
})
