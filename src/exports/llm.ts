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
export * from "../domain/llm.js"
export * from "../services/llm/index.js"
