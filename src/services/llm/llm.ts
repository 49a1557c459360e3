/**
 * The `Llm` port: the one way agent code talks to a language model.
 *
 * Layers (all in this folder): `layerAnthropic` and `layerOpenAi` (live, with
 * retries), `layerOffline` (every call fails with `Offline` so agents take
 * their rule path), `ScriptedLlm` (a queue of canned turns for tests), plus
 * decorators for record/replay and a fallback chain.
 *
 * Offline is one typed convention, never a provider name: every call of the
 * offline model fails with `Offline`, and agents `catchTag("Offline", …)` to
 * take their rules. A path that must decide before it calls (make no call at
 * all, skip work only a model needs, refuse up front) asks `requireModel`,
 * which fails with the same `Offline` when the model's `capabilities` say it
 * cannot answer.
 */
import { Context, Effect } from "effect"
import type { Stream } from "effect"
import type { GenerateRequest, LlmError, ModelResponse, StreamEvent } from "../../domain/llm.js"
import { Offline } from "../../domain/llm.js"

/** What a model can do, for a path that decides before it calls. Reported by the layer that built the model. */
export interface LlmCapabilities {
  /** False for the offline provider: every call fails with `Offline`. */
  readonly answers: boolean
  /** Whether requests may carry images (`ImageBlock`); droid's `--vision` sends screenshots only then. */
  readonly images: boolean
}

export interface LlmShape {
  /** `anthropic`, `openai`, `offline`, `scripted`… — shown to users and used in record/replay keys; never a decision. */
  readonly provider: string
  readonly model: string
  /** One model call, retried on transient failures. */
  readonly generate: (request: GenerateRequest) => Effect.Effect<ModelResponse, LlmError>
  /**
   * The same call, streamed: text deltas as they arrive, then `Completed`.
   * A failure before anything was emitted is retried like `generate`; after, it is not.
   */
  readonly stream: (request: GenerateRequest) => Stream.Stream<StreamEvent, LlmError>
  /** What it can do; what is absent defaults to a model that answers and takes no images (see `capabilitiesOf`). */
  readonly capabilities?: Partial<LlmCapabilities>
}

export class Llm extends Context.Tag("shoal/Llm")<Llm, LlmShape>() {}

/** A model's capabilities, the defaults filled in: it answers, and takes no images unless it says so. */
export const capabilitiesOf = (llm: LlmShape): LlmCapabilities => ({ answers: true, images: false, ...llm.capabilities })

/**
 * The model, or `Offline` when it cannot answer — exactly the failure its
 * first call would give, without making the call. For a path that must decide
 * before calling; the agent catches `Offline` like any call's.
 */
export const requireModel: Effect.Effect<LlmShape, Offline, Llm> = Effect.flatMap(
  Llm,
  (llm) => (capabilitiesOf(llm).answers ? Effect.succeed(llm) : Effect.fail(new Offline()))
)
