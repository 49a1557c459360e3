// What a test run's results come to, shared by the summary reporter (a plain `vitest run`) and scripts/test.mjs.

/** A file failed when vitest failed it: a test in it, or a hook or import outside any test (its tests skipped). */
export const fileFailed = (file) => file.state === "failed" || file.tests.some((test) => test.state === "failed")

/** Each test once; a file that failed outside its tests counts as one failure more, so its failure shows. */
export const countTests = (files) => {
  const totals = { passed: 0, failed: 0, skipped: 0 }
  for (const file of files) {
    for (const test of file.tests) {
      if (test.state === "passed") totals.passed++
      else if (test.state === "failed") totals.failed++
      else totals.skipped++
    }
    if (file.state === "failed" && !file.tests.some((test) => test.state === "failed")) totals.failed++
  }
  return totals
}

export const closingLine = ({ passed, failed, skipped }) => `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`
