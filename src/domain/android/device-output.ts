/**
 * Reading what device commands print: the focused app from `dumpsys window`,
 * the device list of `adb devices -l`, and the error lines Android tools
 * print on stdout (a v1 shell has no exit status, so stdout is all there is).
 *
 * Where it sits: the `Adb` service turns command output into values with
 * these; pure, so each format is tested on real samples.
 */
import { Option, Schema } from "effect"
import type { DeviceInfo, DeviceState, Focus } from "./ids.js"
import { DeviceSerial, DeviceState as DeviceStateSchema, PackageName } from "./ids.js"

const isPackage = Schema.is(PackageName)
const isSerial = Schema.is(DeviceSerial)
const isState = Schema.is(DeviceStateSchema)

/**
 * The app in front. `mCurrentFocus` names the focused window (it may be a
 * dialog or the keyboard); `mFocusedApp` the activity under it, so it wins
 * when both are present — an agent wants the app, not the popup.
 */
export const parseFocus = (dumpsys: string): Option.Option<Focus> => {
  const patterns = [
    /mFocusedApp=(?:AppWindowToken\{\S+ token=Token\{\S+ )?ActivityRecord\{\S+ u\d+ ([^\s/}]+)\/([^\s}]+)/,
    /mResumedActivity: ActivityRecord\{\S+ u\d+ ([^\s/}]+)\/([^\s}]+)/,
    /mCurrentFocus=Window\{\S+ u\d+ ([^\s/}]+)\/([^\s}]+)\}/
  ]
  for (const pattern of patterns) {
    const m = pattern.exec(dumpsys)
    const pkg = m?.[1]
    if (pkg !== undefined && isPackage(pkg)) return Option.some({ packageName: pkg, activity: m?.[2] ?? "" })
  }
  return Option.none()
}

/** `adb devices -l` lines (the header and blank lines skipped). */
export const parseDeviceList = (output: string): ReadonlyArray<DeviceInfo> =>
  output.split("\n").flatMap((line): ReadonlyArray<DeviceInfo> => {
    const [serial = "", state = "", ...rest] = line.trim().split(/\s+/)
    if (!isSerial(serial) || line.startsWith("List of devices") || line.startsWith("*")) return []
    const model = rest.find((r) => r.startsWith("model:"))?.slice("model:".length)
    const known: DeviceState = isState(state) ? state : "unknown"
    return [{ serial, state: known, ...(model === undefined ? {} : { model }) }]
  })

/** An error printed by `am`, `monkey`, `pm` or sh in place of a result, if any. */
export const outputError = (output: string): Option.Option<string> => {
  const line = output.split("\n").map((l) => l.trim()).find((l) =>
    /^Error:|^Exception occurred|monkey aborted|^\*\* No activities found|inaccessible or not found|^java\.lang\.\w+Exception|^Unknown command/.test(l))
  return Option.fromNullable(line)
}
