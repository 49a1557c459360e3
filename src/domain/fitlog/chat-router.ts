/**
 * The chat router (seeds/004 orchestrator): fast paths → recipe heuristic →
 * intent switchboard → reasoning fallback, as a pure, total function of
 * (session, classified message). The classification itself is rules here
 * (`classify`); a model may refine the intent, but routing never calls one.
 */
import { Option, Schema } from "effect"
import { readEntryEdit } from "./entry-edit.js"
import { wordlessText } from "./food-text.js"

export const Intent = Schema.Literal(
  "log_food", "log_recipe", "save_recipe", "query_nutrition", "query_progress", "update_goals", "suggest_goals",
  "clarify", "modify", "confirm", "decline", "greet", "off_topic"
)
export type Intent = typeof Intent.Type

export const FastPath = Schema.Literal("thanks", "confirm", "decline", "none")
export type FastPath = typeof FastPath.Type

export const ClassifiedMessage = Schema.Struct({
  text: Schema.String,
  fastPath: FastPath,
  looksLikeRecipe: Schema.Boolean,
  intent: Intent
})
export type ClassifiedMessage = typeof ClassifiedMessage.Type

/** What the router needs to know of the session. */
export const RouterSession = Schema.Struct({
  pending: Schema.Literal("none", "food_log", "goal_update")
})
export type RouterSession = typeof RouterSession.Type

export type Route =
  | { readonly _tag: "QuickReply"; readonly reply: string }
  | { readonly _tag: "CommitPending" }
  | { readonly _tag: "ClearPending" }
  | { readonly _tag: "ParseRecipe" }
  | { readonly _tag: "ProposeFoodLog" }
  | { readonly _tag: "ProposeGoal" }
  | { readonly _tag: "ShowProgress" }
  /** Progress over the last seven days ("how am I doing this week?"). */
  | { readonly _tag: "ShowWeek" }
  /** Remove or change a logged food by name ("remove the almonds", "make the rice 200 g"). */
  | { readonly _tag: "EditEntry" }
  | { readonly _tag: "Reasoning" }

const thanks = /^\s*(thanks?( you)?|thx|ty|cheers|ta|great,? thanks)\s*[.!]*\s*$/i
// A yes or a no, each word of it one of these: "yes", "yes please", "ok, log it", "no thanks", "nah".
const yesWord = "(?:y|yes|yep|yeah|yup|ok|okay|sure|confirm|log it|do it|correct|that'?s right|go ahead|please|pls|thanks|thank you|thing)"
const noWord = "(?:n|no|nope|nah|cancel|stop|don'?t|never ?mind|discard|thanks|thank you|not now)"
const yes = new RegExp(`^(?:y|yes|yep|yeah|yup|ok|okay|sure|confirm|log it|do it|correct|that'?s right)(?: ${yesWord})*$`)
const no = new RegExp(`^(?:n|no|nope|nah|cancel|stop|don'?t|never ?mind|discard)(?: ${noWord})*$`)

/** Emoji and their joiners, skin tones and variation selectors: no word of a message. */
const pictographs = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]/gu

/** A short reply as the fast paths read it: lower case, a thumbs-up a yes and a thumbs-down a no, other emoji and end punctuation gone. */
const plainReply = (text: string): string =>
  text.replace(/👍/gu, " yes ").replace(/👎/gu, " no ").replace(pictographs, " ").toLowerCase().replace(/[\s.,!]+/g, " ").trim()

/** A question about the week rather than the day. */
export const asksAboutWeek = (text: string): boolean => /\b(this|the|last|past)\s+(week|7 days|seven days)\b|\bweekly\b/i.test(text)

export const fastPathOf = (text: string): FastPath => {
  const reply = plainReply(text)
  return thanks.test(text) ? "thanks" : yes.test(reply) ? "confirm" : no.test(reply) ? "decline" : "none"
}

/** seeds/004 step 1: long (> 200 characters) or multi-line text is a recipe. */
export const looksLikeRecipe = (text: string): boolean => text.trim().length > 200 || text.trim().split(/\n/).filter((l) => l.trim().length > 0).length > 2

/** The rules' intent (offline, and the default when no model refines it). */
export const ruleIntent = (text: string): Intent => {
  // An emoji is no word: "🍕 2 slices of pizza" is read as "2 slices of pizza".
  const t = text.replace(pictographs, " ").toLowerCase()
  if (/^\s*(hi|hello|hey|good (morning|evening|afternoon))\b/.test(t)) return "greet"
  // "remove the almonds", "make the rice 200 g", "the eggs were 3 not 2" (never a goal: "make my calories 2200").
  if (Option.isSome(readEntryEdit(t))) return "modify"
  if (/\b(set|change|update|make)\b.*\b(goal|target|calories|protein|carbs|fat)\b.*\d/.test(t)) return "update_goals"
  if (/\b(recommend|suggest)\b.*\bgoals?\b/.test(t)) return "suggest_goals"
  if (/\bhow am i doing\b|\bprogress\b|\b(today|so far)\b.*\?|\bleft (for|today)\b|\bremaining\b/.test(t)) return "query_progress"
  if (asksAboutWeek(t) && /\?|\b(summary|report|total|average|how)\b/.test(t) && !/\b(log|ate|had|eaten|add)\b/.test(t)) return "query_progress"
  if (/\b(log|ate|had|eaten|add|track)\b/.test(t) || /^\s*(\d|a |an |one |two |three |half )/.test(t)) return "log_food"
  if (/\b(calories|protein|carbs|fat|nutrition|kcal)\b.*\b(in|of)\b|\bcompare\b|\bvs\.?\b|\bor\b.*\?/.test(t)) return "query_nutrition"
  return "off_topic"
}

export const classify = (text: string): ClassifiedMessage => ({ text, fastPath: fastPathOf(text), looksLikeRecipe: looksLikeRecipe(text), intent: ruleIntent(text) })

export const route = (session: RouterSession, message: ClassifiedMessage): Route => {
  const pending = session.pending !== "none"
  // Step 0: static fast paths.
  if (message.fastPath === "thanks") return { _tag: "QuickReply", reply: "You're welcome!" }
  if (message.fastPath === "confirm") return pending ? { _tag: "CommitPending" } : { _tag: "QuickReply", reply: "There is nothing waiting for a yes. Tell me what you ate." }
  if (message.fastPath === "decline") return pending ? { _tag: "ClearPending" } : { _tag: "QuickReply", reply: "OK." }
  // Step 1: recipe heuristic.
  if (message.looksLikeRecipe) return { _tag: "ParseRecipe" }
  // Emoji or punctuation alone ("🍕🍕", "..."): nothing to read, and nothing for a model to do but guess.
  const wordless = wordlessText(message.text)
  if (Option.isSome(wordless)) return { _tag: "QuickReply", reply: `${wordless.value.charAt(0).toUpperCase()}${wordless.value.slice(1)}.` }
  // Step 3: intent switchboard.
  switch (message.intent) {
    case "greet":
      return { _tag: "QuickReply", reply: "Hi! Tell me what you ate (\"2 eggs for breakfast\"), or ask how your day is going." }
    case "confirm":
      return pending ? { _tag: "CommitPending" } : { _tag: "QuickReply", reply: "There is nothing waiting for a yes." }
    case "decline":
      return pending ? { _tag: "ClearPending" } : { _tag: "QuickReply", reply: "OK." }
    case "log_food":
      return { _tag: "ProposeFoodLog" }
    case "save_recipe":
    case "log_recipe":
      return { _tag: "ParseRecipe" }
    case "update_goals":
      return { _tag: "ProposeGoal" }
    case "query_progress":
      return asksAboutWeek(message.text) ? { _tag: "ShowWeek" } : { _tag: "ShowProgress" }
    case "modify":
      return { _tag: "EditEntry" }
    case "query_nutrition":
    case "suggest_goals":
    case "clarify":
    case "off_topic":
      // Step 4: everything else goes to the reasoning loop.
      return { _tag: "Reasoning" }
  }
}
