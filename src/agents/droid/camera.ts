/**
 * `--vision`: a screenshot beside the element list, when the model can see
 * images (the model's `capabilities.images`, reported by the layer that built it). The camera is decided once per run:
 * none when vision was not asked for, when the model takes no images (a
 * warning says so and the run goes on with the element list alone), or when
 * no `ScreenImages` layer was provided. A screenshot that fails is logged and
 * that step goes without an image — never the end of the run.
 */
import { Effect, Option } from "effect"
import type { ImageBlock } from "../../domain/llm.js"
import { Adb } from "../../services/adb/adb.js"
import { capabilitiesOf, Llm } from "../../services/llm/llm.js"
import { ScreenImages } from "../../services/vision/screen-images.js"

export interface Snapshot {
  /** The device's PNG, full size (saved with --save-run). */
  readonly png: Uint8Array
  /** What the model is sent: downscaled (≤ 1024 px). */
  readonly image: ImageBlock
}

/** Takes one snapshot of the screen; none when this step has no image. */
export type Camera = Effect.Effect<Option.Option<Snapshot>>

const noCamera: Camera = Effect.succeed(Option.none())

export const visionUnsupported = (provider: string, model: string): string =>
  `--vision: the ${provider} model "${model}" does not take images; continuing with the element list only`

export const makeCamera = (wanted: boolean): Effect.Effect<Camera, never, Llm | Adb> =>
  Effect.gen(function*() {
    if (!wanted) return noCamera
    const llm = yield* Llm
    if (!capabilitiesOf(llm).images) {
      yield* Effect.logWarning(visionUnsupported(llm.provider, llm.model))
      return noCamera
    }
    const images = yield* Effect.serviceOption(ScreenImages)
    if (Option.isNone(images)) {
      yield* Effect.logWarning("--vision: no screenshot scaler is available; continuing with the element list only")
      return noCamera
    }
    const adb = yield* Adb
    return Effect.gen(function*() {
      const png = yield* adb.screenshot
      const frame = yield* images.value.frame(png)
      return Option.some<Snapshot>({ png, image: frame.image })
    }).pipe(Effect.catchAll((e) => Effect.as(Effect.logWarning(`--vision: no screenshot this step (${e.message})`), Option.none<Snapshot>())))
  })
