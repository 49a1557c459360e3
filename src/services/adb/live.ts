/**
 * `layerAdbLive`: the `Adb` service on appium-adb over the `adb` binary
 * (Debian's at /usr/bin/adb by default). appium-adb is imported inside the
 * layer's construction effect, so nothing loads it until a device is used
 * (`shoal --help` never does).
 *
 * Device choice: the serial asked for (`--device SERIAL`), else the only
 * device attached; an offline one is `DeviceOffline`, none or several are
 * `NoDevice` naming what is attached. Every call is bounded: appium-adb kills
 * the adb process at the timeout, and an Effect timeout a little later
 * covers anything that still hangs. Errors are read from adb's output:
 * `device offline`, `not found` or an unreachable server → DeviceOffline,
 * a timeout → AdbTimeout, anything else → CommandFailed.
 */
import { Config, Duration, Effect, Layer, Option } from "effect"
import type { ConfigError } from "effect"
import { execFile } from "node:child_process"
import type { ADB as AppiumAdb } from "appium-adb"
import { parseDeviceList } from "../../domain/android/device-output.js"
import { AdbTimeout, CommandFailed, DeviceOffline, NoDevice } from "../../domain/android/errors.js"
import type { AdbError } from "../../domain/android/errors.js"
import type { DeviceInfo } from "../../domain/android/ids.js"
import { Adb } from "./adb.js"
import { makeAdb } from "./internal/make-adb.js"
import type { AdbBehaviour } from "./internal/make-adb.js"
import type { AdbTransport } from "./internal/transport.js"
import { importPeer } from "../optional-peer.js"

export interface AdbLiveOptions extends AdbBehaviour {
  /** The device to use; when absent, the only one attached. */
  readonly serial?: string
  /** The adb client binary (default /usr/bin/adb). */
  readonly adbPath?: string
  /**
   * The adb server's host. Any host but localhost makes the client refuse to
   * start a server of its own (how tests and `--device sim` stay off 5037).
   */
  readonly host?: string
  /** The adb server's port (default 5037). */
  readonly port?: number
  /** Per call (default 20 s). */
  readonly timeout?: Duration.DurationInput
}

const describe = (error: unknown): string => {
  if (typeof error !== "object" || error === null) return String(error)
  const parts = ["message", "stderr", "stdout"].flatMap((k) => {
    const v: unknown = Reflect.get(error, k)
    return typeof v === "string" && v.trim().length > 0 ? [v.trim()] : []
  })
  return parts.join("; ")
}

const classify = (serial: string, command: string, timeoutMs: number) => (error: unknown): AdbError => {
  const text = describe(error)
  if (/timed out after|Try to increase/.test(text)) return new AdbTimeout({ command, timeoutMs })
  if (/device offline|device '.*' not found|no devices\/emulators found|device unauthorized|device still (connecting|authorizing)/.test(text)) {
    return new DeviceOffline({ serial, detail: (/error: (.*)/.exec(text)?.[1] ?? text).slice(0, 300) })
  }
  if (/failed to connect to|cannot connect to daemon|Connection refused/.test(text)) {
    return new DeviceOffline({ serial, detail: "the adb server is not reachable" })
  }
  return new CommandFailed({ command, output: text.slice(0, 1000) })
}

/**
 * appium-adb logs every adb command at debug level through a process-wide
 * npmlog it sets to "verbose" on load; a CLI user should see warnings only.
 * (Our own calls are traced with spans instead.)
 */
export const quietAppiumLog = (): void => {
  const npmlog: unknown = Reflect.get(globalThis, "_global_npmlog")
  if (typeof npmlog === "object" && npmlog !== null) Reflect.set(npmlog, "level", "warn")
}

/** Build the transport: load appium-adb, find the device. */
export const liveAdbTransport = (options: AdbLiveOptions = {}): Effect.Effect<AdbTransport, AdbError> =>
  Effect.gen(function*() {
    const timeout = Duration.decode(options.timeout ?? Duration.seconds(20))
    const timeoutMs = Duration.toMillis(timeout)
    const { ADB } = yield* importPeer("appium-adb", "Adb.layerAdbLive", () => import("appium-adb"))
    quietAppiumLog()
    const adb: AppiumAdb = new ADB({
      executable: { path: options.adbPath ?? "/usr/bin/adb", defaultArgs: [] },
      adbPort: options.port ?? 5037,
      ...(options.host === undefined ? {} : { remoteAdbHost: options.host }),
      adbExecTimeout: timeoutMs,
      allowOfflineDevices: true,
      suppressKillServer: true
    })
    const bounded = <A>(command: string, serial: string, run: () => Promise<A>): Effect.Effect<A, AdbError> =>
      Effect.tryPromise({ try: run, catch: classify(serial, command, timeoutMs) }).pipe(
        // appium-adb kills adb at `timeoutMs`; this only catches what would hang past it.
        Effect.timeoutFail({ duration: Duration.sum(timeout, Duration.seconds(2)), onTimeout: () => new AdbTimeout({ command, timeoutMs }) })
      )

    const devices: Effect.Effect<ReadonlyArray<DeviceInfo>, AdbError> = bounded("adb devices -l", options.serial ?? "(any)", () =>
      adb.adbExec(["devices", "-l"], { timeout: timeoutMs })).pipe(Effect.map(parseDeviceList))

    const attached = yield* devices
    const online = attached.filter((d) => d.state === "device")
    const available = attached.map((d) => `${d.serial} (${d.state})`)
    let chosen: DeviceInfo | undefined
    if (options.serial !== undefined) {
      chosen = attached.find((d) => d.serial === options.serial)
      if (chosen === undefined) return yield* new NoDevice({ reason: `device ${options.serial} is not attached`, available })
    } else if (online.length === 1) {
      chosen = online[0]
    } else if (online.length === 0 && attached.length === 1) {
      chosen = attached[0] // the only device, offline or unauthorized: say so below
    } else {
      return yield* new NoDevice({ reason: online.length === 0 ? "no online device" : "several devices are attached; choose one with --device SERIAL", available })
    }
    if (chosen === undefined) return yield* new NoDevice({ reason: "no device", available })
    if (chosen.state !== "device") return yield* new DeviceOffline({ serial: chosen.serial, detail: `adb lists it as ${chosen.state}` })
    const serial = chosen.serial
    adb.setDeviceId(serial)

    const screenshot = Effect.async<Uint8Array, AdbError>((resume) => {
      const child = execFile(adb.executable.path, [...adb.executable.defaultArgs, "exec-out", "screencap", "-p"], { encoding: "buffer", timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error === null) return resume(Effect.succeed(new Uint8Array(stdout)))
        resume(Effect.fail(classify(serial, "adb exec-out screencap -p", timeoutMs)({ message: error.message, stderr: stderr.toString("utf8") })))
      })
      return Effect.sync(() => void child.kill())
    })

    return {
      serial,
      devices,
      shell: (argv) => bounded(`adb -s ${serial} shell ${argv.join(" ")}`, serial, () => adb.shell([...argv], { timeout: timeoutMs })),
      execOut: (argv) => bounded(`adb -s ${serial} exec-out ${argv.join(" ")}`, serial, () => adb.adbExec(["exec-out", ...argv], { timeout: timeoutMs })),
      screenshot
    } satisfies AdbTransport
  }).pipe(Effect.withSpan("Adb.connect"))

/** The `Adb` service on a real (or simulated) device through appium-adb. */
export const layerAdbLive = (options: AdbLiveOptions = {}): Layer.Layer<Adb, AdbError> =>
  Layer.effect(Adb, Effect.flatMap(liveAdbTransport(options), (transport) => makeAdb(transport, options)))

/**
 * Options from the environment the adb client itself reads:
 * `ANDROID_SERIAL`, `ANDROID_ADB_SERVER_ADDRESS`, `ANDROID_ADB_SERVER_PORT`,
 * plus `SHOAL_ADB` for the binary. Explicit options win.
 */
export const adbOptionsFromConfig = (explicit: AdbLiveOptions = {}): Effect.Effect<AdbLiveOptions, ConfigError.ConfigError> =>
  Effect.gen(function*() {
    const serial = yield* Config.option(Config.nonEmptyString("ANDROID_SERIAL"))
    const host = yield* Config.option(Config.nonEmptyString("ANDROID_ADB_SERVER_ADDRESS"))
    const port = yield* Config.option(Config.integer("ANDROID_ADB_SERVER_PORT"))
    const adbPath = yield* Config.option(Config.nonEmptyString("SHOAL_ADB"))
    const fromEnv: AdbLiveOptions = {
      ...Option.match(serial, { onNone: () => ({}), onSome: (v) => ({ serial: v }) }),
      ...Option.match(host, { onNone: () => ({}), onSome: (v) => ({ host: v }) }),
      ...Option.match(port, { onNone: () => ({}), onSome: (v) => ({ port: v }) }),
      ...Option.match(adbPath, { onNone: () => ({}), onSome: (v) => ({ adbPath: v }) })
    }
    return { ...fromEnv, ...explicit }
  })

