/**
 * The `Adb` port: one Android device, as agents act on it (seeds/000 tools,
 * DESIGN.md "Services"). The device is chosen when the layer is built
 * (`--device SERIAL`, or the only one attached); every call has a timeout and
 * fails with a typed error, never a defect.
 *
 * Layers: `layerAdbLive` (appium-adb over Debian's `adb`; live.ts),
 * `layerAdbSimulated` (the simulated device's ADB server + the live layer, for
 * `--device sim`), and `layerAdbMemory` (the simulated device without sockets,
 * for fast agent tests; memory.ts).
 */
import { Context } from "effect"
import type { Duration, Effect, Option } from "effect"
import type { ElementList } from "../../domain/android/elements.js"
import type { AdbError, AppNotFound, ShellCommandRefused, TextNotTypable, UiDumpError } from "../../domain/android/errors.js"
import type { DeviceInfo, DeviceSerial, Focus, PackageName } from "../../domain/android/ids.js"
import type { KeyCode } from "../../domain/android/key-codes.js"
import type { TypingMethod } from "../../domain/android/text-input.js"
import type { Point, UiTree } from "../../domain/android/ui-tree.js"

/** A screen read once nothing changed between two consecutive dumps (or the bound ran out). */
export interface Screen {
  readonly tree: UiTree
  readonly elements: ElementList
  /** False when the bound ran out while the screen was still changing. */
  readonly settled: boolean
  /** How many dumps it took. */
  readonly dumps: number
}

export interface WaitForIdleOptions {
  /** Pause between dumps (default 300 ms). */
  readonly interval?: Duration.DurationInput
  /** Dumps at most (default 6). */
  readonly maxDumps?: number
}

export interface AdbShape {
  /** The device this service acts on. */
  readonly serial: DeviceSerial
  /** Every device the adb server knows, with its state. */
  readonly devices: Effect.Effect<ReadonlyArray<DeviceInfo>, AdbError>
  readonly tap: (point: Point) => Effect.Effect<void, AdbError>
  /** Types into the focused field exactly; says which method it used (domain/android/text-input.ts). */
  readonly typeText: (text: string) => Effect.Effect<TypingMethod, AdbError | TextNotTypable>
  /** Empties the focused field in one step (ADBKeyboard's clear broadcast, or select-all then delete); read the field back to be sure. */
  readonly clearText: Effect.Effect<TypingMethod, AdbError>
  readonly swipe: (from: Point, to: Point, durationMs?: number) => Effect.Effect<void, AdbError>
  readonly keyevent: (key: KeyCode) => Effect.Effect<void, AdbError>
  /** Start (or bring to front) the app's launcher activity, as `monkey` does. */
  readonly launch: (pkg: PackageName) => Effect.Effect<void, AdbError | AppNotFound>
  readonly forceStop: (pkg: PackageName) => Effect.Effect<void, AdbError>
  /** The app and activity in front; none on a screen with no app (e.g. during boot). */
  readonly focused: Effect.Effect<Option.Option<Focus>, AdbError>
  /** The raw hierarchy XML (`exec-out uiautomator dump /dev/tty`), retried briefly while the device cannot dump. */
  readonly dumpXml: Effect.Effect<string, AdbError | UiDumpError>
  readonly dumpUi: Effect.Effect<UiTree, AdbError | UiDumpError>
  /** Dump until two consecutive element lists are identical (android_world's settle step), bounded. */
  readonly waitForIdle: (options?: WaitForIdleOptions) => Effect.Effect<Screen, AdbError | UiDumpError>
  /** PNG bytes of the screen. */
  readonly screenshot: Effect.Effect<Uint8Array, AdbError>
  /** A read-only shell command from the allowlist (domain/android/shell-policy.ts); anything else is refused unsent. */
  readonly shell: (command: string) => Effect.Effect<string, AdbError | ShellCommandRefused>
}

export class Adb extends Context.Tag("shoal/Adb")<Adb, AdbShape>() {}
