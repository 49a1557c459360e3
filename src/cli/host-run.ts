/**
 * The terminal host for a run agent (droid, shop): the task is the input,
 * turns go one after another (agents/run-steps.ts), and the state is saved
 * in the SessionStore after each turn, so `--list` shows where runs stand
 * and a stopped run can be resumed. A run without a SessionStore (no data
 * directory) still runs; it says once that it is not saved. A run watched
 * in the page (`--gui`, gui/run-page.ts) also hands each turn, its questions
 * and its events to the page.
 */
import { Console, DateTime, Effect, Option, Ref } from "effect"
import type { Agent } from "../agents/agent.js"
import { runSteps } from "../agents/run-steps.js"
import type { RunWatcher } from "../agents/run-steps.js"
import { Events } from "../services/events/events.js"
import { QuestionUI } from "../services/question-ui/question-ui.js"
import type { SessionId, SessionKind } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"

export interface HostRunOptions<State, R = never> {
  readonly sessionId: SessionId
  readonly state: State
  /** Print each turn's reply (droid's steps); shop prints its own lines as it goes. */
  readonly show?: (reply: string) => Effect.Effect<void, never, R>
  /** The run was stopped (Ctrl-C): the last saved state. */
  readonly stopped?: (state: State) => Effect.Effect<void, never, R>
  /** A stopped run can be resumed (`--resume`): the stop then says how. */
  readonly resumable?: boolean
  /** Someone watches the run (the page of `--gui`): it gets every turn, asks the run's questions, hears its events. */
  readonly watcher?: RunWatcher<State>
}


/** Runs the agent to its end, saving after each turn; returns the last state. */
export const hostRun = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, E, R2 = never>(
  agent: Agent<State, Input, Event, R, SE, EE, E>,
  input: Input,
  options: HostRunOptions<State, R2>
) =>
  Effect.gen(function*() {
    const store = yield* Effect.serviceOption(SessionStore)
    // Said once: a save that fails does not stop the run (the list / the device is the truth), but the user knows.
    const warned = yield* Ref.make(false)
    const warn = (why: string) =>
      Effect.flatMap(Ref.getAndSet(warned, true), (already) => (already ? Effect.void : Console.error(`(this run is not saved: ${why})`)))
    const save = (state: State) =>
      Option.match(store, {
        onNone: () => Effect.void,
        onSome: (s) => s.save(agent.session, options.sessionId, state).pipe(Effect.catchAll((e) => warn(e.message)))
      })
    const stopped = options.stopped
    const watcher = options.watcher
    const run = runSteps(agent, input, {
      state: options.state,
      save,
      ...(options.show === undefined ? {} : { show: options.show }),
      ...(watcher === undefined ? {} : { turned: watcher.turned }),
      stopped: (state: State) =>
        Effect.zipRight(
          stopped === undefined ? Effect.void : stopped(state),
          Effect.flatMap(Ref.get(warned), (unsaved) =>
            Option.isSome(store) && !unsaved && options.resumable === true
              ? Console.error(`Saved as ${options.sessionId}. Go on later with: shoal ${agent.name} --resume ${options.sessionId}`)
              : Effect.void)
        )
    })
    if (watcher === undefined) return yield* run
    // The watcher asks the run's questions and hears its events; it is told how the run ended, a stop included.
    return yield* run.pipe(
      Effect.provideService(QuestionUI, watcher.ui),
      Effect.provideService(Events, watcher.events),
      Effect.onExit((exit) => watcher.over(exit))
    )
  })

/** `--sessions`: every saved run of this kind, newest first, with where it stands. */
export const listRuns = <State, SE>(name: string, kind: SessionKind<State, SE>, describe: (state: State) => string) =>
  Effect.gen(function*() {
    const store = yield* SessionStore
    const runs = yield* store.list(kind)
    if (runs.length === 0) return yield* Console.log(`No saved ${name} runs yet.`)
    for (const run of runs) {
      const state = yield* store.load(kind, run.id).pipe(Effect.option)
      const detail = Option.match(state, { onNone: () => "(unreadable)", onSome: describe })
      yield* Console.log(`${run.id}  ${DateTime.formatIso(run.updatedAt).slice(0, 16).replace("T", " ")}  ${detail}`)
    }
  })
