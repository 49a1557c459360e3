import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

const src = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url))

export default defineConfig({
  // examples/ import the package by name, as a stranger would: here, from src (tsconfig.json has the same paths).
  resolve: {
    alias: [
      { find: /^shoal$/, replacement: src("index.ts") },
      { find: /^shoal\/gui$/, replacement: src("gui/index.ts") },
      { find: /^shoal\/(llm|tidy|fitlog|droid|shop|testing)$/, replacement: src("exports/$1.ts") }
    ]
  },
  test: {
    reporters: ["default", "./test/support/summary-reporter.ts"],
    // Most files share their worker's modules: loading effect, the platform and the agents afresh for each of 250
    // files was a quarter of the suite's time (889 s here against 1,139 s, the same tree on the same idle machine).
    // A file must leave nothing behind for the next: `effect-vitest-reset.ts` undoes what `it.layer` leaves.
    include: ["test/**/*.test.ts", "examples/**/*.test.ts"],
    isolate: false,
    setupFiles: ["./test/support/temp-dir.ts", "./test/support/effect-vitest-reset.ts"],
    // Run without `npm test`'s script, vitest makes the run's temporary directory itself (and removes it after).
    globalSetup: ["./test/support/run-tmp.ts"],
    // Most files wait on Chromium, child processes or a database rather than compute: two run at a time even on
    // two cores (vitest's default there is one), which halves the suite's wall time and keeps CI well under 20 minutes.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
