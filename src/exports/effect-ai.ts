/**
 * `shoal/effect-ai`: Shoal's `Llm` and `@effect/ai`'s `LanguageModel`, both
 * ways (`EffectAi.fromLanguageModel`, `EffectAi.toLanguageModel`). Its own
 * subpath because `@effect/ai` is an optional peer: only this entry loads it,
 * so `shoal` and `shoal/llm` work without it installed.
 *
 * @example
 * import { Layer } from "effect"
 * import { EffectAi } from "shoal/effect-ai"
 * import { ScriptedLlm } from "shoal/testing"
 *
 * const lm = EffectAi.toLanguageModel().pipe(Layer.provide(ScriptedLlm.layer([ScriptedLlm.text("hi")])))
 */
export * as EffectAi from "../services/llm/effect-ai.js"
