/**
 * The one SessionStore implementation over a minimal text storage
 * (`SessionTexts`): envelopes, validation, ordering and errors live here once;
 * a layer only says where texts are kept (files, memory).
 *
 * Saves are compare-and-set: every stored session carries a revision; a store
 * remembers the revision it last loaded or saved of each session, and a save
 * (inside the storage's exclusive section, so two processes cannot interleave)
 * refuses with `SessionConflict` when the stored revision moved on meanwhile
 * (or the session was removed by another writer: it is not re-created).
 * A save then reads its text back: it has succeeded only when the bytes are there.
 */
import { DateTime, Effect, Either, HashMap, Option, Order, Ref } from "effect"
import { SessionConflict, SessionNotFound, SessionStoreError } from "./errors.js"
import { decodeSession, encodeSession, previousOf, summarise } from "./envelope.js"
import { isFileSafeName } from "./session-kind.js"
import type { SessionId, SessionKind, SessionSummary } from "./session-kind.js"
import type { SessionStoreShape } from "./session-store.js"

/** Where the stored texts live; `kind` is already checked to be a file-safe name. */
export interface SessionTexts {
  /** Human-readable place of one session, for error messages (a file path). */
  readonly locate: (kind: string, id: SessionId) => string
  readonly read: (kind: string, id: SessionId) => Effect.Effect<Option.Option<string>, SessionStoreError>
  /** Must be atomic: after a failure the previous text is still readable. */
  readonly write: (kind: string, id: SessionId, text: string) => Effect.Effect<void, SessionStoreError>
  readonly ids: (kind: string) => Effect.Effect<ReadonlyArray<SessionId>, SessionStoreError>
  /** False when there was nothing to remove. */
  readonly remove: (kind: string, id: SessionId) => Effect.Effect<boolean, SessionStoreError>
  /** Run `body` while no other writer of this session (in this process or another) runs its own. */
  readonly exclusive: <A, E>(
    kind: string,
    id: SessionId,
    body: Effect.Effect<A, E>
  ) => Effect.Effect<A, E | SessionStoreError>
  /**
   * True when a successful `write` is known to hold exactly the text (a database row written in the
   * `exclusive` transaction): the save then skips reading it back. Files are read back (default).
   */
  readonly writesVerified?: boolean
}

const newestFirst: Order.Order<SessionSummary> = Order.combine(
  Order.reverse(Order.mapInput(DateTime.Order, (s: SessionSummary) => s.updatedAt)),
  Order.mapInput(Order.string, (s: SessionSummary) => s.id)
)

// A kind name comes from code, not from users: an unsafe one is a bug, so it dies.
const checkedKind = <A, I>(kind: SessionKind<A, I>): Effect.Effect<string> =>
  isFileSafeName(kind.name)
    ? Effect.succeed(kind.name)
    : Effect.dieMessage(`SessionKind name "${kind.name}" is not file-safe (letters, digits, '.', '_', '-')`)

export const makeSessionStore = (texts: SessionTexts): Effect.Effect<SessionStoreShape> =>
  Effect.map(Ref.make(HashMap.empty<string, number>()), (seen) => {
    const key = (name: string, id: SessionId) => `${name}/${id}`
    const remember = (name: string, id: SessionId, text: string) =>
      Ref.update(seen, HashMap.set(key(name, id), previousOf(text).revision))

    return {
      save: (kind, id, state) =>
        Effect.gen(function*() {
          const name = yield* checkedKind(kind)
          const location = texts.locate(name, id)
          yield* texts.exclusive(name, id, Effect.gen(function*() {
            const stored = yield* texts.read(name, id)
            const previous = Option.match(stored, { onNone: () => ({ revision: 0, extras: {} }), onSome: previousOf })
            const known = HashMap.get(yield* Ref.get(seen), key(name, id))
            // Moved on since this store read it: saved by another writer, or removed by one (found 0: a save
            // never brings back a session deleted meanwhile).
            if (Option.isSome(known) && (Option.isNone(stored) || known.value !== previous.revision)) {
              return yield* new SessionConflict({ kind: name, id, location, expected: known.value, found: previous.revision })
            }
            const text = yield* encodeSession(kind, id, state, location, previous)
            yield* texts.write(name, id, text)
            const back = texts.writesVerified === true ? Option.some(text) : yield* texts.read(name, id)
            if (Option.isNone(back) || back.value !== text) {
              return yield* new SessionStoreError({ operation: "verify the save of", location, reason: "the file read back differs from what was written" })
            }
            yield* remember(name, id, text)
          }))
        }).pipe(Effect.withSpan("SessionStore.save", { attributes: { kind: kind.name, id } })),

      load: (kind, id) =>
        Effect.gen(function*() {
          const name = yield* checkedKind(kind)
          const text = yield* texts.read(name, id)
          if (Option.isNone(text)) return yield* new SessionNotFound({ kind: name, id })
          const state = yield* decodeSession(kind, id, text.value, texts.locate(name, id))
          yield* remember(name, id, text.value)
          return state
        }).pipe(Effect.withSpan("SessionStore.load", { attributes: { kind: kind.name, id } })),

  list: (kind) =>
    Effect.gen(function*() {
      const name = yield* checkedKind(kind)
      const summaries: Array<SessionSummary> = []
      for (const id of yield* texts.ids(name)) {
        const text = yield* texts.read(name, id)
        if (Option.isNone(text)) continue // removed while listing
        const summary = summarise(text.value)
        if (Either.isRight(summary) && summary.right.id === id) summaries.push(summary.right)
        else {
          yield* Effect.logWarning("skipping an unreadable saved session").pipe(
            Effect.annotateLogs({ location: texts.locate(name, id), reason: Either.isLeft(summary) ? summary.left : "id mismatch" })
          )
        }
      }
      return summaries.sort(newestFirst)
    }).pipe(Effect.withSpan("SessionStore.list", { attributes: { kind: kind.name } })),

  remove: (kind, id) =>
    Effect.flatMap(checkedKind(kind), (name) =>
      Effect.flatMap(texts.remove(name, id), (removed) =>
        removed ? Ref.update(seen, HashMap.remove(key(name, id))) : Effect.fail(new SessionNotFound({ kind: name, id })))).pipe(
        Effect.withSpan("SessionStore.remove", { attributes: { kind: kind.name, id } })
      )
    }
  })
