/**
 * The ways loading or saving a session can fail, each naming the session and
 * where it lives so a user can find (and fix or delete) the file.
 */
import { Schema } from "effect"

export class SessionNotFound extends Schema.TaggedError<SessionNotFound>()("SessionNotFound", {
  kind: Schema.String,
  id: Schema.String
}) {
  override get message(): string {
    return `no saved ${this.kind} session "${this.id}"`
  }
}

/** The stored bytes are not a session of this kind: bad JSON, bad envelope, or a state its Schema rejects. */
export class SessionCorrupt extends Schema.TaggedError<SessionCorrupt>()("SessionCorrupt", {
  kind: Schema.String,
  id: Schema.String,
  location: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `saved ${this.kind} session "${this.id}" at ${this.location} is corrupt: ${this.reason}`
  }
}

/** Stored at another version than the kind's, and no migration carried it forward. */
export class SessionVersionMismatch extends Schema.TaggedError<SessionVersionMismatch>()("SessionVersionMismatch", {
  kind: Schema.String,
  id: Schema.String,
  location: Schema.String,
  found: Schema.Number,
  expected: Schema.Number
}) {
  override get message(): string {
    return `saved ${this.kind} session "${this.id}" at ${this.location} has version ${this.found}, this program reads version ${this.expected}`
  }
}

/** The storage itself failed (disk full, permissions…), or a state could not be encoded. */
export class SessionStoreError extends Schema.TaggedError<SessionStoreError>()("SessionStoreError", {
  operation: Schema.String,
  location: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `session store could not ${this.operation} ${this.location}: ${this.reason}`
  }
}

/** Another process saved the session since this one loaded it: saving now would silently drop its turns. */
export class SessionConflict extends Schema.TaggedError<SessionConflict>()("SessionConflict", {
  kind: Schema.String,
  id: Schema.String,
  location: Schema.String,
  expected: Schema.Int,
  found: Schema.Int
}) {
  override get message(): string {
    if (this.found === 0) {
      return `saved ${this.kind} session "${this.id}" at ${this.location} was deleted by another process or request; not saving it again`
    }
    return `saved ${this.kind} session "${this.id}" at ${this.location} was changed by another process (revision ${this.found}, this one had ${this.expected}); not overwriting it — resume it again to continue from there`
  }
}

export type SessionLoadError = SessionNotFound | SessionCorrupt | SessionVersionMismatch | SessionStoreError
