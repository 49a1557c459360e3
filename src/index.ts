/**
 * Shoal's public API for embedding: the domain types, and every service's
 * port with its live and test layers.
 *
 * @example
 * import { Effect, Schema } from "effect"
 * import { extract, ScriptedLlm } from "shoal"
 *
 * const Room = Schema.Struct({ roomType: Schema.String })
 * const program = extract(Room, { prompt: "what room is this?" })
 * program.pipe(Effect.provide(ScriptedLlm.layer([ScriptedLlm.toolCall("record_answer", { roomType: "office" })])))
 */
export * from "./domain/llm.js"
export * from "./domain/question.js"
export * from "./services/events/index.js"
export * from "./services/llm/index.js"
export * from "./services/question-ui/index.js"
export * from "./services/session-store/index.js"
export * from "./services/photos/index.js"
export * as TidyAgent from "./agents/tidy/index.js"
export * from "./domain/android/index.js"
export * from "./services/adb/index.js"
export * as Shop from "./domain/shop/index.js"
export * as ShopAgent from "./agents/shop/index.js"
export * from "./services/shopping-list/index.js"
export * from "./services/browser/index.js"
export * from "./services/sandbox/index.js"
export * as DroidAgent from "./agents/droid/index.js"
export * as Droid from "./domain/droid/index.js"
export * from "./services/trajectory/index.js"
export * from "./services/vision/index.js"
export * as FitlogAgent from "./agents/fitlog/index.js"
export * from "./services/diary/index.js"
export * from "./services/nutrition-table/index.js"
// The Agent record and its terminal host (issue 17): an agent of your own runs like the built-in ones (examples/packing-agent.ts).
export { TurnFailed } from "./agents/agent.js"
export type { Agent, AgentView, TurnResult as AgentTurnResult } from "./agents/agent.js"
export { closingLine, findSession, listSessions, NoSavedSession, runTerminal, SessionNotSaved } from "./cli/host-terminal.js"
export type { SaveOutcome, TerminalOptions as TerminalHostOptions } from "./cli/host-terminal.js"
