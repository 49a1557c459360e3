/**
 * `shoal tidy` from a terminal or a pipe: a scripted session to the summary,
 * resuming a session whose process was killed, listing sessions.
 */
import { once } from "node:events"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

let cli: BuiltCli
beforeAll(async () => {
  cli = await buildCli()
})
afterAll(() => cli.cleanup())

/** Wait until the child has printed `text` on stdout (bounded). */
const waitFor = (child: ReturnType<BuiltCli["start"]>, text: string) =>
  new Promise<string>((resolve, reject) => {
    let seen = ""
    const timer = setTimeout(() => reject(new Error(`timed out waiting for "${text}"; saw:\n${seen}`)), 20_000)
    child.stdout.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8")
      if (seen.includes(text)) {
        clearTimeout(timer)
        resolve(seen)
      }
    })
  })

describe("shoal tidy in a pipe", () => {
  it("runs the README's scripted session offline and prints a summary", async () => {
    const { code, stdout } = await cli.run(["tidy"], { input: "it is my home office\nthe desk stays\nold mug\ntrash\nstop\n", env: { SHOAL_DATA_DIR: `${cli.dir}/pipe-data` } })
    expect(code).toBe(0)
    expect(stdout).toContain("Got it: home office. What's definitely staying?")
    expect(stdout).toContain("What to do with old mug?")
    expect(stdout).toContain("Trashed! Next?")
    expect(stdout).toContain("You sorted 1 item: 0 staying, 1 out, 0 unsure.")
    expect(stdout).toMatch(/Continue later with: shoal tidy --resume \S+/)
  })

  it("a session killed mid-way resumes with the last completed turn's state", async () => {
    const env = { SHOAL_DATA_DIR: `${cli.dir}/kill-data` }
    const child = cli.start(["tidy"], env)
    child.stdin.write("it is my bedroom\nthe bed stays\nsocks\n")
    await waitFor(child, "Choose 1-3")
    child.stdin.write("keep\n")
    await waitFor(child, "It stays. Next?")
    child.kill("SIGKILL")
    await once(child, "exit")

    const listed = await cli.run(["tidy", "--list"], { env })
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/Sorting, 1 item sorted/)

    const resumed = await cli.run(["tidy", "--resume"], { env, input: "stop\n" })
    expect(resumed.code).toBe(0)
    // What is left, in plain words, not a phase name.
    expect(resumed.stdout).toContain("Welcome back. You've decided 1 thing so far. Nothing is waiting from last time. What's next?")
    expect(resumed.stdout).toContain("You sorted 1 item: 1 staying, 0 out, 0 unsure.")
  })

  it("resuming a session that does not exist is a clear error", async () => {
    const { code, stderr } = await cli.run(["tidy", "--resume", "no-such-session"], { env: { SHOAL_DATA_DIR: `${cli.dir}/empty` } })
    expect(code).toBe(1)
    expect(stderr).toContain('There is no saved tidy session "no-such-session"')
  })

  it("a card skipped with 'stop' waits on the later list, which the summary, --list and --resume show", async () => {
    const env = { SHOAL_DATA_DIR: `${cli.dir}/later-data` }
    const first = await cli.run(["tidy"], { input: "it's for sleeping\nthe bed stays\nsocks\n2\nold mug\nstop\n", env })
    expect(first.code).toBe(0)
    expect(first.stdout).not.toContain("not one of the options")
    expect(first.stdout).toContain("You sorted 1 item: 1 staying, 0 out, 0 unsure. 1 thing left for later.")
    expect((await cli.run(["tidy", "--list"], { env })).stdout).toMatch(/Sorting, 1 item sorted, 1 for later/)
    const resumed = await cli.run(["tidy", "--resume"], { env, input: "" })
    expect(resumed.stdout).toContain("Still waiting: 1 thing set aside for later.")
    expect(resumed.stdout).not.toContain("old mug")
  })

  it("end of input ends the session with its summary", async () => {
    const { code, stdout } = await cli.run(["tidy"], { input: "my study\nnothing\nbox of cables\n3\n", env: { SHOAL_DATA_DIR: `${cli.dir}/eof-data` } })
    expect(code).toBe(0)
    expect(stdout).toContain("Unsure pile. Next?")
    expect(stdout).toContain("You sorted 1 item: 0 staying, 0 out, 1 unsure.")
  })
})
