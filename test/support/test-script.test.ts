/**
 * `npm test`'s own script (scripts/test.mjs) on a fixture suite: with CI set, a test that fails once and then
 * passes alone is printed as FLAKY and the run passes; one that fails twice fails the run; without CI nothing is
 * run twice; a process or folder a test leaves behind fails the run, named, and is cleaned up.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
/** Each case starts vitest once to three times: seconds when idle, a minute and more on a loaded two-core machine. */
const slowRun = 180_000
const config = "test/support/retry-fixture/vitest.config.ts"
const states: Array<string> = []

/** Runs the script on the fixture files matching `filter`, in a fresh state directory. */
const runScript = (filter: string, ci: boolean) =>
  new Promise<{ code: number | null; output: string; state: string }>((resolve) => {
    const state = mkdtempSync(join(tmpdir(), "shoal-retry-fixture-"))
    states.push(state)
    const { CI: _ci, ...env } = process.env
    const child = spawn(process.execPath, ["scripts/test.mjs", "--no-typecheck", "--config", config, filter], {
      cwd: root,
      env: { ...env, ...(ci ? { CI: "true" } : {}), RETRY_FIXTURE_STATE: state, SHOAL_TEST_WATCH_DIRS: state, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("exit", (code) => resolve({ code, output, state }))
  })

const lastLine = (output: string) => output.trimEnd().split("\n").at(-1)
/** Running: listed in /proc and not a zombie waiting for a parent to reap it. */
const running = (pid: number) => existsSync(`/proc/${pid}/stat`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))

afterEach(() => {
  for (const state of states.splice(0)) rmSync(state, { recursive: true, force: true })
})

describe("npm test's script", { timeout: slowRun }, () => {
  it("with CI, a test that fails once then passes alone is printed as FLAKY, by name, and the run passes", async () => {
    const { code, output } = await runScript("flaky.fixture", true)
    expect(output).toContain("running 1 failed test file(s) again, each alone")
    expect(output).toMatch(/FLAKY: 1 test\(s\) failed, then passed/)
    expect(output).toContain("FLAKY test/support/retry-fixture/flaky.fixture.ts > passes only on its second try")
    expect(output).not.toContain("FLAKY test/support/retry-fixture/flaky.fixture.ts > always passes")
    expect(lastLine(output)).toBe("tests: 2 passed, 0 failed, 0 skipped")
    expect(code).toBe(0)
  })

  it("with CI, a test that fails twice fails the run and is not called flaky", async () => {
    const { code, output } = await runScript("broken.fixture", true)
    expect(output).toContain("running 1 failed test file(s) again")
    expect(output).not.toContain("FLAKY")
    expect(lastLine(output)).toBe("tests: 0 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  it("without CI, a failed test is not run again: the run fails", async () => {
    const { code, output } = await runScript("flaky.fixture", false)
    expect(output).not.toContain("again")
    expect(output).not.toContain("FLAKY")
    expect(lastLine(output)).toBe("tests: 1 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  it("a process and a folder a passing test leaves behind fail the run, named, and are cleaned up", async () => {
    const before = new Set(readdirSync(tmpdir()))
    const { code, output } = await runScript("leaky.fixture", false)
    expect(output).toMatch(/process left running: (\d+) .*setTimeout/)
    expect(output).toMatch(/left in the test run's TMPDIR: shoal-forgotten-/)
    expect(lastLine(output)).toBe("tests: 1 passed, 0 failed, 0 skipped")
    expect(code).toBe(1)
    const pid = Number(/process left running: (\d+)/.exec(output)?.[1])
    expect(running(pid)).toBe(false)
    expect(readdirSync(tmpdir()).filter((entry) => !before.has(entry) && entry.startsWith("shoal-test-run-"))).toEqual([])
  })
})
