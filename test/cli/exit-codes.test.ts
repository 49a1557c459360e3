/**
 * Exit codes and where output goes, for every command: a usage error exits 2
 * (with one line saying what was wrong), a failure 1; log lines go to stderr
 * only, so stdout stays the conversation (or the JSON) even when the model
 * misbehaves.
 */
import { Effect } from "effect"
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { errorFixture, localFixtures } from "../fakes/llm-fixtures.js"
import { makeLlmServer } from "../fakes/llm-server.js"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
})
afterAll(() => cli.cleanup())

describe("exit codes", () => {
  const usage: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
    ["an unknown subcommand", ["nonsense"]],
    ["an unknown flag to shoal", ["--bogus"]],
    ["an unknown flag to tidy", ["tidy", "--bogus"]],
    ["a session id without --resume", ["tidy", "abc123"]],
    ["an unknown flag to a fitlog subcommand", ["fitlog", "today", "--bogus"]],
    ["fitlog estimate without text", ["fitlog", "estimate"]],
    ["droid without a task", ["droid"]],
    ["an unknown flag to droid", ["droid", "--bogus", "open settings"]],
    ["shop without --list", ["shop"]],
    ["a bad provider name", ["tidy", "--provider", "nope"]]
  ]
  for (const [what, args] of usage) {
    it(`${what} is a usage error: exit 2, a message on stderr, nothing on stdout`, async () => {
      const { code, stdout, stderr } = await cli.run(args)
      expect(code).toBe(2)
      expect(stderr.trim().length).toBeGreaterThan(0)
      expect(stdout).not.toContain("Let's make this manageable")
    })
  }

  it("a failure that is not a usage error exits 1 with one line", async () => {
    const { code, stderr } = await cli.run(["tidy", "--provider", "anthropic"], { env: { ANTHROPIC_API_KEY: "" } })
    expect(code).toBe(1)
    expect(stderr).toContain("needs ANTHROPIC_API_KEY")
    expect(stderr).not.toContain("    at ")
  })
})

describe("log lines go to stderr", () => {
  it("a model that answers 500 and then is refused: warnings on stderr, stdout only the coach", async () => {
    const result = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const server = yield* makeLlmServer({ path: "/v1/messages" })
      const broken = errorFixture("anthropic-500-api-error", { dir: localFixtures })
      // More than the command will use: each message may retry a few times.
      yield* server.enqueue(...Array.from({ length: 40 }, () => broken))
      const child = cli.start(["tidy", "--provider", "anthropic", "--base-url", server.url], {
        ANTHROPIC_API_KEY: "sk-ant-test-key",
        SHOAL_MODEL_RETRIES: "0"
      })
      child.stdin.end("I need to sleep in here\nstop\n")
      let stdout = ""
      let stderr = ""
      child.stdout.on("data", (c: Buffer) => void (stdout += c.toString("utf8")))
      child.stderr.on("data", (c: Buffer) => void (stderr += c.toString("utf8")))
      const code = yield* Effect.async<number | null>((resume) => {
        const timer = setTimeout(() => child.kill("SIGKILL"), 90_000)
        child.on("close", (c) => {
          clearTimeout(timer)
          resume(Effect.succeed(c))
        })
      })
      return { code, stdout, stderr, requests: (yield* server.requests).length, pending: yield* server.pending }
    })))
    expect(result.requests).toBeGreaterThan(0)
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/shoal: warn(ing)?: anthropic call failed/)
    expect(result.stdout).not.toMatch(/level=|WARN|timestamp=|anthropic call failed/)
    expect(result.stdout).toContain("Come back whenever you're ready.")
  }, 120_000)
})

describe("saving is reported truthfully", () => {
  it("a data directory that cannot be created: every turn says so, the end says NOT saved, never 'Saved as', and the exit is 1", async () => {
    const blocker = join(cli.dir, "not-a-directory")
    writeFileSync(blocker, "a file where the data directory's parent should be")
    const { code, stdout, stderr } = await cli.run(["tidy"], {
      input: "it is my home office\nold mug\nstop\n",
      env: { SHOAL_DATA_DIR: join(blocker, "data") }
    })
    // The coach answered every turn, but what the command promises — a saved session — failed: exit 1, one line on stderr.
    expect(code).toBe(1)
    expect(stderr).toMatch(/^shoal: the tidy session ended without being saved \(/m)
    expect(stdout).toContain("(could not save the session:")
    expect(stdout).toContain(join(blocker, "data"))
    expect(stdout).toContain("NOT saved:")
    expect(stdout).not.toContain("Saved as")
  })

  it("a session that ends before its first turn says nothing was saved", async () => {
    const { stdout } = await cli.run(["tidy"], { input: "", env: { SHOAL_DATA_DIR: join(cli.dir, "empty-run") } })
    expect(stdout).toContain("Nothing was saved")
    expect(stdout).not.toContain("--resume")
  })
})
