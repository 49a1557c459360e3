// How the command line is built, shared by the build and by the tests that
// check what `shoal --help` loads.
//
// Start-up is most of what a CLI costs, so:
// - one bundled file instead of the thousand modules of effect + @effect/cli;
// - CommonJS, so bin/shoal.js can compile it through `vm.Script` with a V8
//   code cache (Node 20 has no module compile cache): the cache is made at
//   build time by running `--help` once, and remade if V8 rejects it;
// - heavy packages stay external and are required only by the code that needs
//   them, when it runs (`import()` becomes a lazy `require`).
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { join } from "node:path"
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

/** Writes `<distDir>/cli/shoal.cjs`; `bin/shoal.js` beside `<distDir>/..` runs it. */
export const bundleCli = async (distDir) => {
  await build({
    absWorkingDir: root,
    entryPoints: ["src/cli/main.ts"],
    outfile: join(distDir, "cli", "shoal.cjs"),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: true,
    sourcemap: "linked",
    external: heavyPackages,
    supported: { "dynamic-import": false },
    logLevel: "warning"
  })
}

/** Runs the built CLI once so bin/shoal.js leaves a V8 code cache beside the bundle. */
export const warmCodeCache = (binFile) =>
  execFileSync(process.execPath, [binFile, "--help"], { stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } })
