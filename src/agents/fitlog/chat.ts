/**
 * One chat turn (seeds/004): classify the message by rules, route it with
 * the pure router, then act — quick replies, committing or clearing the
 * pending action, proposing a food log or a goal, a recipe's per-serving
 * nutrition (the recipe is saved by name), today's progress, or the reasoning tool loop (≤ 5 model calls).
 * A message the rules cannot place is classified by the model when there is
 * one. Offline, everything but the reasoning loop works; it says it needs a model.
 */
import { Effect, Match, Option, Ref, Schema } from "effect"
import { classify, Intent, route } from "../../domain/fitlog/chat-router.js"
import type { ClassifiedMessage, RouterSession } from "../../domain/fitlog/chat-router.js"
import { dayReport } from "../../domain/fitlog/day-report.js"
import { readEntryEdit } from "../../domain/fitlog/entry-edit.js"
import { describeProfile } from "../../domain/fitlog/profile.js"
import { lastDays, weekReport } from "../../domain/fitlog/week-report.js"
import { describeProposal, ingredientLines, portionOf, servingsIn } from "../../domain/fitlog/proposal.js"
import type { SkippedLine } from "../../domain/fitlog/proposal.js"
import { DiaryDate } from "../../domain/fitlog/types.js"
import type { Meal } from "../../domain/fitlog/types.js"
import { userText } from "../../domain/llm.js"
import { Diary, DiaryError, goalNames } from "../../services/diary/diary.js"
import * as Steps from "../../services/steps/steps.js"
import { extract } from "../../services/llm/extract.js"
import * as ToolLoop from "../../services/llm/tool-loop.js"
import type { ChatState, PendingAction } from "./chat-state.js"
import { describeEntry, editByName } from "./chat-edit.js"
import { chatTools } from "./chat-tools.js"
import { estimate } from "./estimate.js"
import { propose } from "./propose.js"
import { recipeBatch, saveRecipe } from "./recipes.js"

export const initialChatState: ChatState = { pending: Option.none(), lastMeal: Option.none(), turns: 0 }

export interface ChatContext {
  readonly date: DiaryDate
  readonly likelyMeal: Meal
}

export interface ChatReply {
  readonly reply: string
  readonly state: ChatState
}

const routerSession = (state: ChatState): RouterSession => ({
  pending: Option.match(state.pending, { onNone: () => "none", onSome: (p) => (p._tag === "FoodLog" ? "food_log" : "goal_update") })
})

const askPending: (pending: PendingAction) => string = Match.type<PendingAction>().pipe(
  Match.tagsExhaustive({
    FoodLog: ({ proposal }) => `${describeProposal(proposal)}\nLog it? (yes / no)`,
    GoalUpdate: ({ name, value }) => `Set your daily ${name} goal to ${value}${name === "calories" ? " kcal" : " g"}? (yes / no)`,
    ProfileUpdate: ({ fields }) => `Save to your profile: ${describeProfile(fields)}? (yes / no)`,
    EntryChange: ({ becomes, meal, was }) =>
      becomes === null
        ? `Remove ${describeEntry(was)} from ${meal}? (yes / no)`
        : `Change ${describeEntry(was)} in ${meal} to ${describeEntry(becomes)}? (yes / no)`
  })
)

const nothingToLog = (skipped: ReadonlyArray<SkippedLine>) =>
  skipped.length === 0
    ? "I could not find any food to log in that. Try one food a line, or \"2 eggs, a banana\"."
    : `I could not find anything to log: ${skipped.map((s) => `"${s.text}" — ${s.reason}`).join("; ")}`

const reasoningSystem = "You are NutriPal, a friendly, concise nutrition assistant over the user's food diary. " +
  "For diet questions, first call get_user_goals and get_today_progress. Use the nutrition tools for facts; never invent numbers. " +
  "Saved recipes: search_recipes, scale_recipe, propose_recipe_log with the recipe's name. " +
  "To log food or change a goal, call propose_food_log or update_user_goal: the user confirms afterwards. " +
  "For recommended goals, call calculate_recommended_goals; when it says profile fields are missing, ask the user for them, " +
  "and save what they tell you with propose_profile_update. Answer in two or three sentences."

/**
 * seeds/004 IntentAgent: only a message the rules could not place (off
 * topic by the rules) is shown to the model, for its intent alone; routing
 * stays the pure `route`. Offline, or on any model failure, the rules stand.
 */
export const refineIntent = (message: ClassifiedMessage) =>
  Effect.gen(function*() {
    if (message.fastPath !== "none" || message.looksLikeRecipe || message.intent !== "off_topic") return message
    return yield* extract(Schema.Struct({ intent: Intent }), {
      system: "Classify the user's message to a nutrition-tracking assistant into one intent.",
      prompt: message.text,
      toolName: "classify_intent",
      maxTokens: 100
    }).pipe(
      Effect.map((r): ClassifiedMessage => ({ ...message, intent: r.intent })),
      // Offline (the call fails with `Offline`) or any model failure: the rules stand.
      Effect.orElseSucceed(() => message)
    )
  })

export const chatTurn = Effect.fn("fitlog.chatTurn")(function*(state: ChatState, text: string, ctx: ChatContext) {
  const message = yield* refineIntent(classify(text))
  const decision = route(routerSession(state), message)
  const next = { ...state, turns: state.turns + 1 }
  const reply = (r: string, s: ChatState = next): ChatReply => ({ reply: r, state: s })
  const withPending = (p: PendingAction) => reply(askPending(p), { ...next, pending: Option.some(p) })
  const proposeFoodLog = (said: string) =>
    Effect.gen(function*() {
      const estimated = yield* estimate(said.replace(/^\s*(please\s+)?(log|add|track|i (ate|had))\s+/i, ""))
      const proposed = propose(estimated, Option.getOrElse(estimated.meal, () => ctx.likelyMeal), ctx.date)
      if (proposed._tag === "NothingToLog") return reply(nothingToLog(proposed.skipped))
      return withPending({ _tag: "FoodLog", proposal: proposed.proposal })
    })
  // Step 4: everything the rules do not handle goes to the model with the diary tools (at most 5 calls).
  const reasoning = Effect.gen(function*() {
    const proposed = yield* Ref.make(Option.none<PendingAction>())
    const result = yield* ToolLoop.run({
      system: reasoningSystem,
      messages: [userText(text)],
      tools: chatTools({ date: ctx.date, likelyMeal: ctx.likelyMeal, proposed }),
      maxIterations: 5
    })
    const pending = yield* Ref.get(proposed)
    const answer = result.turn._tag === "Parsed"
      ? result.turn.value
      : result.turn._tag === "Unavailable"
      ? "I need a model for that question (offline mode). I can still log food (\"2 eggs for breakfast\"), show today's progress and set goals."
      : "I could not finish thinking that through; try asking more simply."
    return Option.match(pending, {
      onNone: () => reply(answer),
      onSome: (p) => ({ reply: `${answer}\n\n${askPending(p)}`, state: { ...next, pending: Option.some(p) } })
    })
  })
  switch (decision._tag) {
    case "QuickReply":
      return reply(decision.reply)
    case "ClearPending":
      return reply(Option.isSome(state.pending) && state.pending.value._tag === "EntryChange" ? "OK, the diary stays as it was." : "OK, nothing logged.", { ...next, pending: Option.none() })
    case "CommitPending": {
      if (Option.isNone(state.pending)) return reply("There is nothing waiting for a yes.")
      const pending = state.pending.value
      const diary = yield* Diary
      const cleared = { ...next, pending: Option.none() }
      return yield* Match.value(pending).pipe(
        Match.tagsExhaustive({
          // Each write is a step: a durable host (shoal serve) that replays this turn does not write it again.
          GoalUpdate: ({ name, value }) =>
            Effect.as(Steps.once(`diary/goal/${name}`, Schema.Void, diary.setGoal(name, value), DiaryError), reply(`Done: your daily ${name} goal is ${value}.`, cleared)),
          ProfileUpdate: ({ fields }) =>
            Effect.as(Steps.once("diary/profile", Schema.Void, diary.updateProfile(fields), DiaryError), reply(`Saved to your profile: ${describeProfile(fields)}.`, cleared)),
          EntryChange: ({ becomes, date, entry, was }) =>
            Effect.gen(function*() {
              const done = yield* Steps.once(
                `diary/entry/${entry}/${becomes === null ? "remove" : "change"}`,
                Schema.Boolean,
                becomes === null ? diary.removeEntry(entry) : diary.replaceEntry(entry, becomes),
                DiaryError
              )
              const said = !done
                ? `${describeEntry(was)} is no longer in the diary; nothing changed.`
                : becomes === null
                ? `Removed ${describeEntry(was)}.`
                : `Changed to ${describeEntry(becomes)}.`
              return reply(`${said}\n\n${dayReport(date, yield* diary.day(date), yield* diary.goals)}`, cleared)
            }),
          FoodLog: ({ proposal }) =>
            Effect.gen(function*() {
              const outcome = yield* Steps.once(`diary/commit/${proposal.id}`, Schema.Literal("committed", "already-committed"), diary.commit(proposal), DiaryError)
              const totals = dayReport(proposal.date, yield* diary.day(proposal.date), yield* diary.goals)
              const said = outcome === "committed" ? `Logged to ${proposal.meal}.` : "That was already logged; nothing written again."
              return reply(`${said}\n\n${totals}`, { ...cleared, lastMeal: Option.some(proposal.meal) })
            })
        })
      )
    }
    case "ProposeFoodLog":
      return yield* proposeFoodLog(text)
    case "ParseRecipe": {
      // Long, but not one ingredient line ("log 2 eggs, a banana, …" on one line): a food list, not a recipe.
      if (ingredientLines(text).trim().length === 0) return yield* proposeFoodLog(text)
      const batch = yield* recipeBatch(text, ctx.likelyMeal, ctx.date)
      if (batch._tag === "NothingToLog") return reply(nothingToLog(batch.skipped))
      const servings = servingsIn(text)
      const total = batch.proposal.lines.reduce((s, l) => s + (l.kcal ?? 0), 0)
      // Saving is best effort: the portion is proposed either way.
      const saved = yield* saveRecipe(text, batch.proposal, ctx.date).pipe(
        Effect.map((r) => `Saved as "${r.name}".`),
        Effect.catchAll((e) => Effect.succeed(`Not saved: ${e.message}`))
      )
      const asked = withPending({ _tag: "FoodLog", proposal: portionOf(batch.proposal, servings) })
      return { ...asked, reply: `Recipe: ${Math.round(total)} kcal in all, ${servings} serving${servings === 1 ? "" : "s"}, ${Math.round(total / servings)} kcal each. ${saved}\n${asked.reply}` }
    }
    case "ProposeGoal": {
      const m = /\b(calories|protein|carbs|fat)\b\D*(\d+(?:\.\d+)?)/i.exec(text)
      const name = goalNames.find((g) => g === m?.[1]?.toLowerCase())
      const value = Number(m?.[2])
      if (name === undefined || !(value > 0 && value < 20_000)) return reply("Which goal, and to what? e.g. \"set my calories to 2200\".")
      return withPending({ _tag: "GoalUpdate", name, value })
    }
    case "ShowProgress": {
      const diary = yield* Diary
      return reply(dayReport(ctx.date, yield* diary.day(ctx.date), yield* diary.goals))
    }
    case "ShowWeek": {
      const diary = yield* Diary
      const dates = lastDays(ctx.date, 7)
      const rows = yield* diary.range(DiaryDate.make(dates[0] ?? ctx.date), ctx.date)
      return reply(weekReport(ctx.date, rows, yield* diary.goals))
    }
    case "EditEntry": {
      const edit = readEntryEdit(text)
      // A model may call a message an edit that the rules cannot read as one: the reasoning loop takes it.
      if (Option.isNone(edit)) return yield* reasoning
      const outcome = yield* editByName(edit.value, state.pending, ctx.date)
      switch (outcome._tag) {
        case "Reply":
          return reply(outcome.reply)
        case "NothingLeft":
          return reply(outcome.reply, { ...next, pending: Option.none() })
        case "Ask": {
          const asked = withPending(outcome.pending)
          return outcome.note === "" ? asked : { ...asked, reply: `${outcome.note}\n${asked.reply}` }
        }
      }
    }
    case "Reasoning":
      return yield* reasoning
  }
})
