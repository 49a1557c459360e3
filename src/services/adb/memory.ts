/**
 * `layerAdbMemory`: the `Adb` service on a simulated device held in memory — no
 * sockets, no `adb` process — for fast agent tests (fitlog, droid). Commands
 * go through the same make-adb.ts logic and the device's same shell as over
 * the wire; device delays and timeouts run on Effect's Clock, so a test moves
 * them with TestClock. Faults behave as on the wire: `offline` fails with
 * DeviceOffline, `unresponsive` hangs until the timeout (AdbTimeout).
 */
import { Duration, Effect, Layer } from "effect"
import { AdbTimeout, DeviceOffline } from "../../domain/android/errors.js"
import type { AdbError } from "../../domain/android/errors.js"
import { DeviceSerial } from "../../domain/android/ids.js"
import { Adb } from "./adb.js"
import { makeAdb } from "./internal/make-adb.js"
import type { AdbBehaviour } from "./internal/make-adb.js"
import { SimulatedDevice } from "../../simulator/device.js"
import { runCommand } from "../../simulator/shell.js"
import type { AdbTransport } from "./internal/transport.js"

export interface AdbMemoryOptions extends AdbBehaviour {
  /** Per call (default 10 s). */
  readonly timeout?: Duration.DurationInput
}

export const memoryAdbTransport = (device: SimulatedDevice, options: AdbMemoryOptions = {}): AdbTransport => {
  const timeout = Duration.decode(options.timeout ?? Duration.seconds(10))
  const serial = DeviceSerial.make(device.serial)
  const call = (command: string): Effect.Effect<Uint8Array, AdbError> =>
    Effect.gen(function*() {
      if (device.faults.offline) return yield* new DeviceOffline({ serial, detail: "adb says: device offline" })
      if (device.faults.unresponsive) return yield* Effect.never
      const reply = runCommand(device, command)
      if (reply.delayMs > 0) yield* Effect.sleep(Duration.millis(reply.delayMs))
      return reply.output
    }).pipe(
      Effect.timeoutFail({ duration: timeout, onTimeout: () => new AdbTimeout({ command: `adb shell ${command}`, timeoutMs: Duration.toMillis(timeout) }) })
    )
  const text = (argv: ReadonlyArray<string>) => Effect.map(call(argv.join(" ")), (bytes) => new TextDecoder().decode(bytes))
  return {
    serial,
    devices: Effect.succeed([{ serial, state: device.faults.offline ? "offline" : "device", model: device.model }]),
    shell: text,
    // The wire quotes exec-out arguments; the device's shell removes the quotes again, so plain words are equivalent.
    execOut: text,
    screenshot: call("screencap -p")
  }
}

/** The `Adb` service on `device` (a fresh simulated phone if none is given). */
export const layerAdbMemory = (device: SimulatedDevice = new SimulatedDevice(), options: AdbMemoryOptions = {}): Layer.Layer<Adb> =>
  Layer.effect(Adb, makeAdb(memoryAdbTransport(device, options), options))
