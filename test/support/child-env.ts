/**
 * The environment a test hands a child process it otherwise starts clean (no keys, its own HOME): PATH, and
 * the test run's temporary directory and mark (scripts/test.mjs), so what the child leaves behind, or a
 * browser or server it starts and forgets, is found and cleaned up with the run's.
 */
export const childEnv = (): Record<string, string> =>
  Object.fromEntries(
    ["PATH", "TMPDIR", "SHOAL_TEST_RUN"].flatMap((name) => {
      const value = process.env[name]
      return value === undefined ? [] : [[name, value]]
    })
  )
