/**
 * `shoal serve` runners as real child processes (test/serve/child-runner.ts,
 * bundled once per test file), for the tests that `kill -9` them: start one
 * for a scope, kill it, talk HTTP to it, read what its counting model was
 * paid for, and wait for something to become true.
 */
import { Effect, Schedule } from "effect"
import type { Duration } from "effect"
import { build } from "esbuild"
import { spawn } from "node:child_process"
import type { ChildProcess } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { childEnv } from "../support/child-env.js"

export const root = fileURLToPath(new URL("../..", import.meta.url))

/** The runner script, bundled with its own sources into `dir`; packages resolve from node_modules. */
export const buildChildRunner = (dir: string) =>
  build({
    absWorkingDir: root,
    entryPoints: ["test/serve/child-runner.ts"],
    outfile: join(dir, "child-runner.mjs"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    logLevel: "warning"
  })

export interface Runner {
  readonly url: string
  readonly child: ChildProcess
}

export interface RunnerEnv {
  readonly SHOAL_TEST_DB: string
  readonly SHOAL_TEST_CALLS: string
  readonly SHOAL_TEST_RUNNER_PORT?: string
  readonly SHOAL_TEST_PAYERS?: string
  readonly SHOAL_TEST_NOTES?: string
  /** The runner's `Clock` this many ms off the real time. */
  readonly SHOAL_TEST_CLOCK_OFFSET_MS?: string
}

const startRunner = (dir: string, env: RunnerEnv) =>
  Effect.async<Runner>((resume) => {
    const child = spawn(process.execPath, [join(dir, "child-runner.mjs")], {
      cwd: root,
      env: { ...childEnv(), ...env },
      stdio: ["ignore", "pipe", "inherit"]
    })
    // The first `{"url": …}` line says it listens; anything else it prints (its logs) is passed on.
    let started = false
    createInterface({ input: child.stdout }).on("line", (line) => {
      const url = /^\{"url":"([^"]*)"\}$/.exec(line)?.[1]
      if (started || url === undefined) return void process.stderr.write(`[runner ${child.pid}] ${line}\n`)
      started = true
      resume(Effect.succeed({ url, child }))
    })
    return Effect.sync(() => child.kill("SIGKILL"))
  })

export const kill9 = (runner: Runner) =>
  Effect.async<void>((resume) => {
    if (runner.child.exitCode !== null || runner.child.signalCode !== null) return resume(Effect.void)
    runner.child.once("exit", () => resume(Effect.void))
    runner.child.kill("SIGKILL")
  })

/** A runner for the scope (killed at its end if the test has not killed it). */
export const runner = (dir: string, env: RunnerEnv) => Effect.acquireRelease(startRunner(dir, env), kill9)

export const request = (url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  Effect.tryPromise(async () => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) })
    })
    const text = await response.text()
    return { status: response.status, json: JSON.parse(text === "" ? "null" : text) as unknown }
  })

/** The lines of a file the runners append to (what the model was paid for), [] before the first. */
export const linesOf = (file: string): ReadonlyArray<string> =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter((l) => l !== "") : []

export const eventually = <A, E, R>(what: string, effect: Effect.Effect<A, E, R>, holds: (a: A) => boolean, within: Duration.DurationInput = "30 seconds") =>
  effect.pipe(
    Effect.filterOrFail(holds, () => what),
    Effect.mapError(String),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo(within))),
    Effect.orDieWith((e) => new Error(`never happened: ${e}`))
  )
