/**
 * What happened in a fitlog chat session, emitted through `Events` by
 * `fitlogChatAgent` (chat-agent.ts) around each turn: the message, the
 * proposal put to the user, and what became of it.
 */
import { Schema } from "effect"

/** Which kind of pending action: a food log, a goal, a profile change, a change to one diary entry. */
export const PendingKind = Schema.Literal("FoodLog", "GoalUpdate", "ProfileUpdate", "EntryChange")
export type PendingKind = typeof PendingKind.Type

export const FitlogChatEvent = Schema.Union(
  Schema.TaggedStruct("MessageReceived", { text: Schema.String }),
  /** Something now waits for the user's yes or no; `question` is what they were asked. */
  Schema.TaggedStruct("PendingProposed", { kind: PendingKind, question: Schema.String }),
  /** The user said yes: the pending action was written to the diary. */
  Schema.TaggedStruct("PendingCommitted", { kind: PendingKind }),
  /** The user said no: nothing was written. */
  Schema.TaggedStruct("PendingCleared", { kind: PendingKind }),
  Schema.TaggedStruct("ReplyGiven", { text: Schema.String })
)
export type FitlogChatEvent = typeof FitlogChatEvent.Type
