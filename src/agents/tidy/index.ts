/**
 * The tidying agent, for embedding: `TidyAgent.turn(state, input)` runs one
 * OODA turn over the `Llm`, `QuestionUI` and `Events` services and returns
 * the reply and the next state; the caller keeps the state (see
 * `tidySessions` for the SessionStore kind).
 */
export { actResponse } from "./act.js"
export { decide, splitThreshold } from "./decide.js"
export { analyzePhotos } from "./observe.js"
export { extractFromInput } from "./orient.js"
export { readCare } from "./care.js"
export type { Care } from "./care.js"
export { decidedByRule, extractByRules } from "./rules.js"
export { tidySessions } from "./session-kind.js"
export { summaryText, templateResponse, welcomeBack } from "./templates.js"
export { askDisposition, proposeDisposition } from "./tools.js"
export type { RecordedDisposition } from "./tools.js"
export { applyDisposition, transition } from "./transition.js"
export { turn, userSaid } from "./turn.js"
export type { TurnResponse, UserInput } from "./turn.js"
// The tidy domain, so embedders need one import.
export * from "../../domain/tidy/action.js"
export * from "../../domain/tidy/categories.js"
export * from "../../domain/tidy/context.js"
export * from "../../domain/tidy/events.js"
export * from "../../domain/tidy/extract.js"
export * from "../../domain/tidy/state.js"
export * from "../../domain/tidy/types.js"
