/**
 * The tidy web GUI for embedding (`import { serveGui } from "shoal/gui"`):
 * its own entry point, so `import … from "shoal"` does not load the HTTP
 * server and the page.
 */
export { GuiSessions, layerGuiSessions, makeGuiSessions } from "./registry.js"
export type { GuiSessionsShape, SessionListing } from "./registry.js"
export { createGuiServer, layerGuiRoutes, serveGui } from "./server.js"
export type { GuiLayerOptions, GuiServerOptions } from "./server.js"
export { ChatLine, tidyChats } from "./chat.js"
export { hostSession, photoSkippedOffline, SessionBusy, SessionEnded, startQuestions } from "./session-host.js"
export type { HostedSession, HostOptions, ResumedSession } from "./session-host.js"
export { toView } from "./view.js"
export type { GuiView } from "./view.js"
