// Whether dist/ is at least as new as everything it is built from. `prepare`
// (so `npm install`, and the link npx makes to this project on its first
// `npx shoal`) rebuilds only when it is not; `npm run build` always does.
import { existsSync, readdirSync, statSync } from "node:fs"
import { join } from "node:path"
import { bundles } from "../bin/bundles.js"

const newest = (path) => {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))))
}

export const builtFiles = (root) => [join(root, "dist/lib/index.js"), join(root, "dist/lib/exports/tidy.d.ts"), ...Object.keys(bundles).map((name) => join(root, "dist/cli", name))]
const sources = ["src", "package.json", "tsconfig.json", "tsconfig.build.json", "scripts/build.mjs", "scripts/cli-bundle.mjs", "bin/bundles.js"]

export const isBuildFresh = (root) => {
  const built = builtFiles(root)
  if (!built.every((f) => existsSync(f))) return false
  const newestSource = Math.max(...sources.filter((p) => existsSync(join(root, p))).map((p) => newest(join(root, p))))
  return Math.min(...built.map((f) => statSync(f).mtimeMs)) >= newestSource
}
