/**
 * Structured output (seeds/002 "Structured Output Pipeline"): the final
 * answer's facts extracted into a caller's Effect Schema through the
 * model's forced tool call, then decoded; a mismatch is a typed
 * `StructuredOutputFailed` whose detail names the field.
 */
import { Effect } from "effect"
import type { Schema } from "effect"
import type { LlmError } from "../../domain/llm.js"
import { extract } from "../../services/llm/extract.js"
import type { Llm } from "../../services/llm/llm.js"
import { StructuredOutputFailed } from "./errors.js"
import { structuredOutputPrompt } from "./prompts.js"

export const structuredOutput = <A, I>(
  schema: Schema.Schema<A, I, never>,
  answer: string
): Effect.Effect<A, StructuredOutputFailed | LlmError, Llm> =>
  extract(schema, {
    prompt: structuredOutputPrompt(answer),
    toolName: "record_output",
    description: "Record the information extracted from the final answer. Call this tool exactly once."
  }).pipe(
    Effect.catchTag("ParseFailed", (e) => Effect.fail(new StructuredOutputFailed({ answer, detail: e.error }))),
    Effect.withSpan("droid.structuredOutput")
  )
