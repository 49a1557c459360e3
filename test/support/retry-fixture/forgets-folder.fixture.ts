// Passes, but leaves a folder in its temporary directory (TMPDIR), as a test that forgets its cleanup does.
import { existsSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { expect, it } from "vitest"

it("makes a folder and forgets it", () => {
  expect(existsSync(mkdtempSync(join(tmpdir(), "shoal-forgotten-")))).toBe(true)
})
