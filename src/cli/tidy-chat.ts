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

type SaveOutcome =
  | { readonly _tag: "NotYet" }
  | { readonly _tag: "Saved" }
  | { readonly _tag: "Failed"; readonly reason: string }

/** The last line of a session: where it is saved — or, plainly, that it is not. */
export const closingLine = (sessionId: SessionId, saved: SaveOutcome): string => {
  switch (saved._tag) {
    case "NotYet":
      return "Nothing was saved: the session ended before its first turn.\n"
    case "Saved":
      return `Saved as ${sessionId}. Continue later with: shoal tidy --resume ${sessionId}\n`
    case "Failed":
      return `NOT saved: ${saved.reason}\nThe last turns of this session are not kept; fix the problem above and start again.\n`
  }
}

export const runChat = (options: ChatOptions) =>
  Effect.gen(function*() {
    const { io } = options
    const store = yield* SessionStore
    const current = yield* Ref.make(options.state)
    const ended = yield* Ref.make(false)
    // The last save's outcome: "Saved as…" is said only when the newest state really is on disk.
    const lastSave = yield* Ref.make<SaveOutcome>({ _tag: "NotYet" })

    const step = (input: UserInput) =>
      Effect.gen(function*() {
        const response: TurnResponse = yield* turn(yield* Ref.get(current), input)
        yield* Ref.set(current, response.state)
        // Saved after every turn: a killed process resumes from the last completed turn.
        yield* store.save(tidySessions, options.sessionId, response.state).pipe(
          Effect.zipRight(Ref.set(lastSave, { _tag: "Saved" })),
          Effect.catchAll((error) =>
            Ref.set(lastSave, { _tag: "Failed", reason: error.message }).pipe(
              Effect.zipRight(io.write(`(could not save the session: ${error.message})\n`))
            ))
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
      yield* io.write(`\n${closingLine(options.sessionId, yield* Ref.get(lastSave))}`)
    })

    // Ctrl-C: the state is already saved; show the summary without asking a model.
    yield* conversation.pipe(
      Effect.onInterrupt(() =>
        Effect.flatMap(Effect.all([Ref.get(current), Ref.get(lastSave)]), ([state, saved]) =>
          io.write(`\n${summaryText(buildContext(state, Option.none(), Option.none()))}\n${closingLine(options.sessionId, saved)}`))
      )
    )
    return yield* Ref.get(current)
  })
