/**
 * What the `Adb` service needs from below: run an argv on the device's shell,
 * run `exec-out` for binary output, list devices. The live layer implements it
 * with appium-adb and the `adb` binary; the memory layer with the simulated
 * device directly. Everything above it (typing, dump retries, idle waiting,
 * the shell allowlist, error wording) is written once, in make-adb.ts, so the
 * fast in-memory tests exercise the same code the device sees.
 */
import type { Effect } from "effect"
import type { AdbError } from "../../../domain/android/errors.js"
import type { DeviceInfo, DeviceSerial } from "../../../domain/android/ids.js"

export interface AdbTransport {
  readonly serial: DeviceSerial
  readonly devices: Effect.Effect<ReadonlyArray<DeviceInfo>, AdbError>
  /** `adb shell <argv…>`: the words are joined with spaces and parsed by the device's sh, so quote them. */
  readonly shell: (argv: ReadonlyArray<string>) => Effect.Effect<string, AdbError>
  /** `adb exec-out <argv…>` as text (no pty, no newline translation). */
  readonly execOut: (argv: ReadonlyArray<string>) => Effect.Effect<string, AdbError>
  readonly screenshot: Effect.Effect<Uint8Array, AdbError>
}
