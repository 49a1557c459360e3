/**
 * The simulated Android device for tests. It lives in src/ (the CLI's
 * `--device sim` needs it and cannot import test/); this adds what tests
 * share: a scoped device + server on a free port, and running the real `adb`
 * binary against it with a bounded time.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { execFile } from "node:child_process"
import { readFileSync } from "node:fs"
import type { AdbServer, DeviceOptions } from "../../../src/simulator/index.js"
import { serveAdb, SimulatedDevice } from "../../../src/simulator/index.js"

export * from "../../../src/simulator/index.js"

export const adbBinary = "/usr/bin/adb"

/** One simulated device served on 127.0.0.1:<free port> for the test's scope. */
export const simulatedPhone = (options: DeviceOptions = {}): Effect.Effect<{ readonly device: SimulatedDevice; readonly server: AdbServer }, never, Scope.Scope> =>
  Effect.gen(function*() {
    const device = new SimulatedDevice(options)
    const server = yield* serveAdb([device])
    return { device, server }
  })

export interface AdbRun {
  readonly stdout: string
  readonly stderr: string
  readonly code: number | null
}

/** Run the real adb client against the simulator (env points it there; it may not start a real server). */
export const runAdb = (server: AdbServer, args: ReadonlyArray<string>, timeoutMs = 5_000): Effect.Effect<AdbRun> =>
  Effect.async<AdbRun>((resume) => {
    const child = execFile(adbBinary, [...args], { env: { ...process.env, ...server.env }, timeout: timeoutMs }, (error, stdout, stderr) => {
      resume(Effect.succeed({ stdout, stderr, code: error === null ? 0 : typeof error.code === "number" ? error.code : null }))
    })
    return Effect.sync(() => void child.kill())
  })

/** The adb server port a process was started with, read from its environment (none if it is gone or not ours to read). */
const envPort = (pid: string): string | undefined => {
  try {
    const entry = readFileSync(`/proc/${pid}/environ`, "latin1").split("\0").find((e) => e.startsWith("ANDROID_ADB_SERVER_PORT="))
    return entry?.slice("ANDROID_ADB_SERVER_PORT=".length)
  } catch {
    return undefined
  }
}

/**
 * `adb` processes still alive that belong to this server (there should be
 * none after a call): found by its port — on the command line (`-P PORT`, a
 * server's `-L tcp:…PORT`) or in the process's environment — never by what
 * kind of adb process it is, so other adb servers on the machine do not count.
 */
export const adbProcessesFor = (server: AdbServer): Effect.Effect<ReadonlyArray<string>> =>
  Effect.async<ReadonlyArray<string>>((resume) => {
    const port = String(server.port)
    const onCommandLine = new RegExp(`(-P\\s*${port}|tcp:(\\S*:)?${port})(\\s|$)`)
    execFile("ps", ["-eo", "pid=,args="], (_error, stdout) => {
      const processes = stdout.split("\n").map((line) => /^\s*(\d+)\s+(.*)$/.exec(line)).flatMap((m) => (m?.[1] === undefined || m[2] === undefined ? [] : [{ pid: m[1], args: m[2] }]))
      resume(Effect.succeed(processes
        .filter((p) => /(^|\/)adb\s/.test(p.args) && (onCommandLine.test(p.args) || envPort(p.pid) === port))
        .map((p) => p.args)))
    })
  })
