/**
 * OBSERVE: what the photos show (seeds/001 `analyzePhotos`), through the
 * model's vision. No photos, no model, or a failed call → `None`, logged:
 * the turn goes on without it.
 */
import { Effect, Option } from "effect"
import type { ImageBlock } from "../../domain/llm.js"
import { PhotoAnalysis } from "../../domain/tidy/extract.js"
import { extract } from "../../services/llm/extract.js"
import type { Llm } from "../../services/llm/llm.js"
import { observeSystem } from "./prompts.js"

/** The model's look at the photos, its failures typed (`Offline` when there is no model): a web host looks first with it. */
export const lookAtPhotos = (photos: ReadonlyArray<ImageBlock>) =>
  extract(PhotoAnalysis, {
    system: observeSystem,
    prompt: "What does this space look like? Record it.",
    images: photos,
    toolName: "analyze_photo",
    description: "Record what the photo shows."
  })

export const analyzePhotos = (photos: ReadonlyArray<ImageBlock>): Effect.Effect<Option.Option<PhotoAnalysis>, never, Llm> =>
  photos.length === 0
    ? Effect.succeedNone
    : lookAtPhotos(photos).pipe(
      Effect.map(Option.some),
      Effect.catchTag("Offline", () => Effect.succeedNone),
      Effect.catchAll((error) => Effect.as(Effect.logWarning(`photo analysis failed: ${error.message}`), Option.none())),
      Effect.withSpan("tidy.observe")
    )
