// Passes, but leaves a process running and a folder in the temporary directory.
import { spawn } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, it } from "vitest"

it("forgets to clean up", () => {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 600_000)"], { detached: true, stdio: "ignore" })
  child.unref()
  mkdtempSync(join(tmpdir(), "shoal-forgotten-"))
  expect(child.pid).toBeGreaterThan(0)
})
