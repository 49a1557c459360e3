/**
 * `shoal fitlog` run in-process through @effect/cli (the lead wires it into
 * main.ts): the seeds/000 example with --yes offline, twice, then `today`;
 * a user error is one message, a failure, and nothing written; estimate
 * --json prints the stable shape; --help carries the USDA credit line.
 */
import { Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import { describe, expect, it } from "@effect/vitest"
import { Cause, ConfigProvider, Console, Effect, Exit, Layer, Schema } from "effect"
import { mkdtempSync, readdirSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { estimate } from "../../src/agents/fitlog/estimate.js"
import { propose } from "../../src/agents/fitlog/propose.js"
import { pendingProposals } from "../../src/agents/fitlog/session-kind.js"
import { fitlog } from "../../src/cli/fitlog.js"
import { DiaryDate, tableOfSource } from "../../src/domain/fitlog/types.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerSr28 } from "../../src/services/nutrition-table/sr28-file.js"
import { layerFile } from "../../src/services/session-store/file.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"

const cli = Command.run(Command.make("shoal").pipe(Command.withSubcommands([fitlog])), { name: "shoal", version: "test" })

/** Run `shoal …args` with a data dir; stdout lines are captured. */
const run = (dataDir: string, args: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const out: Array<string> = []
    const current = yield* Console.consoleWith(Effect.succeed)
    const console: Console.Console = {
      ...current,
      log: (...xs: ReadonlyArray<unknown>) => Effect.sync(() => void out.push(xs.map(String).join(" "))),
      error: () => Effect.void
    }
    const exit = yield* cli(["node", "shoal", ...args]).pipe(
      Effect.withConsole(console),
      Effect.withConfigProvider(ConfigProvider.fromMap(new Map([["SHOAL_DATA_DIR", dataDir], ["SHOAL_PROVIDER", "offline"], ["HOME", dataDir]]))),
      Effect.provide(NodeContext.layer),
      Effect.exit
    )
    return { exit, out: out.join("\n") }
  })

const withDataDir = <A, E>(use: (dir: string) => Effect.Effect<A, E>) =>
  Effect.acquireUseRelease(Effect.sync(() => mkdtempSync(join(tmpdir(), "shoal-fitlog-"))), use, (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })))

const example = "113g fried minced beef, 135g white rice cooked, 50g greek yogurt for lunch"

describe("shoal fitlog", () => {
  it.live("log --yes twice logs once; today shows the three lunch foods", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const first = yield* run(dir, ["fitlog", "log", "--yes", example])
        expect(Exit.isSuccess(first.exit)).toBe(true)
        expect(first.out).toMatch(/Logged to the local diary — lunch/)
        const second = yield* run(dir, ["fitlog", "log", "--yes", example])
        expect(second.out).toMatch(/Already logged .* nothing written again/)
        const today = yield* run(dir, ["fitlog", "today"])
        expect(today.out.match(/\| 113 g\s+\||\| 135 g\s+\||\| 50 g\s+\|/g)).toHaveLength(3)
        expect(today.out).toContain("Lunch")
        const csv = yield* run(dir, ["fitlog", "export", "--csv"])
        expect(csv.out.trim().split("\n")).toHaveLength(4)
      })), 60_000)

  it.live("a text with nothing to log fails with one message and writes nothing", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const r = yield* run(dir, ["fitlog", "log", "--yes", "200g schweinebraten"])
        expect(Exit.isFailure(r.exit)).toBe(true)
        if (Exit.isFailure(r.exit)) expect(Cause.pretty(r.exit.cause)).toContain("nothing to log: \"200g schweinebraten\"")
        expect(readdirSync(dir)).toEqual([])
      })), 60_000)

  it.live("estimate --json prints { meal, items, total } and logs nothing", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const r = yield* run(dir, ["fitlog", "estimate", "--json", example])
        const Item = Schema.Struct({ text: Schema.String, food: Schema.String, grams: Schema.Number, kcal: Schema.Number, protein_g: Schema.Number, carbs_g: Schema.Number, fat_g: Schema.Number, source: Schema.String })
        const Totals = Schema.Struct({ kcal: Schema.Number, protein_g: Schema.Number, carbs_g: Schema.Number, fat_g: Schema.Number })
        const json = Schema.decodeUnknownSync(Schema.parseJson(Schema.Struct({ meal: Schema.Literal("lunch"), items: Schema.Array(Item), total: Totals })))(r.out)
        expect(json.items.map((i) => i.grams)).toEqual([113, 135, 50])
        // Each food says its table: "minced" is a UK word (CoFID's mince), rice and Greek yogurt are FNDDS's.
        expect(json.items.map((i) => tableOfSource(i.source))).toEqual(["CoFID", "FNDDS", "FNDDS"])
        // Fried mince is cooked mince, never the raw record.
        expect(json.items[0]?.food).toMatch(/^Beef, mince\b/)
        expect(json.items[0]?.food).not.toMatch(/\braw\b/)
        expect(readdirSync(dir)).toEqual([])
      })), 60_000)

  it.live("--help credits the tables: USDA FNDDS and SR28, CoFID under the Open Government Licence", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const r = yield* run(dir, ["fitlog", "--help"])
        expect(r.out).toContain("Food and Nutrient Database for Dietary Studies 2021-2023")
        expect(r.out).toContain("National Nutrient Database for Standard Reference, Release 28")
        expect(r.out).toContain("Open Government Licence v3.0")
      })), 60_000)

  it.live("a pending proposal left by an interrupted run is listed, then confirmed once into the diary", () =>
    withDataDir((dir) =>
      Effect.gen(function*() {
        const proposed = yield* Effect.map(estimate(example), (e) => propose(e, "lunch", DiaryDate.make("2026-11-22"))).pipe(Effect.provide(Layer.merge(layerSr28, layerOffline)))
        if (proposed._tag !== "Proposal") return yield* Effect.dieMessage("the example has nothing to log")
        const id = proposed.proposal.id
        yield* Effect.flatMap(SessionStore, (s) => s.save(pendingProposals, SessionId.make(id), proposed.proposal)).pipe(
          Effect.provide(layerFile(dir)),
          Effect.provide(NodeContext.layer)
        )
        const listed = yield* run(dir, ["fitlog", "pending"])
        expect(listed.out).toContain(id)
        expect(listed.out).toContain("Yogurt, Greek")
        const confirmed = yield* run(dir, ["fitlog", "confirm", id])
        expect(confirmed.out).toContain(`Logged to the local diary — lunch, 2026-11-22 (proposal ${id})`)
        expect((yield* run(dir, ["fitlog", "pending"])).out).toContain("No proposals are waiting")
        const again = yield* run(dir, ["fitlog", "confirm", id])
        expect(Exit.isFailure(again.exit)).toBe(true)
        const day = yield* run(dir, ["fitlog", "day", "2026-11-22"])
        expect(day.out.match(/\| 113 g\s+\||\| 135 g\s+\||\| 50 g\s+\|/g)).toHaveLength(3)
      })), 60_000)
})
