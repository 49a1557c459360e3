/**
 * The reasoning loop's tools (seeds/004 "21 tools", the ones fitlog needs):
 * user context (goals, today, week, history), nutrition (lookup, estimate,
 * validate, compare), recipes (parse, search and scale saved ones), logging
 * proposals and goal updates. Proposals are
 * never committed here: they become the session's pending action, and only
 * the user's "yes" commits (PCC).
 */
import { DateTime, Effect, Either, Option, Ref, Schema } from "effect"
import { dayTotals } from "../../domain/fitlog/day-report.js"
import { insights } from "../../domain/fitlog/insights.js"
import { completeProfile, mergeProfiles, PartialProfile, profileFields, recommendedGoals } from "../../domain/fitlog/profile.js"
import { ingredientLines, servingsIn, SkippedLine } from "../../domain/fitlog/proposal.js"
import type { RecipeScale } from "../../domain/fitlog/recipe.js"
import { scaleRecipe } from "../../domain/fitlog/recipe.js"
import type { Meal } from "../../domain/fitlog/types.js"
import { DiaryDate, Nutrients, sourceOf } from "../../domain/fitlog/types.js"
import { describeIssue, validate } from "../../domain/fitlog/validate.js"
import { weekTotals } from "../../domain/fitlog/week-report.js"
import { Diary, DiaryError, goalNames } from "../../services/diary/diary.js"
import * as Tool from "../../services/llm/tool.js"
import { NutritionTable } from "../../services/nutrition-table/nutrition-table.js"
import type { PendingAction } from "./chat-state.js"
import { estimate, estimateJson } from "./estimate.js"
import { propose } from "./propose.js"
import { proposeRecipePortion } from "./recipes.js"

export interface ChatToolContext {
  readonly date: DiaryDate
  readonly likelyMeal: Meal
  /** What the tools proposed this turn; the chat keeps it as the pending action. */
  readonly proposed: Ref.Ref<Option.Option<PendingAction>>
}

const shiftDate = (date: DiaryDate, days: number): DiaryDate =>
  DiaryDate.make(DateTime.formatIsoDateUtc(DateTime.add(DateTime.unsafeMake(`${date}T12:00:00Z`), { days })))

/** A tool needs profile fields the user has not given; the model is told which, to ask for them. */
export class ProfileIncomplete extends Schema.TaggedError<ProfileIncomplete>()("ProfileIncomplete", {
  missing: Schema.Array(Schema.String),
  reason: Schema.String
}) {
  override get message(): string {
    return `${this.reason}: missing ${this.missing.join(", ")}`
  }
}

/** Nothing could be proposed: each line the user gave, and why it was not (the model may ask again). */
export class NothingProposed extends Schema.TaggedError<NothingProposed>()("NothingProposed", {
  reasons: Schema.Array(SkippedLine)
}) {
  override get message(): string {
    return `nothing to propose: ${this.reasons.map((r) => (r.text === "" ? r.reason : `"${r.text}" — ${r.reason}`)).join("; ")}`
  }
}

/** No saved recipe has this name. */
export class RecipeNotFound extends Schema.TaggedError<RecipeNotFound>()("RecipeNotFound", {
  name: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason
  }
}

/** What the chat's tools can fail with; each goes back to the model as a tool error it can act on. */
const ChatToolFailure = Schema.Union(DiaryError, ProfileIncomplete, NothingProposed, RecipeNotFound)
const returning = { failure: ChatToolFailure, failureMode: "return" } as const

export const chatTools = (ctx: ChatToolContext) => {
  const lastWeek = Effect.map(Effect.flatMap(Diary, (d) => d.range(shiftDate(ctx.date, -6), ctx.date)), (rows) => weekTotals(ctx.date, rows))
  return [
    Tool.make("get_user_goals", {
      description: "The user's daily goals (calories in kcal; protein, carbs, fat in g). Missing goals are not set.",
      ...returning,
      parameters: Schema.Struct({}),
      concurrencySafe: true,
      handler: () => Effect.flatMap(Diary, (d) => d.goals)
    }),
    Tool.make("get_today_progress", {
      description: "What the user has logged today and the totals.",
      ...returning,
      parameters: Schema.Struct({}),
      concurrencySafe: true,
      handler: () => Effect.map(Effect.flatMap(Diary, (d) => d.day(ctx.date)), (rows) => ({ date: ctx.date, totals: dayTotals(rows), entries: rows.map((r) => ({ meal: r.meal, food: r.food, grams: r.grams, kcal: r.kcal })) }))
    }),
    Tool.make("get_weekly_summary", {
      description: "Daily totals and averages over the last 7 days.",
      ...returning,
      parameters: Schema.Struct({}),
      concurrencySafe: true,
      handler: () =>
        Effect.map(lastWeek, (week) => ({
          days: week.days.filter((d) => d.entries > 0).map((d) => ({ date: d.date, ...d.totals })),
          averageKcalOnLoggedDays: insights(week.logged, {}).average.kcal
        }))
    }),
    Tool.make("get_food_history", {
      description: "Foods logged in the last N days (default 7).",
      ...returning,
      parameters: Schema.Struct({ days: Schema.optionalWith(Schema.Int.pipe(Schema.between(1, 90)), { default: () => 7 }) }),
      concurrencySafe: true,
      handler: ({ days }) => Effect.map(Effect.flatMap(Diary, (d) => d.range(shiftDate(ctx.date, 1 - days), ctx.date)), (rows) => rows.map((r) => ({ date: r.date, meal: r.meal, food: r.food, grams: r.grams, kcal: r.kcal })))
    }),
    Tool.make("lookup_nutrition", {
      description: "Nutrition per 100 g of a food from USDA FNDDS, USDA SR28 or CoFID, with its table (null means the table has no value).",
      ...returning,
      parameters: Schema.Struct({ food: Schema.String.pipe(Schema.minLength(1)) }),
      concurrencySafe: true,
      handler: ({ food }) => Effect.map(NutritionTable, (t) => t.search(t.correct(food), undefined, 3).map((s) => ({ food: s.record.description, per100g: s.record.per100g, source: sourceOf(s.record) })))
    }),
    Tool.make("estimate_nutrition", {
      description: "Estimate a written food list (\"2 eggs and a slice of toast\"): matched foods, grams, nutrients, totals. Logs nothing.",
      ...returning,
      parameters: Schema.Struct({ text: Schema.String.pipe(Schema.minLength(1)) }),
      handler: ({ text }) => Effect.map(estimate(text), estimateJson)
    }),
    Tool.make("validate_nutrition", {
      description: "Check nutrition values per 100 g for consistency (energy vs macros), reasonableness and ghost calories.",
      ...returning,
      parameters: Schema.Struct({ food: Schema.String, grams: Schema.Number, per100g: Nutrients }),
      concurrencySafe: true,
      handler: (input) => Effect.succeed(validate(input).map(describeIssue))
    }),
    Tool.make("compare_foods", {
      description: "Compare foods per 100 g (kcal, protein, carbs, fat).",
      ...returning,
      parameters: Schema.Struct({ foods: Schema.Array(Schema.String).pipe(Schema.minItems(2), Schema.maxItems(5)) }),
      concurrencySafe: true,
      handler: ({ foods }) => Effect.map(NutritionTable, (t) => foods.map((f) => ({ asked: f, found: Option.getOrNull(Option.map(Option.fromNullable(t.search(t.correct(f), undefined, 1)[0]), (s) => ({ food: s.record.description, per100g: s.record.per100g }))) })))
    }),
    Tool.make("propose_food_log", {
      description: "Propose logging a food list; the user is shown it and must say yes before anything is logged.",
      ...returning,
      parameters: Schema.Struct({ text: Schema.String.pipe(Schema.minLength(1)) }),
      handler: ({ text }) =>
        Effect.gen(function*() {
          const e = yield* estimate(text)
          const p = propose(e, Option.getOrElse(e.meal, () => ctx.likelyMeal), ctx.date)
          if (p._tag === "NothingToLog") return yield* new NothingProposed({ reasons: p.skipped })
          yield* Ref.set(ctx.proposed, Option.some({ _tag: "FoodLog", proposal: p.proposal } as const))
          return { proposed: true, lines: p.proposal.lines.map((l) => ({ food: l.food, grams: l.grams, kcal: l.kcal })), notLogged: p.proposal.skipped }
        })
    }),
    Tool.make("update_user_goal", {
      description: "Propose changing a daily goal; the user must confirm.",
      ...returning,
      parameters: Schema.Struct({ name: Schema.Literal(...goalNames), value: Schema.Number.pipe(Schema.between(1, 20_000)) }),
      handler: ({ name, value }) => Effect.as(Ref.set(ctx.proposed, Option.some({ _tag: "GoalUpdate", name, value } as const)), { proposed: true })
    }),
    Tool.make("parse_recipe_text", {
      description: "Parse a recipe (one ingredient per line with amounts; \"serves N\") into ingredients with nutrition, the batch total and the per-serving total.",
      ...returning,
      parameters: Schema.Struct({ text: Schema.String.pipe(Schema.minLength(1)) }),
      handler: ({ text }) =>
        Effect.map(estimate(ingredientLines(text)), (e) => {
          const json = estimateJson(e)
          const servings = servingsIn(text)
          const per = (v: number) => Math.round((v / servings) * 10) / 10
          return { ingredients: json.items, servings, batch: json.total, perServing: { kcal: per(json.total.kcal), protein_g: per(json.total.protein_g), carbs_g: per(json.total.carbs_g), fat_g: per(json.total.fat_g) } }
        })
    }),
    Tool.make("search_recipes", {
      description: "The user's saved recipes whose name contains the query (empty: all), with servings and one serving's grams and nutrients.",
      ...returning,
      parameters: Schema.Struct({ query: Schema.String }),
      concurrencySafe: true,
      handler: ({ query }) =>
        Effect.map(Effect.flatMap(Diary, (d) => d.searchRecipes(query)), (rs) => rs.map((r) => ({ name: r.name, servings: r.servings, perServing: r.perServing, saved: r.created })))
    }),
    Tool.make("scale_recipe", {
      description: "One portion of a saved recipe: the batch split into `servings` portions, or a portion of `grams` grams (give one). Grams and nutrients of that portion.",
      ...returning,
      parameters: Schema.Struct({
        name: Schema.String.pipe(Schema.minLength(1)),
        servings: Schema.optionalWith(Schema.Number.pipe(Schema.between(0.25, 100)), { exact: true }),
        grams: Schema.optionalWith(Schema.Number.pipe(Schema.between(1, 10_000)), { exact: true })
      }),
      concurrencySafe: true,
      handler: ({ grams, name, servings }) =>
        Effect.flatMap(Effect.flatMap(Diary, (d) => d.getRecipe(name)), (found) =>
          Option.match(found, {
            onNone: () => Effect.fail(new RecipeNotFound({ name, reason: `no saved recipe is called "${name}"; try search_recipes` })),
            onSome: (r) => {
              const scale: RecipeScale = grams !== undefined ? { _tag: "Grams", grams } : { _tag: "Servings", servings: servings ?? r.servings }
              return Effect.succeed({ found: true, name: r.name, batchServings: r.servings, scaledTo: scale, portion: scaleRecipe(r, scale) })
            }
          }))
    }),
    Tool.make("propose_recipe_log", {
      description: "Propose logging a number of portions of a recipe, given as its text or as a saved recipe's name; the user must say yes.",
      ...returning,
      parameters: Schema.Struct({
        text: Schema.optionalWith(Schema.String.pipe(Schema.minLength(1)), { exact: true }),
        name: Schema.optionalWith(Schema.String.pipe(Schema.minLength(1)), { exact: true }),
        portions: Schema.optionalWith(Schema.Number.pipe(Schema.between(0.25, 20)), { default: () => 1 })
      }),
      handler: ({ name, portions, text }) =>
        Effect.gen(function*() {
          // A "text" with no ingredient lines is taken as a saved recipe's name.
          const source = name !== undefined ? { name } : text === undefined ? undefined : ingredientLines(text).trim() === "" ? { name: text } : { text }
          if (source === undefined) return yield* new NothingProposed({ reasons: [{ text: "", reason: "give the recipe's text or a saved recipe's name" }] })
          const p = yield* proposeRecipePortion(source, portions, ctx.likelyMeal, ctx.date)
          if (p._tag === "NotFound") return yield* new RecipeNotFound({ name: "name" in source ? source.name : "", reason: p.reason })
          if (p._tag === "NothingToLog") return yield* new NothingProposed({ reasons: p.skipped })
          yield* Ref.set(ctx.proposed, Option.some({ _tag: "FoodLog", proposal: p.proposal } as const))
          return { proposed: true, kcal: p.proposal.lines.reduce((s, l) => s + (l.kcal ?? 0), 0) }
        })
    }),
    Tool.make("get_insights", {
      description: "The last 7 days: averages against goals and up to two suggestions.",
      ...returning,
      parameters: Schema.Struct({}),
      concurrencySafe: true,
      handler: () =>
        Effect.gen(function*() {
          const week = yield* lastWeek
          return insights(week.logged, yield* Effect.flatMap(Diary, (d) => d.goals))
        })
    }),
    Tool.make("get_user_profile", {
      description: "What the user has told us of themselves: ageYears, sex, heightCm, weightKg, activity (low, moderate, high). Fields never given are absent.",
      ...returning,
      parameters: Schema.Struct({}),
      concurrencySafe: true,
      handler: () => Effect.flatMap(Diary, (d) => d.profile)
    }),
    Tool.make("propose_profile_update", {
      description: "Propose saving profile fields the user just told you (only those); the user must confirm.",
      ...returning,
      parameters: PartialProfile,
      handler: (fields) =>
        Object.keys(fields).length === 0
          ? Effect.fail(new ProfileIncomplete({ missing: [...profileFields], reason: "give at least one field the user told you" }))
          : Effect.as(Ref.set(ctx.proposed, Option.some({ _tag: "ProfileUpdate", fields } as const)), { proposed: true })
    }),
    Tool.make("calculate_recommended_goals", {
      description: "Recommended daily goals (Mifflin-St Jeor energy times an activity factor; protein 1.6 g/kg; fat 30 % of energy) " +
        "from the user's saved profile, with any field given here overriding it. Fails naming the fields still missing: ask the user for them.",
      ...returning,
      parameters: PartialProfile,
      concurrencySafe: true,
      handler: (given) =>
        Effect.gen(function*() {
          const saved = yield* Effect.flatMap(Diary, (d) => d.profile)
          const profile = yield* Either.match(completeProfile(mergeProfiles(saved, given)), {
            onLeft: (missing) => Effect.fail(new ProfileIncomplete({ missing: [...missing], reason: "the profile does not say" })),
            onRight: Effect.succeed
          })
          return { profile, recommended: recommendedGoals(profile) }
        })
    })
  ] as const
}
