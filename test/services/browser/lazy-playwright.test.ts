/**
 * playwright-core is loaded only when the live Browser layer is built, so
 * `shoal --help` and every other command never pay for it. A static value
 * import anywhere under src/ would undo that silently; this reads the sources.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
const staticImport = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["']playwright(-core)?(\/[^"']*)?["']/gm

describe("playwright-core loading", () => {
  it.each(sources)("%s imports no playwright at module load (type imports only)", (file) => {
    expect(readFileSync(new URL(file, src), "utf8").match(staticImport) ?? []).toEqual([])
  })

  it("the live layer imports it inside its effect, and the shop command imports its run lazily", () => {
    expect(readFileSync(new URL("services/browser/playwright.ts", src), "utf8")).toContain("import(\"playwright-core\")")
    expect(readFileSync(new URL("cli/shop.ts", src), "utf8")).toContain("import(\"./shop-run.js\")")
  })
})
