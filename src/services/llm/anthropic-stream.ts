/**
 * Folds an Anthropic Messages event stream into our `StreamEvent`s: a
 * `TextDelta` per text fragment as it arrives, and at `message_stop` one
 * `Completed` holding the whole response, tool inputs assembled from their
 * `input_json_delta` fragments.
 *
 * Where it sits: between the SDK's SSE iterator (sdk-stream.ts) and the
 * resilient `Llm` (resilient.ts), inside the Anthropic adapter. Event and
 * block types it does not know (`ping`, `compaction`, thinking…) are skipped:
 * the API adds them faster than we upgrade.
 */
import type Anthropic from "@anthropic-ai/sdk"
import { Either } from "effect"
import type { AssistantContent, StopReason, StreamEvent as StreamEventType } from "../../domain/llm.js"
import { ModelResponse, StreamEvent, TextBlock, ToolCall, Usage } from "../../domain/llm.js"
import { fromStopReason, inputTokens } from "./anthropic-response.js"
import type { ProviderFailure } from "./provider.js"
import { networkFailure } from "./provider.js"

type OpenBlock =
  | { readonly kind: "text"; text: string }
  | { readonly kind: "tool"; readonly id: string; readonly name: string; readonly startInput: unknown; json: string }

export class AnthropicStreamAssembler {
  private model: string
  private readonly blocks = new Map<number, OpenBlock>()
  private stopReason: StopReason = "other"
  private inputTokens = 0
  private outputTokens = 0
  /** Set by `message_stop`, or by a `message_delta` carrying the stop reason (see `complete`). */
  private stopped = false

  constructor(model: string) {
    this.model = model
  }

  /** Take one event; return what to emit now. */
  push(event: Anthropic.RawMessageStreamEvent): ReadonlyArray<StreamEventType> {
    switch (event.type) {
      case "message_start":
        this.model = event.message.model
        this.inputTokens = inputTokens(event.message.usage)
        this.outputTokens = event.message.usage.output_tokens
        return []
      case "content_block_start": {
        const block = event.content_block
        if (block.type === "text") this.blocks.set(event.index, { kind: "text", text: block.text })
        if (block.type === "tool_use") {
          this.blocks.set(event.index, { kind: "tool", id: block.id, name: block.name, startInput: block.input, json: "" })
        }
        return []
      }
      case "content_block_delta": {
        const open = this.blocks.get(event.index)
        if (event.delta.type === "text_delta" && open?.kind === "text") {
          open.text += event.delta.text
          return event.delta.text.length === 0 ? [] : [StreamEvent.TextDelta({ text: event.delta.text })]
        }
        if (event.delta.type === "input_json_delta" && open?.kind === "tool") open.json += event.delta.partial_json
        return []
      }
      case "message_delta":
        if (event.delta.stop_reason !== null) this.stopped = true
        this.stopReason = fromStopReason(event.delta.stop_reason)
        // Output tokens are cumulative here; input tokens are repeated only by newer servers.
        this.outputTokens = event.usage.output_tokens
        if (typeof event.usage.input_tokens === "number") this.inputTokens = inputTokens(event.usage)
        return []
      case "message_stop":
        this.stopped = true
        return []
      // `type` is the wire's open event name, not our tag: pings and future events change nothing.
      default:
        return []
    }
  }

  /**
   * After the last event: the response, or a failure if the stream was cut
   * before the message was finished. `message_stop` carries nothing that
   * `message_delta` did not already say, and a server that ends the body
   * without the final blank line (fixture 06) loses it: the SDK, following
   * the SSE spec, drops an unterminated event at EOF. So the stop reason in
   * `message_delta` is taken as the end of the message.
   */
  complete(): Either.Either<ReadonlyArray<StreamEventType>, ProviderFailure> {
    if (!this.stopped) return Either.left(networkFailure("the stream ended before the message was finished"))
    const content = [...this.blocks.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([, block]): Array<AssistantContent> =>
        block.kind === "text"
          ? block.text.length === 0 ? [] : [new TextBlock({ text: block.text })]
          : [new ToolCall({ id: block.id, name: block.name, input: toolInput(block.json, block.startInput) })]
      )
    const response = new ModelResponse({
      model: this.model,
      content,
      stopReason: this.stopReason,
      usage: new Usage({ inputTokens: this.inputTokens, outputTokens: this.outputTokens })
    })
    return Either.right([StreamEvent.Completed({ response })])
  }
}

/**
 * The assembled JSON of a tool call. A call without arguments streams no
 * fragments (its start block already holds `{}`); JSON that does not parse
 * is kept as the raw text so `extract` can report it as `ParseFailed`.
 */
const toolInput = (json: string, startInput: unknown): unknown => {
  if (json.trim().length === 0) return startInput
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}
