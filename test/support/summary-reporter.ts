/**
 * Ends every run with one plain line, `tests: N passed, N failed, N skipped`,
 * that CI reads whatever the runner; vitest's own summary stays above it.
 *
 * Under `npm test` (scripts/test.mjs, which sets SHOAL_TEST_RESULTS) it writes
 * each file's results there instead, and the script prints the closing line
 * once it has run any failed file again.
 */
import { writeFileSync } from "node:fs"
import type { Reporter, SerializedError, TestModule } from "vitest/node"
import { closingLine, countTests } from "../../scripts/test-results.mjs"
import type { FileResult, RunResults } from "../../scripts/test-results.mjs"

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const files: Array<FileResult> = modules.map((module) => ({
      file: module.moduleId,
      state: module.state(),
      durationMs: module.diagnostic().duration,
      tests: [...module.children.allTests()].map((test) => ({ name: test.fullName, state: test.result().state }))
    }))
    const resultsFile = process.env["SHOAL_TEST_RESULTS"]
    if (resultsFile !== undefined && resultsFile !== "") {
      const results: RunResults = { files, unhandledErrors: unhandledErrors.map((e) => `${e.name ?? "Error"}: ${e.message ?? ""}`) }
      writeFileSync(resultsFile, JSON.stringify(results))
      return
    }
    // Printed as the process ends, so it is the last line, after vitest's summary.
    const line = closingLine(countTests(files))
    process.once("beforeExit", () => process.stdout.write(`${line}\n`))
  }
}
