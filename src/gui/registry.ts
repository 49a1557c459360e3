/**
 * The sessions a GUI server hosts: one `HostedSession` (one agent fiber) per
 * browser session, found by id, created fresh, or brought back from the
 * SessionStore when a page asks for a session this process has not hosted yet
 * (a reload after a restart, the session list's "resume") with its chat.
 *
 * Where it sits: a service (`GuiSessions`) under the routes; every session
 * lives in the service's scope, so closing the server ends every agent fiber
 * and every event stream.
 */
import { Context, DateTime, Deferred, Effect, Layer, Option, Ref, Schema, Scope } from "effect"
import { tidySessions } from "../agents/tidy/session-kind.js"
import type { Phase } from "../domain/tidy/state.js"
import { initialState, phase } from "../domain/tidy/state.js"
import type { Events } from "../services/events/events.js"
import type { Llm } from "../services/llm/llm.js"
import { newSessionId, SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import type { SessionStoreError } from "../services/session-store/errors.js"
import { tidyChats } from "./chat.js"
import type { HostedSession, HostOptions } from "./session-host.js"
import { hostSession } from "./session-host.js"

export interface SessionListing {
  readonly id: string
  readonly updatedAt: string
  readonly phase: Phase | null
  readonly itemsProcessed: number
}

export interface GuiSessionsShape {
  readonly create: Effect.Effect<HostedSession>
  /** A hosted session, or a stored one now hosted; none if there is no such session. */
  readonly open: (id: string) => Effect.Effect<Option.Option<HostedSession>>
  readonly list: Effect.Effect<ReadonlyArray<SessionListing>, SessionStoreError>
  /** Completes when the server closes: long-lived event streams end on it. */
  readonly closing: Deferred.Deferred<void>
}

/**
 * The sessions of a GUI server, as a service: the routes use it, and so can
 * an embedder (e.g. to ask a session's user a question of its own).
 */
export class GuiSessions extends Context.Tag("shoal/GuiSessions")<GuiSessions, GuiSessionsShape>() {}

export const makeGuiSessions = (options: HostOptions = {}): Effect.Effect<GuiSessionsShape, never, Llm | Events | SessionStore | Scope.Scope> =>
  Effect.gen(function*() {
    const scope = yield* Effect.scope
    const context = yield* Effect.context<Llm | Events | SessionStore>()
    const store = yield* SessionStore
    const hosted = yield* Ref.make(new Map<string, HostedSession>())
    // One opener at a time, so two tabs opening one stored session host it once.
    const lock = yield* Effect.makeSemaphore(1)
    const closing = yield* Deferred.make<void>()
    yield* Effect.addFinalizer(() => Deferred.succeed(closing, undefined))

    const host = (id: SessionId, resumed: Parameters<typeof hostSession>[1]) =>
      hostSession(id, resumed, initialState, options).pipe(
        Effect.provide(context),
        Scope.extend(scope),
        Effect.tap((session) => Ref.update(hosted, (m) => new Map(m).set(id, session)))
      )

    // A session saved before chats were kept has none; an unreadable chat is logged, and the session still opens.
    const storedChat = (id: SessionId) =>
      store.load(tidyChats, id).pipe(
        Effect.catchAll((error) =>
          Effect.as(error._tag === "SessionNotFound" ? Effect.void : Effect.logWarning(`could not read the chat of ${id}: ${error.message}`), [])
        )
      )

    const open = (raw: string): Effect.Effect<Option.Option<HostedSession>> =>
      Option.match(Schema.decodeUnknownOption(SessionId)(raw), {
        onNone: () => Effect.succeedNone,
        onSome: (id) =>
          lock.withPermits(1)(Effect.gen(function*() {
            const existing = (yield* Ref.get(hosted)).get(id)
            if (existing !== undefined) return Option.some(existing)
            const stored = yield* store.load(tidySessions, id).pipe(Effect.option)
            if (Option.isNone(stored)) return Option.none()
            return Option.some(yield* host(id, Option.some({ state: stored.value, chat: yield* storedChat(id) })))
          }))
      })

    const list = Effect.gen(function*() {
      const summaries = yield* store.list(tidySessions)
      return yield* Effect.forEach(summaries, (s) =>
        Effect.map(store.load(tidySessions, s.id).pipe(Effect.option), (state): SessionListing => ({
          id: s.id,
          updatedAt: DateTime.formatIso(s.updatedAt),
          phase: Option.getOrNull(Option.map(state, phase)),
          itemsProcessed: Option.match(state, { onNone: () => 0, onSome: (st) => st.itemsProcessed })
        })))
    })

    return {
      create: lock.withPermits(1)(Effect.flatMap(newSessionId, (id) => host(id, Option.none()))),
      open,
      list,
      closing
    }
  })

export const layerGuiSessions = (options: HostOptions = {}): Layer.Layer<GuiSessions, never, Llm | Events | SessionStore> =>
  Layer.scoped(GuiSessions, makeGuiSessions(options))
