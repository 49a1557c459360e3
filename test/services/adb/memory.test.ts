/**
 * The Adb service's behaviour on the in-memory simulated device, on
 * TestClock: navigation through the fake MyFitnessPal to a diary entry,
 * typing, idle waiting, dump retries and every injected fault. No sockets,
 * no real sleeps; the same make-adb.ts logic runs over the wire in wire.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Exit, Option } from "effect"
import type { Layer } from "effect"
import { findByLabel, findByResourceId, findByText } from "../../../src/domain/android/elements.js"
import { PackageName } from "../../../src/domain/android/ids.js"
import { Keys } from "../../../src/domain/android/key-codes.js"
import { Adb } from "../../../src/services/adb/adb.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import type { AdbMemoryOptions } from "../../../src/services/adb/memory.js"
import { driveToEnd } from "../../fakes/clock-driver.js"
import { SimulatedDevice } from "../../fakes/android/index.js"

const mfp = PackageName.make("com.myfitnesspal.android")

/** Run `program` against `device`, moving the TestClock whenever it sleeps. */
const onDevice = <A, E>(device: SimulatedDevice, program: Effect.Effect<A, E, Adb>, options: AdbMemoryOptions = {}) =>
  Effect.gen(function*() {
    const layer: Layer.Layer<Adb> = layerAdbMemory(device, options)
    const fiber = yield* Effect.fork(Effect.provide(program, layer))
    return yield* driveToEnd(fiber, { step: "50 millis" })
  })

const succeeded = <A, E>(exit: Exit.Exit<A, E>): A => {
  if (Exit.isSuccess(exit)) return exit.value
  throw new Error(`expected success, got ${String(exit.cause)}`)
}

const tapLabel = (label: string) =>
  Effect.gen(function*() {
    const adb = yield* Adb
    const screen = yield* adb.waitForIdle({ interval: "100 millis" })
    const target = findByLabel(screen.elements, label)[0]
    if (target === undefined) return yield* Effect.dieMessage(`no "${label}" on screen`)
    yield* adb.tap(target.centre)
  })

describe("Adb on the in-memory simulated device", () => {
  it.effect("logs a food end to end: launch, search, pick a verified result, set servings, add", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const adb = yield* Adb
        yield* adb.forceStop(mfp)
        yield* adb.launch(mfp)
        const diary = yield* adb.waitForIdle({ interval: "100 millis" })
        expect(diary.settled).toBe(true)
        expect(diary.dumps).toBeGreaterThan(2) // the splash screen changed under the first dump
        yield* tapLabel("Add food to Lunch")
        expect(yield* adb.typeText("white rice cooked")).toBe("adb-keyboard")
        yield* adb.keyevent(Keys.ENTER)
        const results = yield* adb.waitForIdle({ interval: "100 millis" })
        const verified = findByResourceId(results.elements, "verified_badge")
        expect(verified.length).toBeGreaterThan(0)
        yield* tapLabel("White Rice, cooked")
        const servings = findByResourceId((yield* adb.waitForIdle()).elements, "number_of_servings")[0]
        if (servings === undefined) return yield* Effect.dieMessage("no servings field")
        yield* adb.tap(servings.centre)
        yield* adb.typeText("1.35")
        yield* tapLabel("Serving Size")
        const unit = findByResourceId((yield* adb.waitForIdle()).elements, "unit_option").find((e) => e.node.text === "100 g")
        if (unit === undefined) return yield* Effect.dieMessage("no 100 g unit")
        yield* adb.tap(unit.centre)
        yield* tapLabel("Add")
        return yield* adb.focused
      }))
      expect(Option.map(succeeded(exit), (f) => f.activity)).toEqual(Option.some(".main.ui.MainActivity"))
      expect(device.fitness.diary()).toEqual([{ meal: "Lunch", food: "White Rice, cooked", amount: "1.35 x 100 g", calories: 176 }])
    }))

  it.effect("shows the 'no foods found' state for an unknown food", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const adb = yield* Adb
        yield* adb.launch(mfp)
        yield* tapLabel("Add food to Dinner")
        yield* adb.typeText("unobtainium stew")
        yield* adb.keyevent(Keys.ENTER)
        return (yield* adb.waitForIdle({ interval: "100 millis" })).elements
      }))
      expect(findByResourceId(succeeded(exit), "empty_state_text")[0]?.node.text).toBe("No matching foods found for \"unobtainium stew\"")
    }))

  it.effect("turns on Wi-Fi in Settings (the world changes, not just the screen)", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const adb = yield* Adb
        yield* adb.launch(PackageName.make("com.android.settings"))
        yield* tapLabel("Network & internet")
        const screen = yield* adb.waitForIdle()
        const wifiSwitch = findByResourceId(screen.elements, "switch_widget")[0]
        if (wifiSwitch === undefined) return yield* Effect.dieMessage("no switch")
        yield* adb.tap(wifiSwitch.centre)
        return yield* adb.shell("settings get global wifi_on")
      }))
      expect(succeeded(exit).trim()).toBe("1")
      expect(device.settings.wifiEnabled).toBe(true)
    }))

  it.effect("waitForIdle gives up after maxDumps on a screen that keeps changing, saying it did not settle", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.launch("com.myfitnesspal.android", true)
      // A clock on screen: the element list changes at every dump.
      let ticks = 0
      const original = device.fitness.render.bind(device.fitness)
      device.fitness.render = () => ({ ...original(), children: [...(original().children ?? []), { className: "android.widget.TextView", text: `12:0${ticks++ % 10}`, bounds: { left: 0, top: 0, right: 100, bottom: 50 } }] })
      const exit = yield* onDevice(device, Effect.flatMap(Adb, (adb) => adb.waitForIdle({ maxDumps: 4, interval: "1 second" })))
      const screen = succeeded(exit)
      expect(screen).toMatchObject({ settled: false, dumps: 4 })
    }))

  it.effect("retries a dump the device could not take yet, and a truncated one", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.faults.failingDumps = 1
      device.faults.truncatedDumps = 1
      const exit = yield* onDevice(device, Effect.flatMap(Adb, (adb) => adb.dumpUi))
      expect(succeeded(exit).nodes[0]?.packageName).toBe("com.google.android.apps.nexuslauncher")
      expect(device.commands.filter((c) => c.startsWith("uiautomator"))).toHaveLength(3)
    }))

  it.effect("a device that keeps truncating dumps yields UiDumpTruncated after the bounded retries", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.faults.truncatedDumps = 10
      const exit = yield* onDevice(device, Effect.flatMap(Adb, (adb) => Effect.flip(adb.dumpUi)), { dumpAttempts: 3 })
      expect(succeeded(exit)._tag).toBe("UiDumpTruncated")
      expect(device.faults.truncatedDumps).toBe(7)
    }))

  it.effect("a slow dump takes its time on the Clock", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.faults.slowDumpMs = 4_000
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const start = yield* Clock.currentTimeMillis
        yield* (yield* Adb).dumpUi
        return (yield* Clock.currentTimeMillis) - start
      }))
      expect(succeeded(exit)).toBeGreaterThanOrEqual(4_000)
    }))

  it.effect("an offline device yields DeviceOffline; an unresponsive one AdbTimeout at the timeout", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      device.faults.offline = true
      const offline = yield* onDevice(device, Effect.flatMap(Adb, (adb) => Effect.flip(adb.tap({ x: 1, y: 1 }))))
      expect(succeeded(offline)._tag).toBe("DeviceOffline")
      device.faults.offline = false
      device.faults.unresponsive = true
      const hung = yield* onDevice(device, Effect.gen(function*() {
        const start = yield* Clock.currentTimeMillis
        const error = yield* Effect.flip((yield* Adb).dumpUi)
        return { error, elapsed: (yield* Clock.currentTimeMillis) - start }
      }), { timeout: "5 seconds", dumpAttempts: 1 })
      expect(succeeded(hung).error._tag).toBe("AdbTimeout")
      expect(succeeded(hung).elapsed).toBeLessThan(6_000)
    }))

  it.effect("an unknown dialog covers the app until dismissed; a crash returns to the launcher", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const adb = yield* Adb
        yield* adb.launch(mfp)
        yield* adb.waitForIdle()
        device.showDialog()
        const covered = yield* adb.waitForIdle()
        yield* tapLabel("Later")
        const after = yield* adb.waitForIdle()
        device.faults.crashOnNextInput = true
        yield* tapLabel("Add food to Lunch")
        const crashed = yield* adb.waitForIdle()
        return { covered: covered.elements, after: after.elements, crashed: crashed.elements, focus: yield* adb.focused }
      }))
      const r = succeeded(exit)
      expect(findByText(r.covered, "Update Google Play services")).toHaveLength(1)
      expect(findByText(r.after, "Update Google Play services")).toHaveLength(0)
      expect(findByText(r.crashed, "MyFitnessPal keeps stopping")).toHaveLength(1)
      expect(Option.map(r.focus, (f) => f.packageName)).toEqual(Option.some("com.google.android.apps.nexuslauncher"))
      expect(device.isRunning("com.myfitnesspal.android")).toBe(false)
    }))

  it.effect("typing without ADBKeyboard uses input text and refuses non-ASCII with TextNotTypable", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice({ adbKeyboard: false })
      const exit = yield* onDevice(device, Effect.gen(function*() {
        const adb = yield* Adb
        yield* adb.launch(mfp)
        yield* tapLabel("Add food to Lunch")
        const method = yield* adb.typeText("a & b; 'c' $d")
        const refused = yield* Effect.flip(adb.typeText("crème"))
        return { method, refused }
      }))
      expect(succeeded(exit).method).toBe("input-text")
      expect(succeeded(exit).refused._tag).toBe("TextNotTypable")
      expect(device.typed.join("")).toBe("a & b; 'c' $d")
    }))

  it.effect("launching a package that is not installed is AppNotFound", () =>
    Effect.gen(function*() {
      const exit = yield* onDevice(new SimulatedDevice(), Effect.flatMap(Adb, (adb) => Effect.flip(adb.launch(PackageName.make("com.example.missing")))))
      expect(succeeded(exit)._tag).toBe("AppNotFound")
    }))
})
