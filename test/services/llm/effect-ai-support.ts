/**
 * An Effect AI test model built with `LanguageModel.make`, in the manner of
 * `withLanguageModel` in Effect's own AI tests: a queue of answers (encoded
 * response parts, or an `AiError`), every `ProviderOptions` it was given kept
 * for the test to inspect. A call past the end of the queue is a defect.
 */
import * as AiError from "@effect/ai/AiError"
import * as LanguageModel from "@effect/ai/LanguageModel"
import type * as Response from "@effect/ai/Response"
import { Effect, Layer, Option, Stream } from "effect"

export type Answer =
  | ReadonlyArray<Response.PartEncoded>
  | AiError.AiError
  | ((options: LanguageModel.ProviderOptions) => ReadonlyArray<Response.PartEncoded>)
  | "never"

export const scriptedLanguageModel = (answers: ReadonlyArray<Answer>) => {
  const seen: Array<LanguageModel.ProviderOptions> = []
  const queue = [...answers]
  const next = (options: LanguageModel.ProviderOptions): Effect.Effect<Array<Response.PartEncoded>, AiError.AiError> =>
    Effect.suspend(() => {
      seen.push(options)
      const answer = queue.shift()
      if (answer === undefined) return Effect.dieMessage(`test model: unexpected call ${seen.length}`)
      if (answer === "never") return Effect.never
      if (typeof answer === "function") return Effect.succeed([...answer(options)])
      if (AiError.isAiError(answer)) return Effect.fail(answer)
      return Effect.succeed([...answer])
    })
  const layer = Layer.effect(
    LanguageModel.LanguageModel,
    LanguageModel.make({
      generateText: next,
      // Text arrives in two deltas per text part; everything else as it is.
      streamText: (options) =>
        Stream.fromIterableEffect(next(options)).pipe(
          Stream.mapConcat((part): Array<Response.StreamPartEncoded> => {
            if (part.type !== "text") return part.type === "reasoning" || part.type === "reasoning-delta" || part.type === "reasoning-end" ? [] : [part]
            const half = Math.floor(part.text.length / 2)
            return [
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: part.text.slice(0, half) },
              { type: "text-delta", id: "t", delta: part.text.slice(half) },
              { type: "text-end", id: "t" }
            ]
          })
        )
    })
  )
  return { layer, seen, remaining: () => queue.length }
}

export const finish = (
  inputTokens: number,
  outputTokens: number,
  reason: Response.FinishReason = "stop"
): Response.FinishPartEncoded => ({
  type: "finish",
  reason,
  usage: { inputTokens, outputTokens, totalTokens: inputTokens + outputTokens }
})

export const toolCall = (id: string, name: string, params: unknown): Response.ToolCallPartEncoded => ({
  type: "tool-call",
  id,
  name,
  params
})

export const httpResponseError = (status: number, body?: string) =>
  new AiError.HttpResponseError({
    module: "TestModel",
    method: "generateText",
    reason: "StatusCode",
    request: { method: "POST", url: "http://127.0.0.1/v1/messages", urlParams: [], hash: Option.none(), headers: {} },
    response: { status, headers: {} },
    ...(body === undefined ? {} : { body })
  })
