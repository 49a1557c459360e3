/**
 * A fallback chain (`--fallback-model`): when the primary model stays
 * unavailable after its own retries, the next one takes the call. Only a
 * provider that is down (`LlmUnavailable`, `LlmTimeout`, `ProviderProtocolError`)
 * moves down the chain — a rejected request (bad input, spend limit) or offline
 * mode is the caller's to handle. A stream moves down only
 * while nothing has been emitted, so the caller never sees text twice.
 */
import { Effect, Stream } from "effect"
import { isLlmDown } from "../../domain/llm.js"
import type { LlmShape } from "./llm.js"

export const withFallback = (primary: LlmShape, fallback: LlmShape): LlmShape => ({
  provider: primary.provider,
  model: primary.model,
  // Only a provider that is down moves down the chain, so the chain can do what its first model can.
  ...(primary.capabilities === undefined ? {} : { capabilities: primary.capabilities }),
  generate: (request) =>
    primary.generate(request).pipe(
      Effect.catchIf(isLlmDown, (error) =>
        Effect.logWarning(`${error.message}; falling back to ${fallback.provider}/${fallback.model}`).pipe(
          Effect.zipRight(fallback.generate(request))
        ))
    ),
  stream: (request) =>
    Stream.suspend(() => {
      let emitted = false
      return primary.stream(request).pipe(
        Stream.tap(() => Effect.sync(() => void (emitted = true))),
        Stream.catchAll((error) =>
          emitted || !isLlmDown(error)
            ? Stream.fail(error)
            : Stream.fromEffect(
              Effect.logWarning(`${error.message}; falling back to ${fallback.provider}/${fallback.model}`)
            ).pipe(Stream.drain, Stream.concat(fallback.stream(request))))
      )
    })
})

/** Chain any number of models: each one falls back to the next. */
export const chain = (first: LlmShape, ...rest: ReadonlyArray<LlmShape>): LlmShape => {
  const next = rest.reduceRight<LlmShape | undefined>(
    (tail, model) => (tail === undefined ? model : withFallback(model, tail)),
    undefined
  )
  return next === undefined ? first : withFallback(first, next)
}
