/**
 * Structured output: ask the model for facts in the shape of an Effect
 * Schema. The answer is forced through a tool call (`tool_choice` = that
 * tool) and decoded with the Schema; an answer that does not decode is a typed
 * `ParseFailed` carrying the raw text, never a crash.
 */
import { Effect } from "effect"
import type { Schema } from "effect"
import type { ImageBlock, LlmError, Message } from "../../domain/llm.js"
import { GenerateRequest, ParseFailed, TurnResult, userText } from "../../domain/llm.js"
import { Llm } from "./llm.js"
import { decodeInput, toolSpecFromSchema } from "./tool.js"

export interface ExtractOptions {
  readonly system?: string
  /** The user's text, or a whole conversation. */
  readonly prompt: string | ReadonlyArray<Message>
  readonly images?: ReadonlyArray<ImageBlock>
  /** The name of the forced tool; say what is being extracted (`record_extract`, `analyze_photo`). */
  readonly toolName?: string
  readonly description?: string
  readonly maxTokens?: number
}

export const extract = <A, I>(
  schema: Schema.Schema<A, I, never>,
  options: ExtractOptions
): Effect.Effect<A, ParseFailed | LlmError, Llm> =>
  Effect.gen(function*() {
    const llm = yield* Llm
    const toolName = options.toolName ?? "record_answer"
    const tool = toolSpecFromSchema(
      toolName,
      options.description ?? "Record the answer. Always call this tool exactly once.",
      schema
    )
    const messages = typeof options.prompt === "string"
      ? [userText(options.prompt, options.images ?? [])]
      : options.prompt
    const response = yield* llm.generate(
      new GenerateRequest({
        ...(options.system === undefined ? {} : { system: options.system }),
        messages,
        tools: [tool],
        toolChoice: { _tag: "Tool", name: toolName },
        maxTokens: options.maxTokens ?? 1024
      })
    )
    const call = response.toolCalls.find((c) => c.name === toolName)
    if (call === undefined) {
      return yield* new ParseFailed({ raw: response.text, error: `the model did not call ${toolName}` })
    }
    return yield* decodeInput(schema, call.input).pipe(
      Effect.mapError((error) => new ParseFailed({ raw: rawText(call.input), error }))
    )
  }).pipe(Effect.withSpan("llm.extract"))

/** `extract`, with every outcome folded into a `TurnResult` for the caller to match on. */
export const extractTurn = <A, I>(schema: Schema.Schema<A, I, never>, options: ExtractOptions) =>
  extract(schema, options).pipe(
    Effect.map((value) => TurnResult.parsed(value)),
    Effect.catchTag("ParseFailed", (e) => Effect.succeed(TurnResult.parseFailed<A>(e.raw, e.error))),
    Effect.catchAll((error) => Effect.succeed(TurnResult.unavailable<A>(error)))
  )

const rawText = (input: unknown): string => (typeof input === "string" ? input : JSON.stringify(input))
