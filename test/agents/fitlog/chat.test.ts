/**
 * fitlog chat (seeds/004): the router's properties over generated sessions
 * and messages, and conversations on the local diary, offline.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Effect, FastCheck as fc, Layer, Option } from "effect"
import { ClassifiedMessage, classify, route, RouterSession } from "../../../src/domain/fitlog/chat-router.js"
import { insights } from "../../../src/domain/fitlog/insights.js"
import { Diary } from "../../../src/services/diary/diary.js"
import { layerSqliteMemory } from "../../../src/services/diary/sqlite.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { converse, ctx, table, toolResults } from "./chat-support.js"

const runs = { numRuns: 1000 }
const session = Arbitrary.make(RouterSession)
const message = Arbitrary.make(ClassifiedMessage)

describe("route (pure, total)", () => {
  it.prop("is total: every session and message gets a route", [session, message], ([s, m]) => {
    expect(route(s, m)._tag).toBeTypeOf("string")
  }, { fastCheck: runs })

  it.prop("thanks is a quick reply whatever else holds", [session, message], ([s, m]) => {
    expect(route(s, { ...m, fastPath: "thanks" })._tag).toBe("QuickReply")
  }, { fastCheck: runs })

  it.prop("yes commits a pending action, and only a pending one", [session, message], ([s, m]) => {
    expect(route(s, { ...m, fastPath: "confirm" })._tag).toBe(s.pending === "none" ? "QuickReply" : "CommitPending")
  }, { fastCheck: runs })

  it.prop("no clears a pending action and never commits", [session, message], ([s, m]) => {
    const r = route(s, { ...m, fastPath: "decline" })._tag
    expect(r).toBe(s.pending === "none" ? "QuickReply" : "ClearPending")
  }, { fastCheck: runs })

  it.prop("a recipe-looking message goes to recipe parsing before intent classification", [session, message], ([s, m]) => {
    expect(route(s, { ...m, fastPath: "none", looksLikeRecipe: true })._tag).toBe("ParseRecipe")
  }, { fastCheck: runs })

  it.prop("nothing but an explicit yes (fast path or confirm intent) commits", [session, message], ([s, m]) => {
    fc.pre(m.fastPath !== "confirm" && m.intent !== "confirm")
    expect(route(s, m)._tag).not.toBe("CommitPending")
  }, { fastCheck: runs })

  it("classifies by rules", () => {
    expect(classify("log 2 eggs").intent).toBe("log_food")
    expect(classify("yes").fastPath).toBe("confirm")
    expect(classify("No.").fastPath).toBe("decline")
    expect(classify("thanks!").fastPath).toBe("thanks")
    expect(classify("set my calories to 2200").intent).toBe("update_goals")
    expect(classify("how am I doing today?").intent).toBe("query_progress")
    expect(classify("is pizza or salad better?").intent).toBe("query_nutrition")
    expect(classify("200g flour\n2 eggs\n300ml milk\nserves 4").looksLikeRecipe).toBe(true)
  })
})


describe("chat on the local diary, offline", () => {
  it.effect("\"log 2 eggs\" → a proposal → \"yes\" → one diary row", () =>
    Effect.gen(function*() {
      const { replies, state } = yield* converse(["log 2 eggs"])
      expect(replies[0]).toContain("Egg, whole")
      expect(replies[0]).toContain("Log it? (yes / no)")
      expect(Option.isSome(state.pending)).toBe(true)
      const diary = yield* Diary
      expect(yield* diary.day(ctx.date)).toEqual([])
      const after = yield* converse(["yes"], state)
      expect(after.replies[0]).toContain("Logged to breakfast")
      expect(Option.isNone(after.state.pending)).toBe(true)
      const rows = yield* diary.day(ctx.date)
      expect(rows.map((r) => [r.meal, r.grams])).toEqual([["breakfast", 100]])
      // A second yes has nothing to commit.
      const again = yield* converse(["yes"], after.state)
      expect(again.replies[0]).toContain("nothing waiting")
      expect(yield* diary.day(ctx.date)).toHaveLength(1)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("\"no\" clears the proposal and writes nothing", () =>
    Effect.gen(function*() {
      const { replies, state } = yield* converse(["log 2 eggs", "no"])
      expect(replies[1]).toBe("OK, nothing logged.")
      expect(Option.isNone(state.pending)).toBe(true)
      expect(yield* Effect.flatMap(Diary, (d) => d.day(ctx.date))).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("a goal is proposed, then set on yes; progress shows it", () =>
    Effect.gen(function*() {
      const { replies } = yield* converse(["set my calories to 2200", "yes", "2 slices of toast for breakfast", "yes", "how am I doing today?"])
      expect(replies[0]).toContain("2200")
      expect(yield* Effect.flatMap(Diary, (d) => d.goals)).toEqual({ calories: 2200 })
      expect(replies[4]).toMatch(/Calories \d+ \/ 2200 kcal/)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("a pasted recipe is parsed into per-serving nutrition and one serving is proposed", () =>
    Effect.gen(function*() {
      const { replies, state } = yield* converse(["Pancakes\n200g flour\n2 eggs\n300ml milk\nserves 4"])
      expect(replies[0]).toMatch(/Recipe: \d+ kcal in all, 4 servings, \d+ kcal each/)
      const lines = Option.match(state.pending, { onNone: () => [], onSome: (p) => (p._tag === "FoodLog" ? p.proposal.lines : []) })
      expect(lines.map((l) => l.grams)).toEqual([50, 25, 75])
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("offline, a question for the reasoning loop says it needs a model", () =>
    Effect.gen(function*() {
      const { replies } = yield* converse(["is pizza or salad better?"])
      expect(replies[0]).toContain("offline")
    }).pipe(Effect.provide(Layer.mergeAll(table, layerOffline, layerSqliteMemory))))

  it.effect("with a model, the reasoning loop uses the tools and its proposal waits for a yes", () =>
    Effect.gen(function*() {
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCalls([{ name: "get_user_goals", input: {} }, { name: "get_today_progress", input: {} }]),
        ScriptedLlm.toolCall("propose_food_log", { text: "1 medium banana for snacks" }),
        ScriptedLlm.text("A banana fits your day well.")
      ])
      const { requests, result } = yield* Effect.all({
        result: converse(["what should I snack on? I fancy a banana"]),
        requests: Effect.flatMap(ScriptedLlm, (s) => s.requests)
      }).pipe(Effect.provide(llm))
      // The rules could not place the message, so the model classified it first; routing then chose reasoning.
      expect(requests.map((r) => r.tools.map((t) => t.name).slice(0, 1))).toEqual([["classify_intent"], ["get_user_goals"], ["get_user_goals"], ["get_user_goals"]])
      expect(result.replies[0]).toContain("A banana fits your day well.")

      expect(result.replies[0]).toContain("Bananas, raw")
      expect(yield* Effect.flatMap(Diary, (d) => d.day(ctx.date))).toEqual([])
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))

  it.effect("the reasoning loop's recipe and insight tools: a recipe portion is proposed, insights come from the diary", () =>
    Effect.gen(function*() {
      const recipe = "200g flour\n2 eggs\n300ml milk\nserves 4"
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCalls([{ name: "get_insights", input: {} }, { name: "parse_recipe_text", input: { text: recipe } }]),
        ScriptedLlm.toolCall("propose_recipe_log", { text: recipe, portions: 2 }),
        ScriptedLlm.text("Two pancakes it is.")
      ])
      const { replies, state } = yield* Effect.gen(function*() {
        const r = yield* converse(["what about my pancakes from yesterday's recipe?"])
        const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
        const results = requests[2]?.messages.at(-1)?.content.flatMap((b) => (b._tag === "ToolResult" ? b.content.flatMap((c) => (c._tag === "Text" ? [c.text] : [])) : [])) ?? []
        expect(results[0]).toContain("\"daysLogged\":0")
        expect(results[1]).toContain("\"servings\":4")
        return r
      }).pipe(Effect.provide(llm))
      expect(replies[0]).toContain("Two pancakes it is.")
      const grams = Option.match(state.pending, { onNone: () => [], onSome: (p) => (p._tag === "FoodLog" ? p.proposal.lines.map((l) => l.grams) : []) })
      expect(grams).toEqual([100, 50, 150])
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))
})

describe("saved recipes in the chat", () => {
  it.effect("a pasted recipe is saved; later it is found, scaled and logged by name through a proposal and a yes", () =>
    Effect.gen(function*() {
      const diary = yield* Diary
      // Offline: the recipe heuristic parses and saves it; "no" declines today's serving.
      const pasted = yield* converse(["Pancakes\n200g flour\n2 eggs\n300ml milk\nserves 4", "no"]).pipe(Effect.provide(layerOffline))
      expect(pasted.replies[0]).toContain("Saved as \"Pancakes\".")
      expect(yield* diary.day(ctx.date)).toEqual([])
      const saved = yield* diary.getRecipe("pancakes")
      expect(Option.map(saved, (r) => [r.name, r.servings, r.created])).toEqual(Option.some(["Pancakes", 4, "2026-11-22"]))
      const perServing = Option.match(saved, { onNone: () => 0, onSome: (r) => r.perServing.kcal })
      expect(perServing).toBeGreaterThan(200)

      // Later, with a model: search → scale → propose by name; nothing is written before the yes.
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("search_recipes", { query: "pancake" }),
        ScriptedLlm.toolCall("scale_recipe", { name: "Pancakes", servings: 2 }),
        ScriptedLlm.toolCall("propose_recipe_log", { name: "pancakes", portions: 2 }),
        ScriptedLlm.text("Two portions of your pancakes.")
      ])
      const later = yield* Effect.gen(function*() {
        const r = yield* converse(["what's in my Pancakes recipe? I want two portions"], pasted.state)
        expect((yield* toolResults(2))[0]).toContain("\"name\":\"Pancakes\"")
        const scaled = (yield* toolResults(3))[0] ?? ""
        expect(scaled).toContain("\"found\":true")
        // Half the batch: twice one serving's energy.
        expect(scaled).toContain(`"kcal":${Math.round(perServing * 2 * 10) / 10}`)
        return r
      }).pipe(Effect.provide(llm))
      expect(later.replies[0]).toContain("Two portions of your pancakes.")
      expect(later.replies[0]).toContain("Log it? (yes / no)")
      expect(yield* diary.day(ctx.date)).toEqual([])

      const done = yield* converse(["yes"], later.state).pipe(Effect.provide(layerOffline))
      expect(done.replies[0]).toContain("Logged to breakfast")
      const rows = yield* diary.day(ctx.date)
      expect(rows.map((r) => [r.meal, r.grams])).toEqual([["breakfast", 100], ["breakfast", 50], ["breakfast", 150]])
      expect(rows.every((r) => r.text.startsWith("1/2 of recipe: "))).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))

  it.effect("propose_recipe_log with an unknown name proposes nothing", () =>
    Effect.gen(function*() {
      const llm = ScriptedLlm.layer([
        ScriptedLlm.toolCall("classify_intent", { intent: "query_nutrition" }),
        ScriptedLlm.toolCall("propose_recipe_log", { name: "Lasagne" }),
        ScriptedLlm.text("You have no lasagne recipe saved.")
      ])
      const { replies, state } = yield* Effect.gen(function*() {
        const r = yield* converse(["what's my lasagne recipe like?"])
        expect((yield* toolResults(2))[0]).toContain("no saved recipe is called")
        return r
      }).pipe(Effect.provide(llm))
      expect(replies[0]).toBe("You have no lasagne recipe saved.")
      expect(Option.isNone(state.pending)).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(table, layerSqliteMemory))))
})

describe("insights", () => {
  it("compares the week's averages with the goals and suggests at most two things", () => {
    const day = { kcal: 2600, protein_g: 40, carbs_g: 300, fat_g: 100 }
    const r = insights([day, day, day, day, day], { calories: 2000, protein: 100 })
    expect(r.average.kcal).toBe(2600)
    expect(r.suggestions).toHaveLength(2)
    expect(r.suggestions[0]).toContain("Protein averages 40 g against 100 g")
    expect(r.suggestions[1]).toContain("over your 2000 kcal goal")
    expect(insights([], {}).suggestions).toEqual(["Log a few meals this week and I can spot patterns."])
  })
})
