/**
 * The food-logging agent, for embedding: `logFood(request, target)` runs
 * estimate → propose → confirm → commit over the `NutritionTable`, `Llm`,
 * `QuestionUI` and `SessionStore` services, to `localTarget` (the `Diary`)
 * or `androidTarget` (`Adb`); `chatTurn(state, text, ctx)` is one turn of
 * the seeds/004 chat. The fitlog domain is re-exported so one import serves.
 */
export { androidTarget, commitToApp, launchApp, searchQuery } from "./android-target.js"
export type { AndroidError } from "./android-target.js"
export { chatTurn, initialChatState, refineIntent } from "./chat.js"
export type { ChatContext, ChatReply } from "./chat.js"
export { ChatState, PendingAction } from "./chat-state.js"
export { chatTools } from "./chat-tools.js"
export type { ChatToolContext } from "./chat-tools.js"
export { estimate, estimateJson, itemText, matchRequest, rejection } from "./estimate.js"
export type { Estimate, EstimatedItem } from "./estimate.js"
export { fallbackSystemPrompt, fitlogAndroidTools, getUserInput, recoverUnknownScreen } from "./fallback-loop.js"
export { localTarget } from "./local-target.js"
export { logFood } from "./log.js"
export type { CommitReport, CommitTarget, LoggedLine, LogOutcome, LogRequest } from "./log.js"
export { logOneFood } from "./navigator.js"
export type { FoodOutcome } from "./navigator.js"
export { orient } from "./orient.js"
export type { Oriented } from "./orient.js"
export { askMeal, confirm, propose } from "./propose.js"
export type { Confirmation, Proposed } from "./propose.js"
export { androidCommits, chatSessions, pendingProposals } from "./session-kind.js"
export * from "../../domain/fitlog/index.js"
