// Builds what `npx shoal` runs (dist/cli: see cli-bundle.mjs) and what
// embedders import (dist/lib, compiled by tsc with types and declaration maps).
// `--if-stale` (how `prepare` runs it) does nothing when dist/ is newer than
// its sources: npx's first `npx shoal` in this project runs `prepare` again.
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { isBuildFresh } from "./build-state.mjs"
import { bundleCli, warmCodeCache } from "./cli-bundle.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
if (process.argv.includes("--if-stale") && isBuildFresh(root)) process.exit(0)
rmSync(join(root, "dist"), { recursive: true, force: true })
await bundleCli(join(root, "dist"))
warmCodeCache(join(root, "bin", "shoal.js"))
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json")], {
  stdio: "inherit"
})
