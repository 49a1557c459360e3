/**
 * `npm test`'s own script (scripts/test.mjs) run on the fixture suite of test/support/retry-fixture/, for the
 * tests of the script (test-script.test.ts, test-script-breaks.test.ts): each run in a fresh state directory,
 * which is also where the script looks for leftovers (not /tmp, where other programs of a busy machine make
 * folders meanwhile) unless a test says otherwise, and with no other program taken for one that makes such
 * folders. `removeRunStates` (in an `afterEach`) removes them.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../..", import.meta.url))

export const fixtureConfig = "test/support/retry-fixture/vitest.config.ts"
/** The fixture suite with test/support/temp-dir.ts as its setup file, as the real suite has it. */
export const tempDirConfig = "test/support/retry-fixture/vitest.temp-dir.config.ts"
/** Each case starts vitest once to three times: seconds when idle, a minute and more on a loaded two-core machine. */
export const slowRun = 180_000

export interface ScriptRun {
  readonly code: number | null
  readonly output: string
  /** Milliseconds from the signal (when one was sent) to the script's exit. */
  readonly afterSignal: number
}

const states: Array<string> = []

export const removeRunStates = (): void => {
  for (const state of states.splice(0)) rmSync(state, { recursive: true, force: true })
}

/**
 * Runs the script with `args` (the config included), with CI set or not. `signalWhenRunning`: once vitest has
 * started the file's test, that signal goes to the script itself (not its process group), as `kill` or `timeout`
 * sends it.
 */
export const runScript = (
  args: ReadonlyArray<string>,
  options: { readonly ci: boolean; readonly env?: Record<string, string>; readonly signalWhenRunning?: NodeJS.Signals }
) =>
  new Promise<ScriptRun>((resolve) => {
    const state = mkdtempSync(join(tmpdir(), "shoal-retry-fixture-"))
    states.push(state)
    const { CI: _ci, ...env } = process.env
    const child = spawn(process.execPath, ["scripts/test.mjs", "--no-typecheck", ...args], {
      cwd: root,
      // SHOAL_TEST_OTHER_PROGRAMS matches nothing unless a test says otherwise: whether someone else's `npx vitest`
      // or browser runs on the machine meanwhile must not change what the script's own tests see.
      env: { ...env, ...(options.ci ? { CI: "true" } : {}), RETRY_FIXTURE_STATE: state, SHOAL_TEST_WATCH_DIRS: state, SHOAL_TEST_OTHER_PROGRAMS: "(?!)", NO_COLOR: "1", ...options.env },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    let signalledAt: number | undefined
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (options.signalWhenRunning !== undefined && signalledAt === undefined && output.includes("RUN ")) {
        signalledAt = -1
        setTimeout(() => {
          signalledAt = Date.now()
          child.kill(options.signalWhenRunning)
        }, 1_500)
      }
    }
    child.stdout.on("data", read)
    child.stderr.on("data", read)
    child.on("exit", (code) => resolve({ code, output, afterSignal: signalledAt !== undefined && signalledAt > 0 ? Date.now() - signalledAt : 0 }))
  })

/** The script's last line: `tests: N passed, N failed, N skipped`. */
export const lastLine = (output: string) => output.trimEnd().split("\n").at(-1)
