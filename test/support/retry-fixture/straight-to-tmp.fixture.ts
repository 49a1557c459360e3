// Passes, but writes a folder straight to /tmp, ignoring TMPDIR.
import { mkdtempSync } from "node:fs"
import { expect, it } from "vitest"

it("writes to /tmp itself", () => {
  const dir = mkdtempSync("/tmp/shoal-straight-")
  expect(dir.startsWith("/tmp/")).toBe(true)
})
