/**
 * `shoal fitlog` as a new user met it (issue 12, item 6), through the
 * bundled command as a child process: a bad `--db` is one line naming the
 * path (never "internal error" and a stack), a read-only diary still shows
 * `today`, 30 February is not a day, -2 and NaN eggs are refused, and
 * concurrent `log --yes` of one meal write it once and say "Already logged".
 *
 * Permissions mean nothing to root: when the suite runs as root, the
 * read-only cases run the command as the unprivileged user `nobody`.
 */
import { spawn } from "node:child_process"
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BuiltCli } from "./built-cli.js"
import { buildCli, root, runChild } from "./built-cli.js"
import { childEnv } from "../support/child-env.js"

let cli: BuiltCli
let scratch: string
beforeAll(async () => {
  cli = await buildCli()
  // mkdtemp makes the bundle's folder private to its owner; `nobody` must be able to run it.
  chmodSync(cli.dir, 0o755)
  scratch = mkdtempSync(join(tmpdir(), "shoal-new-user-"))
  chmodSync(scratch, 0o777)
  mkdirSync(join(scratch, "nobody-data"))
  chmodSync(join(scratch, "nobody-data"), 0o777)
}, 120_000)
afterAll(() => {
  cli.cleanup()
  rmSync(scratch, { recursive: true, force: true })
})

const isRoot = process.getuid?.() === 0
const nobody = { uid: 65534, gid: 65534 }

/** Run `shoal fitlog …` (as `nobody` when asked and we are root, so file permissions apply). */
const fitlog = (args: ReadonlyArray<string>, options: { readonly unprivileged?: boolean; readonly input?: string } = {}) =>
  runChild(process.execPath, [cli.bin, "fitlog", ...args], {
    cwd: root,
    input: options.input ?? "",
    // The unprivileged user gets a data dir of its own (root's would not be writable to it).
    env: { ...childEnv(), HOME: scratch, SHOAL_DATA_DIR: join(scratch, options.unprivileged === true ? "nobody-data" : "data"), NO_COLOR: "1" },
    ...(options.unprivileged === true && isRoot ? nobody : {})
  })

/** The failure is one `shoal:` line naming the path: no stack, no "internal error". */
const expectOneLineError = (r: { readonly code: number | null; readonly stderr: string }, path: string) => {
  expect(r.code).toBe(1)
  const lines = r.stderr.split("\n").filter((l) => l.startsWith("shoal:"))
  expect(lines).toHaveLength(1)
  expect(lines[0]).toContain(path)
  expect(r.stderr).not.toMatch(/internal error|\n\s+at .*:\d+/)
}

const fresh = (name: string) => {
  const dir = join(scratch, name)
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o777)
  return dir
}

// Each case runs the command a few times, ~2–5 s each on a loaded machine.
describe("shoal fitlog --db", { timeout: 240_000 }, () => {
  it("a path in a missing folder is one line naming it, and the folder is not created", async () => {
    const db = join(scratch, "no-such-folder", "diary.sqlite")
    for (const args of [["today", "--db", db], ["log", "--yes", "--db", db, "1 banana for lunch"]]) {
      expectOneLineError(await fitlog(args), db)
    }
    expect(existsSync(join(scratch, "no-such-folder"))).toBe(false)
  })

  it("a file that is not SQLite is one line naming it, and is left as it was", async () => {
    const db = join(fresh("not-sqlite"), "notes.txt")
    writeFileSync(db, "shopping: eggs, milk\n")
    const r = await fitlog(["today", "--db", db])
    expectOneLineError(r, db)
    expect(r.stderr).toContain("not a SQLite database")
    expectOneLineError((await fitlog(["log", "--yes", "--db", db, "1 banana for lunch"])), db)
  })

  it("a folder that is not writable is one line naming the path", async () => {
    const dir = fresh("locked")
    chmodSync(dir, 0o555)
    const db = join(dir, "diary.sqlite")
    const r = await fitlog(["log", "--yes", "--db", db, "1 banana for lunch"], { unprivileged: true })
    expectOneLineError(r, db)
    expect(r.stderr).toContain("not writable")
  })

  it("a read-only diary: today still reads it; log and goals say it is read-only, in one line", async () => {
    const dir = fresh("read-only")
    const db = join(dir, "diary.sqlite")
    expect((await fitlog(["log", "--yes", "--db", db, "1 banana for lunch"])).code).toBe(0)
    chmodSync(db, 0o444)
    chmodSync(dir, 0o555)
    const today = await fitlog(["today", "--db", db], { unprivileged: true })
    expect(today.stderr).toBe("")
    expect(today.code).toBe(0)
    expect(today.stdout).toContain("Banana, raw")
    const logged = await fitlog(["log", "--yes", "--db", db, "1 apple for lunch"], { unprivileged: true })
    expectOneLineError(logged, db)
    expect(logged.stderr).toContain("read-only")
    expectOneLineError((await fitlog(["goals", "set", "calories", "2000", "--db", db], { unprivileged: true })), db)
    chmodSync(dir, 0o777)
    expect((await fitlog(["today", "--db", db])).stdout).not.toContain("Apples")
  })
})

describe("shoal fitlog, other first-run bugs", { timeout: 240_000 }, () => {
  it("day 2026-02-30 is refused; 29 February of a leap year is a day", async () => {
    const db = join(fresh("dates"), "diary.sqlite")
    const r = await fitlog(["day", "2026-02-30", "--db", db])
    // A bad argument is a usage error: exit 2.
    expect(r.code).toBe(2)
    expect(r.stderr).toContain("\"2026-02-30\" is not a day")
    expect((await fitlog(["day", "2025-02-29", "--db", db])).code).toBe(2)
    const leap = await fitlog(["day", "2024-02-29", "--db", db])
    expect(leap.code).toBe(0)
    expect(leap.stdout).toContain("2024-02-29: nothing logged yet.")
  })

  it("-2 eggs and NaN eggs are refused and nothing is written", async () => {
    const dir = fresh("amounts")
    const db = join(dir, "diary.sqlite")
    for (const text of ["-2 eggs for breakfast", "NaN eggs for breakfast"]) {
      const r = await fitlog(["log", "--yes", "--db", db, text])
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/nothing to log: "(-2|NaN) eggs" — .*(negative|not an amount)/)
    }
    expect(existsSync(db)).toBe(false)
  })

  it("concurrent log --yes of one meal: one run logs it, the others say Already logged, never Failed to execute statement", async () => {
    const dir = fresh("race")
    const db = join(dir, "diary.sqlite")
    // The diary exists first, as it would for a user who logged before.
    expect((await fitlog(["log", "--yes", "--db", db, "1 apple for lunch"])).code).toBe(0)
    const runs = await Promise.all(Array.from({ length: 4 }, () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, [cli.bin, "fitlog", "log", "--yes", "--db", db, "1 banana for lunch"], {
          cwd: root,
          env: { ...childEnv(), HOME: scratch, SHOAL_DATA_DIR: join(scratch, "data"), NO_COLOR: "1" },
          stdio: ["ignore", "pipe", "pipe"]
        })
        let out = ""
        child.stdout.on("data", (d: Buffer) => (out += d.toString()))
        child.stderr.on("data", (d: Buffer) => (out += d.toString()))
        child.on("close", (code) => resolve({ code, out }))
      })))
    for (const r of runs) {
      expect(r.out).not.toMatch(/Failed to execute statement|database is locked|internal error/)
      expect(r.code).toBe(0)
    }
    expect(runs.filter((r) => r.out.includes("Logged to the local diary"))).toHaveLength(1)
    expect(runs.filter((r) => r.out.includes("Already logged"))).toHaveLength(3)
    const csv = (await fitlog(["export", "--csv", "--db", db])).stdout
    expect(csv.split("\n").filter((l) => l.includes("Banana, raw"))).toHaveLength(1)
  }, 120_000)

  it("estimate --help says narrative text works and what offline cannot read", async () => {
    const help = (await fitlog(["estimate", "--help"])).stdout
    expect(help).toContain("narrative")
    expect(help).toContain("Offline cannot read")
  })

  it("--again logs the same meal a second time; --help explains it", async () => {
    const db = join(fresh("again"), "diary.sqlite")
    expect((await fitlog(["log", "--yes", "--db", db, "1 banana for lunch"])).code).toBe(0)
    expect((await fitlog(["log", "--yes", "--db", db, "1 banana for lunch"])).stdout).toContain("Ate it again? Add --again.")
    expect((await fitlog(["log", "--yes", "--again", "--db", db, "1 banana for lunch"])).stdout).toContain("Logged to the local diary")
    expect((await fitlog(["today", "--db", db])).stdout.match(/Banana, raw/g)).toHaveLength(2)
    expect((await fitlog(["log", "--help"])).stdout).toContain("--again")
  })

  it("a meal over 5000 kcal under --yes is refused with the reason", async () => {
    const db = join(fresh("bound"), "diary.sqlite")
    const r = await fitlog(["log", "--yes", "--db", db, "300g butter, 250g olive oil, 400g peanuts for dinner"])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/not logged: this meal is \d+ kcal, more than the 5000 kcal/)
    expect((await fitlog(["today", "--db", db])).stdout).toContain("nothing logged yet")
  })

  it("a multi-line recipe piped into chat is read whole: one recipe, one serving proposed, logged on yes", async () => {
    const db = join(fresh("chat-recipe"), "diary.sqlite")
    const r = await fitlog(["chat", "--db", db], { input: "Pancakes\n200g flour\n2 eggs\n300ml milk\nserves 4\nyes\nquit\n" })
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/Recipe: \d+ kcal in all, 4 servings/)
    expect(r.stdout.match(/Recipe:/g)).toHaveLength(1)
    const csv = (await fitlog(["export", "--csv", "--db", db])).stdout.trim().split("\n")
    expect(csv.slice(1).map((l) => l.includes("1/4 of recipe"))).toEqual([true, true, true])
  })
})
