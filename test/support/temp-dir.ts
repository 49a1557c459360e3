/**
 * Under `npm test` (scripts/test.mjs sets SHOAL_TEST_TMP) each worker has a temporary directory of its own
 * inside the run's, and what a test file leaves there is removed when the file ends, as pytest's tmp_path is:
 * a folder a test made for its database, profile or diary never outlives the file, whatever the test did.
 * Workers run their files one at a time, so at a file's end everything in its worker's directory is its own.
 * What escapes this (a path that ignores TMPDIR, a process still running) the script reports after the run.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import { afterAll } from "vitest"

const runTmp = process.env["SHOAL_TEST_TMP"]
if (runTmp !== undefined && runTmp !== "") {
  const dir = join(runTmp, `worker-${process.env["VITEST_POOL_ID"] ?? process.pid}`)
  mkdirSync(dir, { recursive: true })
  // As /tmp is (the run's own is too): PostgreSQL's tools run as `postgres` and must reach their folder.
  chmodSync(dir, 0o1777)
  process.env["TMPDIR"] = dir
  // Registered first, so it runs after the file's own afterAll hooks have closed what they opened.
  afterAll(() => {
    for (const entry of readdirSync(dir)) rmSync(join(dir, entry), { recursive: true, force: true, maxRetries: 3 })
  })
}
