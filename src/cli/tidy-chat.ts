/**
 * The terminal conversation of `shoal tidy`: read a line, run a turn, show
 * the reply and a quiet status line, save the session — until the user says
 * stop (in any of its phrasings, decided by rule before any model call),
 * closes the input (a pipe's end) or presses Ctrl-C, which all end with the
 * summary; the last two never reach a model at all. One `TerminalIO` serves both the chat lines and the
 * one-tap questions, so a piped script answers both in order.
 */
import { Effect, Option, Ref } from "effect"
import type { ImageBlock } from "../domain/llm.js"
import { buildContext } from "../domain/tidy/context.js"
import type { SessionState } from "../domain/tidy/state.js"
import { counts, phase } from "../domain/tidy/state.js"
import { tidySessions } from "../agents/tidy/session-kind.js"
import { summaryText } from "../agents/tidy/templates.js"
import type { TurnResponse, UserInput } from "../agents/tidy/turn.js"
import { turn, userSaid } from "../agents/tidy/turn.js"
import type { TerminalIO } from "../services/question-ui/terminal-io.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"

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
  const c = counts(state)
  const text = `  · ${phase(state)} · ${c.staying} staying · ${c.out} out · ${c.unsure} unsure${c.later === 0 ? "" : ` · ${c.later} for later`}`
  return color ? `\x1b[2m${text}\x1b[0m` : text
}

export const runChat = (options: ChatOptions) =>
  Effect.gen(function*() {
    const { io } = options
    const store = yield* SessionStore
    const current = yield* Ref.make(options.state)
    const ended = yield* Ref.make(false)

    const step = (input: UserInput) =>
      Effect.gen(function*() {
        const response: TurnResponse = yield* turn(yield* Ref.get(current), input)
        yield* Ref.set(current, response.state)
        // Saved after every turn: a killed process resumes from the last completed turn.
        yield* store.save(tidySessions, options.sessionId, response.state).pipe(
          Effect.catchAll((error) => io.write(`(could not save the session: ${error.message})\n`))
        )
        yield* io.write(`${response.reply}\n${statusLine(response.state, options.color)}\n`)
        if (response.ended) yield* Ref.set(ended, true)
      })

    const conversation = Effect.gen(function*() {
      if (options.photos.length > 0) yield* step({ text: Option.none(), photos: options.photos })
      while (!(yield* Ref.get(ended))) {
        const line = yield* io.readLine("\n> ").pipe(Effect.option)
        if (Option.isNone(line)) {
          // End of input ends the session, decided here and not by any model: the summary from the saved state.
          yield* io.write(`\n${summaryText(buildContext(yield* Ref.get(current), Option.none(), Option.none()))}\n`)
          yield* Ref.set(ended, true)
        } else if (line.value.trim().length > 0) {
          yield* step(userSaid(line.value.trim()))
        }
      }
      yield* io.write(`\nSaved as ${options.sessionId}. Continue later with: shoal tidy --resume ${options.sessionId}\n`)
    })

    // Ctrl-C: the state is already saved; show the summary without asking a model.
    yield* conversation.pipe(
      Effect.onInterrupt(() =>
        Effect.flatMap(Ref.get(current), (state) =>
          io.write(
            `\n${summaryText(buildContext(state, Option.none(), Option.none()))}\n` +
              `Saved as ${options.sessionId}. Continue later with: shoal tidy --resume ${options.sessionId}\n`
          ))
      )
    )
    return yield* Ref.get(current)
  })
