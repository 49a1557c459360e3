/**
 * `layerAdbSimulated`: the `Adb` service on a simulated phone reached through
 * the real adb client — the simulator's ADB server on 127.0.0.1 (a free
 * port) plus `layerAdbLive` pointed at it. This is `--device sim`: demos and
 * end-to-end tests exercise appium-adb and the `adb` binary for real without
 * an emulator. The server stops when the layer's scope closes.
 */
import { Effect, Layer } from "effect"
import type { AdbError } from "../../domain/android/errors.js"
import { Adb } from "./adb.js"
import type { AdbLiveOptions } from "./live.js"
import { liveAdbTransport } from "./live.js"
import { makeAdb } from "./internal/make-adb.js"
import { SimulatedDevice } from "../../simulator/device.js"
import { serveAdb } from "../../simulator/server.js"

export const layerAdbSimulated = (
  device: SimulatedDevice = new SimulatedDevice(),
  options: Omit<AdbLiveOptions, "host" | "port" | "serial"> = {}
): Layer.Layer<Adb, AdbError> =>
  Layer.scoped(
    Adb,
    Effect.gen(function*() {
      const server = yield* serveAdb([device])
      const transport = yield* liveAdbTransport({ ...options, host: server.host, port: server.port, serial: device.serial })
      return yield* makeAdb(transport, options)
    })
  )
