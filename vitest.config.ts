import { availableParallelism } from "node:os"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vitest/config"

/** Test files run at once: one more than the cores, at least three. */
const workers = Math.max(3, availableParallelism() + 1)

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
    // Most files wait on Chromium, child processes or a database rather than compute, so more files run at once
    // than there are cores (vitest's default is one fewer): on this 2-core machine, one worker took about twice two's
    // wall time; three took 872 s where two took 919–1,012 s, every test passing.
    maxWorkers: workers,
    // As many kept as may run: with fewer, vitest's pool ends the workers above the minimum as they go idle near the
    // run's end, and one ended mid-teardown failed a whole green run ("Unhandled Rejection: Terminating worker
    // thread", vitest-dev/vitest#8133).
    minWorkers: workers,
    testTimeout: 30_000,
    hookTimeout: 30_000
  }
})
