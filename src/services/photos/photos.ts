/**
 * `Photos`: a photo file, ready for a model's vision — upright (EXIF
 * orientation applied), EXIF and other metadata stripped (a phone photo
 * carries the home's GPS position), and downscaled to what the model reads.
 *
 * Where it sits: the CLI and the GUI load the user's photos through it before
 * the tidy turn's observe stage; agents only ever see `ImageBlock`s.
 */
import { Context, Data } from "effect"
import type { Effect } from "effect"
import type { ImageBlock } from "../../domain/llm.js"

export class PhotoUnreadable extends Data.TaggedError("PhotoUnreadable")<{
  readonly source: string
  readonly reason: string
}> {
  override get message(): string {
    return `${this.source} is not a photo we can read (${this.reason}).`
  }
}

export interface PhotosShape {
  /** Load a photo from a file path. */
  readonly load: (path: string) => Effect.Effect<ImageBlock, PhotoUnreadable>
  /** Normalise photo bytes (an upload). */
  readonly normalise: (bytes: Uint8Array, source: string) => Effect.Effect<ImageBlock, PhotoUnreadable>
}

export class Photos extends Context.Tag("shoal/Photos")<Photos, PhotosShape>() {}

/** The longest side a model is sent: larger images are scaled down by the provider anyway, at our cost. */
export const maxSide = 1568
