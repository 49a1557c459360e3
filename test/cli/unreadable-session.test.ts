/**
 * Break-test (issue 17, a user of `shoal tidy --list` / `--resume`): a saved
 * session file that cannot be read is skipped with a warning — which said
 * only "skipping an unreadable saved session", not which file nor why, so
 * the user could not find it. A warning's facts are printed with it.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 120_000)
afterAll(() => cli.cleanup())

describe("an unreadable saved session", () => {
  it("--list names the file it skips and why", async () => {
    const data = join(cli.dir, "unreadable")
    mkdirSync(join(data, "sessions", "tidy"), { recursive: true })
    const file = join(data, "sessions", "tidy", "2026-01-02-0304-abcd.json")
    writeFileSync(file, '{"version":1,"kind":"tidy","state":{')
    const listed = await cli.run(["tidy", "--list"], { env: { SHOAL_DATA_DIR: data } })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toContain("No saved tidy sessions yet")
    expect(listed.stderr).toContain("skipping an unreadable saved session")
    expect(listed.stderr).toContain(file)
    // One line per warning: a parse error's tree is not spilled over the terminal.
    expect(listed.stderr.trim().split("\n")).toHaveLength(1)
  })
})
