/**
 * The Android acceptance path over the real wire: Debian's `adb` binary and
 * appium-adb, talking to the simulated device's ADB server on 127.0.0.1 (a
 * free port per test; `-H 127.0.0.1` / ANDROID_ADB_SERVER_ADDRESS keep the
 * client from ever starting a real adb server). Real time is unavoidable
 * here (child processes), so every timeout is short and bounded.
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Exit, Fiber, Layer, Option, Scope } from "effect"
import { existsSync } from "node:fs"
import { createServer } from "node:net"
import { elementList, findByLabel, findByResourceId, partById } from "../../../src/domain/android/elements.js"
import { PackageName } from "../../../src/domain/android/ids.js"
import { Keys } from "../../../src/domain/android/key-codes.js"
import { Adb } from "../../../src/services/adb/adb.js"
import { layerAdbLive } from "../../../src/services/adb/live.js"
import type { AdbLiveOptions } from "../../../src/services/adb/live.js"
import type { AdbServer, DeviceOptions, SimulatedDevice } from "../../fakes/android/index.js"
import { adbBinary, adbProcessesFor, runAdb, simulatedPhone } from "../../fakes/android/index.js"

const mfp = PackageName.make("com.myfitnesspal.android")
const haveAdb = existsSync(adbBinary)
if (!haveAdb) console.log(`${adbBinary} not found (apt-get install adb): skipping the wire tests`)

/** A simulated phone on a free port and the live Adb service pointed at it, both for this test's scope. */
const phone = (device: DeviceOptions = {}, live: AdbLiveOptions = {}) =>
  Effect.gen(function*() {
    const { device: sim, server } = yield* simulatedPhone(device)
    const adb = yield* Effect.map(Layer.build(layerAdbLive({ host: server.host, port: server.port, timeout: "3 seconds", ...live })), Context.get(Adb))
    return { sim, server, adb }
  })

const searchFieldText = (adb: typeof Adb.Service) =>
  Effect.map(adb.dumpUi, (tree) => findByResourceId(elementList(tree), "search_edit_text")[0]?.node.text)

const openSearch = (adb: typeof Adb.Service, meal = "Lunch") =>
  Effect.gen(function*() {
    yield* adb.launch(mfp)
    const diary = yield* adb.waitForIdle({ interval: "30 millis" })
    const add = findByLabel(diary.elements, `Add food to ${meal}`)[0]
    if (add === undefined) return yield* Effect.dieMessage("no ADD FOOD button")
    yield* adb.tap(add.centre)
  })

/** A TCP port nothing listens on right now. */
const freePort = Effect.async<number>((resume) => {
  const probe = createServer()
  probe.listen(0, "127.0.0.1", () => {
    const address = probe.address()
    const port = typeof address === "object" && address !== null ? address.port : 0
    probe.close(() => resume(Effect.succeed(port)))
  })
})

const noAdbLeft = (server: AdbServer) =>
  Effect.gen(function*() {
    expect(yield* adbProcessesFor(server)).toEqual([])
  })

describe.skipIf(!haveAdb)("Adb through the real adb client and appium-adb, against the simulated device", () => {
  it.scopedLive("the real adb binary lists the device through ANDROID_ADB_SERVER_ADDRESS/PORT, and so does the service", () =>
    Effect.gen(function*() {
      const { server, adb } = yield* phone()
      const listed = yield* runAdb(server, ["devices"])
      expect(listed).toMatchObject({ code: 0, stdout: "List of devices attached\nemulator-5554\tdevice\n\n" })
      expect(listed.stderr).not.toContain("daemon")
      expect(yield* adb.devices).toEqual([{ serial: "emulator-5554", state: "device", model: "sdk_gphone64_x86_64" }])
      expect(adb.serial).toBe("emulator-5554")
    }))

  it.scopedLive("launches the app with monkey and force-stops it", () =>
    Effect.gen(function*() {
      const { sim, server, adb } = yield* phone()
      yield* adb.launch(mfp)
      expect(Option.map(yield* adb.focused, (f) => f.packageName)).toEqual(Option.some(mfp))
      expect(sim.isRunning(mfp)).toBe(true)
      yield* adb.forceStop(mfp)
      expect(sim.isRunning(mfp)).toBe(false)
      expect(Option.map(yield* adb.focused, (f) => f.packageName)).toEqual(Option.some("com.google.android.apps.nexuslauncher"))
      expect(server.requests).toContain("shell:monkey -p com.myfitnesspal.android -c android.intent.category.LAUNCHER 1")
      expect(server.requests).toContain("shell:am force-stop com.myfitnesspal.android")
    }))

  it.scopedLive("a tap on a search result opens its detail screen", () =>
    Effect.gen(function*() {
      const { server, adb } = yield* phone()
      yield* openSearch(adb)
      yield* adb.typeText("chicken")
      yield* adb.keyevent(Keys.ENTER)
      const results = yield* adb.waitForIdle({ interval: "30 millis" })
      const result = findByResourceId(results.elements, "search_result_item")[0]
      if (result === undefined) return yield* Effect.dieMessage("no results")
      yield* adb.tap(result.centre)
      const detail = yield* adb.waitForIdle({ interval: "30 millis" })
      expect(findByResourceId(detail.elements, "food_title")[0]?.node.text).toBe("Chicken Breast, grilled")
      expect(Option.map(yield* adb.focused, (f) => f.activity)).toEqual(Option.some(".addentry.ui.AddFoodSummaryActivity"))
      // Dumps go to stdout with exec-out: no file on the device, no sync protocol.
      expect(server.requests).toContain("exec:uiautomator 'dump' '/dev/tty'")
      expect(server.requests.some((r) => r.startsWith("sync:"))).toBe(false)
    }))

  it.scopedLive("text with shell metacharacters and accents arrives intact in the search field (ADBKeyboard)", () =>
    Effect.gen(function*() {
      const { adb } = yield* phone()
      yield* openSearch(adb)
      expect(yield* adb.typeText(`"a & b; 'c' $d"`)).toBe("adb-keyboard")
      expect(yield* searchFieldText(adb)).toBe(`"a & b; 'c' $d"`)
      yield* adb.keyevent(Keys.BACK)
      yield* openSearch(adb, "Dinner")
      yield* adb.typeText("crème brûlée")
      expect(yield* searchFieldText(adb)).toBe("crème brûlée")
      yield* adb.keyevent(Keys.ENTER)
      const results = yield* adb.waitForIdle({ interval: "30 millis" })
      expect(findByResourceId(results.elements, "food_name").map((e) => partById(e, "food_name")?.text)).toEqual(["Crème Brûlée"])
    }))

  it.scopedLive("without ADBKeyboard, ASCII text still arrives intact through quoted `input text`", () =>
    Effect.gen(function*() {
      const { server, adb } = yield* phone({ adbKeyboard: false })
      yield* openSearch(adb)
      expect(yield* adb.typeText(`"a & b; 'c' $d"`)).toBe("input-text")
      expect(yield* searchFieldText(adb)).toBe(`"a & b; 'c' $d"`)
      expect(server.requests).toContain(`shell:input text '"a%s&%sb;%s'\\''c'\\''%s$d"'`)
      expect((yield* Effect.flip(adb.typeText("crème brûlée")))._tag).toBe("TextNotTypable")
    }))

  it.scopedLive("a disallowed shell command is refused before anything reaches the device", () =>
    Effect.gen(function*() {
      const { sim, server, adb } = yield* phone()
      const before = server.requests.length
      const refused = yield* Effect.flip(adb.shell("rm -rf /sdcard/Download"))
      expect(refused._tag).toBe("ShellCommandRefused")
      expect(server.requests.length).toBe(before)
      expect(sim.commands.some((c) => c.includes("rm"))).toBe(false)
      expect((yield* adb.shell("pm list packages | grep myfitnesspal")).trim()).toBe("package:com.myfitnesspal.android")
    }))

  it.scopedLive("an offline device yields DeviceOffline within the timeout, at connect and mid-session", () =>
    Effect.gen(function*() {
      const { sim, server, adb } = yield* phone({}, { timeout: "2 seconds" })
      sim.faults.offline = true
      const started = Date.now()
      const error = yield* Effect.flip(adb.tap({ x: 10, y: 10 }))
      expect(error._tag).toBe("DeviceOffline")
      expect(Date.now() - started).toBeLessThan(2_000)
      const atConnect = yield* Effect.flip(Effect.scoped(Layer.build(layerAdbLive({ host: server.host, port: server.port, timeout: "2 seconds" }))))
      expect(atConnect._tag).toBe("DeviceOffline")
      yield* noAdbLeft(server)
    }))

  it.scopedLive("when the adb server goes away mid-session, calls fail with DeviceOffline, not a crash", () =>
    Effect.gen(function*() {
      const serverScope = yield* Scope.make()
      const { server } = yield* Scope.extend(simulatedPhone(), serverScope)
      const adb = yield* Effect.map(Layer.build(layerAdbLive({ host: server.host, port: server.port, timeout: "2 seconds" })), Context.get(Adb))
      yield* Scope.close(serverScope, Exit.void)
      const error = yield* Effect.flip(adb.focused)
      expect(error).toMatchObject({ _tag: "DeviceOffline", detail: "the adb server is not reachable" })
    }))

  it.scopedLive("a device that stops answering yields AdbTimeout, and the adb process is stopped", () =>
    Effect.gen(function*() {
      const { sim, server, adb } = yield* phone({}, { timeout: "1 second" })
      sim.faults.unresponsive = true
      const started = Date.now()
      const error = yield* Effect.flip(adb.keyevent(Keys.HOME))
      expect(error._tag).toBe("AdbTimeout")
      expect(Date.now() - started).toBeLessThan(3_500)
      yield* Effect.sleep("200 millis") // let the killed process be reaped
      yield* noAdbLeft(server)
    }))

  it.scopedLive("a screenshot is a PNG of the screen's size", () =>
    Effect.gen(function*() {
      const { adb } = yield* phone()
      const png = Buffer.from(yield* adb.screenshot)
      expect(png.subarray(1, 4).toString("latin1")).toBe("PNG")
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 2400])
    }))

  it.scopedLive("asking for a device that is not attached is NoDevice, naming what is attached", () =>
    Effect.gen(function*() {
      const { server } = yield* simulatedPhone()
      const error = yield* Effect.flip(Effect.scoped(Layer.build(layerAdbLive({ host: server.host, port: server.port, serial: "R58M12ABCDE", timeout: "2 seconds" }))))
      expect(error._tag).toBe("NoDevice")
      expect(error.message).toContain("emulator-5554 (device)")
    }))

  it.scopedLive("leftover adb processes are found by this server's port: its own client counts, another adb server on the machine does not", () =>
    Effect.gen(function*() {
      const { server } = yield* simulatedPhone()
      // Another adb server, as a developer's machine has one: started on a free port of its own, stopped afterwards.
      const otherPort = yield* freePort
      const other = { ...server, port: otherPort, env: { ANDROID_ADB_SERVER_PORT: String(otherPort) } }
      yield* Effect.acquireRelease(runAdb(other, ["start-server"], 15_000), () => runAdb(other, ["kill-server"]))
      expect((yield* adbProcessesFor(other)).length).toBeGreaterThan(0)
      expect(yield* adbProcessesFor(server)).toEqual([])
      // This server's own client, busy for a moment (the simulated `sleep`), is found through its environment.
      const busy = yield* Effect.fork(runAdb(server, ["shell", "sleep", "2"]))
      yield* Effect.sleep("700 millis")
      expect((yield* adbProcessesFor(server)).length).toBe(1)
      yield* Fiber.join(busy)
      yield* noAdbLeft(server)
    }), 30_000)

  it.scopedLive("`adb kill-server` is acknowledged but the simulator keeps serving, and no real server is started", () =>
    Effect.gen(function*() {
      const { server }: { readonly server: AdbServer; readonly device: SimulatedDevice } = yield* simulatedPhone()
      expect((yield* runAdb(server, ["kill-server"])).code).toBe(0)
      expect((yield* runAdb(server, ["devices"])).stdout).toContain("emulator-5554\tdevice")
      expect(server.requests).toContain("host:kill")
      yield* noAdbLeft(server)
    }))
})
