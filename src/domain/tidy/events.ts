/**
 * What happened in a tidying session (seeds/001 Events.hs), emitted through
 * the `Events` service for the GUI, logs and tests. Every tag here is emitted
 * by agents/tidy/turn.ts or tools.ts (test/agents/tidy/events.test.ts).
 */
import { Schema } from "effect"
import { Action } from "./action.js"
import { Phase } from "./state.js"

export const TidyEvent = Schema.Union(
  Schema.TaggedStruct("UserInputReceived", { text: Schema.String }),
  Schema.TaggedStruct("ResponseGenerated", { text: Schema.String }),
  Schema.TaggedStruct("PhotoAnalyzed", { summary: Schema.String }),
  Schema.TaggedStruct("SituationClassified", { summary: Schema.String }),
  Schema.TaggedStruct("ActionTaken", { action: Action }),
  Schema.TaggedStruct("PhaseChanged", { from: Phase, to: Phase }),
  Schema.TaggedStruct("SessionEnded", { itemsProcessed: Schema.Int }),
  // From the propose_disposition tool
  Schema.TaggedStruct("ItemProposed", { item: Schema.String, choices: Schema.Array(Schema.String) }),
  Schema.TaggedStruct("UserConfirmed", { item: Schema.String, choice: Schema.String }),
  Schema.TaggedStruct("UserCorrected", { item: Schema.String, choice: Schema.String }),
  Schema.TaggedStruct("FunctionChosen", { function: Schema.String }),
  Schema.TaggedStruct("SessionConfirmedDone", {})
)
export type TidyEvent = typeof TidyEvent.Type
