/**
 * A fallback chain (`--fallback-model`): when the primary model stays
 * unavailable after its own retries, the next one takes the call. Only a
 * provider that is down (`LlmUnavailable`, `LlmTimeout`, `ProviderProtocolError`)
 * moves down the chain — a rejected request (bad input, spend limit) or offline
 * mode is the caller's to handle. A stream moves down only
 * while nothing has been emitted, so the caller never sees text twice.
 * The chain can do what its first model can; a request with images that
 * falls back to a model taking none goes with each image named in words
 * instead, so the fallback answers rather than rejects it.
 */
import { Effect, Stream } from "effect"
import type { UserContent } from "../../domain/llm.js"
import { GenerateRequest, isLlmDown, TextBlock, ToolResult, UserMessage } from "../../domain/llm.js"
import type { LlmShape } from "./llm.js"
import { capabilitiesOf } from "./llm.js"

const imageOmitted = new TextBlock({ text: "[an image was here; this model takes no images]" })

const withoutImage = <C extends UserContent>(block: C): C | TextBlock => (block._tag === "Image" ? imageOmitted : block)

/** `request` with every image, in user messages and tool results, replaced by a line saying so. */
export const withoutImages = (request: GenerateRequest): GenerateRequest => {
  const content = (block: UserContent): UserContent =>
    block._tag === "ToolResult" ? new ToolResult({ ...block, content: block.content.map(withoutImage) }) : withoutImage(block)
  const messages = request.messages.map((m) => (m._tag === "User" ? new UserMessage({ content: m.content.map(content) }) : m))
  return new GenerateRequest({ ...request, messages })
}

export const withFallback = (primary: LlmShape, fallback: LlmShape): LlmShape => {
  const forFallback = capabilitiesOf(fallback).images ? (r: GenerateRequest) => r : withoutImages
  return {
    provider: primary.provider,
    model: primary.model,
    ...(primary.capabilities === undefined ? {} : { capabilities: primary.capabilities }),
    generate: (request) =>
      primary.generate(request).pipe(
        Effect.catchIf(isLlmDown, (error) =>
          Effect.logWarning(`${error.message}; falling back to ${fallback.provider}/${fallback.model}`).pipe(
            Effect.zipRight(fallback.generate(forFallback(request)))
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
              ).pipe(Stream.drain, Stream.concat(fallback.stream(forFallback(request)))))
        )
      })
  }
}

/** Chain any number of models: each one falls back to the next. */
export const chain = (first: LlmShape, ...rest: ReadonlyArray<LlmShape>): LlmShape => {
  const next = rest.reduceRight<LlmShape | undefined>(
    (tail, model) => (tail === undefined ? model : withFallback(model, tail)),
    undefined
  )
  return next === undefined ? first : withFallback(first, next)
}
