/**
 * `Adb.screenshot` on the simulated phone: a real PNG of the screen's size
 * that sharp decodes, whose pixels follow the screen (a switch turned on is
 * drawn darker), and which the vision scaler brings down to 1024 px.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import sharp from "sharp"
import { parseUiDump, walk } from "../../../src/domain/android/ui-tree.js"
import { Adb } from "../../../src/services/adb/adb.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { ScreenImages } from "../../../src/services/vision/screen-images.js"
import { layerSharpScreenImages } from "../../../src/services/vision/sharp.js"

const decode = (png: Uint8Array) => Effect.promise(() => sharp(png).raw().toBuffer({ resolveWithObject: true }))

describe("Adb.screenshot on the simulated phone", () => {
  it.effect("is a PNG sharp decodes, 1080×2400, one grey channel", () =>
    Effect.gen(function*() {
      const adb = yield* Adb
      const png = yield* adb.screenshot
      const meta = yield* Effect.promise(() => sharp(png).metadata())
      expect(meta).toMatchObject({ format: "png", width: 1080, height: 2400, channels: 1 })
    }).pipe(Effect.provide(layerAdbMemory(new SimulatedDevice()))))

  it.effect("follows the screen: the Wi-Fi switch is drawn darker once it is on", () => {
    const device = new SimulatedDevice()
    device.launch("com.android.settings", true)
    return Effect.gen(function*() {
      const adb = yield* Adb
      const pixelAtSwitch = Effect.gen(function*() {
        const tree = Either.getOrThrow(parseUiDump(yield* adb.dumpXml))
        const toggle = walk(tree).map((n) => n.node).find((n) => n.checkable)
        if (toggle === undefined) throw new Error("no switch on the screen")
        const { data, info } = yield* decode(yield* adb.screenshot)
        const x = Math.floor((toggle.bounds.left + toggle.bounds.right) / 2)
        const y = Math.floor((toggle.bounds.top + toggle.bounds.bottom) / 2)
        return data[(y * info.width + x) * info.channels]
      })
      const main = Either.getOrThrow(parseUiDump(yield* adb.dumpXml))
      const row = walk(main).map((n) => n.node).find((n) => n.text === "Network & internet")
      if (row === undefined) throw new Error("no Network & internet row")
      yield* adb.tap({ x: row.bounds.left + 10, y: Math.floor((row.bounds.top + row.bounds.bottom) / 2) })
      const off = yield* pixelAtSwitch
      device.settings.wifiEnabled = true
      const on = yield* pixelAtSwitch
      expect(off).toBeDefined()
      expect(on).toBeLessThan(off ?? 0)
    }).pipe(Effect.provide(layerAdbMemory(device)))
  })

  it.effect("the vision scaler brings it to 461×1024 JPEG, never larger", () =>
    Effect.gen(function*() {
      const adb = yield* Adb
      const frame = yield* Effect.flatMap(ScreenImages, (s) => Effect.flatMap(adb.screenshot, s.frame))
      expect([frame.width, frame.height]).toEqual([461, 1024])
      const small = yield* Effect.promise(() => sharp({ create: { width: 300, height: 200, channels: 3, background: "#fff" } }).png().toBuffer())
      const kept = yield* Effect.flatMap(ScreenImages, (s) => s.frame(small))
      expect([kept.width, kept.height]).toEqual([300, 200])
      const error = yield* Effect.flip(Effect.flatMap(ScreenImages, (s) => s.frame(new Uint8Array([1, 2, 3]))))
      expect(error._tag).toBe("ScreenshotUnreadable")
    }).pipe(Effect.provide([layerAdbMemory(new SimulatedDevice()), layerSharpScreenImages])))
})
