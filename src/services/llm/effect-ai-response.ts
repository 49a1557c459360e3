/**
 * Effect AI ⇄ Shoal, the response side: content, stop reason, usage, and the
 * errors. Pure translations used by both adapters (effect-ai.ts).
 *
 * What maps: text, tool calls, the finish reason (Shoal's exact stop reason
 * rides along in the finish part's `metadata.shoal`), usage (missing counts
 * are 0), the model id. What is left out, as Shoal's own Anthropic and OpenAI
 * adapters leave it out: reasoning and source (citation) parts.
 * What does not map (an `Unmappable`): generated files, provider-executed
 * tool calls and tool results in an answer.
 */
import * as AiError from "@effect/ai/AiError"
import type * as LanguageModel from "@effect/ai/LanguageModel"
import type * as Response from "@effect/ai/Response"
import { Either, Option, Schema } from "effect"
import type { AssistantContent, LlmError, StopReason } from "../../domain/llm.js"
import {
  LlmRejected,
  LlmTimeout,
  LlmUnavailable,
  ModelResponse,
  Offline,
  ProviderProtocolError,
  ReplayMiss,
  StopReason as StopReasonSchema,
  TextBlock,
  ToolCall,
  Usage
} from "../../domain/llm.js"
import type { EffectTools, ObjectTool } from "./effect-ai-prompt.js"
import { Unmappable } from "./effect-ai-prompt.js"
import { classifyHttpFailure, networkFailure, protocolFailure, ProviderFailure } from "./provider.js"

// ---------------------------------------------------------------------------
// Shoal → Effect AI
// ---------------------------------------------------------------------------

const finishReasons = {
  end_turn: "stop",
  stop_sequence: "stop",
  tool_use: "tool-calls",
  max_tokens: "length",
  refusal: "content-filter",
  other: "other"
} as const satisfies Record<StopReason, Response.FinishReason>

const usageOf = (usage: Usage): typeof Response.Usage.Encoded => ({
  inputTokens: usage.inputTokens,
  outputTokens: usage.outputTokens,
  totalTokens: usage.inputTokens + usage.outputTokens
})

/** The answer's tool call for a JSON object becomes the JSON text `generateObject` decodes. */
const contentParts = (response: ModelResponse, objectTool: ObjectTool | undefined): Array<Response.PartEncoded> =>
  response.content.map((block): Response.PartEncoded => {
    if (block._tag === "Text") return { type: "text", text: block.text }
    if (objectTool !== undefined && block.name === objectTool.name) return { type: "text", text: JSON.stringify(block.input) }
    return { type: "tool-call", id: block.id, name: block.name, params: block.input, providerExecuted: false }
  })

/** What comes after the content: the model id, then the finish with usage. */
const closingParts = (
  response: ModelResponse
): Array<Response.ResponseMetadataPartEncoded | Response.FinishPartEncoded> => [
  { type: "response-metadata", modelId: response.model },
  {
    type: "finish",
    reason: finishReasons[response.stopReason],
    usage: usageOf(response.usage),
    metadata: { shoal: { stopReason: response.stopReason } }
  }
]

export const toResponseParts = (response: ModelResponse, objectTool?: ObjectTool): Array<Response.PartEncoded> => [
  ...contentParts(response, objectTool),
  ...closingParts(response)
]

/** The end of a stream: text not yet streamed (whole), tool calls, metadata and finish. */
export const toClosingStreamParts = (
  response: ModelResponse,
  textId: string,
  textStreamed: boolean
): Array<Response.StreamPartEncoded> => {
  const parts: Array<Response.StreamPartEncoded> = []
  if (textStreamed) parts.push({ type: "text-end", id: textId })
  else if (response.text.length > 0) {
    parts.push({ type: "text-start", id: textId }, { type: "text-delta", id: textId, delta: response.text }, {
      type: "text-end",
      id: textId
    })
  }
  for (const call of response.toolCalls) {
    parts.push({ type: "tool-call", id: call.id, name: call.name, params: call.input, providerExecuted: false })
  }
  return [...parts, ...closingParts(response)]
}

// ---------------------------------------------------------------------------
// Effect AI → Shoal
// ---------------------------------------------------------------------------

const stopReasons: Record<Response.FinishReason, StopReason> = {
  stop: "end_turn",
  "tool-calls": "tool_use",
  length: "max_tokens",
  "content-filter": "refusal",
  error: "other",
  pause: "other",
  other: "other",
  unknown: "other"
}

const isStopReason = Schema.is(StopReasonSchema)

/** Collects an answer part by part (whole or streamed) into a Shoal `ModelResponse`. */
export class ResponseBuilder {
  private readonly content: Array<AssistantContent> = []
  private readonly textIndex = new Map<string, number>()
  private stopReason: StopReason | undefined
  private usage = Usage.zero
  private modelId: string | undefined

  constructor(private readonly model: string) {}

  /** Adds a part; a delta's text is returned so a stream can pass it on. */
  add(part: Response.AllParts<EffectTools>): Either.Either<string | undefined, Unmappable> {
    switch (part.type) {
      case "text":
        this.content.push(new TextBlock({ text: part.text }))
        return Either.right(undefined)
      case "text-start":
        this.openText(part.id)
        return Either.right(undefined)
      case "text-delta": {
        const index = this.openText(part.id)
        const block = this.content[index]
        if (block?._tag === "Text") this.content[index] = new TextBlock({ text: block.text + part.delta })
        return Either.right(part.delta)
      }
      case "tool-call":
        if (part.providerExecuted) return Either.left(new Unmappable({ what: `the provider-executed tool call ${part.name}` }))
        this.content.push(new ToolCall({ id: part.id, name: part.name, input: part.params }))
        return Either.right(undefined)
      case "tool-result":
        return Either.left(new Unmappable({ what: `a tool result from the model (${part.name})` }))
      case "file":
        return Either.left(new Unmappable({ what: `a generated ${part.mediaType} file` }))
      case "response-metadata":
        this.modelId = Option.getOrUndefined(part.modelId) ?? this.modelId
        return Either.right(undefined)
      case "finish": {
        const exact = part.metadata["shoal"]?.["stopReason"]
        this.stopReason = isStopReason(exact) ? exact : stopReasons[part.reason]
        this.usage = new Usage({ inputTokens: part.usage.inputTokens ?? 0, outputTokens: part.usage.outputTokens ?? 0 })
        return Either.right(undefined)
      }
      default:
        // text-end, reasoning, tool-params progress, sources: nothing Shoal keeps. Errors are handled by the stream.
        return Either.right(undefined)
    }
  }

  private openText(id: string): number {
    const known = this.textIndex.get(id)
    if (known !== undefined) return known
    this.content.push(new TextBlock({ text: "" }))
    this.textIndex.set(id, this.content.length - 1)
    return this.content.length - 1
  }

  build(): ModelResponse {
    const calls = this.content.some((b) => b._tag === "ToolCall")
    return new ModelResponse({
      model: this.modelId ?? this.model,
      content: this.content,
      stopReason: this.stopReason ?? (calls ? "tool_use" : "end_turn"),
      usage: this.usage
    })
  }
}

export const fromResponse = (
  response: LanguageModel.GenerateTextResponse<EffectTools>,
  model: string
): Either.Either<ModelResponse, Unmappable> => {
  const builder = new ResponseBuilder(model)
  for (const part of response.content) {
    const added = builder.add(part)
    if (Either.isLeft(added)) return Either.left(added.left)
  }
  return Either.right(builder.build())
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

const LlmErrorSchema = Schema.Union(LlmUnavailable, LlmTimeout, ProviderProtocolError, LlmRejected, Offline, ReplayMiss)
const isLlmError = Schema.is(LlmErrorSchema)

/** The Shoal error an `AiError` from `toLanguageModel` carries, if it carries one. */
export const llmErrorOf = (error: AiError.AiError): Option.Option<LlmError> =>
  "cause" in error && isLlmError(error.cause) ? Option.some(error.cause) : Option.none()

/** A Shoal error as Effect AI sees it; the original is its `cause` (see `llmErrorOf`). */
export const toAiError = (method: string) => (error: LlmError): AiError.AiError => {
  const fields = { module: "Shoal", method, description: error.message, cause: error }
  return error._tag === "ProviderProtocolError" ? new AiError.MalformedOutput(fields) : new AiError.UnknownError(fields)
}

/** What a Shoal error carried through Effect AI means for retries and fallbacks: the same as before. */
const failureOfLlmError = (error: LlmError): ProviderFailure => {
  const status = "status" in error && error.status !== undefined ? { status: error.status } : {}
  switch (error._tag) {
    case "LlmUnavailable":
      return new ProviderFailure({ message: error.reason, retryable: true, ...status })
    case "LlmTimeout":
      return new ProviderFailure({
        message: error.message,
        retryable: true,
        timedOut: { limit: error.limit === "idle" ? "idle" : "attempt", afterMillis: error.afterMillis }
      })
    case "ProviderProtocolError":
      return protocolFailure(error.reason, error.status)
    case "LlmRejected":
      return new ProviderFailure({
        message: error.reason,
        retryable: false,
        ...status,
        ...(error.code === undefined ? {} : { code: error.code })
      })
    case "Offline":
    case "ReplayMiss":
      return new ProviderFailure({ message: error.message, retryable: false })
  }
}

const parseBody = (body: string | undefined): unknown => {
  if (body === undefined) return undefined
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * An Effect AI failure in Shoal's terms, so retries, the breaker and fallbacks
 * treat it like a built-in provider's: transport failures, 408/409/429/5xx and
 * unknown errors are transient; a malformed answer (or an unreadable body) is a
 * protocol error, never retried; malformed input and other 4xx are rejections.
 */
export const failureOf = (error: AiError.AiError): ProviderFailure => {
  const carried = llmErrorOf(error)
  if (Option.isSome(carried)) return failureOfLlmError(carried.value)
  switch (error._tag) {
    case "HttpRequestError":
      return error.reason === "Transport"
        ? networkFailure(error.message)
        : new ProviderFailure({ message: error.message, retryable: false })
    case "HttpResponseError": {
      const headers = error.response.headers
      if (error.reason !== "StatusCode") return protocolFailure(error.message, error.response.status)
      return classifyHttpFailure({
        status: error.response.status,
        headers: { get: (name) => headers[name] ?? headers[name.toLowerCase()] },
        body: parseBody(error.body),
        message: error.message
      })
    }
    case "MalformedOutput":
      return protocolFailure(error.message)
    case "MalformedInput":
      return new ProviderFailure({ message: error.message, retryable: false })
    case "UnknownError":
      return new ProviderFailure({ message: error.message, retryable: true })
  }
}

/** A translation failure: the request cannot be sent (a rejection), or the answer cannot be read (a protocol error). */
export const failureOfUnmappable = (side: "request" | "response") => (error: Unmappable): ProviderFailure =>
  side === "request" ? new ProviderFailure({ message: error.message, retryable: false }) : protocolFailure(error.message)
