/** The CLI's device flags as a layer: `--device sim`, `--device SERIAL`, and the environment the adb client reads. */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Context, Effect, Layer } from "effect"
import { existsSync } from "node:fs"
import { Adb } from "../../../src/services/adb/adb.js"
import { layerAdbFromChoice } from "../../../src/services/adb/choose.js"
import { adbBinary, serveAdb, SimulatedDevice } from "../../fakes/android/index.js"

describe.skipIf(!existsSync(adbBinary))("layerAdbFromChoice", () => {
  it.scopedLive("--device sim serves a simulated phone on its own port and talks to it through adb", () =>
    Effect.gen(function*() {
      const adb = yield* Effect.map(Layer.build(layerAdbFromChoice({ device: "sim" })), Context.get(Adb))
      expect(adb.serial).toBe("emulator-5554")
      expect((yield* adb.shell("getprop ro.product.model")).trim()).toBe("sdk_gphone64_x86_64")
    }))

  it.scopedLive("--device SERIAL picks that device from the server named by ANDROID_ADB_SERVER_ADDRESS/PORT", () =>
    Effect.gen(function*() {
      const server = yield* serveAdb([new SimulatedDevice({ serial: "emulator-5554" }), new SimulatedDevice({ serial: "emulator-5556" })])
      const env = ConfigProvider.fromMap(new Map(Object.entries(server.env)))
      const chosen = layerAdbFromChoice({ device: "emulator-5556" }).pipe(Layer.provide(Layer.setConfigProvider(env)))
      const adb = yield* Effect.map(Layer.build(chosen), Context.get(Adb))
      expect((yield* adb.shell("getprop ro.serialno")).trim()).toBe("emulator-5556")
      const none = layerAdbFromChoice({}).pipe(Layer.provide(Layer.setConfigProvider(env)))
      const error = yield* Effect.flip(Layer.build(none))
      expect(error.message).toContain("several devices are attached; choose one with --device SERIAL")
    }))
})
