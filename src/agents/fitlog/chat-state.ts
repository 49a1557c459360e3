/**
 * The chat session's state (seeds/004 SessionService): the pending action
 * awaiting a yes or no (food to log, a goal, the profile, a change to one
 * diary entry), and the last few messages for context.
 */
import { Schema } from "effect"
import { PartialProfile } from "../../domain/fitlog/profile.js"
import { Proposal, ProposalLine } from "../../domain/fitlog/proposal.js"
import { DiaryDate, Meal } from "../../domain/fitlog/types.js"

export const PendingAction = Schema.Union(
  Schema.TaggedStruct("FoodLog", { proposal: Proposal }),
  Schema.TaggedStruct("GoalUpdate", { name: Schema.Literal("calories", "protein", "carbs", "fat"), value: Schema.Number }),
  Schema.TaggedStruct("ProfileUpdate", { fields: PartialProfile }),
  /** One diary entry to take out (`becomes` null) or to give a new amount ("remove the almonds", "make the rice 200 g"). */
  Schema.TaggedStruct("EntryChange", {
    entry: Schema.Number,
    date: DiaryDate,
    meal: Meal,
    was: ProposalLine,
    becomes: Schema.NullOr(ProposalLine)
  })
)
export type PendingAction = typeof PendingAction.Type

export const ChatState = Schema.Struct({
  pending: Schema.OptionFromNullOr(PendingAction),
  lastMeal: Schema.OptionFromNullOr(Meal),
  turns: Schema.Number
})
export type ChatState = typeof ChatState.Type
