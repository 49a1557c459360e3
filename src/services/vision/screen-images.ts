/**
 * `ScreenImages`: a device screenshot made ready for a model's vision —
 * decoded, downscaled so its longest side is at most `screenMaxSide`, and
 * re-encoded as JPEG (an `ImageBlock`). The live layer is sharp (sharp.ts,
 * imported lazily); agents only ever see the `ImageBlock`.
 */
import { Context, Data } from "effect"
import type { Effect } from "effect"
import type { ImageBlock } from "../../domain/llm.js"

/** The longest side sent: a phone screen at 1024 px keeps its text readable at a third of the tokens of full size. */
export const screenMaxSide = 1024

export class ScreenshotUnreadable extends Data.TaggedError("ScreenshotUnreadable")<{ readonly reason: string }> {
  override get message(): string {
    return `the screenshot could not be read: ${this.reason}`
  }
}

export interface ScreenFrame {
  readonly image: ImageBlock
  readonly width: number
  readonly height: number
}

export interface ScreenImagesShape {
  readonly frame: (png: Uint8Array) => Effect.Effect<ScreenFrame, ScreenshotUnreadable>
}

export class ScreenImages extends Context.Tag("shoal/ScreenImages")<ScreenImages, ScreenImagesShape>() {}
