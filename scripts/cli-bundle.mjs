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
//   bin/shoal.js defines in its own (ESM) scope;
// - several bundles from the one entry, each with only some commands' own
//   code (bin/bundles.js says which, and which one a command line runs): every
//   start reads and deserializes its whole bundle, and `shoal --help` needs
//   none of it.
import { build } from "esbuild"
import { bundleFor, bundles, commandModules } from "../bin/bundles.js"
import { execFileSync } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join, sep } from "node:path"
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

/**
 * What the bundles leave to Node, loaded when the code that needs them runs: the heavy packages, and undici,
 * which @effect/platform-node's HTTP server imports for its test client (0.5 MB that the web page's server and
 * serve's would carry into every start; installed with @effect/platform-node, so not one of the peers above).
 */
export const externalPackages = [...heavyPackages, "undici"]

/**
 * In a bundle without a command's code, that code's modules are this: a module that fails when imported.
 * bin/bundles.js never runs such a bundle for a command line that names the command, so it is never reached.
 */
const withoutCommands = (bundle, commands) => {
  const modules = commands.flatMap((command) => commandModules[command])
  return {
    name: "without-commands",
    setup(build) {
      build.onResolve({ filter: /^\.\/[a-z-]+\.js$/ }, (args) => {
        const module = args.path.slice(2, -3)
        return args.importer.includes(`${sep}src${sep}cli${sep}`) && modules.includes(module)
          ? { path: module, namespace: "without-commands" }
          : undefined
      })
      build.onLoad({ filter: /.*/, namespace: "without-commands" }, (args) => ({
        loader: "js",
        contents: `throw new Error(${JSON.stringify(`src/cli/${args.path}.ts is not in dist/cli/${bundle}: bin/bundles.js runs another bundle for a command line that names its command`)})`
      }))
    }
  }
}

const root = fileURLToPath(new URL("..", import.meta.url))

/**
 * Packages left out of the bundle and loaded the first time they are used, not at every start: compromise
 * builds its English lexicon and tagger when it loads (0.5 s of CPU), which `shoal fitlog today` or `shoal shop`
 * never need. The bundle's `import nlp from "compromise"` becomes a stand-in that requires the package (its
 * CommonJS build, from node_modules) when it is first called or read.
 */
export const lazyPackages = ["compromise"]

const lazyInit = {
  name: "lazy-packages",
  setup(build) {
    build.onResolve({ filter: new RegExp(`^(?:${lazyPackages.join("|")})$`) }, (args) =>
      args.kind === "import-statement" ? { path: args.path, namespace: "lazy-package" } : { path: args.path, external: true })
    build.onLoad({ filter: /.*/, namespace: "lazy-package" }, (args) => ({
      loader: "js",
      contents: `let lib
const load = () => (lib ??= require(${JSON.stringify(args.path)}))
export default new Proxy(function () {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  get: (_, key) => Reflect.get(load(), key)
})
`
    }))
  }
}

/**
 * Writes `<distDir>/cli/<bundle>` for each of bin/bundles.js's bundles; `bin/shoal.js` beside `<distDir>/..` runs
 * them. With `sourceMaps: false` (a scratch build for tests) there are no `.map` files: a third of the time.
 */
export const bundleCli = (distDir, { sourceMaps = true } = {}) =>
  Promise.all(Object.entries(bundles).map(([name, commands]) =>
    bundleOne(distDir, name, sourceMaps, [lazyInit, withoutCommands(name, Object.keys(commandModules).filter((c) => !commands.includes(c)))])))

const bundleOne = async (distDir, name, sourceMaps, plugins) => {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ["src/cli/main.ts"],
    outfile: join(distDir, "cli", name),
    bundle: true,
    format: "cjs",
    platform: "node",
    target: "node20",
    minify: true,
    sourcemap: sourceMaps ? "linked" : false,
    external: externalPackages,
    write: false,
    logLevel: "warning",
    // Modules that resolve a package path use `require.resolve` when there is a `require` (this CJS bundle)
    // and `import.meta.url` only otherwise (dist/lib, ESM): the empty import.meta here is never read.
    logOverride: { "empty-import-meta": "silent" },
    plugins
  })
  for (const file of result.outputFiles) {
    const text = file.path.endsWith(".cjs") ? routeDynamicImports(file.text) : file.text
    mkdirSync(dirname(file.path), { recursive: true })
    writeFileSync(file.path, text)
  }
}

/** What the bundle leaves to Node: the heavy packages and Node's own modules. */
const isExternal = (specifier) =>
  specifier.startsWith("node:") || externalPackages.some((p) => specifier === p || specifier.startsWith(`${p}/`))

/** `import("pkg")` → `__shoalImport("pkg")` for every external module; any other dynamic import is a build error. */
const routeDynamicImports = (code) => {
  const routed = code.replace(/\bimport\((["'])([^"']+)\1\)/g, (call, quote, specifier) =>
    isExternal(specifier) ? `__shoalImport(${quote}${specifier}${quote})` : call)
  const left = routed.match(/\bimport\([^)]{0,60}\)/g)
  if (left !== null) throw new Error(`the CLI bundle has dynamic imports bin/shoal.js cannot serve: ${left.join(", ")}`)
  return routed
}

/** Runs each bundle once (`<a command only it holds> --help`) so bin/shoal.js leaves a V8 code cache beside it. */
export const warmCodeCache = (binFile) => {
  for (const [name, commands] of Object.entries(bundles)) {
    const args = [...commands.filter((command) => bundleFor([command]) === name).slice(0, 1), "--help"]
    execFileSync(process.execPath, [binFile, ...args], { stdio: "ignore", env: { ...process.env, NO_COLOR: "1" } })
  }
}
