/**
 * vitest's global setup: where this run's one CLI bundle goes. Bundling the CLI takes esbuild 5–15 s; each of
 * the dozen files that run the command used to make its own. The first of them to need it builds it there
 * (test/cli/built-cli.ts) and the rest reuse it; nothing is built when no such file runs. The folder is in the
 * repository's test-artifacts/ (the bundle's external packages resolve from node_modules) and is removed when
 * the run ends.
 */
import { rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"

declare module "vitest" {
  export interface ProvidedContext {
    /** This run's CLI bundle folder (not yet built): test/cli/built-cli.ts builds it once. */
    readonly cliBundleDir: string
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url))

export default function setup(project: TestProject) {
  const dir = join(root, "test-artifacts", `cli-bundle-${process.pid}-${Date.now().toString(36)}`)
  project.provide("cliBundleDir", dir)
  return () => rmSync(dir, { recursive: true, force: true })
}
