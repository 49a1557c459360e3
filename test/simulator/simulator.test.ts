/**
 * The simulated device's shell in isolation (what each command prints and
 * does), and appium-adb's own helpers against its ADB server — the helpers a
 * future agent may call directly must parse its output as they parse a real
 * phone's.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Option } from "effect"
import { existsSync } from "node:fs"
import { parseFocus } from "../../src/domain/android/device-output.js"
import { elementList, findByResourceId, partById } from "../../src/domain/android/elements.js"
import { parseUiDump } from "../../src/domain/android/ui-tree.js"
import { quietAppiumLog } from "../../src/services/adb/live.js"
import { adbBinary, runCommand, simulatedPhone, SimulatedDevice } from "../fakes/android/index.js"

const sh = (device: SimulatedDevice, line: string) => Buffer.from(runCommand(device, line).output).toString("utf8")
const focus = (device: SimulatedDevice) => Option.map(parseFocus(sh(device, "dumpsys window displays")), (f) => `${f.packageName}/${f.activity}`)

describe("simulated device shell", () => {
  it("am start-activity -S cold-starts the app and prints the real format; an unknown activity is an Error line", () => {
    const device = new SimulatedDevice()
    const out = sh(device, "am start-activity -W -n com.myfitnesspal.android/.splash.ui.SplashActivity -S")
    expect(out).toContain("Status: ok\nLaunchState: COLD\n")
    expect(focus(device)).toEqual(Option.some("com.myfitnesspal.android/.splash.ui.SplashActivity"))
    expect(sh(device, "am start -n com.myfitnesspal.android/.Nope")).toContain("Error: Activity class {com.myfitnesspal.android/com.myfitnesspal.android.Nope} does not exist.")
  })

  it("HOME shows the launcher, monkey brings the app back where it was, BACK walks back out of it", () => {
    const device = new SimulatedDevice()
    sh(device, "monkey -p com.myfitnesspal.android -c android.intent.category.LAUNCHER 1")
    device.dump()
    sh(device, "input tap 540 645") // Breakfast → ADD FOOD
    sh(device, "input keyevent KEYCODE_HOME")
    expect(focus(device)).toEqual(Option.some("com.google.android.apps.nexuslauncher/.NexusLauncherActivity"))
    sh(device, "monkey -p com.myfitnesspal.android -c android.intent.category.LAUNCHER 1")
    expect(focus(device)).toEqual(Option.some("com.myfitnesspal.android/.search.ui.FoodSearchActivity"))
    sh(device, "input keyevent 4 4")
    expect(focus(device)).toEqual(Option.some("com.google.android.apps.nexuslauncher/.NexusLauncherActivity"))
    expect(sh(device, "monkey -p com.example.none 1")).toContain("monkey aborted")
  })

  it("a swipe up scrolls the results list to rows that were off screen", () => {
    const device = new SimulatedDevice()
    device.launch("com.myfitnesspal.android", true)
    device.dump()
    sh(device, "input tap 540 945")
    device.commitText("e") // one letter matches most of the foods: more rows than the screen holds
    device.key(66)
    device.dump() // the spinner
    const names = () => findByResourceId(elementList(Either.getOrThrow(parseUiDump(device.dump()))), "food_name").map((e) => partById(e, "food_name")?.text)
    const before = names()
    expect(before).not.toContain("Crème Brûlée")
    sh(device, "input swipe 540 2000 540 400 300")
    const after = names()
    expect(after).toContain("Crème Brûlée")
    expect(after[0]).not.toBe(before[0])
    sh(device, "input swipe 540 400 540 2000 300")
    expect(names()).toEqual(before)
  })

  it("dumps to a file like uiautomator, which cat then reads; pipes filter output; unknown commands say so", () => {
    const device = new SimulatedDevice()
    expect(sh(device, "uiautomator dump")).toBe("UI hierchary dumped to: /sdcard/window_dump.xml\n")
    expect(sh(device, "cat /sdcard/window_dump.xml")).toMatch(/^<\?xml .*<\/hierarchy>$/)
    expect(sh(device, "pm list packages | grep -v google | wc -l")).toBe("4\n")
    expect(sh(device, "frobnicate now")).toBe("/system/bin/sh: frobnicate: inaccessible or not found\n")
    expect(sh(device, "getprop ro.build.version.sdk")).toBe("34\n")
  })
})

describe.skipIf(!existsSync(adbBinary))("appium-adb's own helpers against the simulated device", () => {
  it.scopedLive("getApiLevel, isAppInstalled, startApp, activateApp, getFocusedPackageAndActivity, inputText, keyevent", () =>
    Effect.gen(function*() {
      const { device, server } = yield* simulatedPhone()
      const { ADB } = yield* Effect.promise(() => import("appium-adb"))
      quietAppiumLog()
      const adb = new ADB({ executable: { path: adbBinary, defaultArgs: [] }, adbPort: server.port, remoteAdbHost: "127.0.0.1", udid: device.serial, adbExecTimeout: 5_000 })
      const run = <A>(f: () => Promise<A>) => Effect.promise(f)
      expect(yield* run(() => adb.getApiLevel())).toBe(34)
      expect(yield* run(() => adb.isAppInstalled("com.myfitnesspal.android"))).toBe(true)
      expect(yield* run(() => adb.isAppInstalled("com.example.none"))).toBe(false)
      yield* run(() => adb.startApp({ pkg: "com.myfitnesspal.android", activity: ".splash.ui.SplashActivity" }))
      expect(yield* run(() => adb.getFocusedPackageAndActivity())).toEqual({ appPackage: "com.myfitnesspal.android", appActivity: ".splash.ui.SplashActivity" })
      yield* run(() => adb.activateApp("com.android.settings"))
      expect((yield* run(() => adb.getFocusedPackageAndActivity())).appPackage).toBe("com.android.settings")
      yield* run(() => adb.activateApp("com.myfitnesspal.android"))
      device.dump()
      yield* run(() => adb.shell(["input", "tap", "540", "945"]))
      yield* run(() => adb.inputText("2 eggs & toast's"))
      expect(device.typed).toEqual(["2 eggs & toast's"])
      yield* run(() => adb.keyevent(4))
      expect((yield* run(() => adb.getFocusedPackageAndActivity())).appActivity).toBe(".main.ui.MainActivity")
    }))
})
