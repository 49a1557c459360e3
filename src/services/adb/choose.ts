/**
 * What the command line's device flags mean, as one layer, so every Android
 * subcommand wires them the same way:
 *
 * - `--device sim`: the simulated phone behind a private ADB server on
 *   127.0.0.1 (demos, no emulator needed);
 * - `--avd NAME`: an emulator, started if none is online (ensureEmulator);
 * - `--device SERIAL`, or nothing: that device, or the only one attached.
 *
 * The adb server's address, port and binary come from the environment the
 * adb client itself reads (adbOptionsFromConfig).
 */
import { Effect, Layer } from "effect"
import type { ConfigError } from "effect"
import type { AdbError, EmulatorUnavailable } from "../../domain/android/errors.js"
import type { Adb } from "./adb.js"
import { ensureEmulator } from "./emulator.js"
import { adbOptionsFromConfig, layerAdbLive } from "./live.js"
import { layerAdbSimulated } from "./simulated.js"

export interface DeviceChoice {
  /** `sim`, a serial, or absent. */
  readonly device?: string
  /** An AVD to use (and start if needed) when no device is named. */
  readonly avd?: string
}

export const simulatedDeviceName = "sim"

export const layerAdbFromChoice = (choice: DeviceChoice): Layer.Layer<Adb, AdbError | EmulatorUnavailable | ConfigError.ConfigError> => {
  if (choice.device === simulatedDeviceName) return layerAdbSimulated()
  return Layer.unwrapEffect(
    Effect.gen(function*() {
      const options = yield* adbOptionsFromConfig(choice.device === undefined ? {} : { serial: choice.device })
      if (choice.device !== undefined || choice.avd === undefined) return layerAdbLive(options)
      const serial = yield* ensureEmulator({
        avd: choice.avd,
        ...(options.adbPath === undefined ? {} : { adbPath: options.adbPath }),
        ...(options.host === undefined ? {} : { host: options.host }),
        ...(options.port === undefined ? {} : { port: options.port })
      })
      return layerAdbLive({ ...options, serial })
    })
  )
}
