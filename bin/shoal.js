#!/usr/bin/env node
// The `shoal` command. Runs the bundled CLI that `npm install` builds (see scripts/build.mjs).
import { existsSync } from "node:fs"

const main = new URL("../dist/cli/main.js", import.meta.url)
if (!existsSync(main)) {
  process.stderr.write("shoal is not built yet: run `npm run build` (npm install does it for you).\n")
  process.exit(1)
}
await import(main.href)
