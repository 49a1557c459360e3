/**
 * What `npm pack` packs for the consumer test: this repository itself when
 * its `dist/` is at least as new as everything it is built from (as after
 * `npm install` or `npm run build`), otherwise a staging copy built afresh —
 * never rebuilding this repository's own dist/ under tests that are using it.
 */
import { execFile } from "node:child_process"
import { cpSync, mkdirSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { isBuildFresh } from "../../scripts/build-state.mjs"
import { bundleCli } from "../../scripts/cli-bundle.mjs"

const run = promisify(execFile)

export const packableDir = async (root: string, work: string): Promise<string> => {
  if (isBuildFresh(root)) return root
  const stage = join(work, "stage")
  mkdirSync(stage, { recursive: true })
  for (const part of ["package.json", "README.md", "bin", "data", "src", "examples"]) cpSync(join(root, part), join(stage, part), { recursive: true })
  await bundleCli(join(stage, "dist"))
  await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", join(root, "tsconfig.build.json"), "--outDir", join(stage, "dist/lib")])
  return stage
}
