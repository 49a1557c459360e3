// npm links the bins of a project's dependencies into node_modules/.bin, but
// never the project's own. Without this link `npx shoal` in a fresh clone
// finds no local `shoal` and installs the whole project into npx's cache
// first (13–75 s); with it, npx runs bin/shoal.js at once. Run by `prepare`
// (so by `npm install`); `node scripts/link-bin.mjs [ROOT]`.
import { chmodSync, existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

export const linkOwnBin = (root) => {
  const modules = join(root, "node_modules")
  // Installed as someone's dependency (npm links it itself), or no install here: nothing to do.
  if (!existsSync(modules) || root.split(/[\\/]/).includes("node_modules")) return "skipped"
  // A node_modules shared with another checkout (a symlink) belongs to that checkout.
  if (lstatSync(modules).isSymbolicLink()) return "skipped"
  const binDir = join(modules, ".bin")
  const link = join(binDir, "shoal")
  const target = relative(binDir, join(root, "bin", "shoal.js"))
  mkdirSync(binDir, { recursive: true })
  chmodSync(join(root, "bin", "shoal.js"), 0o755)
  const current = (() => {
    try {
      return readlinkSync(link)
    } catch {
      return undefined
    }
  })()
  if (current === target) return "linked"
  rmSync(link, { force: true })
  symlinkSync(target, link)
  return "linked"
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  linkOwnBin(resolve(process.argv[2] ?? fileURLToPath(new URL("..", import.meta.url))))
}
