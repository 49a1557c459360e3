/**
 * The chat session's state (seeds/004 SessionService): the pending action
 * awaiting a yes or no, and the last few messages for context.
 */
import { Schema } from "effect"
import { PartialProfile } from "../../domain/fitlog/profile.js"
import { Proposal } from "../../domain/fitlog/proposal.js"
import { Meal } from "../../domain/fitlog/types.js"

export const PendingAction = Schema.Union(
  Schema.TaggedStruct("FoodLog", { proposal: Proposal }),
  Schema.TaggedStruct("GoalUpdate", { name: Schema.Literal("calories", "protein", "carbs", "fat"), value: Schema.Number }),
  Schema.TaggedStruct("ProfileUpdate", { fields: PartialProfile })
)
export type PendingAction = typeof PendingAction.Type

export const ChatState = Schema.Struct({
  pending: Schema.OptionFromNullOr(PendingAction),
  lastMeal: Schema.OptionFromNullOr(Meal),
  turns: Schema.Number
})
export type ChatState = typeof ChatState.Type
