// How the command line is built, shared by the build and by the tests that
// check what `shoal --help` loads.
//
// Start-up is most of what a CLI costs, so:
// - one bundled file instead of the thousand modules of effect + @effect/cli;
// - CommonJS, so bin/shoal.js can compile it through `vm.Script` with a V8
//   code cache (Node 20 has no module compile cache): the cache is made at
//   build time by running `--help` once, and remade if V8 rejects it;
// - heavy packages stay external and are loaded only by the code that needs
//   them, when it runs, through Node's ESM loader (some, like appium-adb, are
//   ES modules only and cannot be required). A `vm.Script` compiled from a
//   code cache loses its dynamic-import callback on Node 20, so the bundle's
//   `import("pkg")` calls are rewritten to `__shoalImport("pkg")`, a function
//   bin/shoal.js defines in its own (ESM) scope.
import { build } from "esbuild"
import { execFileSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

export const heavyPackages = [
  "@anthropic-ai/sdk",
  "openai",
  "playwright-core",
  "sharp",
  "appium-adb",
  "quickjs-emscripten",
  "better-sqlite3",
  "@effect/sql-sqlite-node",
  // shoal serve --db postgres:// only (its migrator has a dynamic import the bundle cannot route)
  "@effect/sql-pg"
]

const root = fileURLToPath(new URL("..", import.meta.url))

/** Writes `<distDir>/cli/shoal.cjs`; `bin/shoal.js` beside `<distDir>/..` runs it. */
export const bundleCli = async (distDir) => {
  const result = await build({
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
    write: false,
    logLevel: "warning",
    // Modules that resolve a package path use `require.resolve` when there is a `require` (this CJS bundle)
    // and `import.meta.url` only otherwise (dist/lib, ESM): the empty import.meta here is never read.
    logOverride: { "empty-import-meta": "silent" }
  })
  for (const file of result.outputFiles) {
    const text = file.path.endsWith(".cjs") ? routeDynamicImports(file.text) : file.text
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, text)
  }
}

/** What the bundle leaves to Node: the heavy packages and Node's own modules. */
const isExternal = (specifier) =>
  specifier.startsWith("node:") || heavyPackages.some((p) => specifier === p || specifier.startsWith(`${p}/`))

/** `import("pkg")` → `__shoalImport("pkg")` for every external module; any other dynamic import is a build error. */
const routeDynamicImports = (code) => {
  const routed = code.replace(/\bimport\((["'])([^"']+)\1\)/g, (call, quote, specifier) =>
    isExternal(specifier) ? `__shoalImport(${quote}${specifier}${quote})` : call)
  const left = routed.match(/\bimport\([^)]{0,60}\)/g)
  if (left !== null) throw new Error(`the CLI bundle has dynamic imports bin/shoal.js cannot serve: ${left.join(", ")}`)
  return routed
}

/** Runs the built CLI once so bin/shoal.js leaves a V8 code cache beside the bundle. */
export const warmCodeCache = (binFile) =>
  execFileSync(process.execPath, [binFile, "--help"], { stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } })
