/**
 * `ensureEmulator`: seeds/000's EnsureEmulatorNode. Use an emulator that is
 * already online; otherwise start the named AVD with the SDK's `emulator`
 * binary and wait until Android reports `sys.boot_completed=1`, bounded.
 * Without an SDK it fails at once with an `EmulatorUnavailable` saying what
 * to install or set, never a stack trace.
 *
 * Where it sits: before `layerAdbLive` when the user asks for `--avd NAME`; it
 * returns the emulator's serial to pass as `serial`.
 */
import { Config, Duration, Effect, Option, Schedule } from "effect"
import { execFile, spawn } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { parseDeviceList } from "../../domain/android/device-output.js"
import { EmulatorUnavailable } from "../../domain/android/errors.js"
import type { DeviceSerial } from "../../domain/android/ids.js"

export interface EmulatorOptions {
  /** The AVD to start, e.g. `Pixel_6_API_34`. */
  readonly avd: string
  /** Android SDK root; default `ANDROID_HOME`, then `ANDROID_SDK_ROOT`. */
  readonly sdkRoot?: string
  readonly adbPath?: string
  readonly host?: string
  readonly port?: number
  /** How long a cold boot may take (default 3 minutes). */
  readonly bootTimeout?: Duration.DurationInput
  /** Pause between boot checks (default 2 s). */
  readonly pollInterval?: Duration.DurationInput
}

const adbArgs = (o: EmulatorOptions, args: ReadonlyArray<string>) => [
  ...(o.host === undefined ? [] : ["-H", o.host]),
  ...(o.port === undefined ? [] : ["-P", String(o.port)]),
  ...args
]

const adb = (o: EmulatorOptions, args: ReadonlyArray<string>): Effect.Effect<string, EmulatorUnavailable> =>
  Effect.async<string, EmulatorUnavailable>((resume) => {
    const child = execFile(o.adbPath ?? "/usr/bin/adb", adbArgs(o, args), { timeout: 10_000 }, (error, stdout, stderr) =>
      resume(error === null ? Effect.succeed(stdout) : Effect.fail(new EmulatorUnavailable({ reason: `adb ${args.join(" ")}: ${(stderr || error.message).trim()}` }))))
    return Effect.sync(() => void child.kill())
  })

const onlineEmulators = (o: EmulatorOptions) =>
  Effect.map(adb(o, ["devices", "-l"]), (out) => parseDeviceList(out).filter((d) => d.state === "device" && d.serial.startsWith("emulator-")))

export const findSdkRoot = (explicit: string | undefined): Effect.Effect<Option.Option<string>> =>
  explicit !== undefined
    ? Effect.succeed(Option.some(explicit))
    : Effect.orElseSucceed(
      Effect.map(
        Effect.all([Config.option(Config.nonEmptyString("ANDROID_HOME")), Config.option(Config.nonEmptyString("ANDROID_SDK_ROOT"))]),
        ([home, root]) => Option.orElse(home, () => root)
      ),
      () => Option.none<string>()
    )

export const ensureEmulator = (options: EmulatorOptions): Effect.Effect<DeviceSerial, EmulatorUnavailable> =>
  Effect.gen(function*() {
    const running = yield* Effect.orElseSucceed(onlineEmulators(options), () => [])
    const first = running[0]
    if (first !== undefined) return first.serial
    const sdk = yield* findSdkRoot(options.sdkRoot)
    if (Option.isNone(sdk)) {
      return yield* new EmulatorUnavailable({
        reason: "no Android SDK found: set ANDROID_HOME to an SDK with the emulator and a system image (sdkmanager \"emulator\" \"system-images;android-34;google_apis;x86_64\"), attach a device, or use --device sim"
      })
    }
    const binary = join(sdk.value, "emulator", "emulator")
    if (!(yield* Effect.sync(() => existsSync(binary)))) {
      return yield* new EmulatorUnavailable({ reason: `no emulator at ${binary}: install it with sdkmanager "emulator"` })
    }
    yield* Effect.try({
      try: () => {
        const child = spawn(binary, ["-avd", options.avd, "-no-snapshot-save", "-no-boot-anim"], { detached: true, stdio: "ignore" })
        // A failed start shows up as a boot timeout with its reason logged, not as an unhandled 'error' event.
        child.on("error", (e) => void Effect.runFork(Effect.logWarning(`emulator ${options.avd}: ${e.message}`)))
        child.unref()
      },
      catch: (e) => new EmulatorUnavailable({ reason: `could not start ${binary}: ${String(e)}` })
    })
    yield* Effect.logInfo(`starting emulator ${options.avd}`)
    const booted = Effect.gen(function*() {
      const [emulator] = yield* onlineEmulators(options)
      if (emulator === undefined) return yield* new EmulatorUnavailable({ reason: "not listed yet" })
      const done = yield* adb(options, ["-s", emulator.serial, "shell", "getprop", "sys.boot_completed"])
      if (done.trim() !== "1") return yield* new EmulatorUnavailable({ reason: "still booting" })
      return emulator.serial
    })
    const timeout = Duration.decode(options.bootTimeout ?? Duration.minutes(3))
    return yield* booted.pipe(
      Effect.retry(Schedule.spaced(options.pollInterval ?? Duration.seconds(2))),
      Effect.timeoutFail({ duration: timeout, onTimeout: () => new EmulatorUnavailable({ reason: `${options.avd} did not finish booting within ${Duration.format(timeout)} (is the AVD name right? \`emulator -list-avds\`)` }) })
    )
  }).pipe(Effect.withSpan("Adb.ensureEmulator", { attributes: { avd: options.avd } }))
