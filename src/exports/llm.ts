/**
 * `shoal/llm`: the model port (`Llm`), its layers (Anthropic, OpenAI,
 * offline, record/replay, from settings), the resilience and metering
 * decorators (`resilient`, `metered`: wrap any custom Llm so `UsageMeter`
 * counts it), tools, the tool loop and structured output (`extract`).
 * Provider SDKs are loaded only when their layer is built; they are optional
 * peers, so install the one you use (`@anthropic-ai/sdk` or `openai`).
 *
 * @example
 * import { Effect, Schema } from "effect"
 * import { extract, ScriptedLlm } from "shoal/llm"
 *
 * const Room = Schema.Struct({ roomType: Schema.String })
 * extract(Room, { prompt: "what room is this?" }).pipe(
 *   Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("record_answer", { roomType: "office" })]))
 * )
 */
// The model's messages, turns and errors (domain/llm.ts).
export {
  AssistantContent,
  AssistantMessage,
  GenerateRequest,
  ImageBlock,
  ImageMediaType,
  LlmRejected,
  LlmTimeout,
  LlmTimeoutLimit,
  LlmUnavailable,
  Message,
  ModelResponse,
  Offline,
  ParseFailed,
  ProviderName,
  ProviderProtocolError,
  ReplayMiss,
  StopReason,
  StreamEvent,
  TextBlock,
  ToolCall,
  ToolChoice,
  ToolResult,
  ToolSpec,
  TurnResult,
  Usage,
  UserContent,
  UserMessage,
  userText
} from "../domain/llm.js"
export type { LlmError } from "../domain/llm.js"

// Llm: the port, its live layers (Anthropic, OpenAI, from settings), offline and scripted layers, decorators, tools and structured output.
export {
  capabilitiesOf,
  chain,
  defaultLimits,
  defaultModels,
  defaultRetryPolicy,
  extract,
  extractTurn,
  InvalidModelLimit,
  layerAnthropic,
  layerFromSettings,
  layerOffline,
  layerOpenAi,
  Llm,
  metered,
  MissingApiKey,
  offline,
  ProviderFailure,
  recordedModel,
  recording,
  replaying,
  ReplayUnusable,
  requireModel,
  resilient,
  resolveLlmSettings,
  ResponseTooLarge,
  ScriptedLlm,
  Tool,
  ToolLoop,
  UsageMeter,
  withFallback
} from "../services/llm/index.js"
export type {
  AnthropicConfig,
  ExtractOptions,
  LlmCapabilities,
  LlmFlags,
  LlmSettings,
  LlmShape,
  ModelChoice,
  OpenAiConfig,
  RetryPolicy,
  ScriptedLlmShape,
  ScriptedTurn,
  UsageMeterShape
} from "../services/llm/index.js"
