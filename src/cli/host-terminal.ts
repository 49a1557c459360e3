/**
 * The terminal host for any `Agent` (issue 17, item 2): read a line, run a
 * turn, show the reply and the agent's quiet status line, save the session —
 * until the agent says it ended, the user quits, the input closes (a pipe's
 * end) or Ctrl-C; the last two end with the agent's own summary, decided by
 * no model. The closing line says honestly whether the newest state is saved.
 * `--resume` and `--list` are `findSession` and `listSessions`.
 */
import { Console, Data, DateTime, Effect, Layer, Option, Ref, Schema } from "effect"
import type { Agent } from "../agents/agent.js"
import { fromRenderer } from "../services/question-ui/interpreter.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import { terminalRenderer } from "../services/question-ui/terminal.js"
import type { TerminalIO } from "../services/question-ui/terminal-io.js"
import { withTimeout } from "../services/question-ui/timeout.js"
import { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"

/** The agent's questions asked on `io`, unanswered ones falling back after the usual timeout. */
export const terminalQuestions = (io: TerminalIO): Layer.Layer<QuestionUI> =>
  Layer.succeed(QuestionUI, withTimeout()(fromRenderer(terminalRenderer(io))))

export type SaveOutcome =
  | { readonly _tag: "NotYet" }
  | { readonly _tag: "Saved" }
  | { readonly _tag: "Failed"; readonly reason: string }

/** The last line of a session: where it is saved (and the command that resumes it) — or, plainly, that it is not. */
export const closingLine = (command: string, sessionId: SessionId, saved: SaveOutcome): string => {
  switch (saved._tag) {
    case "NotYet":
      return "Nothing was saved: the session ended before its first turn.\n"
    case "Saved":
      return `Saved as ${sessionId}. Continue later with: shoal ${command} --resume ${sessionId}\n`
    case "Failed":
      return `NOT saved: ${saved.reason}\nThe last turns of this session are not kept; fix the problem above and start again.\n`
  }
}

export interface TerminalOptions<State, Input> {
  readonly io: TerminalIO
  readonly sessionId: SessionId
  readonly state: State
  /** Dim the status line (only on a TTY). */
  readonly color: boolean
  /** The prompt before each line (default "\n> "). */
  readonly prompt?: string
  /** Inputs taken before the first line is read (tidy's photos). */
  readonly first?: ReadonlyArray<Input>
  /** The next message, if not one line per message (fitlog chat groups a pasted recipe); none at the end of input. */
  readonly nextMessage?: Effect.Effect<Option.Option<string>>
  /** Words that end the session before any turn ("quit"). */
  readonly isQuit?: (line: string) => boolean
  /** The closing line, given where the session was saved; none says nothing (default: `closingLine` with the agent's name). */
  readonly closing?: (sessionId: SessionId, saved: SaveOutcome) => Option.Option<string>
}

const dim = (text: string, color: boolean) => (color ? `\x1b[2m${text}\x1b[0m` : text)

/** The conversation, in the terminal or a pipe; returns the last state. */
export const runTerminal = <State, Input, Event extends { readonly _tag: string }, R, SE, EE>(
  agent: Agent<State, Input, Event, R, SE, EE>,
  options: TerminalOptions<State, Input>
) =>
  Effect.gen(function*() {
    const { io } = options
    const store = yield* SessionStore
    const current = yield* Ref.make(options.state)
    const ended = yield* Ref.make(false)
    // The last save's outcome: "Saved as…" is said only when the newest state really is on disk.
    const lastSave = yield* Ref.make<SaveOutcome>({ _tag: "NotYet" })
    const closing = options.closing ?? ((id: SessionId, saved: SaveOutcome) => Option.some(closingLine(agent.name, id, saved)))
    const nextMessage = options.nextMessage ?? io.readLine(options.prompt ?? "\n> ").pipe(Effect.option)
    const summary = (state: State) => Option.match(agent.view.summary(state), { onNone: () => "", onSome: (s) => `\n${s}\n` })
    const farewell = Effect.gen(function*() {
      const said = closing(options.sessionId, yield* Ref.get(lastSave))
      if (Option.isSome(said)) yield* io.write(`\n${said.value}`)
    })

    const step = (input: Input) =>
      Effect.gen(function*() {
        const result = yield* agent.turn(yield* Ref.get(current), input).pipe(Effect.either)
        if (result._tag === "Left") return yield* io.write(`${result.left.message}\n`)
        const response = result.right
        yield* Ref.set(current, response.state)
        // Saved after every turn: a killed process resumes from the last completed turn.
        yield* store.save(agent.session, options.sessionId, response.state).pipe(
          Effect.zipRight(Ref.set(lastSave, { _tag: "Saved" })),
          Effect.catchAll((error) =>
            Ref.set(lastSave, { _tag: "Failed", reason: error.message }).pipe(
              Effect.zipRight(io.write(`(could not save the session: ${error.message})\n`))
            ))
        )
        const status = Option.match(agent.view.status(response.state), { onNone: () => "", onSome: (s) => `${dim(s, options.color)}\n` })
        yield* io.write(`${response.reply}\n${status}`)
        if (response.ended) yield* Ref.set(ended, true)
      })

    const conversation = Effect.gen(function*() {
      for (const input of options.first ?? []) yield* step(input)
      while (!(yield* Ref.get(ended))) {
        const line = yield* nextMessage
        if (Option.isNone(line)) {
          yield* io.write(summary(yield* Ref.get(current)))
          yield* Ref.set(ended, true)
        } else if (options.isQuit?.(line.value) === true) {
          yield* Ref.set(ended, true)
        } else if (line.value.trim().length > 0) {
          yield* step(yield* agent.input(line.value.trim()))
        }
      }
      yield* farewell
    })

    // Ctrl-C: the state is already saved; the summary without asking a model.
    yield* conversation.pipe(
      Effect.onInterrupt(() => Effect.flatMap(Ref.get(current), (state) => Effect.zipRight(io.write(summary(state)), farewell)))
    )
    // The conversation ended, but its last turns are not on disk: said above, and a failure for the caller (exit 1).
    const saved = yield* Ref.get(lastSave)
    if (saved._tag === "Failed") return yield* new SessionNotSaved({ command: agent.name, reason: saved.reason })
    return yield* Ref.get(current)
  })

export class SessionNotSaved extends Data.TaggedError("SessionNotSaved")<{ readonly command: string; readonly reason: string }> {
  override get message(): string {
    return `the ${this.command} session ended without being saved (${this.reason})`
  }
}

export class NoSavedSession extends Data.TaggedError("NoSavedSession")<{ readonly command: string; readonly id: Option.Option<string> }> {
  override get message(): string {
    return Option.match(this.id, {
      onNone: () => `There is no saved ${this.command} session to resume yet. Start one with: shoal ${this.command}`,
      onSome: (id) => `There is no saved ${this.command} session "${id}". See them with: shoal ${this.command} --list`
    })
  }
}

/** `--resume [ID]`: the session named, else the newest. */
export const findSession = <State, Input, Event extends { readonly _tag: string }, R, SE, EE>(
  agent: Agent<State, Input, Event, R, SE, EE>,
  requested: Option.Option<string>
) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    const newest = Option.map(Option.fromNullable((yield* store.list(agent.session))[0]), (s): string => s.id)
    const id = Option.flatMap(Option.orElse(requested, () => newest), Schema.decodeUnknownOption(SessionId))
    if (Option.isNone(id)) return yield* new NoSavedSession({ command: agent.name, id: requested })
    const state = yield* store.load(agent.session, id.value).pipe(
      Effect.catchTag("SessionNotFound", () => new NoSavedSession({ command: agent.name, id: requested }))
    )
    return { sessionId: id.value, state }
  })

/** `--list`: every saved session, newest first, with where it stands. */
export const listSessions = <State, Input, Event extends { readonly _tag: string }, R, SE, EE>(agent: Agent<State, Input, Event, R, SE, EE>) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    const sessions = yield* store.list(agent.session)
    if (sessions.length === 0) return yield* Console.log(`No saved ${agent.name} sessions yet. Start one with: shoal ${agent.name}`)
    for (const summary of sessions) {
      const state = yield* store.load(agent.session, summary.id).pipe(Effect.option)
      const detail = Option.match(state, { onNone: () => "(unreadable)", onSome: agent.view.describe })
      yield* Console.log(`${summary.id}  ${DateTime.formatIso(summary.updatedAt).slice(0, 16).replace("T", " ")}  ${detail}`)
    }
  })
