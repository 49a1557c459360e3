/**
 * Reading chat messages from lines (`shoal fitlog chat`): a pasted recipe
 * arrives as a burst of lines and is one message, while a conversation
 * piped in ("2 eggs", "yes", "how am I doing?") is one message a line.
 * Pure: the CLI hands over the lines that arrived together.
 */
import { Option } from "effect"
import { fastPathOf } from "./chat-router.js"
import { readEntryEdit } from "./entry-edit.js"

const quit = /^\s*(quit|exit|bye)\s*$/i

/** A line that is a message on its own: yes / no / thanks, quit, a greeting, a question or an edit ("remove the almonds"). */
export const standsAlone = (line: string): boolean =>
  fastPathOf(line) !== "none" || quit.test(line) || /\?\s*$/.test(line) || /^\s*(hi|hello|hey)\b/i.test(line) || Option.isSome(readEntryEdit(line))

export const isQuit = (message: string): boolean => quit.test(message)

/**
 * The messages in lines that arrived together: consecutive lines of food,
 * recipe titles, ingredients and steps join into one message (their line
 * breaks kept); a line that stands alone is its own message. Blank lines
 * only separate.
 */
export const groupLines = (lines: ReadonlyArray<string>): ReadonlyArray<string> => {
  const messages: Array<string> = []
  let current: Array<string> = []
  const flush = () => {
    const text = current.join("\n").trim()
    if (text.length > 0) messages.push(text)
    current = []
  }
  for (const line of lines) {
    if (standsAlone(line)) {
      flush()
      messages.push(line.trim())
    } else current.push(line)
  }
  flush()
  return messages
}
