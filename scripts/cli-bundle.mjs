// The esbuild settings for the command line, shared by the build and by the
// tests that check what `shoal --help` loads.
// Bundled, because a few files load far faster than the thousand modules of
// effect + @effect/cli; split, so each subcommand's agent is its own chunk,
// loaded when that subcommand runs. Heavy packages stay external and are
// imported lazily by the code that needs them.
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

export const heavyPackages = [
  "@anthropic-ai/sdk",
  "openai",
  "playwright-core",
  "sharp",
  "appium-adb",
  "quickjs-emscripten",
  "better-sqlite3",
  "@effect/sql-sqlite-node"
]

const root = fileURLToPath(new URL("..", import.meta.url))

export const bundleCli = (outdir) =>
  build({
    absWorkingDir: root,
    entryPoints: { main: "src/cli/main.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    minify: true,
    sourcemap: "linked",
    external: heavyPackages,
    // Bundled CommonJS dependencies may call require(); give ESM one.
    banner: {
      js: "import { createRequire as __shoalRequire } from 'node:module'; const require = __shoalRequire(import.meta.url);"
    },
    logLevel: "warning"
  })
