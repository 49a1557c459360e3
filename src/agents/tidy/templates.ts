/**
 * ACT, offline: a calm, short reply for every action, used when there is no
 * model or the model fails. Canned replies (action.ts) come first; these
 * cover the rest with the session's own words.
 */
import { Option } from "effect"
import type { Action } from "../../domain/tidy/action.js"
import { cannedResponse } from "../../domain/tidy/action.js"
import type { TidyingContext } from "../../domain/tidy/context.js"

export const templateResponse = (ctx: TidyingContext, action: Action): string => {
  const canned = cannedResponse(action)
  if (canned !== undefined) return canned
  const fn = Option.getOrElse(ctx.function, () => "this space")
  switch (action._tag) {
    case "AskFunction":
      return "Let's make this manageable. What do you need to DO in this space?"
    case "AskAnchors":
      return `Got it: ${fn}. What's definitely staying?`
    case "AskWhatIsIt":
      return "What's the thing in your hand?"
    case "AskItemDecision":
      return `${capitalize(action.item)}: trash, keep, or not sure?`
    case "FirstInstruction":
      return Option.match(Option.flatMap(ctx.photoAnalysis, (p) => Option.fromNullable(p.firstTarget)), {
        onSome: (target) => `Start with ${target}. Pick up the first thing there. What is it?`,
        onNone: () => "Pick up the thing nearest to you. What is it?"
      })
    case "InstructPlace":
      return `Put it ${/^(on|in|into|under|at|by|next to|inside|back)\b/i.test(action.location) ? "" : "on "}${action.location}. Next?`
    case "InstructSplit":
      return `The unsure pile is getting big. Let's split it: ${action.categories.join(", ")}. Ready?`
    case "DecisionAid":
      return `This space is for ${fn}. Does ${action.item} help with that? If not, it can go. Trash, keep, or not sure?`
    case "EnergyCheck":
      return `You've done ${ctx.itemsProcessed} item${ctx.itemsProcessed === 1 ? "" : "s"}. Keep going, or stop here?`
    case "PivotAway":
      return `Let's leave ${action.trigger} for now. Turn to ${action.location} instead. What's there?`
    case "AckProgress":
      return action.message
    case "Summary":
      return summaryText(ctx)
    case "InstructTrash":
    case "InstructKeep":
    case "InstructUnsure":
    case "InstructNext":
      return "What's next?"
  }
}

export const summaryText = (ctx: TidyingContext): string => {
  const { belongs, out, unsure } = ctx.piles
  if (ctx.itemsProcessed === 0) return "No problem. Come back whenever you're ready."
  return [
    `Nice work. You sorted ${ctx.itemsProcessed} item${ctx.itemsProcessed === 1 ? "" : "s"}: ${belongs} staying, ${out} out, ${unsure} unsure.`,
    out > 0 ? "Take the out pile to the bin or the door now, while it's decided." : ""
  ].filter((l) => l.length > 0).join(" ")
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
