// The fixture suite with the real suite's temporary directories (test/support/run-tmp.ts, temp-dir.ts), for
// test/support/test-script-breaks.test.ts.
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  test: {
    include: ["test/support/retry-fixture/*.fixture.ts"],
    setupFiles: ["./test/support/temp-dir.ts"],
    globalSetup: ["./test/support/run-tmp.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"]
  }
})
