/**
 * One tidy session hosted for the browser: the agent host (agent-host.ts)
 * over `tidyWeb` — the start card, photos, the progress strip — kept under
 * the names the tidy page, its tests and embedders use.
 *
 * Where it sits: between the tidy page's registry and the generic host.
 */
import type { Effect, Option, Scope } from "effect"
import type { SessionState } from "../domain/tidy/state.js"
import type { Events } from "../services/events/events.js"
import type { Llm } from "../services/llm/llm.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import type { SessionStore } from "../services/session-store/session-store.js"
import type { HostOptions, ResumedSession as AgentResumed } from "./agent-host.js"
import { hostAgent } from "./agent-host.js"
import type { HostedSession as AgentHosted } from "./agent-host.js"
import { tidyWeb } from "./tidy-web.js"
import type { GuiView } from "./view.js"

export { photoSkippedOffline, SessionBusy, SessionEnded } from "./agent-host.js"
export type { HostOptions } from "./agent-host.js"
export { startQuestions } from "./start-card.js"

/** A stored tidy session brought back: its state and the chat so far. */
export type ResumedSession = AgentResumed<SessionState>

export type HostedSession = AgentHosted<GuiView>

/**
 * Host a tidy session in `scope`: fresh sessions open with the start card,
 * resumed ones with their chat and a welcome back. The agent fiber lives as long as the scope.
 */
export const hostSession = (
  id: SessionId,
  resumed: Option.Option<ResumedSession>,
  initial: SessionState,
  options: HostOptions = {}
): Effect.Effect<HostedSession, never, Llm | Events | SessionStore | Scope.Scope> => hostAgent(tidyWeb, id, resumed, initial, options)
