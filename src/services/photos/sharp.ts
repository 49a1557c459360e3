/**
 * The live `Photos` layer on `sharp` (imported lazily: only a command that
 * has photos loads it). Output is JPEG: rotated by its EXIF orientation,
 * metadata dropped (sharp keeps none unless asked), longest side ≤ maxSide.
 */
import { Effect, Layer } from "effect"
import { readFile } from "node:fs/promises"
import { ImageBlock } from "../../domain/llm.js"
import type { PhotosShape } from "./photos.js"
import { maxSide, Photos, PhotoUnreadable } from "./photos.js"
import { importPeer } from "../optional-peer.js"

const reason = (cause: unknown): string => (cause instanceof Error ? cause.message : String(cause))

export const makeSharpPhotos: Effect.Effect<PhotosShape> = Effect.gen(function*() {
  const { default: sharp } = yield* importPeer("sharp", "Photos.layerSharp", () => import("sharp"))
  const normalise = (bytes: Uint8Array, source: string) =>
    Effect.tryPromise({
      try: () =>
        sharp(bytes, { failOn: "error" })
          .rotate()
          .resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer(),
      catch: (cause) => new PhotoUnreadable({ source, reason: reason(cause) })
    }).pipe(Effect.map((jpeg) => ImageBlock.base64("image/jpeg", jpeg.toString("base64"))))
  const load = (path: string) =>
    Effect.tryPromise({
      try: () => readFile(path),
      catch: (cause) => new PhotoUnreadable({ source: path, reason: reason(cause) })
    }).pipe(Effect.flatMap((bytes) => normalise(bytes, path)))
  return { load, normalise }
})

export const layerSharp: Layer.Layer<Photos> = Layer.effect(Photos, makeSharpPhotos)
