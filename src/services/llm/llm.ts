/**
 * The `Llm` port: the one way agent code talks to a language model.
 *
 * Layers (all in this folder): `layerAnthropic` and `layerOpenAi` (live, with
 * retries), `layerOffline` (every call fails with `Offline` so agents take
 * their rule path), `ScriptedLlm` (a queue of canned turns for tests), plus
 * decorators for record/replay and a fallback chain.
 */
import { Context } from "effect"
import type { Effect, Stream } from "effect"
import type { GenerateRequest, LlmError, ModelResponse, StreamEvent } from "../../domain/llm.js"

export interface LlmShape {
  /** `anthropic`, `openai`, `offline`, `scripted`… — shown to users and used in record/replay keys. */
  readonly provider: string
  readonly model: string
  /** One model call, retried on transient failures. */
  readonly generate: (request: GenerateRequest) => Effect.Effect<ModelResponse, LlmError>
  /**
   * The same call, streamed: text deltas as they arrive, then `Completed`.
   * A failure before anything was emitted is retried like `generate`; after, it is not.
   */
  readonly stream: (request: GenerateRequest) => Stream.Stream<StreamEvent, LlmError>
}

export class Llm extends Context.Tag("shoal/Llm")<Llm, LlmShape>() {}
