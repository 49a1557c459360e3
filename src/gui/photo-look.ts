/**
 * A photo is looked at when it arrives, before it is taken as the user's
 * input: the agent's own first model call on it runs right away. If the model
 * is `Offline` (a typed error, caught by its tag: no provider names), no model
 * will ever see the photo, so the host says so and the session — and any card
 * that is up — stays as it is. Otherwise the model's answer is kept and handed
 * to the turn's identical call (the same image), so the photo costs one call.
 *
 * Where it sits: inside a hosted session (agent-host.ts), for agents whose
 * `WebAgent` takes photos.
 */
import { Effect, Option, Ref } from "effect"
import type { GenerateRequest, LlmError, ModelResponse, ParseFailed } from "../domain/llm.js"
import { ImageBlock } from "../domain/llm.js"
import { Llm } from "../services/llm/llm.js"
import type { LlmShape } from "../services/llm/llm.js"

/** What became of a photo's first look. */
export type Looked = "Seen" | "NoModel"

export interface PhotoLooks {
  /** The agent's first call on the photo, its answer kept for the turn; `NoModel` when the model is Offline (or there is none). */
  readonly lookAt: (look: Effect.Effect<unknown, LlmError | ParseFailed, Llm>) => Effect.Effect<Looked>
  /** Forget a kept answer whose photo was not taken after all (the session was busy). */
  readonly forget: (image: ImageBlock) => Effect.Effect<void>
  /** Run a turn whose call on a looked-at photo gets the kept answer instead of a second call. */
  readonly replaying: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

const keyOf = (image: ImageBlock): string => (image.source._tag === "Base64" ? image.source.data : image.source.url)

const imagesIn = (request: GenerateRequest): ReadonlyArray<ImageBlock> =>
  request.messages.flatMap((m) => (m._tag === "User" ? m.content.filter((c): c is ImageBlock => c instanceof ImageBlock) : []))

/** The looks of one hosted session, over its model (none: no model layer at all, as good as Offline). */
export const makePhotoLooks = (model: Option.Option<LlmShape>): Effect.Effect<PhotoLooks> =>
  Effect.gen(function*() {
    const kept = yield* Ref.make(new Map<string, ModelResponse>())
    const keep = (request: GenerateRequest, response: ModelResponse) =>
      Ref.update(kept, (m) => {
        const next = new Map(m)
        for (const image of imagesIn(request)) next.set(keyOf(image), response)
        return next
      })
    /** The kept answer for a request on a looked-at photo, taken once. */
    const take = (request: GenerateRequest) =>
      Ref.modify(kept, (m): [Option.Option<ModelResponse>, Map<string, ModelResponse>] => {
        const key = imagesIn(request).map(keyOf).find((k) => m.has(k))
        if (key === undefined) return [Option.none(), m]
        const next = new Map(m)
        next.delete(key)
        return [Option.fromNullable(m.get(key)), next]
      })
    const recording = (llm: LlmShape): LlmShape => ({
      ...llm,
      generate: (request) => Effect.tap(llm.generate(request), (response) => keep(request, response))
    })
    const replayingLlm = (llm: LlmShape): LlmShape => ({
      ...llm,
      generate: (request) => Effect.flatMap(take(request), Option.match({ onNone: () => llm.generate(request), onSome: Effect.succeed }))
    })
    return {
      lookAt: (look) =>
        Option.match(model, {
          onNone: () => Effect.succeed<Looked>("NoModel"),
          onSome: (llm) =>
            Effect.provideService(look, Llm, recording(llm)).pipe(
              Effect.as<Looked>("Seen"),
              Effect.catchTag("Offline", () => Effect.succeed<Looked>("NoModel")),
              // Any other failure is the turn's to meet (it falls back as it always does): the photo is still taken.
              Effect.catchAll(() => Effect.succeed<Looked>("Seen"))
            )
        }),
      forget: (image) =>
        Ref.update(kept, (m) => {
          const next = new Map(m)
          next.delete(keyOf(image))
          return next
        }),
      replaying: (effect) =>
        Option.match(model, { onNone: () => effect, onSome: (llm) => Effect.provideService(effect, Llm, replayingLlm(llm)) })
    }
  })
