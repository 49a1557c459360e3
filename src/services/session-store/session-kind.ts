/**
 * What a stored session is: a kind (tidy, fitlog-chat…) with its state Schema
 * and version, and a branded id that is safe as a file name.
 *
 * Where it sits: agents declare one `SessionKind` per kind of state they
 * resume (`shoal tidy --resume`); the `SessionStore` persists values of it.
 */
import { Clock, DateTime, Effect, Random, Schema } from "effect"
import type { Option } from "effect"

/**
 * Letters, digits, `.`, `_`, `-`, starting with a letter or digit: no slashes,
 * no `.`/`..`, no hidden names (temp files start with a dot), at most 128 chars.
 */
const fileSafeName = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/

export const SessionId = Schema.String.pipe(
  Schema.pattern(fileSafeName, { message: () => "a session id is 1-128 letters, digits, '.', '_' or '-', starting with a letter or digit" }),
  // Generate ids directly instead of filtering random strings through the pattern.
  Schema.annotations({ arbitrary: () => (fc) => fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,30}$/) }),
  Schema.brand("SessionId")
)
export type SessionId = typeof SessionId.Type

export const isFileSafeName = (name: string): boolean => fileSafeName.test(name)

/**
 * A kind of session state. `name` must be file-safe like an id (it names a
 * directory); bump `version` when the encoded shape changes.
 */
export interface SessionKind<A, I = A> {
  readonly name: string
  readonly version: number
  readonly schema: Schema.Schema<A, I>
  /**
   * Migration hook: given a stored state's encoded form written at an older
   * version `from`, return it encoded at `version`, or none if it cannot be
   * carried forward (then loading fails with `SessionVersionMismatch`).
   */
  readonly migrate?: (from: number, encoded: unknown) => Option.Option<unknown>
}

/** One stored session, as `list` shows it. */
export interface SessionSummary {
  readonly id: SessionId
  readonly updatedAt: DateTime.Utc
}

/** A new session's id, `2026-11-22-0930-k3f9`: sortable, readable, unique enough for one person's sessions. */
export const newSessionId: Effect.Effect<SessionId> = Effect.gen(function*() {
  const stamp = DateTime.formatIso(DateTime.unsafeMake(yield* Clock.currentTimeMillis)).slice(0, 16).replace("T", "-").replace(":", "")
  const suffix = (yield* Random.nextIntBetween(0, 36 ** 4)).toString(36).padStart(4, "0")
  return SessionId.make(`${stamp}-${suffix}`)
})
