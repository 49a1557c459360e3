/**
 * Break-test of `shoal serve`'s start as a new user meets it (the bundled
 * CLI as a child process): a port already taken and a `--db` that cannot be
 * opened are the user's to fix, so they say what is wrong and where, and exit
 * 1 — not an empty "shoal: " line, nor "internal error (a bug)" with a stack.
 */
import { mkdtempSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import type { Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "../cli/built-cli.js"
import { buildCli } from "../cli/built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 300_000)
afterAll(() => cli.cleanup())

const env = { SHOAL_PROVIDER: "offline" }

const userError = (result: { readonly code: number | null; readonly stderr: string }) => {
  expect(result.stderr).not.toContain("internal error")
  expect(result.stderr).not.toMatch(/^\s+at /m)
  expect(result.code).toBe(1)
}

describe("shoal serve start-up errors", () => {
  it("a port already in use is said, with the port and what to do", async () => {
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve))
    try {
      const address = taken.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      const result = await cli.run(["serve", "--port", String(port)], { env })
      userError(result)
      expect(result.stderr).toContain(`127.0.0.1:${port}`)
      expect(result.stderr).toMatch(/in use/)
      expect(result.stderr).toContain("--port")
    } finally {
      taken.close()
    }
  }, 120_000)

  it("a --db in a folder that does not exist, a folder, or a file that is not SQLite is said, naming it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shoal-serve-db-"))
    const notSqlite = join(dir, "notes.sqlite")
    writeFileSync(notSqlite, "these are my notes, not a database\n".repeat(100))
    for (const db of [join(dir, "missing", "serve.sqlite"), dir, notSqlite]) {
      const result = await cli.run(["serve", "--port", "0", "--db", db], { env })
      userError(result)
      expect(result.stderr).toContain(db)
      expect(result.stderr).toContain("--db")
    }
  }, 180_000)

  it("a --db postgres:// server that cannot be reached is said, naming it without its password", async () => {
    const result = await cli.run(["serve", "--port", "0", "--db", "postgres://shoal:hunter2@127.0.0.1:1/shoal"], { env })
    userError(result)
    expect(result.stderr).toContain("postgres://127.0.0.1:1/shoal")
    expect(result.stderr).not.toContain("hunter2")
    expect(result.stderr).toContain("--db")
  }, 120_000)
})
