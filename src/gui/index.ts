/**
 * The web host for embedding (`import { hostWeb, serveGui } from "shoal/gui"`):
 * its own entry point, so `import … from "shoal"` does not load the HTTP
 * server and the page. `hostWeb(agent)` serves any `Agent` record; `serveGui`
 * is the tidy page (tidy's start card, photos and piles).
 */
export { AgentSessions, GuiSessions, layerGuiSessions, makeAgentSessions, makeGuiSessions } from "./registry.js"
export type { AgentListing, AgentSessionsShape, GuiSessionsShape, SessionListing } from "./registry.js"
export { createGuiServer, hostWeb, layerAgentRoutes, layerGuiRoutes, serveGui } from "./server.js"
export type { GuiLayerOptions, GuiServerOptions, HostWebOptions } from "./server.js"
export { ChatLine, tidyChats } from "./chat.js"
export { hostAgent, photoNotTaken } from "./agent-host.js"
export type { HostModel, ResumedSession as ResumedAgentSession } from "./agent-host.js"
export { hostSession, photoSkippedOffline, SessionBusy, SessionEnded, startQuestions } from "./session-host.js"
export type { HostedSession, HostOptions, ResumedSession } from "./session-host.js"
export { chatsOf, webAgent } from "./web-agent.js"
export type { PageView, PhotoIntake, StartCard, WebAgent } from "./web-agent.js"
export { tidyWeb } from "./tidy-web.js"
export { fitlogChatWeb } from "./fitlog-web.js"
export { toView } from "./view.js"
export type { GuiView } from "./view.js"
