/**
 * The Agent record (seeds' `Agent {agentName, agentInit, agentRun}`, in
 * Effect): everything a host (the terminal, later the web page) needs to run
 * any agent turn by turn — its name, its stored state (the session kind), an
 * initial state, its events' Schema, how a typed line becomes its input, one
 * turn, and the few lines a host shows around the turns.
 *
 * Where it sits: agents define one value of this type each (`tidyAgent`,
 * `fitlogChatAgent`); hosts under cli/ and gui/ take any of them. The record
 * holds no IO: the host picks the layers.
 */
import { Data } from "effect"
import type { Effect, Option, Schema } from "effect"
import type { SessionKind } from "../services/session-store/session-kind.js"

/** What one turn gives back. */
export interface TurnResult<State> {
  readonly reply: string
  /** The state after this turn: the host saves it. */
  readonly state: State
  /** The session is over (the user said stop): the reply was the summary. */
  readonly ended: boolean
  /** A fallback (rules, templates) answered instead of the model. */
  readonly degraded: boolean
}

/** A turn that could not be taken (a diary that cannot be read…): the host says so and the session goes on. */
export class TurnFailed extends Data.TaggedError("TurnFailed")<{ readonly message: string }> {}

/** The lines a host shows around the turns; every one is pure over the state. */
export interface AgentView<State> {
  /** The first line of a new session. */
  readonly opening: (state: State) => string
  /** The first line of a resumed session. */
  readonly welcomeBack: (state: State) => string
  /** A quiet line after each reply ("· Sorting · 2 staying…"), if the agent has one. */
  readonly status: (state: State) => Option.Option<string>
  /** Said when the session ends without the agent's own last word (end of input, Ctrl-C), if it has one. */
  readonly summary: (state: State) => Option.Option<string>
  /** One line for `--list`: where a stored session stands. */
  readonly describe: (state: State) => string
}

/**
 * `E` is what a turn can fail with: a conversation's turn fails as `TurnFailed`
 * (said, and the session goes on); a run's step (droid, shop) keeps its typed
 * errors, which end the run.
 */
export interface Agent<State, Input, Event extends { readonly _tag: string }, R, StateEncoded = unknown, EventEncoded = unknown, E = TurnFailed> {
  readonly name: string
  /** The state's Schema, named and versioned for the SessionStore. */
  readonly session: SessionKind<State, StateEncoded>
  readonly initial: State
  /** Everything this agent emits through `Events`: a tagged union. */
  readonly events: Schema.Schema<Event, EventEncoded>
  /** A line the user typed, as this agent's input. */
  readonly input: (line: string) => Effect.Effect<Input, never, R>
  readonly turn: (state: State, input: Input) => Effect.Effect<TurnResult<State>, E, R>
  readonly view: AgentView<State>
}
