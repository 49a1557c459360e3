/**
 * The fitlog model path on the wire (issue 12, item 3): `shoal fitlog
 * estimate --json` run as a user would, with an Anthropic key, through the
 * real `@anthropic-ai/sdk` client against the loopback fake server serving
 * Messages-API responses (test/fixtures/fitlog-wire), recorded with
 * `SHOAL_LLM_RECORD`; then the same command replayed from those recordings
 * with `SHOAL_LLM_REPLAY` and no server. The model turns the narrative into
 * items, then picks among the table candidates the rules found; the nutrient
 * numbers it tries to give are never used. Nothing leaves 127.0.0.1.
 */
import { Effect, Schema } from "effect"
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { scaleNutrients } from "../../src/domain/fitlog/types.js"
import { NutritionTable } from "../../src/services/nutrition-table/nutrition-table.js"
import { layerFoodSearch } from "../../src/services/nutrition-table/food-search-table.js"
import { jsonFixture } from "../fakes/llm-fixtures.js"
import type { RecordedRequest } from "../fakes/llm-server.js"
import { makeLlmServer } from "../fakes/llm-server.js"
import type { BuiltCli } from "./built-cli.js"
import { buildCli } from "./built-cli.js"

const wire = new URL("../fixtures/fitlog-wire/", import.meta.url)
const narrative = "For lunch I enjoyed a tasty 200g chicken sandwich and a 250g glass of milk"
const key = "sk-ant-test-key"

const EstimateJson = Schema.parseJson(Schema.Struct({
  meal: Schema.NullOr(Schema.String),
  items: Schema.Array(Schema.Struct({
    text: Schema.String,
    food: Schema.NullOr(Schema.String),
    grams: Schema.NullOr(Schema.Number),
    kcal: Schema.NullOr(Schema.Number),
    protein_g: Schema.NullOr(Schema.Number),
    source: Schema.NullOr(Schema.String),
    assumption: Schema.optional(Schema.String)
  }))
}))

/** The text blocks a Messages-API request body sends, joined. */
const RequestBody = Schema.Struct({
  system: Schema.optional(Schema.String),
  tool_choice: Schema.optional(Schema.Struct({ type: Schema.String, name: Schema.optional(Schema.String) })),
  tools: Schema.Array(Schema.Struct({ name: Schema.String })),
  messages: Schema.Array(Schema.Struct({
    role: Schema.String,
    content: Schema.Array(Schema.Struct({ type: Schema.String, text: Schema.optional(Schema.String) }))
  }))
})
const bodyOf = (request: RecordedRequest | undefined) => Schema.decodeUnknownSync(RequestBody)(request?.body)
const textOf = (request: RecordedRequest | undefined) =>
  bodyOf(request).messages.flatMap((m) => m.content.flatMap((b) => (b.text === undefined ? [] : [b.text]))).join("\n")

let cli: BuiltCli
let recordings: string
beforeAll(async () => {
  cli = await buildCli()
  recordings = mkdtempSync(join(tmpdir(), "shoal-fitlog-wire-"))
}, 180_000)
afterAll(() => {
  cli.cleanup()
  rmSync(recordings, { recursive: true, force: true })
})

/** Run the built CLI without blocking this process, so the fake server in it can answer. */
const runAsync = (args: ReadonlyArray<string>, env: Record<string, string>) =>
  Effect.async<{ readonly code: number | null; readonly stdout: string; readonly stderr: string }>((resume) => {
    const child = cli.start(args, env)
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (d: Buffer) => void (stdout += d.toString("utf8")))
    child.stderr.on("data", (d: Buffer) => void (stderr += d.toString("utf8")))
    child.on("close", (code) => resume(Effect.succeed({ code, stdout, stderr })))
  })

const milkRecord = () => Effect.runPromise(Effect.map(NutritionTable, (t) => t.byId("11114350")).pipe(Effect.provide(layerFoodSearch)))

describe("fitlog estimate with a key, on the Anthropic wire, recorded and replayed", () => {
  it("reads the narrative with the model, lets it choose among the rules' candidates, and takes every number from the table", async () => {
    const { recorded, requests } = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
      const server = yield* makeLlmServer({ path: "/v1/messages" })
      yield* server.enqueue(jsonFixture("01-record-foods.json", wire), jsonFixture("02-choose-foods.json", wire))
      const recorded = yield* runAsync(["fitlog", "estimate", "--json", narrative], {
        ANTHROPIC_API_KEY: key,
        SHOAL_BASE_URL: server.url,
        SHOAL_LLM_RECORD: recordings
      })
      return { recorded, requests: yield* server.requests }
    })))
    expect(recorded.stderr).not.toMatch(/internal error|\n\s+at .*:\d+/)
    expect(recorded.code).toBe(0)

    // Two Messages-API calls, each forcing its tool, with our key and nothing asking for nutrients.
    expect(requests.map((r) => [r.method, r.path])).toEqual([["POST", "/v1/messages"], ["POST", "/v1/messages"]])
    expect(requests[0]?.headers["authorization"] ?? requests[0]?.headers["x-api-key"]).toContain(key)
    const [read, choose] = [bodyOf(requests[0]), bodyOf(requests[1])]
    expect(read.tool_choice).toEqual({ type: "tool", name: "record_foods" })
    expect(read.tools.map((t) => t.name)).toEqual(["record_foods"])
    expect(textOf(requests[0])).toContain(narrative)
    expect(choose.tool_choice).toEqual({ type: "tool", name: "choose_foods" })
    expect(choose.system ?? "").toContain("Never give calories or nutrients")
    // The model is shown the rules' candidates by their table's id; the one it picks is among them.
    expect(textOf(requests[1])).toContain("11114350: Milk, lactose free, whole")
    expect(textOf(requests[1])).toContain("chicken sandwich")

    const json = Schema.decodeUnknownSync(EstimateJson)(recorded.stdout)
    expect(json.meal).toBe("lunch")
    expect(json.items.map((i) => [i.text, i.grams])).toEqual([["a tasty 200g chicken sandwich", 200], ["a 250g glass of milk", 250]])
    const sandwich = json.items[0]
    expect(sandwich?.food).toMatch(/sandwich/i)
    const milk = json.items[1]
    expect(milk?.source).toBe("USDA FNDDS 2021-2023 #11114350")
    expect(milk?.assumption).toContain("chosen by the model")
    // The 9999 kcal and 99 g protein in the model's answer are never used: the record's values are.
    const record = await milkRecord()
    expect(record).toBeDefined()
    if (record !== undefined) {
      const expected = scaleNutrients(record.per100g, 250)
      expect([milk?.kcal, milk?.protein_g]).toEqual([expected.kcal, expected.protein_g])
    }
    expect(recorded.stdout).not.toContain("9999")

    // Each call was recorded, in Shoal's record/replay format.
    expect(readdirSync(recordings).filter((f) => f.endsWith(".json"))).toHaveLength(2)
    const saved = readdirSync(recordings).map((f) => readFileSync(join(recordings, f), "utf8")).join("\n")
    expect(saved).toContain("\"record_foods\"")
    expect(saved).toContain("\"choose_foods\"")

    // Replayed with the key but no server: the same answer, from the recordings alone.
    const replayed = await cli.run(["fitlog", "estimate", "--json", narrative], {
      env: { ANTHROPIC_API_KEY: key, SHOAL_LLM_REPLAY: recordings, SHOAL_BASE_URL: "http://127.0.0.1:9" }
    })
    expect(replayed.stderr).not.toMatch(/internal error|ReplayMiss/)
    expect(replayed.code).toBe(0)
    expect(Schema.decodeUnknownSync(EstimateJson)(replayed.stdout)).toEqual(json)
  }, 180_000)

  it("a request the recordings do not hold is never answered as if by the model: the rules' reading stands", async () => {
    const other = await cli.run(["fitlog", "estimate", "--json", "For dinner I had a lovely 150g of grilled salmon with 80g of steamed broccoli"], {
      env: { ANTHROPIC_API_KEY: key, SHOAL_LLM_REPLAY: recordings, SHOAL_BASE_URL: "http://127.0.0.1:9" }
    })
    expect(other.code).toBe(0)
    const json = Schema.decodeUnknownSync(EstimateJson)(other.stdout)
    expect(json.items.map((i) => i.grams)).toEqual([150, 80])
    expect(json.items.map((i) => i.food ?? "")).toEqual([expect.stringMatching(/salmon/i), expect.stringMatching(/broccoli/i)])
    expect(other.stdout).not.toContain("chosen by the model")
  })
})
