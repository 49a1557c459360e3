/**
 * OpenAI Chat Completions answers and failures in our terms.
 *
 * Where it sits: the second half of the OpenAI adapter (openai.ts); the stream
 * assembler (openai-stream.ts) reuses the finish-reason and argument parsing.
 * The SDK's error classes are passed in, because the SDK is only loaded when
 * an adapter is built.
 */
import type { ChatCompletion } from "openai/resources/chat/completions"
import { Either } from "effect"
import type { AssistantContent, StopReason } from "../../domain/llm.js"
import { ModelResponse, TextBlock, ToolCall, Usage } from "../../domain/llm.js"
import { classifyHttpFailure, errorCode, networkFailure, ProviderFailure, protocolFailure, unreadableResponse } from "./provider.js"

export type OpenAiSdk = typeof import("openai")

export const fromChatCompletion = (completion: ChatCompletion): Either.Either<ModelResponse, ProviderFailure> => {
  const choice = completion.choices[0]
  if (choice === undefined) {
    return Either.left(protocolFailure("the completion has no choices", 200))
  }
  const { message } = choice
  const text = [message.content, message.refusal].filter((t): t is string => typeof t === "string" && t.length > 0)
  // Custom (free-text) tools are not something we declare, so their calls cannot be ours.
  const calls = (message.tool_calls ?? []).flatMap((call) =>
    call.type === "function"
      ? [new ToolCall({ id: call.id, name: call.function.name, input: parseArguments(call.function.arguments) })]
      : []
  )
  const content: Array<AssistantContent> = [...text.map((t) => new TextBlock({ text: t })), ...calls]
  return Either.right(
    new ModelResponse({
      model: completion.model,
      content,
      stopReason: typeof message.refusal === "string" ? "refusal" : fromFinishReason(choice.finish_reason),
      usage: fromUsage(completion.usage)
    })
  )
}

export const fromUsage = (usage: { prompt_tokens: number; completion_tokens: number } | null | undefined): Usage =>
  // Some compatible servers omit usage; an unknown count is not a failure.
  new Usage({ inputTokens: usage?.prompt_tokens ?? 0, outputTokens: usage?.completion_tokens ?? 0 })

export const fromFinishReason = (reason: string | null): StopReason => {
  switch (reason) {
    case "stop":
      return "end_turn"
    case "tool_calls":
    case "function_call":
      return "tool_use"
    case "length":
      return "max_tokens"
    case "content_filter":
      return "refusal"
    // A wire string the SDK may extend: any other reason is "other".
    default:
      return "other"
  }
}

/**
 * Tool arguments arrive as a JSON string. One that does not parse is kept as
 * the raw string, so `extract` reports it as `ParseFailed` with the model's
 * own text instead of losing it. A call without arguments may send "".
 */
export const parseArguments = (json: string): unknown => {
  if (json.trim().length === 0) return {}
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}

/** Error codes an error chunk inside a 200 stream may carry that mean "try again later". */
const retryableStreamCodes = new Set(["server_error", "rate_limit_exceeded", "overloaded", "service_unavailable"])

export const fromOpenAiError = (sdk: OpenAiSdk) => (cause: unknown): ProviderFailure => {
  // Connection refused/reset and timeouts are subclasses of APIError without a status: test them first.
  if (cause instanceof sdk.APIConnectionError || cause instanceof sdk.APIUserAbortError) {
    return networkFailure(cause.message)
  }
  if (cause instanceof sdk.APIError) {
    // The SDK keeps only the body's inner `error` object; re-wrap it in the envelope the classifier reads.
    const body = { error: cause.error }
    if (cause.status !== undefined) {
      return classifyHttpFailure({ status: cause.status, headers: cause.headers, body, message: cause.message })
    }
    // No status: an `{"error": …}` chunk inside a stream that had answered 200.
    const code = errorCode(body)
    return new ProviderFailure({
      message: cause.message,
      retryable: code !== undefined && retryableStreamCodes.has(code),
      ...(code === undefined ? {} : { code })
    })
  }
  return unreadableResponse(cause) ?? networkFailure(cause instanceof Error ? cause.message : String(cause))
}
