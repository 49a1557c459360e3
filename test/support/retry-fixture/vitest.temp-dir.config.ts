// The fixture suite with the real suite's per-worker temporary directory (test/support/temp-dir.ts), for
// test/support/test-script-breaks.test.ts.
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  test: {
    include: ["test/support/retry-fixture/*.fixture.ts"],
    setupFiles: ["./test/support/temp-dir.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"]
  }
})
