/**
 * The simulated Android device for tests. It lives in src/ (the CLI's
 * `--device sim` needs it and cannot import test/); this adds what tests
 * share: a scoped device + server on a free port, and running the real `adb`
 * binary against it with a bounded time.
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { execFile } from "node:child_process"
import type { AdbServer, DeviceOptions } from "../../../src/services/adb/simulator/index.js"
import { serveAdb, SimulatedDevice } from "../../../src/services/adb/simulator/index.js"

export * from "../../../src/services/adb/simulator/index.js"

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

/** `adb` processes still alive that talk to this server's port (there should be none after a call). */
export const adbProcessesFor = (server: AdbServer): Effect.Effect<ReadonlyArray<string>> =>
  Effect.async<ReadonlyArray<string>>((resume) => {
    execFile("ps", ["-eo", "args"], (_error, stdout) => {
      resume(Effect.succeed(stdout.split("\n").filter((line) => /(^|\/)adb\s/.test(line) && (line.includes(`-P ${server.port}`) || line.includes("fork-server")))))
    })
  })
