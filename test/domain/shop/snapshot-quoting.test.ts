/**
 * The snapshot parser reads names exactly as Playwright writes them (issue
 * 13 item 4): names with `#`, `:`, `{`, quotes, backslashes or a leading
 * `-` survive. Two properties:
 *
 * - pure: lines built with Playwright's own quoting functions — taken from
 *   the installed playwright-core, not copied — parse back to the same
 *   role, name, ref, url and value;
 * - real: a page of product links with generated names (some wrapping a
 *   heading), snapshotted by headless Debian Chromium, parses back to
 *   every name and href.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { chromium } from "playwright-core"
import { parseSnapshot } from "../../../src/domain/shop/page-snapshot.js"

/** playwright-core's `packages/isomorphic/yaml.ts`, read out of its bundle so the test follows the installed version. */
const playwrightYaml = (() => {
  const packageJson = createRequire(import.meta.url).resolve("playwright-core/package.json")
  const bundle = readFileSync(join(dirname(packageJson), "lib", "coreBundle.js"), "utf8")
  const start = bundle.indexOf("// packages/isomorphic/yaml.ts\nfunction yamlEscapeKeyIfNeeded")
  const end = bundle.indexOf("var init_yaml", start)
  if (start < 0 || end < 0) throw new Error("playwright-core no longer bundles packages/isomorphic/yaml.ts where this test looks; re-read its quoting")
  const source = bundle.slice(start, end)
  const make = new Function(`${source}; return { yamlEscapeKeyIfNeeded, yamlEscapeValueIfNeeded }`)
  const fns: unknown = make()
  if (
    typeof fns !== "object" || fns === null || !("yamlEscapeKeyIfNeeded" in fns) || !("yamlEscapeValueIfNeeded" in fns) ||
    typeof fns.yamlEscapeKeyIfNeeded !== "function" || typeof fns.yamlEscapeValueIfNeeded !== "function"
  ) throw new Error("playwright-core's yaml.ts did not define the escape functions")
  const key = fns.yamlEscapeKeyIfNeeded
  const value = fns.yamlEscapeValueIfNeeded
  return { escapeKey: (s: string): string => String(key(s)), escapeValue: (s: string): string => String(value(s)) }
})()

/** Characters YAML (and our old parser) trip over, mixed with ordinary ones. */
const tricky = fc.constantFrom(..."#:{}[]\"'\\`,&*!|>%@-?~=/ abcxyzEGG0129éü$".split(""))
const nameArb = fc.array(tricky, { minLength: 1, maxLength: 24 }).map((cs) => cs.join(""))
/** A name as it appears in the accessibility tree: whitespace collapsed and trimmed (Chromium does this). */
const visibleName = nameArb.map((s) => s.replace(/\s+/g, " ").trim()).filter((s) => s.length > 0)

interface Rendered {
  readonly role: string
  readonly name: string
  readonly ref: string
  readonly url?: string
  readonly value?: string
}

/** One node as `renderAriaSnapshotAsYaml` writes it: key `role "json name" [ref=…]`, YAML-escaped, then value or `/url` child. */
const render = (n: Rendered): string => {
  const key = playwrightYaml.escapeKey(`${n.role} ${JSON.stringify(n.name)} [ref=${n.ref}] [cursor=pointer]`)
  if (n.url !== undefined) return `- ${key}:\n  - /url: ${playwrightYaml.escapeValue(n.url)}`
  if (n.value !== undefined) return `- ${key}: ${playwrightYaml.escapeValue(n.value)}`
  return `- ${key}`
}

describe("snapshot quoting (Playwright's rules)", () => {
  it("Playwright quotes keys that YAML would misread, and the parser reads them back", () => {
    expect(playwrightYaml.escapeKey("link \"Eggs: large\" [ref=e1]")).toBe("'link \"Eggs: large\" [ref=e1]'")
    const lines = [
      render({ role: "link", name: "Eggs: large, 12 #1 {fresh}", ref: "e1", url: "/p/eggs?x=1#top" }),
      render({ role: "heading", name: "Say \"cheese\" 'n' crackers", ref: "e2" }),
      render({ role: "textbox", name: "- search", ref: "e3", value: "2 # of: \"milk\"\n" })
    ].join("\n")
    expect(parseSnapshot(lines).map((n) => [n.role, n.name, n.ref, n.url, n.value])).toEqual([
      ["link", "Eggs: large, 12 #1 {fresh}", "e1", "/p/eggs?x=1#top", undefined],
      ["heading", "Say \"cheese\" 'n' crackers", "e2", undefined, undefined],
      ["textbox", "- search", "e3", undefined, "2 # of: \"milk\"\n"]
    ])
  })

  it.prop("any name, url and value round-trips through Playwright's quoting", [
    fc.array(fc.record({ role: fc.constantFrom("link", "button", "heading", "textbox"), name: nameArb, url: fc.option(nameArb, { nil: undefined }), value: fc.option(nameArb, { nil: undefined }) }), { minLength: 1, maxLength: 8 })
  ], ([nodes]) => {
    const rendered = nodes.map((n, i): Rendered => ({
      role: n.role,
      name: n.name,
      ref: `e${i + 1}`,
      ...(n.url === undefined ? {} : { url: n.url }),
      ...(n.url !== undefined || n.value === undefined ? {} : { value: n.value })
    }))
    const parsed = parseSnapshot(rendered.map(render).join("\n"))
    expect(parsed.map((p) => [p.role, p.name, p.ref, p.url])).toEqual(rendered.map((r) => [r.role, r.name, r.ref, r.url]))
    // A value that is only whitespace reads as no value (the parser's rule for empty fields).
    expect(parsed.map((p) => p.value)).toEqual(rendered.map((r) => (r.value === undefined || r.value.trim() === "" ? undefined : r.value)))
  })
})

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;")

describe("snapshot quoting (real Chromium)", () => {
  it("product links with generated names, plain or wrapping a heading, come back whole with their hrefs", async () => {
    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"], headless: true })
    try {
      const page = await browser.newPage()
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(visibleName, fc.boolean()), { minLength: 1, maxLength: 12 }), async (products) => {
          const tiles = products.map(([name, wrapsHeading], i) =>
            wrapsHeading
              ? `<li><a href="/p/${i}"><h3>${escapeHtml(name)}</h3></a><button>Add ${i}</button></li>`
              : `<li><a href="/p/${i}">${escapeHtml(name)}</a><button>Add ${i}</button></li>`
          )
          await page.setContent(`<main><ul>${tiles.join("")}</ul></main>`)
          const snapshot = await page.ariaSnapshot({ mode: "ai" })
          const links = parseSnapshot(snapshot).filter((n) => n.role === "link")
          expect(links.map((l) => [l.name, l.url]), snapshot).toEqual(products.map(([name], i) => [name, `/p/${i}`]))
          const headings = parseSnapshot(snapshot).filter((n) => n.role === "heading").map((h) => h.name)
          expect(headings).toEqual(products.filter(([, h]) => h).map(([name]) => name))
        }),
        { numRuns: 25 }
      )
    } finally {
      await browser.close()
    }
  }, 120_000)
})
