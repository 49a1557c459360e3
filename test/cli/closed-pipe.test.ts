/**
 * `shoal … | head`: the reader goes away while shoal still has things to say.
 * The run ends quietly instead of dying on an EPIPE stack trace.
 */
import { once } from "node:events"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
}, 120_000)
afterAll(() => cli.cleanup())

describe("a closed output pipe", () => {
  it("shoal tidy whose reader has gone ends with 0 and no stack trace at its next reply", async () => {
    const child = cli.start(["tidy"])
    let stderr = ""
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk))
    await once(child.stdout, "data") // the opening question: the coach is talking
    child.stdout.destroy() // the reader goes away, as `head -1` does after its line
    const closed = once(child, "close")
    child.stdin.write("my home office\n") // the coach answers into the closed pipe
    child.stdin.end("stop\n")
    const [code] = (await closed) as [number | null]
    expect(stderr).not.toMatch(/EPIPE|Unhandled|at .*\.c?js:\d+/)
    expect(code).toBe(0)
  })
})
