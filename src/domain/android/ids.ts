/**
 * The names of things on an Android device, each a branded string so a
 * package name can never be passed where a device serial is expected.
 *
 * Where it sits: the vocabulary of the `Adb` port, the UI tree and the agent
 * tools (fitlog's Android target, droid). Pure data.
 */
import { Schema } from "effect"

/** An adb serial as `adb devices` prints it: `emulator-5554`, `R58M12ABCDE`, `192.168.1.7:5555`. */
export const DeviceSerial = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z0-9._:\-]{1,128}$/, { message: () => "a device serial is 1-128 letters, digits, '.', '_', ':' or '-'" }),
  Schema.brand("DeviceSerial")
)
export type DeviceSerial = typeof DeviceSerial.Type

/** A Java-style application id: at least two dot-separated segments, e.g. `com.myfitnesspal.android`. */
export const PackageName = Schema.String.pipe(
  Schema.pattern(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, {
    message: () => "a package name looks like com.example.app (letters, digits, '_', at least one dot)"
  }),
  Schema.brand("PackageName")
)
export type PackageName = typeof PackageName.Type

/** An activity class, full (`com.x.MainActivity`) or relative to its package (`.MainActivity`). */
export const ActivityName = Schema.String.pipe(
  Schema.pattern(/^\.?[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/),
  Schema.brand("ActivityName")
)
export type ActivityName = typeof ActivityName.Type

/** A view's `resource-id` as uiautomator writes it: `com.myfitnesspal.android:id/search_edit_text`. */
export const ResourceId = Schema.String.pipe(Schema.nonEmptyString(), Schema.brand("ResourceId"))
export type ResourceId = typeof ResourceId.Type

/** The app in front and its activity, as `dumpsys window` reports them. */
export interface Focus {
  readonly packageName: PackageName
  readonly activity: string
}

/** One line of `adb devices -l`. */
export const DeviceState = Schema.Literal("device", "offline", "unauthorized", "bootloader", "recovery", "sideload", "authorizing", "connecting", "unknown")
export type DeviceState = typeof DeviceState.Type

export interface DeviceInfo {
  readonly serial: DeviceSerial
  readonly state: DeviceState
  readonly model?: string
}
