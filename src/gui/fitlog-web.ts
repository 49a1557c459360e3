/**
 * Fitlog chat in the web host: its `Agent` record as any agent's page — the
 * chat, the yes/no of a proposal typed in the message box, the session's
 * events — with its own title, and "quit" ending the page's session as it
 * ends the terminal's.
 *
 * Where it sits: the GUI edge; `shoal fitlog chat --gui` serves it with `hostWeb`.
 */
import { fitlogChatAgent } from "../agents/fitlog/chat-agent.js"
import { isQuit } from "../domain/fitlog/chat-input.js"
import { webAgent } from "./web-agent.js"

export const fitlogChatWeb = webAgent(fitlogChatAgent, {
  title: "Fitlog chat",
  placeholder: "What did you eat? (\"log 2 eggs\", \"how am I doing today?\")",
  busy: "Fitlog is still working on your last message. Answer the card, or wait a moment.",
  isQuit
})
