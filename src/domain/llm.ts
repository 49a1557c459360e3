/**
 * The language of a model conversation, independent of any provider.
 *
 * Where it sits: every agent's observe/orient/act stages speak to the `Llm`
 * service in these terms; the live layers translate them to the Anthropic
 * Messages and OpenAI Chat Completions wire formats. Everything here is data
 * (Schemas), so requests and responses can be recorded, replayed and persisted.
 */
import { Data, Schema } from "effect"

// ---------------------------------------------------------------------------
// Content blocks
// ---------------------------------------------------------------------------

export const ImageMediaType = Schema.Literal("image/png", "image/jpeg", "image/gif", "image/webp")
export type ImageMediaType = typeof ImageMediaType.Type

export class TextBlock extends Schema.TaggedClass<TextBlock>()("Text", {
  text: Schema.String
}) {}

/** An image given to the model inline (base64) or by URL. */
export class ImageBlock extends Schema.TaggedClass<ImageBlock>()("Image", {
  source: Schema.Union(
    Schema.TaggedStruct("Base64", { mediaType: ImageMediaType, data: Schema.String }),
    Schema.TaggedStruct("Url", { url: Schema.String })
  )
}) {
  static base64(mediaType: ImageMediaType, data: string): ImageBlock {
    return new ImageBlock({ source: { _tag: "Base64", mediaType, data } })
  }
  static url(url: string): ImageBlock {
    return new ImageBlock({ source: { _tag: "Url", url } })
  }
}

/** The model asking for a tool to be run. `input` is the raw JSON the model wrote. */
export class ToolCall extends Schema.TaggedClass<ToolCall>()("ToolCall", {
  id: Schema.String,
  name: Schema.String,
  input: Schema.Unknown
}) {}

/** What a tool gave back; `isError` tells the model the call failed (seeds/000). */
export class ToolResult extends Schema.TaggedClass<ToolResult>()("ToolResult", {
  toolCallId: Schema.String,
  content: Schema.Array(Schema.Union(TextBlock, ImageBlock)),
  isError: Schema.Boolean
}) {}

export const UserContent = Schema.Union(TextBlock, ImageBlock, ToolResult)
export type UserContent = typeof UserContent.Type
export const AssistantContent = Schema.Union(TextBlock, ToolCall)
export type AssistantContent = typeof AssistantContent.Type

// ---------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------

export class UserMessage extends Schema.TaggedClass<UserMessage>()("User", {
  content: Schema.Array(UserContent)
}) {}

export class AssistantMessage extends Schema.TaggedClass<AssistantMessage>()("Assistant", {
  content: Schema.Array(AssistantContent)
}) {}

export const Message = Schema.Union(UserMessage, AssistantMessage)
export type Message = typeof Message.Type

/**
 * A user message holding text and, optionally, images. Built without the constructor's check: its blocks are
 * already checked instances, and checking a class whose fields hold other classes rebuilds its parser every
 * time in Effect 3 (~0.2 ms here, most of a rule-based turn's Schema work).
 */
export const userText = (text: string, images: ReadonlyArray<ImageBlock> = []): UserMessage =>
  new UserMessage({ content: [...images, new TextBlock({ text })] }, true)

// ---------------------------------------------------------------------------
// Tools and requests
// ---------------------------------------------------------------------------

/** A tool as the model sees it. The JSON Schema is derived from an Effect Schema (services/llm/tool.ts). */
export class ToolSpec extends Schema.Class<ToolSpec>("ToolSpec")({
  name: Schema.String.pipe(Schema.pattern(/^[a-zA-Z0-9_-]{1,64}$/)),
  description: Schema.String,
  inputSchema: Schema.Record({ key: Schema.String, value: Schema.Unknown })
}) {}

export const ToolChoice = Schema.Union(
  Schema.TaggedStruct("Auto", {}),
  Schema.TaggedStruct("Any", {}),
  Schema.TaggedStruct("None", {}),
  Schema.TaggedStruct("Tool", { name: Schema.String })
)
export type ToolChoice = typeof ToolChoice.Type

export class GenerateRequest extends Schema.Class<GenerateRequest>("GenerateRequest")({
  system: Schema.optional(Schema.String),
  messages: Schema.Array(Message),
  tools: Schema.optionalWith(Schema.Array(ToolSpec), { default: () => [] }),
  toolChoice: Schema.optionalWith(ToolChoice, { default: () => ({ _tag: "Auto" as const }) }),
  maxTokens: Schema.optionalWith(Schema.Int.pipe(Schema.positive()), { default: () => 1024 }),
  temperature: Schema.optional(Schema.Number)
}) {}

// ---------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------

export const StopReason = Schema.Literal("end_turn", "tool_use", "max_tokens", "stop_sequence", "refusal", "other")
export type StopReason = typeof StopReason.Type

export class Usage extends Schema.Class<Usage>("Usage")({
  inputTokens: Schema.Int,
  outputTokens: Schema.Int
}) {
  static readonly zero = new Usage({ inputTokens: 0, outputTokens: 0 })
  add(that: Usage): Usage {
    return new Usage({
      inputTokens: this.inputTokens + that.inputTokens,
      outputTokens: this.outputTokens + that.outputTokens
    })
  }
}

export class ModelResponse extends Schema.Class<ModelResponse>("ModelResponse")({
  model: Schema.String,
  content: Schema.Array(AssistantContent),
  stopReason: StopReason,
  usage: Usage
}) {
  get text(): string {
    return this.content.flatMap((b) => (b._tag === "Text" ? [b.text] : [])).join("")
  }
  get toolCalls(): ReadonlyArray<ToolCall> {
    return this.content.filter((b): b is ToolCall => b._tag === "ToolCall")
  }
  get message(): AssistantMessage {
    return new AssistantMessage({ content: this.content })
  }
}

/** What a streaming generation emits: text as it arrives, then the whole response. */
export type StreamEvent = Data.TaggedEnum<{
  TextDelta: { readonly text: string }
  Completed: { readonly response: ModelResponse }
}>
export const StreamEvent = Data.taggedEnum<StreamEvent>()

// ---------------------------------------------------------------------------
// Errors. Every model failure is one of these; none is a defect.
// ---------------------------------------------------------------------------

export const ProviderName = Schema.Literal("anthropic", "openai", "offline")
export type ProviderName = typeof ProviderName.Type

/** Transient failures outlasted the retry schedule (429, 5xx, 529, timeouts, network). */
export class LlmUnavailable extends Schema.TaggedError<LlmUnavailable>()("LlmUnavailable", {
  provider: Schema.String,
  model: Schema.String,
  reason: Schema.String,
  status: Schema.optional(Schema.Int),
  attempts: Schema.Int
}) {
  override get message(): string {
    return `${this.provider}/${this.model} unavailable after ${this.attempts} attempt(s): ${this.reason}`
  }
}

/** The provider refused the request for a reason retrying will not fix (400, auth, spend limit). */
export class LlmRejected extends Schema.TaggedError<LlmRejected>()("LlmRejected", {
  provider: Schema.String,
  model: Schema.String,
  reason: Schema.String,
  status: Schema.optional(Schema.Int),
  code: Schema.optional(Schema.String)
}) {
  override get message(): string {
    return `${this.provider}/${this.model} rejected the request${this.status === undefined ? "" : ` (${this.status})`}: ${this.reason}`
  }
}

/** Which bound a call ran into: one attempt, silence inside a stream, or the call's whole budget. */
export const LlmTimeoutLimit = Schema.Literal("attempt", "idle", "total")
export type LlmTimeoutLimit = typeof LlmTimeoutLimit.Type

/**
 * The provider did not answer in time. Like `LlmUnavailable`, it falls back
 * (next model, or the agent's rules); it says which bound was hit and after how long.
 */
export class LlmTimeout extends Schema.TaggedError<LlmTimeout>()("LlmTimeout", {
  provider: Schema.String,
  model: Schema.String,
  limit: LlmTimeoutLimit,
  afterMillis: Schema.Int,
  attempts: Schema.Int
}) {
  override get message(): string {
    const what = this.limit === "idle"
      ? "stream went silent"
      : this.limit === "attempt"
      ? "no answer to an attempt"
      : "call exceeded its time budget"
    return `${this.provider}/${this.model} timed out (${what}, ${Math.round(this.afterMillis / 1000)} s) after ${this.attempts} attempt(s)`
  }
}

/**
 * The provider answered, but the answer was not a valid response (a 200 whose
 * body does not parse, a response over the size cap). Never retried: the same
 * request would most likely get the same broken answer.
 */
export class ProviderProtocolError extends Schema.TaggedError<ProviderProtocolError>()("ProviderProtocolError", {
  provider: Schema.String,
  model: Schema.String,
  reason: Schema.String,
  status: Schema.optional(Schema.Int)
}) {
  override get message(): string {
    return `${this.provider}/${this.model} sent a response that could not be read: ${this.reason}`
  }
}

/** No model is configured: the agent takes its rule-based path. */
export class Offline extends Schema.TaggedError<Offline>()("Offline", {}) {
  override get message(): string {
    return "offline mode: no model is configured"
  }
}

/** Record/replay was asked to answer a request it has no recording for. */
export class ReplayMiss extends Schema.TaggedError<ReplayMiss>()("ReplayMiss", {
  key: Schema.String,
  directory: Schema.String
}) {
  override get message(): string {
    return `no recorded response ${this.key} in ${this.directory}`
  }
}

/** The model answered, but not in the shape asked for. Keeps the raw text for the caller's fallback. */
export class ParseFailed extends Schema.TaggedError<ParseFailed>()("ParseFailed", {
  raw: Schema.String,
  error: Schema.String
}) {
  override get message(): string {
    return `model output did not parse: ${this.error}`
  }
}

export type LlmError = LlmUnavailable | LlmTimeout | ProviderProtocolError | LlmRejected | Offline | ReplayMiss

/** The failures that mean "this provider cannot answer now": a fallback model, or the rules, take over. */
export type LlmDown = LlmUnavailable | LlmTimeout | ProviderProtocolError
export const isLlmDown = (error: LlmError): error is LlmDown =>
  error._tag === "LlmUnavailable" || error._tag === "LlmTimeout" || error._tag === "ProviderProtocolError"

// ---------------------------------------------------------------------------
// The turn result (mirrors the Haskell TurnOutcome): a turn completes —
// parsed, or parse-failed with the raw text — or is broken — a tool ended it,
// or the model was unavailable. Callers match on it and pick their fallback.
// ---------------------------------------------------------------------------

export type TurnResult<A> =
  | { readonly _tag: "Parsed"; readonly value: A; readonly usage: Usage }
  | { readonly _tag: "ParseFailed"; readonly raw: string; readonly error: string; readonly usage: Usage }
  | { readonly _tag: "ToolBroke"; readonly tool: string; readonly detail: string; readonly usage: Usage }
  | { readonly _tag: "Unavailable"; readonly error: LlmError; readonly usage: Usage }

export const TurnResult = {
  parsed: <A>(value: A, usage: Usage = Usage.zero): TurnResult<A> => ({ _tag: "Parsed", value, usage }),
  parseFailed: <A = never>(raw: string, error: string, usage: Usage = Usage.zero): TurnResult<A> => ({
    _tag: "ParseFailed",
    raw,
    error,
    usage
  }),
  toolBroke: <A = never>(tool: string, detail: string, usage: Usage = Usage.zero): TurnResult<A> => ({
    _tag: "ToolBroke",
    tool,
    detail,
    usage
  }),
  unavailable: <A = never>(error: LlmError, usage: Usage = Usage.zero): TurnResult<A> => ({
    _tag: "Unavailable",
    error,
    usage
  }),
  /** Completed turns are Parsed or ParseFailed; the others are broken. */
  isCompleted: <A>(t: TurnResult<A>): boolean => t._tag === "Parsed" || t._tag === "ParseFailed"
}

