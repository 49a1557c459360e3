/**
 * The sessions a web server hosts for one agent: one `HostedSession` (one
 * agent fiber) per browser session, found by id, created fresh, or brought
 * back from the SessionStore when a page asks for a session this process has
 * not hosted yet (a reload after a restart, the session list's "resume") with
 * its chat.
 *
 * Where it sits: a service (`GuiSessions` for the tidy page, `AgentSessions`
 * for any agent's) under the routes; every session lives in the service's
 * scope, so closing the server ends every agent fiber and every event stream.
 */
import { Context, DateTime, Deferred, Effect, Layer, Option, Ref, Schema, Scope, Stream } from "effect"
import { describeTidy } from "../agents/tidy/agent.js"
import { tidySessions } from "../agents/tidy/session-kind.js"
import type { Phase } from "../domain/tidy/state.js"
import { phase } from "../domain/tidy/state.js"
import { Events } from "../services/events/events.js"
import type { Llm } from "../services/llm/llm.js"
import type { QuestionUI } from "../services/question-ui/question-ui.js"
import { newSessionId, SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import type { SessionStoreError } from "../services/session-store/errors.js"
import type { HostedSession, HostOptions } from "./agent-host.js"
import { hostAgent } from "./agent-host.js"
import { tidyWeb } from "./tidy-web.js"
import type { GuiView } from "./view.js"
import type { PageView, WebAgent } from "./web-agent.js"

/** A stored session in the resume list: where it stands in the agent's words (`describe`), and what the agent's page adds. */
export interface AgentListing {
  readonly id: string
  readonly updatedAt: string
  readonly describe: string
  readonly [extra: string]: unknown
}

export interface SessionListing extends AgentListing {
  readonly phase: Phase | null
  readonly itemsProcessed: number
}

export interface AgentSessionsShape<V = PageView, L extends AgentListing = AgentListing> {
  readonly create: Effect.Effect<HostedSession<V>>
  /** A hosted session, or a stored one now hosted; none if there is no such session. */
  readonly open: (id: string) => Effect.Effect<Option.Option<HostedSession<V>>>
  readonly list: Effect.Effect<ReadonlyArray<L>, SessionStoreError>
  /** Completes when the server closes: long-lived event streams end on it. */
  readonly closing: Deferred.Deferred<void>
  /** Every session's events from now on (and any run's in this process), encoded with the agent's Event Schema. */
  readonly events: Stream.Stream<unknown>
}

export type GuiSessionsShape = AgentSessionsShape<GuiView, SessionListing>

/**
 * The sessions of the tidy page, as a service: the routes use it, and so can
 * an embedder (e.g. to ask a session's user a question of its own).
 */
export class GuiSessions extends Context.Tag("shoal/GuiSessions")<GuiSessions, GuiSessionsShape>() {}

/** The sessions of any agent's page (`hostWeb`). */
export class AgentSessions extends Context.Tag("shoal/AgentSessions")<AgentSessions, AgentSessionsShape>() {}

export const makeAgentSessions = <State, Input, Event extends { readonly _tag: string }, Rest, SE, EE, V extends PageView>(
  web: WebAgent<State, Input, Event, Rest | QuestionUI | Events, SE, EE, V>,
  options: HostOptions = {}
): Effect.Effect<AgentSessionsShape<V>, never, Rest | Events | SessionStore | Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const context = yield* Effect.context<Rest | Events | SessionStore>()
    const store = yield* SessionStore
    const hosted = yield* Ref.make(new Map<string, HostedSession<V>>())
    // One opener at a time, so two tabs opening one stored session host it once.
    const lock = yield* Effect.makeSemaphore(1)
    const closing = yield* Deferred.make<void>()
    yield* Effect.addFinalizer(() => Deferred.succeed(closing, undefined))
    const { agent } = web

    const host = (id: SessionId, resumed: Parameters<typeof hostAgent<State, Input, Event, Rest, SE, EE, V>>[2]) =>
      hostAgent(web, id, resumed, agent.initial, options).pipe(
        Effect.provide(context),
        Scope.extend(scope),
        Effect.tap((session) => Ref.update(hosted, (m) => new Map(m).set(id, session)))
      )

    // A session saved before chats were kept has none; an unreadable chat is logged, and the session still opens.
    const storedChat = (id: SessionId) =>
      store.load(web.chats, id).pipe(
        Effect.catchAll((error) =>
          Effect.as(error._tag === "SessionNotFound" ? Effect.void : Effect.logWarning(`could not read the chat of ${id}: ${error.message}`), [])
        )
      )

    const open = (raw: string): Effect.Effect<Option.Option<HostedSession<V>>> =>
      Option.match(Schema.decodeUnknownOption(SessionId)(raw), {
        onNone: () => Effect.succeedNone,
        onSome: (id) =>
          lock.withPermits(1)(Effect.gen(function*() {
            const existing = (yield* Ref.get(hosted)).get(id)
            if (existing !== undefined) return Option.some(existing)
            const stored = yield* store.load(agent.session, id).pipe(Effect.option)
            if (Option.isNone(stored)) return Option.none()
            return Option.some(yield* host(id, Option.some({ state: stored.value, chat: yield* storedChat(id) })))
          }))
      })

    const list = Effect.gen(function*() {
      const summaries = yield* store.list(agent.session)
      return yield* Effect.forEach(summaries, (s) =>
        Effect.map(store.load(agent.session, s.id).pipe(Effect.option), (state): AgentListing => ({
          id: s.id,
          updatedAt: DateTime.formatIso(s.updatedAt),
          describe: Option.match(state, { onNone: () => "unreadable", onSome: agent.view.describe })
        })))
    })

    const events = yield* Events
    const encode = Schema.encodeUnknown(agent.events)
    // Another agent's events in the same process do not encode with this one's Schema: left out.
    const encoded = Stream.unwrapScoped(Effect.map(events.subscribe, Stream.fromQueue)).pipe(
      Stream.mapEffect((event) => Effect.option(encode(event))),
      Stream.filterMap((e) => e)
    )

    return {
      create: lock.withPermits(1)(Effect.flatMap(newSessionId, (id) => host(id, Option.none()))),
      open,
      list,
      closing,
      events: encoded
    }
  })

export const makeGuiSessions = (options: HostOptions = {}): Effect.Effect<GuiSessionsShape, never, Llm | Events | SessionStore | Scope.Scope> =>
  Effect.gen(function*() {
    const sessions = yield* makeAgentSessions(tidyWeb, options)
    const store = yield* SessionStore
    // The tidy page's resume list shows each session's phase and items processed.
    const list = Effect.gen(function*() {
      const summaries = yield* store.list(tidySessions)
      return yield* Effect.forEach(summaries, (s) =>
        Effect.map(store.load(tidySessions, s.id).pipe(Effect.option), (state): SessionListing => ({
          id: s.id,
          updatedAt: DateTime.formatIso(s.updatedAt),
          describe: Option.match(state, { onNone: () => "unreadable", onSome: describeTidy }),
          phase: Option.getOrNull(Option.map(state, phase)),
          itemsProcessed: Option.match(state, { onNone: () => 0, onSome: (st) => st.itemsProcessed })
        })))
    })
    return { ...sessions, list }
  })

export const layerGuiSessions = (options: HostOptions = {}): Layer.Layer<GuiSessions, never, Llm | Events | SessionStore> =>
  Layer.scoped(GuiSessions, makeGuiSessions(options))
