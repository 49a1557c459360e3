/**
 * `shoal fitlog` answers as people type them (issue 29, item 6), through the
 * bundled command as a child process, offline: text with no words is a
 * usage error (exit 2, one line on stderr, nothing written); `log` lists
 * "Yes, log it" first and takes "yes please" (after saying "not sure" is not
 * an answer); `chat` removes an entry by name. Each ends by reading the
 * diary back.
 */
import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 120_000)
afterAll(() => cli.cleanup())

const offline = (dataDir: string) => ({ env: { SHOAL_PROVIDER: "offline", SHOAL_DATA_DIR: join(cli.dir, dataDir) } })

describe("shoal fitlog, answers as typed", () => {
  it("estimate or log of text with no words: exit 2, one line on stderr, no table, no diary", async () => {
    for (const text of ["", "🍕🍕", "   ", "..."]) {
      const r = await cli.run(["fitlog", "estimate", text], offline("words"))
      expect(r.code, JSON.stringify(text)).toBe(2)
      expect(r.stderr).toMatch(/^shoal: nothing to read: .*say what you ate/m)
      expect(r.stdout).not.toContain("Total")
    }
    const logged = await cli.run(["fitlog", "log", "--yes", "🍕🍕"], offline("words"))
    expect(logged.code).toBe(2)
    expect(logged.stderr).toContain("only emoji")
    expect(existsSync(join(cli.dir, "words", "fitlog", "diary.sqlite"))).toBe(false)
  }, 120_000)

  it("log lists \"Yes, log it\" first, re-asks after \"not sure\", and logs on \"Yes please!\"", async () => {
    const r = await cli.run(["fitlog", "log", "2 eggs for breakfast"], { ...offline("confirm"), input: "not sure\nYes please!\n" })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/1\) Yes, log it\n\s+2\) No, log nothing/)
    expect(r.stdout).toContain("\"not sure\" is not one of the options")
    expect(r.stdout).toContain("Logged to the local diary — breakfast")
    const csv = await cli.run(["fitlog", "export", "--csv"], offline("confirm"))
    expect(csv.stdout.trim().split("\n")).toHaveLength(2)
  }, 120_000)

  it("chat offline: \"remove the almonds\", then yes, leaves only the eggs in the diary", async () => {
    const input = "2 eggs, 28g almonds for breakfast\nyes\nremove the almonds\nyes\nquit\n"
    const r = await cli.run(["fitlog", "chat"], { ...offline("chat"), input })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Remove "28g almonds" \(.*\) from breakfast\? \(yes \/ no\)/)
    expect(r.stdout).toContain("Removed \"28g almonds\"")
    const csv = await cli.run(["fitlog", "export", "--csv"], offline("chat"))
    const rows = csv.stdout.trim().split("\n").slice(1)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toContain("2 eggs")
  }, 120_000)
})
