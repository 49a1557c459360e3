/**
 * The command line as a user meets it: the bundled CLI, run as a child
 * process with no TTY and no keys.
 */
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { bundleCli, heavyPackages } from "../../scripts/cli-bundle.mjs"

const root = fileURLToPath(new URL("../..", import.meta.url))
let dir = ""

beforeAll(async () => {
  // Inside the checkout, so the bundle's external packages resolve from node_modules.
  mkdirSync(join(root, "test-artifacts"), { recursive: true })
  dir = mkdtempSync(join(root, "test-artifacts", "cli-"))
  await bundleCli(join(dir, "dist"))
  mkdirSync(join(dir, "bin"))
  copyFileSync(join(root, "bin", "shoal.js"), join(dir, "bin", "shoal.js"))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const run = (args: ReadonlyArray<string>, env: Record<string, string> = {}, nodeArgs: ReadonlyArray<string> = []) => {
  const result = spawnSync(process.execPath, [...nodeArgs, join(dir, "bin/shoal.js"), ...args], {
    cwd: root,
    encoding: "utf8",
    input: "",
    env: {
      PATH: process.env["PATH"] ?? "",
      HOME: dir,
      NO_COLOR: "1",
      ...env
    }
  })
  return { code: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe("shoal CLI", () => {
  it("--help lists the four subcommands and the version", () => {
    const { code, stdout } = run(["--help"])
    expect(code).toBe(0)
    for (const command of ["tidy", "fitlog", "droid", "shop"]) expect(stdout).toMatch(new RegExp(`^\\s*-?\\s*${command}\\b`, "m"))
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }
    expect(run(["--version"]).stdout.trim()).toContain(pkg.version)
  })

  it("--help loads no provider SDK, browser or image library", () => {
    const trace = join(dir, "imports.txt")
    const { code } = run(["--help"], { SHOAL_TRACE_IMPORTS: trace }, ["--import", join(root, "scripts/trace-imports.mjs")])
    expect(code).toBe(0)
    const loaded = readFileSync(trace, "utf8").split("\n").filter(Boolean)
    expect(loaded.length).toBeGreaterThan(0)
    const heavy = loaded.filter((url) => heavyPackages.some((p) => url.includes(`/node_modules/${p}/`)))
    expect(heavy).toEqual([])
  })

  it("each subcommand has its own help with the shared model flags", () => {
    const { code, stdout } = run(["tidy", "--help"])
    expect(code).toBe(0)
    for (const flag of ["--provider", "--model", "--base-url", "--fallback-model"]) expect(stdout).toContain(flag)
  })

  it("shoal tidy runs offline with no key, saying so once on stderr", () => {
    const { code, stdout, stderr } = run(["tidy"])
    expect(code).toBe(0)
    expect(stderr.match(/Offline mode/g)).toHaveLength(1)
    expect(stdout).toContain("shoal tidy")
  })

  it("a provider without its key is a clear error, not a stack trace", () => {
    const { code, stderr } = run(["tidy", "--provider", "anthropic"])
    expect(code).toBe(1)
    expect(stderr).toContain("ANTHROPIC_API_KEY")
    expect(stderr).not.toMatch(/at .*\.js:\d+/)
  })

  it("a bad flag value is rejected with the valid choices", () => {
    const { code, stdout, stderr } = run(["tidy", "--provider", "gemini"])
    expect(code).not.toBe(0)
    expect(stdout + stderr).toMatch(/anthropic.*openai.*offline/s)
  })

  it("a subcommand not built yet says so and exits non-zero", () => {
    const { code, stderr } = run(["shop"])
    expect(code).toBe(1)
    expect(stderr).toContain("shoal shop is not available in this build yet")
  })
})
