/**
 * serve's loading rule, read from the sources: @effect/cluster, @effect/workflow,
 * @effect/rpc and the SQL drivers are optional peers that only `shoal serve`
 * loads — only files under src/serve import them, and the command module
 * reaches src/serve through dynamic imports when it runs.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../src/", import.meta.url)
const outside = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts") && !f.startsWith("serve/"))
const peers = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["'](@effect\/cluster|@effect\/workflow|@effect\/rpc|@effect\/sql|@effect\/sql-pg|@effect\/sql-sqlite-node)(\/[^"']*)?["']/gm

describe("serve loading", () => {
  it.each(outside)("%s does not import the cluster, workflow or SQL packages statically", (file) => {
    expect(readFileSync(new URL(file, src), "utf8").match(peers) ?? []).toEqual([])
  })

  it("the serve command module imports only the command definitions; the runtime when it runs", () => {
    const text = readFileSync(new URL("cli/serve.ts", src), "utf8")
    const imports = [...text.matchAll(/^import\s+(?!type\b).*from\s+["']([^"']+)["']/gm)].map((m) => m[1])
    expect(imports).toEqual(["@effect/cli", "effect", "./duration-option.js", "./llm-options.js"])
    expect(text).toContain(`import("./serve-run.js")`)
    expect(readFileSync(new URL("cli/serve-run.ts", src), "utf8")).toContain(`importPeer("@effect/cluster", "shoal serve", () => import("../serve/server.js"))`)
  })
})
