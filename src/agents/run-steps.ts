/**
 * A run agent's loop (droid, shop): the task is the input, and turns are
 * taken one after another — one step, one item — until the agent says it
 * ended. After each turn the state is handed to `save` (the CLI's
 * SessionStore, or nothing) and the reply to `show`; a stop (Ctrl-C,
 * interruption) hands the last completed state to `stopped`.
 *
 * Where it sits: beside the `Agent` record; the conversation's host is
 * cli/host-terminal.ts. Holds no IO: the callers pick where states and
 * replies go.
 */
import { Effect, Ref } from "effect"
import type { Exit } from "effect"
import type { EventsShape } from "../services/events/events.js"
import type { QuestionUIShape } from "../services/question-ui/question-ui.js"
import type { Agent } from "./agent.js"

export interface RunStepsOptions<State, R> {
  /** Where the run starts: the agent's initial state, or a saved one (`--resume`). */
  readonly state: State
  /** After each turn: keep the state (a save that fails is the caller's to report; the run goes on). */
  readonly save?: (state: State) => Effect.Effect<void, never, R>
  /** After each turn: the reply, for whoever watches. */
  readonly show?: (reply: string) => Effect.Effect<void, never, R>
  /** After each turn: the state and the reply together, for a watcher that shows both (the page of `--gui`). */
  readonly turned?: (state: State, reply: string) => Effect.Effect<void, never, R>
  /** The run was stopped between or during turns: the last completed state. */
  readonly stopped?: (state: State) => Effect.Effect<void, never, R>
}

/** What watches a run besides the terminal: the page of `--gui` (gui/run-page.ts) is one; the host (cli/host-run.ts) wires it. */
export interface RunWatcher<State> {
  /** After each turn (saved or not): the state and the reply. */
  readonly turned: (state: State, reply: string) => Effect.Effect<void>
  /** The run's questions are asked here (cards in the page). */
  readonly ui: QuestionUIShape
  /** The run's events go here (and on to the runner's own `Events`). */
  readonly events: EventsShape
  /** How the run ended: finished, failed or stopped. */
  readonly over: (exit: Exit.Exit<unknown, unknown>) => Effect.Effect<void>
}

/** Turns until the agent ends the run; returns the last state. */
export const runSteps = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, E, R2 = never>(
  agent: Agent<State, Input, Event, R, SE, EE, E>,
  input: Input,
  options: RunStepsOptions<State, R2>
): Effect.Effect<State, E, R | R2> =>
  Effect.gen(function*() {
    const current = yield* Ref.make(options.state)
    const loop = Effect.gen(function*() {
      // Ends: each agent's turns are bounded (droid by its step budget, shop by its list).
      for (;;) {
        const result = yield* agent.turn(yield* Ref.get(current), input)
        yield* Ref.set(current, result.state)
        if (options.save !== undefined) yield* options.save(result.state)
        if (options.show !== undefined && result.reply.length > 0) yield* options.show(result.reply)
        if (options.turned !== undefined) yield* options.turned(result.state, result.reply)
        if (result.ended) return result.state
      }
    })
    const stopped = options.stopped
    return yield* stopped === undefined ? loop : loop.pipe(Effect.onInterrupt(() => Effect.flatMap(Ref.get(current), stopped)))
  }).pipe(Effect.withSpan("agent.runSteps", { attributes: { agent: agent.name } }))

/** An agent record, checked as one and with its types inferred (for agents built inside an Effect). */
export const defineAgent = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, E>(
  agent: Agent<State, Input, Event, R, SE, EE, E>
): Agent<State, Input, Event, R, SE, EE, E> => agent
