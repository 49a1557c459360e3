/**
 * Ends every run with one plain line, `tests: N passed, N failed, N skipped`,
 * that CI reads whatever the runner; vitest's own summary stays above it.
 */
import type { Reporter, TestModule } from "vitest/node"

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let passed = 0
    let failed = 0
    let skipped = 0
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === "passed") passed++
        else if (state === "failed") failed++
        else skipped++
      }
      if (module.state() === "failed" && [...module.children.allTests()].length === 0) failed++
    }
    // Printed as the process ends, so it is the last line, after vitest's summary.
    const line = `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`
    process.once("beforeExit", () => process.stdout.write(`${line}\n`))
  }
}
