/**
 * `npm test`'s own script (scripts/test.mjs) on a fixture suite: with CI set, a test that fails once and then
 * passes alone is printed as FLAKY and the run passes; one that fails twice fails the run; without CI nothing is
 * run twice; a process or folder a test leaves behind fails the run, named, and is cleaned up.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { afterEach, describe, expect, it } from "vitest"
import { fixtureConfig, lastLine, removeRunStates, runScript, slowRun } from "./test-script-runs.js"

/** Running: listed in /proc and not a zombie waiting for a parent to reap it. */
const running = (pid: number) => existsSync(`/proc/${pid}/stat`) && !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"))

afterEach(removeRunStates)

describe("npm test's script", { timeout: slowRun }, () => {
  // One run answers for two files, each failing once and then passing alone: either failing the run would fail it.
  it("with CI, a test that fails once then passes alone is printed as FLAKY, by name, and the run passes; so is one whose name changed between runs", async () => {
    const { code, output } = await runScript(["--config", fixtureConfig, "flaky.fixture", "renamed.fixture"], { ci: true })
    expect(output).toContain("running 2 failed test file(s) again, each alone")
    expect(output).toMatch(/FLAKY: 2 test\(s\) failed, then passed/)
    expect(output).toContain("FLAKY test/support/retry-fixture/flaky.fixture.ts > passes only on its second try")
    expect(output).not.toContain("FLAKY test/support/retry-fixture/flaky.fixture.ts > always passes")
    // The renamed test (its name carries which try it is) is still named, by its file.
    expect(output).toContain("FLAKY test/support/retry-fixture/renamed.fixture.ts")
    expect(lastLine(output)).toBe("tests: 3 passed, 0 failed, 0 skipped")
    expect(code).toBe(0)
  })

  it("with CI, a test that fails twice fails the run and is not called flaky", async () => {
    const { code, output } = await runScript(["--config", fixtureConfig, "broken.fixture"], { ci: true })
    expect(output).toContain("running 1 failed test file(s) again")
    expect(output).not.toContain("FLAKY")
    expect(lastLine(output)).toBe("tests: 0 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  it("without CI, a failed test is not run again: the run fails", async () => {
    const { code, output } = await runScript(["--config", fixtureConfig, "flaky.fixture"], { ci: false })
    expect(output).not.toContain("again")
    expect(output).not.toContain("FLAKY")
    expect(lastLine(output)).toBe("tests: 1 passed, 1 failed, 0 skipped")
    expect(code).toBe(1)
  })

  it("a process and a folder a passing test leaves behind fail the run, named, and are cleaned up", async () => {
    const before = new Set(readdirSync(tmpdir()))
    const { code, output } = await runScript(["--config", fixtureConfig, "leaky.fixture"], { ci: false })
    expect(output).toMatch(/process left running: (\d+) .*setTimeout/)
    expect(output).toMatch(/left in the test run's TMPDIR: shoal-forgotten-/)
    expect(lastLine(output)).toBe("tests: 1 passed, 0 failed, 0 skipped")
    expect(code).toBe(1)
    const pid = Number(/process left running: (\d+)/.exec(output)?.[1])
    expect(running(pid)).toBe(false)
    expect(readdirSync(tmpdir()).filter((entry) => !before.has(entry) && entry.startsWith("shoal-test-run-"))).toEqual([])
  })
})
