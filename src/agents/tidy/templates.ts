/**
 * ACT, offline: a calm, short reply for every action, used when there is no
 * model or the model fails. Canned replies (action.ts) come first; these
 * cover the rest with the session's own, already cleaned words (an item name,
 * a place with its preposition, the space's function) — never the user's raw
 * text — or a neutral sentence. A thing the user found hard is never named.
 */
import { Option } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { cannedResponse } from "../../domain/tidy/action.js"
import type { TidyingContext } from "../../domain/tidy/context.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { counts, phase } from "../../domain/tidy/state.js"
import { isRoom } from "./words.js"

const plural = (n: number, one: string, many: string = `${one}s`): string => `${n} ${n === 1 ? one : many}`

/** "the lamp", "my dad's watch", "old receipts" → as a sentence needs it. */
const theItem = (item: string): string =>
  /^(?:the|a|an|my|your|his|her|our|their|this|that|these|those|some)\b/i.test(item) || /^\S+'s\b/i.test(item) ? item : `the ${item}`

const hasPreposition = (place: string): boolean => /^(?:on|in|into|onto|under|inside|at|by|next to|behind|on top of|back)\b/i.test(place)

/** The reply to a place chosen: "Put it on the windowsill. Next?", "Bookshelf it is. Next?". */
export const placedReply = (place: string): string =>
  hasPreposition(place) ? `Put it ${place}. Next?` : `${capitalize(place)} it is. Next?`

export const templateResponse = (ctx: TidyingContext, action: Action): string => {
  const canned = cannedResponse(action)
  if (canned !== undefined) return canned
  const fn = Option.getOrElse(ctx.function, () => "this space")
  switch (action._tag) {
    case "AskFunction":
      return Option.isSome(ctx.userText)
        ? "Let's keep it simple: what's one thing you want to be able to do in this room? Sleep, work, get dressed?"
        : "Let's make this manageable. What do you need to DO in this space?"
    case "AskAnchors":
      return `Got it: ${fn}. What's definitely staying?`
    case "AskWhatIsIt":
      return "What's the thing in your hand?"
    case "AskItemDecision":
      return `${capitalize(action.item)}: trash, keep, or not sure?`
    case "FirstInstruction":
      return Option.match(Option.flatMap(ctx.photoAnalysis, (p) => Option.fromNullable(p.firstTarget)), {
        onSome: (target) => `Let's make it small. Start with ${target}: pick up just one thing there. What is it?`,
        onNone: () => "Let's make it small. Pick up just one thing near your feet. What is it?"
      })
    case "InstructPlace":
      return placedReply(action.location)
    case "InstructSplit":
      return `The unsure pile is getting big. Let's split it: ${action.categories.join(", ")}. Ready?`
    case "DecisionAid":
      return isRoom(fn) || fn === "this space"
        ? `Think about what you need from ${fn === "this space" ? fn : `your ${fn}`}. Does ${theItem(action.item)} belong there? If not, it can go. Trash, keep, or not sure?`
        : `This space is for ${fn}. Does ${theItem(action.item)} help with that? If not, it can go. Trash, keep, or not sure?`
    case "EnergyCheck":
      return ctx.itemsProcessed === 0
        ? "That's okay. We can stop here, or keep going with just one small thing. Which would you like?"
        : `You've sorted ${plural(ctx.itemsProcessed, "thing")} already. Keep going, or stop here?`
    case "PivotAway":
      return `That's okay. Let's leave that for now and turn to ${action.location} instead. What's there?`
    case "AckProgress":
      return action.message
    case "Summary":
      return summaryText(ctx)
    case "InstructTrash":
    case "InstructKeep":
    case "InstructUnsure":
    case "InstructNext":
    case "InstructLater":
      return "What's next?"
  }
}

/** The end of a session, in items (never decisions); what waits for later is counted, never named. */
export const summaryText = (ctx: TidyingContext): string => {
  const { belongs, out, unsure } = ctx.piles
  const sorted = belongs + out + unsure
  const later = ctx.later === 0 ? "" : `${plural(ctx.later, "thing")} left for later.`
  if (sorted === 0) return ["No problem.", later, "Come back whenever you're ready."].filter((l) => l.length > 0).join(" ")
  return [
    `Nice work. You sorted ${plural(sorted, "item")}: ${belongs} staying, ${out} out, ${unsure} unsure.`,
    later,
    out > 0 ? "Take the out pile to the bin or the door now, while it's decided." : ""
  ].filter((l) => l.length > 0).join(" ")
}

/** What a resumed session says first: what is left, in plain words, never a phase name. */
export const welcomeBack = (state: SessionState): string => {
  const c = counts(state)
  if (phase(state) === "Surveying") return "Welcome back. We were just getting started. What do you need to DO in this space?"
  const done = c.staying + c.out === 0 ? "" : `You've decided ${plural(c.staying + c.out, "thing")} so far.`
  const waiting = [
    c.unsure === 0 ? "" : `${plural(c.unsure, "thing")} on the unsure pile`,
    c.later === 0 ? "" : `${plural(c.later, "thing")} set aside for later`
  ].filter((w) => w.length > 0)
  const left = waiting.length === 0 ? "Nothing is waiting from last time." : `Still waiting: ${waiting.join(" and ")}.`
  return ["Welcome back.", done, left, "What's next?"].filter((l) => l.length > 0).join(" ")
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
