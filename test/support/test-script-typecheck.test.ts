/**
 * The type check of `npm test`'s script (scripts/test.mjs): it runs alongside the tests, incrementally, and its
 * errors fail the run, printed as one block after the tests. Each case points the script at a small project of
 * its own (SHOAL_TEST_TYPECHECK_DIR) and runs the fixture suite's passing file, as test-script.test.ts does.
 */
import { spawn } from "node:child_process"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterEach, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../..", import.meta.url))
/** Each case starts vitest and tsc once or more: seconds when idle, a minute and more on a loaded two-core machine. */
const slowRun = 240_000
const config = "test/support/retry-fixture/vitest.config.ts"
const cleanups: Array<() => void> = []

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A project of two modules, `b.ts` using `a.ts`'s `a`; `aType` is the type `a` is declared with. */
const project = () => {
  const dir = mkdtempSync(join(tmpdir(), "shoal-typecheck-fixture-"))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ["*.ts"] }))
  const write = (aType: "number" | "string") => {
    writeFileSync(join(dir, "a.ts"), `export const a: ${aType} = ${aType === "number" ? "1" : "\"1\""}\n`)
    writeFileSync(join(dir, "b.ts"), `import { a } from "./a"\nexport const b: number = a\n`)
  }
  write("number")
  return { dir, write, buildInfo: join(dir, "node_modules", ".cache", "shoal", "typecheck.tsbuildinfo") }
}

/** Runs the script, with its type check, on the project in `dir` and the fixture suite's passing file. */
const runScript = (dir: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const state = mkdtempSync(join(tmpdir(), "shoal-retry-fixture-"))
    cleanups.push(() => rmSync(state, { recursive: true, force: true }))
    const { CI: _ci, ...env } = process.env
    const child = spawn(process.execPath, ["scripts/test.mjs", "--config", config, "skips.fixture"], {
      cwd: root,
      env: { ...env, SHOAL_TEST_TYPECHECK_DIR: dir, RETRY_FIXTURE_STATE: state, SHOAL_TEST_WATCH_DIRS: state, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"]
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("close", (code) => resolve({ code, output }))
  })

const lastLine = (output: string) => output.trimEnd().split("\n").at(-1)
const typeError = /b\.ts\(2,14\): error TS2322: Type 'string' is not assignable to type 'number'/

describe("npm test's script: the type check", { timeout: slowRun }, () => {
  it("a type error fails the run; the tests still run and are counted, and tsc's errors follow them as one block", async () => {
    const { dir, write } = project()
    write("string")
    const { code, output } = await runScript(dir)
    expect(output).toMatch(typeError)
    // The block comes after vitest's summary, headed, and is named among the run's failures.
    const summary = output.indexOf("Test Files")
    const block = output.indexOf("Type check (tsc --noEmit): FAILED")
    expect(summary).toBeGreaterThan(-1)
    expect(block).toBeGreaterThan(summary)
    expect(output.slice(block)).toMatch(typeError)
    expect(output).toMatch(/the type check failed \(tsc exit \d+\)/)
    expect(lastLine(output)).toBe("tests: 1 passed, 0 failed, 2 skipped")
    expect(code).toBe(1)
  })

  it("is incremental, and neither a clean cached result nor a damaged cache hides a type error", async () => {
    const { buildInfo, dir, write } = project()
    const clean = await runScript(dir)
    expect(clean.output).toMatch(/Type check \(tsc --noEmit\): passed/)
    expect(clean.code).toBe(0)
    expect(existsSync(buildInfo)).toBe(true)
    // A change since the cached clean run: the module that uses it is checked again.
    write("string")
    const changed = await runScript(dir)
    expect(changed.output).toMatch(typeError)
    expect(changed.code).toBe(1)
    // Nothing changed since: the error is still reported (the cache keeps it), not taken for checked.
    const again = await runScript(dir)
    expect(again.output).toMatch(typeError)
    expect(again.code).toBe(1)
    // A cache that cannot be read is a check from scratch.
    writeFileSync(buildInfo, "{ not json")
    const damaged = await runScript(dir)
    expect(damaged.output).toMatch(typeError)
    expect(damaged.code).toBe(1)
  })
})
