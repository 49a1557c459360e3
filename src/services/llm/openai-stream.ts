/**
 * Folds OpenAI chat-completion chunks into our `StreamEvent`s: a `TextDelta`
 * per content fragment, and after the last chunk one `Completed` with the
 * whole response. Tool calls arrive as fragments keyed by `index` — the first
 * carries the id and name, later ones only pieces of the arguments string.
 *
 * Where it sits: between the SDK's SSE iterator (sdk-stream.ts) and the
 * resilient `Llm`, inside the OpenAI adapter. With
 * `stream_options.include_usage` the usage comes in a last chunk with no
 * choices, after the finish reason.
 */
import type { ChatCompletionChunk } from "openai/resources/chat/completions"
import { Either } from "effect"
import type { AssistantContent, StreamEvent as StreamEventType } from "../../domain/llm.js"
import { ModelResponse, StreamEvent, TextBlock, ToolCall, Usage } from "../../domain/llm.js"
import { fromFinishReason, fromUsage, parseArguments } from "./openai-response.js"
import type { ProviderFailure } from "./provider.js"
import { networkFailure } from "./provider.js"

interface OpenCall {
  id: string
  name: string
  args: string
}

export class OpenAiStreamAssembler {
  private model: string
  private text = ""
  private refusal = ""
  private readonly calls = new Map<number, OpenCall>()
  private finishReason: string | null = null
  private usage = Usage.zero

  constructor(model: string) {
    this.model = model
  }

  /** Take one chunk; return what to emit now. */
  push(chunk: ChatCompletionChunk): ReadonlyArray<StreamEventType> {
    if (typeof chunk.model === "string" && chunk.model.length > 0) this.model = chunk.model
    if (chunk.usage != null) this.usage = fromUsage(chunk.usage)
    // We never ask for n > 1, so only the first choice exists.
    const choice = chunk.choices.find((c) => c.index === 0)
    if (choice === undefined) return []
    if (choice.finish_reason != null) this.finishReason = choice.finish_reason
    const { delta } = choice
    for (const fragment of delta.tool_calls ?? []) {
      const call = this.calls.get(fragment.index) ?? { id: "", name: "", args: "" }
      if (fragment.id !== undefined) call.id = fragment.id
      if (fragment.function?.name !== undefined && fragment.function.name.length > 0) call.name = fragment.function.name
      if (fragment.function?.arguments !== undefined) call.args += fragment.function.arguments
      this.calls.set(fragment.index, call)
    }
    if (typeof delta.refusal === "string") this.refusal += delta.refusal
    if (typeof delta.content === "string" && delta.content.length > 0) {
      this.text += delta.content
      return [StreamEvent.TextDelta({ text: delta.content })]
    }
    return []
  }

  /** After `[DONE]`: the response, or a failure if the stream ended before a finish reason. */
  complete(): Either.Either<ReadonlyArray<StreamEventType>, ProviderFailure> {
    if (this.finishReason === null) return Either.left(networkFailure("the stream ended before a finish reason"))
    const content: Array<AssistantContent> = [
      ...[this.text, this.refusal].filter((t) => t.length > 0).map((text) => new TextBlock({ text })),
      ...[...this.calls.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, c]) => new ToolCall({ id: c.id, name: c.name, input: parseArguments(c.args) }))
    ]
    const response = new ModelResponse({
      model: this.model,
      content,
      stopReason: this.refusal.length > 0 ? "refusal" : fromFinishReason(this.finishReason),
      usage: this.usage
    })
    return Either.right([StreamEvent.Completed({ response })])
  }
}
