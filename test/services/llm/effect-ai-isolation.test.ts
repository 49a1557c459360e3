/**
 * `@effect/ai` is an optional peer: only the Effect AI adapter loads it. This
 * walks the static and dynamic relative imports from the CLI's entry and from
 * every agent, and checks that none reaches the adapter or `@effect/ai`; and
 * that the llm barrel is the adapter's only importer.
 */
import { describe, expect, it } from "@effect/vitest"
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const src = fileURLToPath(new URL("../../../src/", import.meta.url))
const specifiers = (file: string): ReadonlyArray<string> =>
  [...fs.readFileSync(file, "utf8").matchAll(/(?:from\s+|import\s*\(\s*)"([^"]+)"/g)].flatMap((m) => (m[1] === undefined ? [] : [m[1]]))

const reachable = (entry: string): Set<string> => {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return
    seen.add(file)
    for (const spec of specifiers(file)) {
      if (spec.startsWith(".")) visit(path.resolve(path.dirname(file), spec).replace(/\.js$/, ".ts"))
    }
  }
  visit(entry)
  return seen
}

const allFiles = (dir: string): ReadonlyArray<string> =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? allFiles(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : []
  )

const entries = [
  path.join(src, "cli/main.ts"),
  ...fs.readdirSync(path.join(src, "agents"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) =>
    path.join(src, "agents", e.name, "index.ts")
  )
]

describe("@effect/ai stays out of the CLI and the agents", () => {
  it.each(entries)("%s reaches neither the adapter nor @effect/ai", (entry) => {
    const files = [...reachable(entry)]
    expect(files.length).toBeGreaterThan(3)
    expect(files.filter((f) => path.basename(f).startsWith("effect-ai"))).toEqual([])
    expect(files.filter((f) => specifiers(f).some((s) => s.startsWith("@effect/ai")))).toEqual([])
  })

  it("neither the root entry nor shoal/llm reaches it (@effect/ai is an optional peer); shoal/effect-ai does", () => {
    for (const entry of ["index.ts", "exports/llm.ts"]) {
      expect([...reachable(path.join(src, entry))].some((f) => path.basename(f).startsWith("effect-ai")), entry).toBe(false)
    }
    expect([...reachable(path.join(src, "exports/effect-ai.ts"))].some((f) => f.endsWith("services/llm/effect-ai.ts"))).toBe(true)
  })

  it("only the adapter's files import @effect/ai, and only the shoal/effect-ai entry imports the adapter", () => {
    const rel = (f: string) => path.relative(src, f)
    const files = allFiles(src)
    expect(files.filter((f) => specifiers(f).some((s) => s.startsWith("@effect/ai"))).map(rel).sort()).toEqual([
      "services/llm/effect-ai-prompt.ts",
      "services/llm/effect-ai-response.ts",
      "services/llm/effect-ai.ts"
    ])
    const importsAdapter = files.filter((f) => !rel(f).startsWith("services/llm/effect-ai") && specifiers(f).some((s) => /effect-ai(\.js)?$/.test(s)))
    expect(importsAdapter.map(rel)).toEqual(["exports/effect-ai.ts"])
  })
})
