/**
 * A run (droid, shop) watched in the page (`--gui`): the run goes on as in
 * the terminal (cli/host-run.ts, Ctrl-C and all), and the page shows it as
 * one session — each turn's reply a line in the chat (a step, an item, the
 * summary), the agent's status line, a card for any Question the run asks,
 * and the run's typed events (its Event Schema, encoded) in the watch view.
 * The events are kept from the first: a page opened mid-run sees the story
 * so far, then the rest live.
 *
 * Where it sits: the GUI edge. `makeRunPage` gives the `RunWatcher` the run
 * host takes, and the sessions the routes serve (router.ts); run-server.ts
 * serves them on loopback.
 */
import { Cause, DateTime, Deferred, Effect, Exit, Option, Schema, Stream, SubscriptionRef } from "effect"
import type { Duration, Scope } from "effect"
import type { Agent } from "../agents/agent.js"
import type { RunWatcher } from "../agents/run-steps.js"
import { Events } from "../services/events/events.js"
import type { TaggedEvent } from "../services/events/events.js"
import { makeEvents } from "../services/events/live.js"
import { makeQuestionBridgeWith } from "../services/question-ui/bridge.js"
import { defaultQuestionTimeout } from "../services/question-ui/timeout.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { makeCardClosing, readTyped } from "./card-closing.js"
import type { ChatLine } from "./chat.js"
import { cardLines } from "./chat.js"
import { photoNotTaken, SessionBusy, SessionEnded } from "./hosted-session.js"
import type { HostedSession, HostModel } from "./hosted-session.js"
import type { AgentSessionsShape } from "./registry.js"
import type { PageView } from "./web-agent.js"

export interface RunPageOptions {
  /** The chat's first line (default: the agent's opening over the initial state). */
  readonly opening?: string
  /** Said when words typed in the page are not an answer to a card: a run takes none. */
  readonly busy?: string
  /** How long each card waits before its fallback (default 5 minutes). */
  readonly questionTimeout?: Duration.DurationInput
}

export interface RunPage<State> {
  /** For the run host: the page gets every turn, asks the run's questions, hears its events. */
  readonly watcher: RunWatcher<State>
  /** The run as the page's one session. */
  readonly session: HostedSession<PageView>
  /** What the routes serve: this one session, whatever the page opens or creates. */
  readonly sessions: AgentSessionsShape<PageView>
}

const runBusy = (name: string) =>
  `The ${name} run is going on by itself: it takes no messages. Answer its card when one comes up, or stop it with Ctrl-C in the terminal.`

/** How a run ended, as a note in the chat (a finished run's last reply has said it already). */
const endNote = (exit: Exit.Exit<unknown, unknown>): Option.Option<string> =>
  Exit.match(exit, {
    onSuccess: () => Option.none(),
    onFailure: (cause) => {
      if (Cause.isInterruptedOnly(cause)) return Option.some("Stopped from the terminal.")
      const error = Cause.squash(cause)
      return Option.some(`The run stopped: ${error instanceof Error ? error.message : String(error)}`)
    }
  })

/** The page of one run of `agent`, saved (if at all) under `id`, starting from `initial`. */
export const makeRunPage = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, E>(
  agent: Agent<State, Input, Event, R, SE, EE, E>,
  id: SessionId,
  initial: State,
  options: RunPageOptions = {}
): Effect.Effect<RunPage<State>, never, Scope.Scope> =>
  Effect.gen(function*() {
    const busy = options.busy ?? runBusy(agent.name)
    const outer = yield* Effect.serviceOption(Events)
    const model = yield* SubscriptionRef.make<HostModel<State>>({
      state: initial,
      messages: [{ from: "coach", text: options.opening ?? agent.view.opening(initial) }],
      pending: Option.none(),
      group: Option.none(),
      // The run is the one input, taken until it ends: the page shows it working.
      inputs: 1,
      ended: false
    })
    const update = (f: (m: HostModel<State>) => HostModel<State>) => SubscriptionRef.update(model, f)
    const say = (...lines: ReadonlyArray<ChatLine>) => update((m) => ({ ...m, messages: [...m.messages, ...lines] }))

    // Every event of the run, encoded with the agent's Schema, kept in order.
    const told = yield* SubscriptionRef.make<ReadonlyArray<unknown>>([])
    const encode = Schema.encodeUnknown(agent.events)
    const events = yield* makeEvents((event: TaggedEvent) =>
      Effect.zipRight(
        Option.match(outer, { onNone: () => Effect.void, onSome: (o) => o.emit(event) }),
        // An event of another shape is not this run's: left out of its page.
        Effect.flatMap(Effect.option(encode(event)), Option.match({
          onNone: () => Effect.void,
          onSome: (encoded) => SubscriptionRef.update(told, (all) => [...all, encoded])
        }))
      ))
    /** The events so far, then each new one as it comes. */
    const eventStream: Stream.Stream<unknown> = told.changes.pipe(
      Stream.mapAccum(0, (shown, all) => [all.length, all.slice(shown)] as const),
      Stream.flattenIterables
    )

    const closing = yield* makeCardClosing
    const bridge = yield* makeQuestionBridgeWith({
      leafTimeout: options.questionTimeout ?? defaultQuestionTimeout,
      onSettled: (card, answer) =>
        Effect.flatMap(closing.told(card, answer), Option.match({
          onNone: () => Effect.void,
          onSome: (how) => say(...cardLines(card.question, how))
        }))
    })
    yield* bridge.changes.pipe(Stream.runForEach((pending) => update((m) => ({ ...m, pending }))), Effect.forkScoped)

    const notNow = (questionId: string) =>
      Effect.zipRight(closing.mark(questionId, { _tag: "NotNow" }), bridge.setAside(questionId))

    /** Typed in the page: the card's answer if it is one, else refused — a run takes no messages. */
    const typed = (text: string) =>
      Effect.gen(function*() {
        const m = yield* SubscriptionRef.get(model)
        if (m.ended) return yield* new SessionEnded()
        if (Option.isNone(m.pending)) return yield* new SessionBusy({ message: busy })
        const card = m.pending.value
        const read = readTyped(card.question, text)
        switch (read._tag) {
          case "Answers":
            return yield* bridge.answer(card.id, read.answer).pipe(Effect.catchAll(() => new SessionBusy({ message: busy })))
          case "NotNow":
            return yield* notNow(card.id).pipe(Effect.catchAll(() => new SessionBusy({ message: busy })))
          case "NewMessage":
            return yield* new SessionBusy({ message: busy })
        }
      })

    const toView = (m: HostModel<State>): PageView => ({
      id,
      status: Option.getOrNull(agent.view.status(m.state)),
      messages: m.messages,
      pending: Option.match(m.pending, {
        onNone: () => null,
        onSome: (p) => ({ id: p.id, question: p.question, group: Option.getOrNull(m.group) })
      }),
      busy: m.inputs > 0,
      ended: m.ended
    })

    const session: HostedSession<PageView> = {
      id,
      view: Effect.map(SubscriptionRef.get(model), toView),
      changes: Stream.map(model.changes, toView),
      events: eventStream,
      say: typed,
      sendPhoto: (_image, name) =>
        Effect.flatMap(SubscriptionRef.get(model), (m) =>
          m.ended ? new SessionEnded() : say({ from: "you", text: `Photo: ${name}` }, { from: "note", text: photoNotTaken })),
      answer: bridge.answer,
      notNow,
      ask: bridge.ui.ask
    }

    const shutting = yield* Deferred.make<void>()
    yield* Effect.addFinalizer(() => Deferred.succeed(shutting, undefined))
    const started = yield* DateTime.now
    const sessions: AgentSessionsShape<PageView> = {
      create: Effect.succeed(session),
      open: (raw) => Effect.succeed(raw === id ? Option.some(session) : Option.none()),
      list: Effect.map(SubscriptionRef.get(model), (m) => [{ id, updatedAt: DateTime.formatIso(started), describe: agent.view.describe(m.state) }]),
      closing: shutting,
      events: eventStream
    }

    const watcher: RunWatcher<State> = {
      turned: (state, reply) =>
        update((m) => ({ ...m, state, messages: reply.length === 0 ? m.messages : [...m.messages, { from: "coach", text: reply }] })),
      ui: bridge.ui,
      events,
      over: (exit) =>
        update((m) => ({
          ...m,
          inputs: 0,
          ended: true,
          messages: [...m.messages, ...Option.toArray(Option.map(endNote(exit), (text): ChatLine => ({ from: "note", text })))]
        }))
    }
    return { watcher, session, sessions }
  })
