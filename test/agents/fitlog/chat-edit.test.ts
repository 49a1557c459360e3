/**
 * Offline chat removes and changes logged food by name (issue 29, item 6):
 * "remove the almonds", "take off the toast", "make the rice 200 g",
 * "change the milk to 100ml", "the eggs were 3 not 2". A change to the
 * diary is asked about first and written only on yes; a change to the
 * proposal still waiting edits that proposal; a name that fits nothing says
 * so and lists the entries; one that fits several asks which. The diary's
 * final rows are asserted, not only the replies.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { converse, ctx, table } from "./chat-support.js"

const offline = Layer.mergeAll(table, layerOffline, layerSqliteMemory)
const rows = Effect.flatMap(Diary, (d) => d.day(ctx.date))

/** Log `text` to the diary through the chat (propose, then yes). */
const logged = (text: string) => Effect.map(converse([text, "yes"]), ({ state }) => state)

describe("chat edits logged food by name, offline", () => {
  it.effect("\"remove the almonds\" asks, and on yes takes only the almonds out of the diary", () =>
    Effect.gen(function*() {
      const state = yield* logged("2 eggs, 28g almonds, 1 cup brewed coffee for breakfast")
      expect((yield* rows).map((r) => r.food)).toHaveLength(3)
      const asked = yield* converse(["remove the almonds"], state)
      expect(asked.replies[0]).toMatch(/^Remove "28g almonds" \(.*almonds.*28 g, \d+ kcal\) from breakfast\? \(yes \/ no\)$/)
      expect(yield* rows).toHaveLength(3)
      const done = yield* converse(["yes"], asked.state)
      expect(done.replies[0]).toContain("Removed \"28g almonds\"")
      expect((yield* rows).map((r) => r.text)).toEqual(["2 eggs", "1 cup brewed coffee"])
      expect(Option.isNone(done.state.pending)).toBe(true)
    }).pipe(Effect.provide(offline)))

  it.effect("\"delete the coffee\" then no changes nothing", () =>
    Effect.gen(function*() {
      const state = yield* logged("2 eggs, 1 cup brewed coffee for breakfast")
      const { replies } = yield* converse(["delete the coffee", "no"], state)
      expect(replies[0]).toMatch(/^Remove "1 cup brewed coffee"/)
      expect((yield* rows).map((r) => r.text)).toEqual(["2 eggs", "1 cup brewed coffee"])
    }).pipe(Effect.provide(offline)))

  it.effect("\"make the rice 200 g\" and \"the eggs were 3 not 2\" rescale those entries, food kept", () =>
    Effect.gen(function*() {
      const state = yield* logged("2 eggs, 135g white rice cooked for lunch")
      const [eggsBefore, riceBefore] = yield* rows
      const { replies } = yield* converse(["make the rice 200 g", "yes", "the eggs were 3 not 2", "yes"], state)
      expect(replies[0]).toMatch(/^Change "135g white rice cooked" .* to "200 g white rice cooked" \(.*200 g, \d+ kcal\)\? \(yes \/ no\)$/)
      const [eggs, rice] = yield* rows
      expect([rice?.text, rice?.grams, rice?.food]).toEqual(["200 g white rice cooked", 200, riceBefore?.food])
      expect(rice?.kcal).toBeCloseTo(((riceBefore?.kcal ?? 0) * 200) / 135, 0)
      expect([eggs?.text, eggs?.food]).toEqual(["3 eggs", eggsBefore?.food])
      expect(eggs?.grams).toBeCloseTo(((eggsBefore?.grams ?? 0) * 3) / 2, 1)
    }).pipe(Effect.provide(offline)))

  it.effect("\"change the milk to 100ml\" scales a milk logged in ml", () =>
    Effect.gen(function*() {
      const state = yield* logged("250ml milk for breakfast")
      const [before] = yield* rows
      yield* converse(["change the milk to 100ml", "yes"], state)
      const [after] = yield* rows
      expect(after?.text).toBe("100ml milk")
      expect(after?.grams).toBeCloseTo(((before?.grams ?? 0) * 100) / 250, 1)
    }).pipe(Effect.provide(offline)))

  it.effect("a name that fits nothing says so and lists the entries; one that fits several asks which", () =>
    Effect.gen(function*() {
      const state = yield* logged("2 slices of white toast, 1 slice of wholemeal toast, 2 eggs for breakfast")
      const { replies, state: after } = yield* converse(["remove the bananas", "take off the toast"], state)
      expect(replies[0]).toContain("I can't find \"bananas\" in today's diary")
      expect(replies[0]).toContain("2 eggs")
      expect(replies[1]).toContain("\"toast\" could be any of these")
      expect(replies[1]).toContain("white toast")
      expect(replies[1]).toContain("wholemeal toast")
      expect(Option.isNone(after.pending)).toBe(true)
      expect(yield* rows).toHaveLength(3)
    }).pipe(Effect.provide(offline)))

  it.effect("with nothing logged, an edit says there is nothing to change", () =>
    Effect.gen(function*() {
      const { replies } = yield* converse(["remove the almonds"])
      expect(replies[0]).toBe("Nothing is logged today, so there is no \"almonds\" to remove.")
    }).pipe(Effect.provide(offline)))

  it.effect("an edit while a proposal waits changes the proposal, and yes logs the edited one", () =>
    Effect.gen(function*() {
      const { replies, state } = yield* converse(["2 eggs, 28g almonds for breakfast", "remove the almonds"])
      expect(replies[1]).toContain("Taken off \"28g almonds\"")
      expect(replies[1]).toContain("Log it? (yes / no)")
      expect(yield* rows).toEqual([])
      yield* converse(["yes"], state)
      expect((yield* rows).map((r) => r.text)).toEqual(["2 eggs"])
    }).pipe(Effect.provide(offline)))
})

describe("chat with nothing to read", () => {
  it.effect("emoji or punctuation alone is answered by what to type, offline, with nothing proposed", () =>
    Effect.gen(function*() {
      const { replies, state } = yield* converse(["🍕🍕", "..."])
      expect(replies[0]).toBe("\"🍕🍕\" has no words, only emoji — say what you ate in words, e.g. \"2 slices of pizza\".")
      expect(replies[1]).toContain("only punctuation")
      expect(Option.isNone(state.pending)).toBe(true)
    }).pipe(Effect.provide(offline)))

  it.effect("a thumbs-up still answers a proposal (it is a yes, not a wordless message)", () =>
    Effect.gen(function*() {
      yield* converse(["2 eggs for breakfast", "👍"])
      expect((yield* rows).map((r) => r.text)).toEqual(["2 eggs"])
    }).pipe(Effect.provide(offline)))
})

describe("an edit while a proposal waits", () => {
  it.effect("a name not in the proposal keeps the proposal and says to answer it first; the diary is untouched", () =>
    Effect.gen(function*() {
      const state = yield* logged("28g almonds for snacks")
      const { replies, state: after } = yield* converse(["2 eggs for breakfast", "remove the almonds"], state)
      expect(replies[1]).toContain("I can't find \"almonds\" in the proposal waiting for your yes")
      expect(replies[1]).toContain("say yes or no to the proposal first")
      expect(Option.map(after.pending, (p) => p._tag)).toEqual(Option.some("FoodLog"))
      expect((yield* rows).map((r) => r.text)).toEqual(["28g almonds"])
    }).pipe(Effect.provide(offline)))
})
