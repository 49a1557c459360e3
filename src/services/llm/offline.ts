/**
 * The offline provider: not a model. Every call fails with a typed `Offline`
 * error so each agent takes its rule-based path (DESIGN "Works offline"),
 * and its capabilities say it cannot answer, for a path that decides before
 * it calls (`requireModel`).
 */
import { Effect, Layer, Stream } from "effect"
import { Offline } from "../../domain/llm.js"
import type { LlmShape } from "./llm.js"
import { Llm } from "./llm.js"

export const offline: LlmShape = {
  provider: "offline",
  model: "rules",
  capabilities: { answers: false, images: false },
  generate: () => Effect.fail(new Offline()),
  stream: () => Stream.fail(new Offline())
}

export const layerOffline: Layer.Layer<Llm> = Layer.succeed(Llm, offline)

/** The one line shown when a command starts without a model. */
export const offlineNotice =
  "Offline mode: rule-based, no model. For model help set ANTHROPIC_API_KEY or OPENAI_API_KEY (or pass --provider)."
