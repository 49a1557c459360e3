/**
 * The provider SDKs are loaded only when a live adapter is built
 * (`await import(...)` inside its effect), so `shoal --help` and offline runs
 * never pay for them. A static value import anywhere under src/ would undo
 * that without any test noticing, so this one reads the sources.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"

const src = new URL("../../../src/", import.meta.url)
const sources = readdirSync(src, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"))
const sdkImport = /^\s*import\s+(?!type\b)[^;'"]*?from\s+["'](@anthropic-ai\/sdk|openai)(\/[^"']*)?["']/gm

describe("provider SDK loading", () => {
  it("finds the adapters it guards", () => {
    expect(sources).toContain("services/llm/anthropic.ts")
    expect(sources).toContain("services/llm/openai.ts")
  })

  it.each(sources)("%s imports no SDK at module load (type imports only)", (file) => {
    const text = readFileSync(new URL(file, src), "utf8")
    expect(text.match(sdkImport) ?? []).toEqual([])
  })

  it("the adapters load their SDK inside the effect", () => {
    expect(readFileSync(new URL("services/llm/anthropic.ts", src), "utf8")).toContain("import(\"@anthropic-ai/sdk\")")
    expect(readFileSync(new URL("services/llm/openai.ts", src), "utf8")).toContain("import(\"openai\")")
  })
})
