/**
 * `shoal fitlog` output a new user reads (issue 12 break-test, classes 7
 * and 8), in-process through @effect/cli: plain-text `estimate` shows each
 * amount it assumed (before, only `--json` did), and `--db` given a folder
 * says what is wrong and which file to pass, writing nothing.
 */
import { Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { Cause, ConfigProvider, Console, Effect, Exit } from "effect"
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fitlog } from "../../src/cli/fitlog.js"

const cli = Command.run(Command.make("shoal").pipe(Command.withSubcommands([fitlog])), { name: "shoal", version: "test" })

const run = (dataDir: string, args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = { ...current, log: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void out.push(xs.map(String).join(" "))), error: () => Effect.void }
    const exit = yield* cli(["node", "shoal", ...args]).pipe(
      Effect.withConsole(console),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_DATA_DIR", dataDir], ["SHOAL_PROVIDER", "offline"], ["HOME", dataDir]]))),
      Effect.provide(NodeContext.layer),
      Effect.exit
    )
    return { exit, out: out.join("\n") }
  })

const withDataDir = <A, E>(use: (dir: string) => Effect.Effect<A, E>) =>
  Effect.acquireUseRelease(Effect.sync(() => mkdtempSync(join(tmpdir(), "shoal-fitlog-out-"))), use, (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))

describe("shoal fitlog output", () => {
  it.live("plain-text estimate shows the amount it assumed, as log does", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const r = yield* run(dir, ["fitlog", "estimate", "a medium banana and 150g cooked rice"])
        expect(Exit.isSuccess(r.exit)).toBe(true)
        // The banana's weight is assumed (USDA's medium banana); the rice's 150 g was said, so nothing is assumed for it.
        expect(r.out).toMatch(/assumed: 1 medium banana ≈ 118 g/)
        expect(r.out.match(/assumed:/g)).toHaveLength(1)
      })), 60_000)

  it.live("plain-text estimate says which food is only the closest match, and how sure; the food named is not marked", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const r = yield* run(dir, ["fitlog", "estimate", "2 slices of pizza, a zorblax quibbert steak"])
        expect(Exit.isSuccess(r.exit)).toBe(true)
        expect(r.out).toMatch(/not the food named: "a zorblax quibbert steak" is closest to [^\n]*steak[^\n]* \(33 % sure\)/i)
        expect(r.out.match(/not the food named/g)).toHaveLength(1)
      })), 60_000)

  it.live("--db given a folder says it is a folder and which file to pass; nothing is written", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const folder = join(dir, "diaries")
        mkdirSync(folder)
        for (const args of [["fitlog", "today", "--db", folder], ["fitlog", "log", "--yes", "--db", folder, "1 banana for lunch"]]) {
          const r = yield* run(dir, args)
          expect(Exit.isFailure(r.exit)).toBe(true)
          if (Exit.isFailure(r.exit)) {
            const said = Cause.pretty(r.exit.cause)
            expect(said).toContain(`--db ${folder} is a folder`)
            expect(said).toContain(`--db ${join(folder, "diary.sqlite")}`)
            expect(said).not.toMatch(/regular file/)
          }
        }
        expect(readdirSync(folder)).toEqual([])
      })), 60_000)
})
