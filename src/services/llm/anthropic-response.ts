/**
 * Anthropic's answers and failures in our terms: a `Message` becomes a
 * `ModelResponse`, an SDK error becomes a `ProviderFailure`.
 *
 * Where it sits: the second half of the Anthropic adapter (anthropic.ts); the
 * stream assembler (anthropic-stream.ts) reuses the stop-reason mapping. The
 * SDK's error classes are passed in, because the SDK is only loaded when an
 * adapter is built.
 */
import type Anthropic from "@anthropic-ai/sdk"
import type { AssistantContent, StopReason } from "../../domain/llm.js"
import { ModelResponse, TextBlock, ToolCall, Usage } from "../../domain/llm.js"
import { classifyHttpFailure, errorCode, networkFailure, ProviderFailure, unreadableResponse } from "./provider.js"

export type AnthropicSdk = typeof import("@anthropic-ai/sdk")

export const fromAnthropicMessage = (message: Anthropic.Message): ModelResponse =>
  new ModelResponse({
    model: message.model,
    // Thinking, server tools and block types newer than this code are not ours to show.
    content: message.content.flatMap((block): Array<AssistantContent> => {
      switch (block.type) {
        case "text":
          return [new TextBlock({ text: block.text })]
        case "tool_use":
          return [new ToolCall({ id: block.id, name: block.name, input: block.input })]
        // `type` is the SDK's open wire field, not our tag: thinking, server tools and future blocks carry nothing we keep.
        default:
          return []
      }
    }),
    stopReason: fromStopReason(message.stop_reason),
    usage: new Usage({ inputTokens: inputTokens(message.usage), outputTokens: message.usage.output_tokens })
  })

/**
 * Every input token the call consumed: `input_tokens` counts only those after
 * the last cache breakpoint, so cache writes and reads are added back.
 */
export const inputTokens = (usage: {
  readonly input_tokens?: number | null
  readonly cache_creation_input_tokens?: number | null
  readonly cache_read_input_tokens?: number | null
}): number => (usage.input_tokens ?? 0) + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0)

export const fromStopReason = (reason: Anthropic.StopReason | null): StopReason => {
  switch (reason) {
    case "end_turn":
    case "tool_use":
    case "max_tokens":
    case "stop_sequence":
    case "refusal":
      return reason
    // Cut short by the context window: for the caller it is a truncated answer, like max_tokens.
    case "model_context_window_exceeded":
      return "max_tokens"
    // A wire string the SDK may extend: any other reason is "other".
    default:
      return "other"
  }
}

/**
 * Error types that an `event: error` inside a 200 stream may carry and that
 * mean "try again later" — the same conditions that are 429/500/529 statuses
 * outside a stream.
 */
const retryableStreamErrorTypes = new Set(["overloaded_error", "api_error", "rate_limit_error", "timeout_error"])

export const fromAnthropicError = (sdk: AnthropicSdk) => (cause: unknown): ProviderFailure => {
  // Connection refused/reset and timeouts are subclasses of APIError without a status: test them first.
  if (cause instanceof sdk.APIConnectionError || cause instanceof sdk.APIUserAbortError) {
    return networkFailure(cause.message)
  }
  if (cause instanceof sdk.APIError) {
    if (cause.status !== undefined) {
      return classifyHttpFailure({ status: cause.status, headers: cause.headers, body: cause.error, message: cause.message })
    }
    // No status: the SDK read an `event: error` from a stream that had answered 200.
    const code = errorCode(cause.error)
    return new ProviderFailure({
      message: cause.message,
      retryable: code !== undefined && retryableStreamErrorTypes.has(code),
      ...(code === undefined ? {} : { code })
    })
  }
  // fetch's own TypeErrors, a body cut mid-read: the connection failed, not the request.
  return unreadableResponse(cause) ?? networkFailure(cause instanceof Error ? cause.message : String(cause))
}
