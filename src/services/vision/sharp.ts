/**
 * The live `ScreenImages` layer on `sharp` (imported lazily, so only a
 * `--vision` run loads it): longest side ≤ `screenMaxSide`, never enlarged,
 * JPEG at quality 85.
 */
import { Effect, Layer } from "effect"
import { ImageBlock } from "../../domain/llm.js"
import type { ScreenImagesShape } from "./screen-images.js"
import { ScreenImages, screenMaxSide, ScreenshotUnreadable } from "./screen-images.js"
import { importPeer } from "../optional-peer.js"

const reason = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

export const makeSharpScreenImages: Effect.Effect<ScreenImagesShape> = Effect.gen(function*() {
  const { default: sharp } = yield* importPeer("sharp", "the screen images (sharp)", () => import("sharp"))
  return {
    frame: (png) =>
      Effect.tryPromise({
        try: () =>
          sharp(png, { failOn: "error" })
            .resize({ width: screenMaxSide, height: screenMaxSide, fit: "inside", withoutEnlargement: true })
            .jpeg({ quality: 85 })
            .toBuffer({ resolveWithObject: true }),
        catch: (cause) => new ScreenshotUnreadable({ reason: reason(cause) })
      }).pipe(Effect.map(({ data, info }) => ({ image: ImageBlock.base64("image/jpeg", data.toString("base64")), width: info.width, height: info.height })))
  }
})

export const layerSharpScreenImages: Layer.Layer<ScreenImages> = Layer.effect(ScreenImages, makeSharpScreenImages)
