// `node scripts/run-ts.mjs FILE.ts [args…]`: run a TypeScript file of this
// repository (an example) on Node 20, which cannot strip types itself:
// esbuild bundles it, dependencies external, into node_modules/.cache.
import { build } from "esbuild"
import { mkdirSync } from "node:fs"
import { basename, join, resolve } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const [file, ...args] = process.argv.slice(2)
if (file === undefined) {
  process.stderr.write("usage: node scripts/run-ts.mjs FILE.ts [args…]\n")
  process.exit(2)
}
const outdir = join(root, "node_modules", ".cache", "shoal-run")
mkdirSync(outdir, { recursive: true })
const outfile = join(outdir, `${basename(file, ".ts")}.mjs`)
await build({
  entryPoints: [resolve(file)],
  outfile,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  logLevel: "warning"
})
process.argv = [process.argv[0], outfile, ...args]
await import(pathToFileURL(outfile).href)
