/**
 * The `SessionStore` port: agent state that outlives a process
 * (seeds/001 known issue 4: "no state persistence across sessions").
 *
 * Where it sits: an agent's runner saves its state after each turn and loads
 * it on `--resume`. Layers: `layerFile` / `layerFileFromConfig` (JSON files,
 * atomic writes) and `layerMemory` (tests). Both keep the same versioned
 * envelope `{ version, kind, id, updatedAt, state }`, state Schema-encoded.
 */
import { Context } from "effect"
import type { Effect } from "effect"
import type { SessionConflict, SessionLoadError, SessionNotFound, SessionStoreError } from "./errors.js"
import type { SessionId, SessionKind, SessionSummary } from "./session-kind.js"

export interface SessionStoreShape {
  /**
   * Replace the session's state; `updatedAt` is now (Clock). Atomic: a failed save leaves the old state.
   * Compare-and-set: `SessionConflict` when another writer saved it since this store loaded or saved it.
   * Succeeds only once the saved text has been read back.
   */
  readonly save: <A, I>(kind: SessionKind<A, I>, id: SessionId, state: A) => Effect.Effect<void, SessionStoreError | SessionConflict>
  readonly load: <A, I>(kind: SessionKind<A, I>, id: SessionId) => Effect.Effect<A, SessionLoadError>
  /** Stored sessions of a kind, newest first. Unreadable entries are skipped with a warning. */
  readonly list: <A, I>(kind: SessionKind<A, I>) => Effect.Effect<ReadonlyArray<SessionSummary>, SessionStoreError>
  readonly remove: <A, I>(kind: SessionKind<A, I>, id: SessionId) => Effect.Effect<void, SessionNotFound | SessionStoreError>
}

export class SessionStore extends Context.Tag("shoal/SessionStore")<SessionStore, SessionStoreShape>() {}
