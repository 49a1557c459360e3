/**
 * vitest's global setup: when vitest runs without `npm test`'s script (`npx vitest run some.test.ts`, as in
 * a developer's inner loop), it makes the run's temporary directory itself (`shoal-vitest-…` in the system's
 * temporary directory), which test/support/temp-dir.ts divides among the workers as it does under the script,
 * and removes it when the run ends. So tests that make a database, profile or diary folder in TMPDIR leave
 * nothing in /tmp either way. Under the script (SHOAL_TEST_TMP already set) it does nothing.
 */
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export default function setup(): (() => void) | undefined {
  const given = process.env["SHOAL_TEST_TMP"]
  if (given !== undefined && given !== "") return undefined
  const dir = mkdtempSync(join(tmpdir(), "shoal-vitest-"))
  // As /tmp is: PostgreSQL's tools run as `postgres` and must reach their folder.
  chmodSync(dir, 0o1777)
  // The workers, started after this, inherit it.
  process.env["SHOAL_TEST_TMP"] = dir
  return () => {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
    delete process.env["SHOAL_TEST_TMP"]
  }
}
