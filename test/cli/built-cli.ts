/**
 * The command line as a user meets it: the CLI bundled into a scratch
 * checkout-like folder (so its external packages resolve from node_modules),
 * run as a child process with no TTY and no keys.
 *
 * The bundle is made once per vitest run (test/support/cli-bundle-dir.ts
 * names its folder) and each file gets a folder of its own whose `dist`
 * links to it: the file's HOME, data and scratch files stay its own.
 */
import { spawn } from "node:child_process"
import type { ChildProcessWithoutNullStreams, SpawnOptions } from "node:child_process"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { inject } from "vitest"
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
  readonly dir: string
  readonly run: (
    args: ReadonlyArray<string>,
    options?: { readonly env?: Record<string, string>; readonly input?: string; readonly nodeArgs?: ReadonlyArray<string> }
  ) => Promise<ChildResult>
  readonly start: (args: ReadonlyArray<string>, env?: Record<string, string>) => ChildProcessWithoutNullStreams
  readonly cleanup: () => void
}

/** The CLI bundled into `dir`: dist/ and bin/shoal.js, with its V8 code cache made by one `--help`. */
const bundleInto = async (dir: string): Promise<void> => {
  await bundleCli(join(dir, "dist"))
  mkdirSync(join(dir, "bin"), { recursive: true })
  copyFileSync(join(root, "bin", "shoal.js"), join(dir, "bin", "shoal.js"))
  const warm = await runChild(process.execPath, [join(dir, "bin", "shoal.js"), "--help"], { cwd: root, env: { ...childEnv(), HOME: dir, NO_COLOR: "1" } })
  if (warm.code !== 0) throw new Error(`the bundled CLI's --help failed (${warm.code}): ${warm.stderr}`)
}

const nextLook = () => new Promise((resolve) => setTimeout(resolve, 200))

/**
 * The run's one bundle: built by the first caller of the run (whichever worker), which marks it `built` (or
 * `failed`, with why); a caller in another worker meanwhile waits for that mark.
 */
const runBundle = async (dir: string): Promise<string> => {
  const built = join(dir, "built")
  const failed = join(dir, "failed")
  mkdirSync(join(dir, ".."), { recursive: true })
  let mine = true
  try {
    mkdirSync(dir)
  } catch {
    mine = false
  }
  if (mine) {
    try {
      await bundleInto(dir)
      writeFileSync(built, "")
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error))
      throw error
    }
  }
  for (;;) {
    if (existsSync(built)) return join(dir, "dist")
    if (existsSync(failed)) throw new Error(`the run's CLI bundle failed to build: ${readFileSync(failed, "utf8")}`)
    await nextLook()
  }
}

const bundles = new Map<string, Promise<string>>()

/** Where this file's CLI bundle is: the run's one (see test/support/cli-bundle-dir.ts), or one made for `dir` alone. */
const distFor = async (dir: string): Promise<string> => {
  // Undefined under a vitest config without that global setup (test:quick's, a fixture's): a bundle of its own.
  const shared: string | undefined = inject("cliBundleDir")
  if (shared === undefined) {
    await bundleInto(dir)
    return join(dir, "dist")
  }
  let bundle = bundles.get(shared)
  if (bundle === undefined) {
    bundle = runBundle(shared)
    bundles.set(shared, bundle)
  }
  return bundle
}

export const buildCli = async (): Promise<BuiltCli> => {
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  const dir = mkdtempSync(join(root, "test-artifacts", "cli-"))
  const dist = await distFor(dir)
  if (dist !== join(dir, "dist")) {
    symlinkSync(dist, join(dir, "dist"), "dir")
    mkdirSync(join(dir, "bin"))
    copyFileSync(join(root, "bin", "shoal.js"), join(dir, "bin", "shoal.js"))
  }
  const baseEnv = (env: Record<string, string> = {}) => ({
    ...childEnv(),
    HOME: dir,
    SHOAL_DATA_DIR: join(dir, "data"),
    NO_COLOR: "1",
    ...env
  })
  return {
    dir,
    run: (args, options = {}) =>
      runChild(process.execPath, [...(options.nodeArgs ?? []), join(dir, "bin/shoal.js"), ...args], {
        cwd: root,
        input: options.input ?? "",
        env: baseEnv(options.env)
      }),
    start: (args, env) =>
      spawn(process.execPath, [join(dir, "bin/shoal.js"), ...args], { cwd: root, env: baseEnv(env), stdio: "pipe" }),
    cleanup: () => rmSync(dir, { recursive: true, force: true })
  }
}
