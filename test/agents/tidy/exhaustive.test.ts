/**
 * Routing over tagged unions is exhaustive in tidy code (STYLE.md: "no
 * `default:` over tags"): a new Action, phase or disposition must be a
 * compile error until every switch handles it, so no `default:` branch may
 * swallow it silently.
 */
import { readdirSync, readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

const folders = ["src/domain/tidy", "src/agents/tidy", "src/services/question-ui"]

const sources = folders.flatMap((folder) => {
  const dir = new URL(`../../../${folder}/`, import.meta.url)
  return readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => ({ file: `${folder}/${f}`, text: readFileSync(new URL(f, dir), "utf8") }))
})

describe("tidy code has no default branch over tags", () => {
  it("reads the folders it checks", () => {
    expect(sources.length).toBeGreaterThan(20)
  })

  it("no switch in tidy, its domain or the question UI has a `default:` branch", () => {
    const found = sources.flatMap(({ file, text }) =>
      text.split("\n").flatMap((line, i) => (/^\s*default\s*:/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])))
    expect(found).toEqual([])
  })
})
