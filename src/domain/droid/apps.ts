/**
 * `open_app("Settings")`: a name a person says, resolved to an installed
 * package. The device lists packages (`pm list packages`), not labels, so a
 * small table of well-known apps comes first, then a package whose name
 * contains the words. Pure.
 */
import { Option } from "effect"

/** Labels of common apps, normalised (lower case, letters and digits only). */
export const knownApps: Readonly<Record<string, ReadonlyArray<string>>> = {
  settings: ["com.android.settings"],
  chrome: ["com.android.chrome"],
  youtube: ["com.google.android.youtube"],
  gmail: ["com.google.android.gm"],
  maps: ["com.google.android.apps.maps"],
  camera: ["com.android.camera2", "com.google.android.GoogleCamera"],
  clock: ["com.google.android.deskclock", "com.android.deskclock"],
  contacts: ["com.google.android.contacts", "com.android.contacts"],
  phone: ["com.google.android.dialer", "com.android.dialer"],
  messages: ["com.google.android.apps.messaging", "com.android.messaging"],
  playstore: ["com.android.vending"],
  photos: ["com.google.android.apps.photos"],
  calendar: ["com.google.android.calendar", "com.android.calendar"],
  files: ["com.google.android.documentsui", "com.android.documentsui"],
  calculator: ["com.google.android.calculator", "com.android.calculator2"],
  myfitnesspal: ["com.myfitnesspal.android"]
}

const normalise = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, "")

/** Package names from `pm list packages` output (`package:com.x.y` lines). */
export const parsePackageList = (output: string): ReadonlyArray<string> =>
  output.split("\n").flatMap((line) => {
    const m = /^package:(\S+)/.exec(line.trim())
    return m?.[1] === undefined ? [] : [m[1]]
  })

export const resolveApp = (name: string, installed: ReadonlyArray<string>): Option.Option<string> => {
  const wanted = name.trim()
  if (installed.includes(wanted)) return Option.some(wanted)
  const key = normalise(wanted)
  if (key.length === 0) return Option.none()
  const known = (knownApps[key] ?? []).find((p) => installed.includes(p))
  if (known !== undefined) return Option.some(known)
  // The last segment names the app more often than the vendor does (com.android.settings).
  const byLast = installed.find((p) => normalise(p.slice(p.lastIndexOf(".") + 1)) === key)
  if (byLast !== undefined) return Option.some(byLast)
  return Option.fromNullable(installed.find((p) => normalise(p).includes(key)))
}
