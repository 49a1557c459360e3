// Fails its test the first time it runs in a state directory; the second time the test passes, but the file
// leaves a promise rejected that nothing handles: an error vitest reports outside any test.
import { existsSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { expect, it } from "vitest"

it("passes on its second try, then leaves a rejection unhandled", async () => {
  const marker = join(process.env["RETRY_FIXTURE_STATE"] ?? "", "unhandled")
  const first = !existsSync(marker)
  writeFileSync(marker, "")
  expect(first).toBe(false)
  void Promise.reject(new Error("nobody waited for this"))
  await new Promise((resolve) => setTimeout(resolve, 50))
})
