import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import sharp from "sharp"
import { maxSide, Photos } from "../../../src/services/photos/index.js"
import { layerSharp } from "../../../src/services/photos/sharp.js"

/** A 3000×2000 JPEG that a phone would store sideways, with EXIF orientation 6 (rotate 90°). */
const sidewaysPhoto = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: "PhoneCo", Model: "Pocket 9" } } })
    .toBuffer()

describe("Photos on sharp", () => {
  it.effect("rotates by EXIF, strips metadata and downscales to the model's limit", () =>
    Effect.gen(function*() {
      const input = yield* Effect.promise(sidewaysPhoto)
      expect((yield* Effect.promise(() => sharp(input).metadata())).orientation).toBe(6)
      const dir = mkdtempSync(join(tmpdir(), "shoal-photo-"))
      const file = join(dir, "room.jpg")
      writeFileSync(file, input)

      const image = yield* Effect.flatMap(Photos, (p) => p.load(file))
      expect(image.source._tag).toBe("Base64")
      const bytes = Buffer.from(image.source._tag === "Base64" ? image.source.data : "", "base64")
      const meta = yield* Effect.promise(() => sharp(bytes).metadata())
      // Upright: the 3000-wide sideways photo is now portrait, longest side at the limit.
      expect([meta.width, meta.height]).toEqual([Math.round(maxSide * 2000 / 3000), maxSide])
      expect(meta.format).toBe("jpeg")
      expect(meta.orientation).toBeUndefined()
      expect(meta.exif).toBeUndefined()
    }).pipe(Effect.provide(layerSharp)))

  it.effect("a file that is not an image is a typed PhotoUnreadable naming it", () =>
    Effect.gen(function*() {
      const dir = mkdtempSync(join(tmpdir(), "shoal-photo-"))
      const file = join(dir, "notes.txt")
      writeFileSync(file, "not a photo")
      const error = yield* Effect.flip(Effect.flatMap(Photos, (p) => p.load(file)))
      expect(error._tag).toBe("PhotoUnreadable")
      expect(error.message).toContain("notes.txt")
      const missing = yield* Effect.flip(Effect.flatMap(Photos, (p) => p.load(join(dir, "nope.jpg"))))
      expect(missing.message).toContain("nope.jpg")
    }).pipe(Effect.provide(layerSharp)))
})
