/**
 * The command line as a user meets it: the CLI bundled into a scratch
 * checkout-like folder (so its external packages resolve from node_modules),
 * run as a child process with no TTY and no keys.
 */
import { spawn } from "node:child_process"
import type { ChildProcessWithoutNullStreams, SpawnOptions } from "node:child_process"
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { isBuildFresh } from "../../scripts/build-state.mjs"
import { bundleCli } from "../../scripts/cli-bundle.mjs"
import { childEnv } from "../support/child-env.js"

export const root = fileURLToPath(new URL("../..", import.meta.url))

export interface ChildResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * A command run to its end, its input written and its output gathered, killed after `timeoutMs` (a minute).
 * Not spawnSync: a test worker blocked that long misses its own calls to vitest, which time out after 60 s and
 * fail the run as unhandled errors even though every test passed (the red CI runs of issue 28, under load).
 */
export const runChild = (
  command: string,
  args: ReadonlyArray<string>,
  options: SpawnOptions & { readonly input?: string; readonly timeoutMs?: number }
): Promise<ChildResult> =>
  new Promise((resolve, reject) => {
    const { input = "", timeoutMs = 60_000, ...spawnOptions } = options
    const child = spawn(command, [...args], { ...spawnOptions, stdio: ["pipe", "pipe", "pipe"] })
    let stdout = ""
    let stderr = ""
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk))
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill("SIGTERM"), timeoutMs)
    child.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.on("close", (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    // A command that exits before reading all of its input closes the pipe: not the test's concern.
    child.stdin?.on("error", () => undefined)
    child.stdin?.end(input)
  })

export interface BuiltCli {
  /** A scratch folder of the test's own: HOME and the data dir are in it. */
  readonly dir: string
  /** Where the CLI is installed: this repository when its build is fresh, else a bundle made in `dir`. */
  readonly installDir: string
  readonly bin: string
  readonly run: (
    args: ReadonlyArray<string>,
    options?: { readonly env?: Record<string, string>; readonly input?: string; readonly nodeArgs?: ReadonlyArray<string> }
  ) => Promise<ChildResult>
  readonly start: (args: ReadonlyArray<string>, env?: Record<string, string>) => ChildProcessWithoutNullStreams
  readonly cleanup: () => void
}

/** The CLI bundled into `dir`, beside the repository's node_modules, as `npm run build` would (without lib/ or source maps). */
const bundleInto = async (dir: string): Promise<string> => {
  await bundleCli(join(dir, "dist"), { sourceMaps: false })
  cpSync(join(root, "bin"), join(dir, "bin"), { recursive: true })
  return dir
}

/**
 * The built command. The repository's own `npm run build` when it is fresh (after `npm ci`, as in CI: what a
 * user runs), otherwise the current source bundled afresh into the scratch folder (bundling costs each file
 * seconds of a busy machine, so only then).
 */
export const buildCli = async (): Promise<BuiltCli> => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "cli-"))
  const installDir = isBuildFresh(root) ? root : await bundleInto(dir)
  const bin = join(installDir, "bin/shoal.js")
  const baseEnv = (env: Record<string, string> = {}) => ({
    ...childEnv(),
    HOME: dir,
    SHOAL_DATA_DIR: join(dir, "data"),
    NO_COLOR: "1",
    ...env
  })
  return {
    dir,
    installDir,
    bin,
    run: (args, options = {}) =>
      runChild(process.execPath, [...(options.nodeArgs ?? []), bin, ...args], {
        cwd: root,
        input: options.input ?? "",
        env: baseEnv(options.env)
      }),
    start: (args, env) => spawn(process.execPath, [bin, ...args], { cwd: root, env: baseEnv(env), stdio: "pipe" }),
    cleanup: () => rmSync(dir, { recursive: true, force: true })
  }
}
