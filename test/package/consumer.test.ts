/**
 * Issue 16 item 10: a stranger's project. The package is packed with
 * `npm pack`, installed offline (npm's cache, by integrity; no test reaches
 * the registry) into a temporary project with its peers, then a strict
 * consumer using only public subpaths is type-checked against the packed
 * types, its tests run (the app's and the property test copied from the
 * package's own examples/), and nothing heavy is installed or loaded.
 */
import { execFile } from "node:child_process"
import { createHash } from "node:crypto"
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { heavyPackages } from "../../scripts/cli-bundle.mjs"
import type { PackageJson } from "./consumer-lock.js"
import { consumerLock } from "./consumer-lock.js"
import { packableDir } from "./pack-dir.js"

const run = promisify(execFile)
const repo = fileURLToPath(new URL("../..", import.meta.url))
const repoModules = join(repo, "node_modules")
const node = process.execPath
/** What a tidy embedder must never get: the browser, ADB, native SQLite, QuickJS, sharp (and the SDKs, optional peers). */
const heavy = [...heavyPackages, "@img/sharp-linux-x64", "@jitl/quickjs-wasmfile-release-sync"]
const npmEnv = { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" }

let project = ""
let work = ""

/** What `vitest --reporter json` writes, as far as this test reads it. */
interface ConsumerReport {
  readonly numPassedTests: number
  readonly numFailedTests: number
  readonly testResults: ReadonlyArray<{
    readonly name: string
    readonly assertionResults: ReadonlyArray<{ readonly fullName: string; readonly status: string; readonly failureMessages: ReadonlyArray<string> }>
  }>
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "shoal-consumer-"))
  project = join(work, "app")
  const packFrom = await packableDir(repo, work)
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", work], { cwd: packFrom, env: npmEnv })
  const packed: ReadonlyArray<{ readonly filename: string }> = JSON.parse(stdout)
  const filename = packed[0]?.filename ?? "missing"
  cpSync(join(fileURLToPath(new URL("./consumer", import.meta.url))), project, { recursive: true })
  const tarball = readFileSync(join(work, filename))
  const shoal: PackageJson = JSON.parse(readFileSync(join(packFrom, "package.json"), "utf8"))
  const { lock, missing } = consumerLock(JSON.parse(readFileSync(join(repo, "package-lock.json"), "utf8")), shoal, {
    file: `../${filename}`,
    integrity: `sha512-${createHash("sha512").update(tarball).digest("base64")}`
  })
  expect(missing).toEqual([])
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module", dependencies: { shoal: `file:../${filename}` } }, null, 2))
  writeFileSync(join(project, "package-lock.json"), JSON.stringify(lock, null, 2))
  await run("npm", ["ci", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: project, env: npmEnv })
}, 600_000) // a stale dist/ is built afresh in a staging copy first: minutes on a busy machine

afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true })
}, 120_000)

/** The dev tools the stranger would add (typescript, vitest, @types/node), linked from this repo after the install checks. */
const linkDevTools = () => {
  for (const tool of ["typescript", "vitest", "@types/node"]) {
    const target = join(project, "node_modules", tool)
    rmSync(target, { recursive: true, force: true })
    mkdirSync(dirname(target), { recursive: true })
    symlinkSync(join(repoModules, tool), target, "dir")
  }
}

describe("a stranger's project installing the packed shoal", () => {
  it("installs with its peers and none of the heavy packages, and npm finds nothing missing", async () => {
    const { stdout } = await run("npm", ["ls", "--all", "--json", "--offline"], { cwd: project, env: npmEnv })
    interface Node {
      readonly version?: string
      readonly missing?: boolean
      readonly dependencies?: Record<string, Node>
    }
    const tree: Node = JSON.parse(stdout)
    const names = new Set<string>()
    const notInstalled = new Set<string>()
    const walk = (deps: Record<string, Node> | undefined) => {
      for (const [name, node] of Object.entries(deps ?? {})) {
        // npm lists an optional peer it did not install without a version; a required one would be `missing` (and npm ls would fail).
        expect(node.missing, `${name} is required but missing`).toBeUndefined()
        if (node.version === undefined) {
          notInstalled.add(name)
          continue
        }
        names.add(name)
        walk(node.dependencies)
      }
    }
    walk(tree.dependencies)
    expect([...names].filter((n) => heavy.includes(n))).toEqual([])
    expect(notInstalled).toContain("playwright-core")
    // @effect/ai is an optional peer since shoal/effect-ai has its own subpath: only that entry loads it.
    expect(notInstalled).toContain("@effect/ai")
    for (const peer of ["effect", "@effect/platform", "@effect/platform-node"]) expect(names).toContain(peer)
    const lock = readFileSync(join(project, "package-lock.json"), "utf8")
    expect(heavy.filter((h) => lock.includes(`"node_modules/${h}"`))).toEqual([])
  })

  it("loads shoal/tidy, shoal/llm and shoal/testing without any heavy module", async () => {
    const trace = join(work, "trace.txt")
    const probe = `const t = await import("shoal/tidy"); await import("shoal/llm"); await import("shoal/testing");
      if (typeof t.turn !== "function" || typeof t.SessionStore.layerMemory !== "object") process.exit(3)`
    await run(node, ["--import", join(repo, "scripts/trace-imports.mjs"), "--input-type=module", "-e", probe], {
      cwd: project,
      env: { ...process.env, SHOAL_TRACE_IMPORTS: trace }
    })
    const loaded = readFileSync(trace, "utf8").split("\n")
    expect(loaded.some((url) => url.includes("/node_modules/shoal/dist/lib/exports/tidy.js"))).toBe(true)
    const heavyDir = new RegExp(`/node_modules/(${heavy.join("|")}|@img|@jitl)/`)
    expect(loaded.filter((url) => heavyDir.test(url))).toEqual([])
  })

  it("the installed shoal command runs, and a command needing a missing optional peer says which to install", async () => {
    const bin = join(project, "node_modules/.bin/shoal")
    const env = { ...process.env, NO_COLOR: "1", ANTHROPIC_API_KEY: "", OPENAI_API_KEY: "", SHOAL_DATA_DIR: join(work, "data") }
    const help = await run(node, [bin, "--help"], { cwd: project, env })
    expect(help.stdout).toContain("tidy")
    const failed: { readonly code?: number; readonly stderr?: string } = await run(node, [bin, "fitlog", "today", "--db", join(work, "diary.sqlite")], {
      cwd: project,
      env
    }).then(() => ({}), (e: { code?: number; stderr?: string }) => e)
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain("npm install @effect/sql-sqlite-node")
    expect(failed.stderr).not.toMatch(/\bat .*\(.*:\d+:\d+\)/)
  })

  it("an embedder building a layer whose optional peer is missing is told which package to install, not Node's bare 'Cannot find package'", async () => {
    // None of these peers is installed in the stranger's project (the first test asserts it).
    const probe = `import { Cause, Effect, Redacted } from "effect"
      import { Llm, layerAnthropic, layerOpenAi } from "shoal/llm"
      import { Photos } from "shoal/tidy"
      import { Diary } from "shoal/fitlog"
      const said = (layer, tag) => Effect.runPromiseExit(Effect.provide(tag, layer)).then((exit) => exit._tag === "Failure" ? Cause.pretty(exit.cause) : "built")
      const out = [
        await said(layerAnthropic({ apiKey: Redacted.make("k"), model: "m" }), Llm),
        await said(layerOpenAi({ apiKey: Redacted.make("k"), model: "m" }), Llm),
        await said(Photos.layerSharp, Photos.Photos),
        await said(Diary.layerSqliteMemory, Diary.Diary)
      ]
      process.stdout.write(JSON.stringify(out))`
    const { stdout } = await run(node, ["--input-type=module", "-e", probe], { cwd: project })
    const said: ReadonlyArray<string> = JSON.parse(stdout)
    const wanted = ["@anthropic-ai/sdk", "openai", "sharp", "@effect/sql-sqlite-node"]
    expect(said.map((text, i) => text.includes(`npm install ${wanted[i] ?? "?"}`))).toEqual([true, true, true, true])
  })

  it("type-checks a strict consumer against the packed types, and its tests (with the copied property test) pass", async () => {
    linkDevTools()
    cpSync(join(project, "node_modules/shoal/examples/tidy-routing.test.ts"), join(project, "test/tidy-routing.test.ts"))
    const tsc = join(project, "node_modules/typescript/bin/tsc")
    // One program, checked and listed (--listFiles): the type check is most of this test's time.
    const { stdout: files } = await run(node, [tsc, "-p", ".", "--listFiles"], { cwd: project }).catch((e: { stdout: string }) => {
      throw new Error(`the consumer does not type-check:\n${e.stdout.split("\n").filter((line) => !line.startsWith("/")).join("\n")}`)
    })
    // skipLibCheck (as most projects set it) would hide a declaration of shoal's that imports an
    // optional peer the consumer lacks: none of the declarations its imports reach may.
    const shoal: PackageJson = JSON.parse(readFileSync(join(project, "node_modules/shoal/package.json"), "utf8"))
    const optionalPeers = Object.keys(shoal.peerDependenciesMeta ?? {})
    const reached = files.split("\n").filter((f) => f.includes("/node_modules/shoal/") && f.endsWith(".d.ts"))
    expect(reached.some((f) => f.endsWith("/exports/tidy.d.ts"))).toBe(true)
    const imports = (text: string, peer: string) => text.includes(`from "${peer}"`) || text.includes(`from "${peer}/`) || text.includes(`import("${peer}`)
    const leaks = reached.filter((f) => optionalPeers.some((p) => imports(readFileSync(f, "utf8"), p)))
    expect(leaks).toEqual([])
    // Its vitest exits 1 when a test fails: the report is read either way, so a failure names the test and why.
    const { stdout, stderr } = await run(node, [join(project, "node_modules/vitest/vitest.mjs"), "run", "--root", project, "--reporter", "json"], {
      cwd: project,
      env: { ...process.env, NO_COLOR: "1" },
      maxBuffer: 16 * 1024 * 1024
    }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? "", stderr: e.stderr ?? "" }))
    if (!stdout.includes("{")) throw new Error(`the consumer's vitest wrote no report:\n${stderr}`)
    const report: ConsumerReport = JSON.parse(stdout.slice(stdout.indexOf("{")))
    const failed = report.testResults.flatMap((file) =>
      file.assertionResults.filter((t) => t.status !== "passed").map((t) => `${t.fullName}: ${t.failureMessages.join(" ").slice(0, 600)}`))
    expect(failed).toEqual([])
    expect(report.numFailedTests).toBe(0)
    expect(report.numPassedTests).toBe(4)
    expect(report.testResults.map((r) => r.name.replace(`${project}/`, "")).sort()).toEqual(["test/app.test.ts", "test/tidy-routing.test.ts"])
  }, 480_000) // a type check and a vitest run of their own: its vitest step alone took 195 s at load 30
}, 240_000)
