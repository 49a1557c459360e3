/**
 * The model path, grounded (issue 12, item 3): a text the rules read with
 * low confidence goes to the model, which turns it into items; the model
 * then chooses among the top USDA SR28 candidates the rules found. Nutrients
 * always come from the chosen record; an id outside the candidates is
 * ignored; "none of these" is reported unmatched. A plain list makes no call.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { estimate, estimateJson } from "../../../src/agents/fitlog/estimate.js"
import { scaleNutrients } from "../../../src/domain/fitlog/types.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { NutritionTable } from "../../../src/services/nutrition-table/nutrition-table.js"
import { sr28Table } from "../../support/sr28-table.js"

const narrative = "For lunch I enjoyed a tasty 200g chicken sandwich and a 250g glass of milk"
const items = {
  items: [
    { text: "a tasty 200g chicken sandwich", name: "chicken sandwich", quantity: 200, unit: "g" },
    { text: "a 250g glass of milk", name: "whole milk", quantity: 250, unit: "g" }
  ]
}
const shownText = (requests: ReadonlyArray<{ readonly messages: ReadonlyArray<{ readonly content: ReadonlyArray<{ readonly _tag: string }> }> }>, i: number) =>
  (requests[i]?.messages ?? []).flatMap((m) => m.content.flatMap((b) => ("text" in b && typeof b.text === "string" ? [b.text] : []))).join("")

describe("fitlog model path, grounded in SR28", () => {
  it.layer(sr28Table, { timeout: 60_000 })((it) => {
    it.effect("reads narrative text into items, then the model picks among the rules' candidates; nutrients come from the table", () =>
      Effect.gen(function*() {
        const table = yield* NutritionTable
        const milkCandidates = table.search("whole milk", undefined, 5).map((c) => c.record)
        const pick = milkCandidates[1] ?? milkCandidates[0]
        expect(pick).toBeDefined()
        const result = yield* estimate(narrative).pipe(Effect.provide(ScriptedLlm.layer([
          ScriptedLlm.toolCall("record_foods", items),
          // The model keeps the rules' sandwich (1: no answer) and picks the second milk candidate.
          ScriptedLlm.toolCall("choose_foods", { choices: [{ item: 2, id: pick?.id ?? "" }] })
        ])))
        expect(result.modelCalls).toBe(2)
        const json = estimateJson(result)
        expect(json.meal).toBe("lunch")
        expect(json.items.map((i) => i.grams)).toEqual([200, 250])
        const milk = result.items[1]
        expect(milk?._tag).toBe("Matched")
        if (milk?._tag === "Matched" && pick !== undefined) {
          expect(milk.food.id).toBe(pick.id)
          expect(milk.nutrients).toEqual(scaleNutrients(pick.per100g, 250))
          expect(milk.assumption._tag === "Some" && milk.assumption.value).toContain("chosen by the model")
        }
      }).pipe(Effect.provide(Layer.empty)))

    it.effect("shows the model the candidates' ids and never asks it for nutrients", () =>
      Effect.gen(function*() {
        const scripted = ScriptedLlm.layer([ScriptedLlm.toolCall("record_foods", items), ScriptedLlm.toolCall("choose_foods", { choices: [] })])
        const requests = yield* Effect.gen(function*() {
          yield* estimate(narrative)
          return yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
        }).pipe(Effect.provide(scripted))
        expect(requests).toHaveLength(2)
        expect(shownText(requests, 0)).toContain(narrative)
        const table = yield* NutritionTable
        const firstMilk = table.search("whole milk", undefined, 1)[0]?.record.id ?? "none"
        expect(shownText(requests, 1)).toContain(`${firstMilk}:`)
        expect(requests[1]?.system ?? "").toContain("Never give calories or nutrients")
      }))

    it.effect("an id outside the candidates is ignored; 'none of these' is reported unmatched, not substituted", () =>
      Effect.gen(function*() {
        const result = yield* estimate(narrative).pipe(Effect.provide(ScriptedLlm.layer([
          ScriptedLlm.toolCall("record_foods", items),
          ScriptedLlm.toolCall("choose_foods", { choices: [{ item: 1, id: null }, { item: 2, id: "99999" }] })
        ])))
        const json = estimateJson(result)
        expect(json.items[0]?.food).toBeNull()
        expect(json.items[0]?.error).toContain("no food in the food tables (USDA FNDDS, USDA SR28, CoFID) matches")
        const table = yield* NutritionTable
        expect(json.items[1]?.food).toBe(table.search("whole milk", undefined, 1)[0]?.record.description)
      }))

    it.effect("a plain list is read by the rules alone: no model call", () =>
      Effect.gen(function*() {
        const result = yield* estimate("2 eggs, 1 slice of toast").pipe(Effect.provide(ScriptedLlm.layer([])))
        expect(result.modelCalls).toBe(0)
        expect(estimateJson(result).items.map((i) => i.grams)).toEqual([100, 30])
      }))

    it.effect("offline, the narrative is read by the rules and no candidate choice is attempted", () =>
      Effect.gen(function*() {
        const result = yield* estimate(narrative).pipe(Effect.provide(layerOffline))
        const json = estimateJson(result)
        expect(json.items.map((i) => i.grams)).toEqual([200, 250])
        expect(json.items[1]?.food).toMatch(/^Milk, whole/)
        expect(result.modelCalls).toBe(1)
      }))
  })
})
