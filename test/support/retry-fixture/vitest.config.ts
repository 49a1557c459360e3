// The fixture suite that test/support/test-script.test.ts runs through scripts/test.mjs: tests that fail once,
// always, or leave something behind. Not part of the real suite (its files end in .fixture.ts).
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

export default defineConfig({
  root: fileURLToPath(new URL("../../..", import.meta.url)),
  test: {
    include: ["test/support/retry-fixture/*.fixture.ts"],
    reporters: ["default", "./test/support/summary-reporter.ts"]
  }
})
