// Builds what `npx shoal` runs (dist/cli, bundled: see cli-bundle.mjs) and
// what embedders import (dist/lib, compiled by tsc with types).
import { execFileSync } from "node:child_process"
import { rmSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { bundleCli } from "./cli-bundle.mjs"

const root = fileURLToPath(new URL("..", import.meta.url))
rmSync(`${root}/dist`, { recursive: true, force: true })
await bundleCli(`${root}/dist/cli`)
execFileSync(process.execPath, [`${root}/node_modules/typescript/bin/tsc`, "-p", `${root}/tsconfig.build.json`], {
  stdio: "inherit"
})
