/**
 * Cases where `npm test`'s script (scripts/test.mjs), its reporter (summary-reporter.ts), its temporary
 * directories (temp-dir.ts) or `test:quick`'s file list (vitest.quick.config.ts) do not keep what README.md's
 * "Development" section promises. Each runs the script on a fixture of test/support/retry-fixture/
 * (test-script-runs.ts), as test/support/test-script.test.ts does, and asserts what was promised.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"
import { fixtureConfig as config, lastLine, removeRunStates, runScript, slowRun, tempDirConfig } from "./test-script-runs.js"

const root = fileURLToPath(new URL("../..", import.meta.url))
const cleanups: Array<() => void> = []

afterEach(() => {
  removeRunStates()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

describe("npm test's script: a file that fails outside its tests", { timeout: slowRun }, () => {
  it("a file whose beforeAll fails (its tests never run) fails the run", async () => {
    const { code, output } = await runScript(["--config", config, "before-all-fails.fixture"], { ci: false })
    expect(output).toContain("the database would not start")
    expect(lastLine(output)).toMatch(/^tests: 0 passed, [1-9]\d* failed/)
    expect(code).toBe(1)
  })

  it("a file whose afterAll fails, its tests passed, fails the run as vitest fails it", async () => {
    const { code, output } = await runScript(["--config", config, "after-all-fails.fixture"], { ci: false })
    expect(output).toContain("Test Files  1 failed (1)")
    expect(code).toBe(1)
  })

  it("a test that removes its worker's TMPDIR: vitest fails the file (temp-dir.ts's cleanup throws), the run does too", async () => {
    const { code, output } = await runScript(["--config", tempDirConfig, "temp-removed.fixture"], { ci: false })
    expect(output).toContain("Test Files  1 failed (1)")
    expect(code).toBe(1)
  })
})

describe("vitest run directly (no npm test script): nothing left behind", { timeout: slowRun }, () => {
  it("a folder a passing test forgets in TMPDIR is removed with the run's own directory, and TMPDIR is left as it was", async () => {
    const scratch = mkdtempSync(join(tmpdir(), "shoal-direct-vitest-"))
    cleanups.push(() => rmSync(scratch, { recursive: true, force: true }))
    // Not the outer run's: its mark, its temporary directory, or the file its summary is written to (a direct run
    // that kept SHOAL_TEST_RESULTS wrote its one test over `npm test`'s summary of the whole run).
    const { SHOAL_TEST_TMP: _run, SHOAL_TEST_RUN: _mark, SHOAL_TEST_RESULTS: _results, CI: _ci, ...env } = process.env
    const vitest = join(root, "node_modules/vitest/vitest.mjs")
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [vitest, "run", "--config", tempDirConfig, "forgets-folder.fixture"], {
        cwd: root,
        env: { ...env, TMPDIR: scratch, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let said = ""
      child.stdout.on("data", (chunk: Buffer) => (said += chunk.toString()))
      child.stderr.on("data", (chunk: Buffer) => (said += chunk.toString()))
      child.on("exit", (exit) => resolve({ code: exit, output: said }))
    })
    expect(output).toContain("1 passed")
    expect(code).toBe(0)
    expect(readdirSync(scratch)).toEqual([])
    // Under `npm test` its summary file is written when the whole run ends, so it is not there yet: the direct run wrote none.
    const outerSummary = process.env["SHOAL_TEST_RESULTS"]
    if (outerSummary !== undefined) expect(existsSync(outerSummary)).toBe(false)
  })
})

describe("npm test's script with CI: the second try", { timeout: slowRun }, () => {
  it("of two tests with one name, the one that failed twice is not printed as FLAKY", async () => {
    const { code, output } = await runScript(["--config", config, "duplicate-names.fixture"], { ci: true })
    expect(output).not.toContain("FLAKY test/support/retry-fixture/duplicate-names.fixture.ts > same name")
    expect(lastLine(output)).toBe("tests: 1 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  // A test that failed, then passed under a name that changed between runs, is still printed as FLAKY: in
  // test-script.test.ts, whose FLAKY run holds renamed.fixture.ts too.

  it("an unhandled error in the second try fails the run, as it would have the first", async () => {
    const { code, output } = await runScript(["--config", config, "unhandled-on-retry.fixture"], { ci: true })
    expect(output).toContain("running 1 failed test file(s) again")
    expect(output).toContain("nobody waited for this")
    expect(code).toBe(1)
  })

  it("with -t <pattern>, a test that fails twice fails the run (the pattern is kept for the second try)", async () => {
    const { code, output } = await runScript(["--config", config, "-t", "fails every time", "broken.fixture"], { ci: true })
    expect(output).toContain("running 1 failed test file(s) again")
    expect(lastLine(output)).toBe("tests: 0 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  it("with --shard, a flaky test is run again and printed as FLAKY", async () => {
    // Of these two files, shard 2/2 holds flaky.fixture.ts alone.
    const { code, output } = await runScript(["--config", config, "--shard=2/2", "flaky.fixture", "broken.fixture"], { ci: true })
    expect(output).toContain("running 1 failed test file(s) again")
    expect(output).toContain("FLAKY test/support/retry-fixture/flaky.fixture.ts > passes only on its second try")
    expect(lastLine(output)).toBe("tests: 2 passed, 0 failed, 0 skipped")
    expect(code).toBe(0)
  })
})

describe("npm test's script: vitest options and filters", { timeout: slowRun }, () => {
  it("with --reporter=dot, a suite whose tests pass passes and is counted", async () => {
    const { code, output } = await runScript(["--config", config, "--reporter=dot", "skips.fixture"], { ci: false })
    expect(lastLine(output)).toBe("tests: 1 passed, 0 failed, 2 skipped")
    expect(code).toBe(0)
  })

  it("a file filter that matches no file fails the run, as vitest's own exit code says", async () => {
    const { code, output } = await runScript(["--config", config, "no-such-fixture-anywhere"], { ci: false })
    expect(output).toContain("No test files found, exiting with code 1")
    expect(code).toBe(1)
  })
})

describe("npm test's script: nothing left behind", { timeout: slowRun }, () => {
  const straight = () => readdirSync("/tmp").filter((entry) => entry.startsWith("shoal-straight-"))

  // Named, not removed: a folder in /tmp cannot be told apart from one another program (a shoal run, a browser)
  // made meanwhile and is using, so the script leaves it to the test that made it.
  it("a shoal- folder a test writes straight to /tmp fails the run and is named", async () => {
    const before = new Set(straight())
    cleanups.push(() => {
      for (const entry of straight()) if (!before.has(entry)) rmSync(join("/tmp", entry), { recursive: true, force: true })
    })
    // TMPDIR=/tmp as in a plain CI shell (under `npm test` this file's own TMPDIR is its worker's).
    const { code, output } = await runScript(["--config", config, "straight-to-tmp.fixture"], { ci: false, env: { TMPDIR: "/tmp", SHOAL_TEST_WATCH_DIRS: "" } })
    const left = straight().filter((entry) => !before.has(entry))
    expect(left).toHaveLength(1)
    expect(output).toContain(`left in /tmp: ${left[0]}`)
    expect(code).toBe(1)
  })

  it("with TMPDIR set by the user beforehand, a shoal- folder written straight to /tmp still fails the run", async () => {
    const before = new Set(straight())
    const userTmp = mkdtempSync(join(tmpdir(), "shoal-user-tmpdir-"))
    cleanups.push(() => {
      rmSync(userTmp, { recursive: true, force: true })
      for (const entry of straight()) if (!before.has(entry)) rmSync(join("/tmp", entry), { recursive: true, force: true })
    })
    const { code, output } = await runScript(["--config", config, "straight-to-tmp.fixture"], { ci: false, env: { TMPDIR: userTmp, SHOAL_TEST_WATCH_DIRS: "" } })
    expect(output).toMatch(/left in \/tmp: shoal-straight-/)
    expect(code).toBe(1)
  })

  it("while another program that makes such folders runs without a test run's mark, a folder in /tmp is named as not counted and does not fail the run", async () => {
    const before = new Set(straight())
    // Another engineer's `npx vitest` or browser, as the script sees one: a process that is neither its ancestor
    // nor its child, carries no SHOAL_TEST_RUN, and whose command line the script takes for such a program.
    const token = `other-program-${process.pid}-${Date.now()}`
    const { SHOAL_TEST_RUN: _mark, ...unmarked } = process.env
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)", token], { env: unmarked, stdio: "ignore" })
    cleanups.push(() => {
      other.kill("SIGKILL")
      for (const entry of straight()) if (!before.has(entry)) rmSync(join("/tmp", entry), { recursive: true, force: true })
    })
    const { code, output } = await runScript(["--config", config, "straight-to-tmp.fixture"], {
      ci: false,
      env: { TMPDIR: "/tmp", SHOAL_TEST_WATCH_DIRS: "", SHOAL_TEST_OTHER_PROGRAMS: token }
    })
    const left = straight().filter((entry) => !before.has(entry))
    expect(left).toHaveLength(1)
    expect(output).toContain("not counted as left behind")
    expect(output).toContain(token)
    expect(output).toContain(`/tmp/${left[0]}`)
    expect(output).not.toContain(`left in /tmp: ${left[0]}`)
    expect(code).toBe(0)
  })

  it("a program carrying a test run's mark (another full run's, whose processes honour their TMPDIR) is not another program: the folder still fails the run", async () => {
    const before = new Set(straight())
    const token = `own-program-${process.pid}-${Date.now()}`
    const marked = spawn(process.execPath, ["-e", "setTimeout(() => {}, 120000)", token], { env: { ...process.env, SHOAL_TEST_RUN: "some-other-run" }, stdio: "ignore" })
    cleanups.push(() => {
      marked.kill("SIGKILL")
      for (const entry of straight()) if (!before.has(entry)) rmSync(join("/tmp", entry), { recursive: true, force: true })
    })
    const { code, output } = await runScript(["--config", config, "straight-to-tmp.fixture"], {
      ci: false,
      env: { TMPDIR: "/tmp", SHOAL_TEST_WATCH_DIRS: "", SHOAL_TEST_OTHER_PROGRAMS: token }
    })
    expect(output).toMatch(/left in \/tmp: shoal-straight-/)
    expect(output).not.toContain("not counted")
    expect(code).toBe(1)
  })

  it("SIGTERM to the script stops the run: it ends within seconds, not when the tests would have", async () => {
    const { code, afterSignal } = await runScript(["--config", config, "slow.fixture"], { ci: false, signalWhenRunning: "SIGTERM" })
    expect(code).not.toBe(0)
    // The fixture's test waits 8 s; the signal comes 1.5 s after vitest starts.
    expect(afterSignal).toBeGreaterThan(0)
    expect(afterSignal).toBeLessThan(4_000)
  })
})

describe("test:quick's file list (vitest.quick.config.ts)", { timeout: slowRun }, () => {
  it("keeps the test files that only call pure functions, whatever words their imports' comments hold", async () => {
    // By path, not a static import: the config is not part of the type-checked program.
    const module: { default: { test: { include: ReadonlyArray<string> } } } = await import(join(root, "vitest.quick.config.ts"))
    const quick = module.default
    // Each names Chromium only in a comment or a string: test/architecture.test.ts reads sources as text;
    // the two shop domain tests call parsers of src/agents/shop, whose browser.ts import has "Chromium" in a comment.
    expect(quick.test.include).toEqual(expect.arrayContaining(["test/architecture.test.ts", "test/domain/shop/cart.test.ts", "test/domain/shop/parsing.test.ts"]))
  })
})
