/**
 * The terminal conversation of `shoal tidy`: the tidy agent in the terminal
 * host (host-terminal.ts) — read a line, run a turn, show the reply and a
 * quiet status line, save the session — until the user says stop (decided
 * by rule before any model call), closes the input (a pipe's end) or presses
 * Ctrl-C, which all end with the summary; the last two never reach a model.
 * One `TerminalIO` serves both the chat lines and the one-tap questions, so
 * a piped script answers both in order.
 */
import { Option } from "effect"
import { tidyAgent, tidyStatus } from "../agents/tidy/agent.js"
import type { ImageBlock } from "../domain/llm.js"
import type { SessionState } from "../domain/tidy/state.js"
import type { TerminalIO } from "../services/question-ui/terminal-io.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { runTerminal } from "./host-terminal.js"

export interface ChatOptions {
  readonly io: TerminalIO
  readonly sessionId: SessionId
  readonly state: SessionState
  readonly photos: ReadonlyArray<ImageBlock>
  /** Dim the status line (only on a TTY). */
  readonly color: boolean
}

/** "· Sorting · 2 staying · 1 out · 3 unsure · 1 for later" (items, not decisions) */
export const statusLine = (state: SessionState, color: boolean): string => {
  const text = tidyStatus(state)
  return color ? `\x1b[2m${text}\x1b[0m` : text
}

export const runChat = (options: ChatOptions) =>
  runTerminal(tidyAgent, {
    io: options.io,
    sessionId: options.sessionId,
    state: options.state,
    color: options.color,
    first: options.photos.length > 0 ? [{ text: Option.none(), photos: options.photos }] : []
  })
