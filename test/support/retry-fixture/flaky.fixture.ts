// Fails the first time it runs in a state directory, passes after: a flaky test.
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"

it("passes only on its second try", () => {
  const marker = join(process.env["RETRY_FIXTURE_STATE"] ?? "", "tried")
  const first = !existsSync(marker)
  writeFileSync(marker, "")
  expect(first).toBe(false)
})

it("always passes", () => {
  expect(1 + 1).toBe(2)
})
