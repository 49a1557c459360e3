/**
 * The command line as a user meets it: the CLI bundled into a scratch
 * checkout-like folder (so its external packages resolve from node_modules),
 * run as a child process with no TTY and no keys.
 */
import { spawn, spawnSync } from "node:child_process"
import type { ChildProcessWithoutNullStreams } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { bundleCli } from "../../scripts/cli-bundle.mjs"
import { childEnv } from "../support/child-env.js"

export const root = fileURLToPath(new URL("../..", import.meta.url))

export interface BuiltCli {
  readonly dir: string
  readonly run: (
    args: ReadonlyArray<string>,
    options?: { readonly env?: Record<string, string>; readonly input?: string; readonly nodeArgs?: ReadonlyArray<string> }
  ) => { readonly code: number | null; readonly stdout: string; readonly stderr: string }
  readonly start: (args: ReadonlyArray<string>, env?: Record<string, string>) => ChildProcessWithoutNullStreams
  readonly cleanup: () => void
}

export const buildCli = async (): Promise<BuiltCli> => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "cli-"))
  await bundleCli(join(dir, "dist"))
  mkdirSync(join(dir, "bin"))
  copyFileSync(join(root, "bin", "shoal.js"), join(dir, "bin", "shoal.js"))
  const baseEnv = (env: Record<string, string> = {}) => ({
    ...childEnv(),
    HOME: dir,
    SHOAL_DATA_DIR: join(dir, "data"),
    NO_COLOR: "1",
    ...env
  })
  return {
    dir,
    run: (args, options = {}) => {
      const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), join(dir, "bin/shoal.js"), ...args], {
        cwd: root,
        encoding: "utf8",
        input: options.input ?? "",
        env: baseEnv(options.env),
        timeout: 60_000
      })
      return { code: result.status, stdout: result.stdout, stderr: result.stderr }
    },
    start: (args, env) =>
      spawn(process.execPath, [join(dir, "bin/shoal.js"), ...args], { cwd: root, env: baseEnv(env), stdio: "pipe" }),
    cleanup: () => rmSync(dir, { recursive: true, force: true })
  }
}
