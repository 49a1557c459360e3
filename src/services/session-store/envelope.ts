/**
 * The versioned envelope every stored session is wrapped in, and the pure
 * steps from a state to stored text and back.
 *
 * Where it sits: shared by every SessionStore layer, so the file and memory
 * layers store exactly the same text and a test of one covers the format of
 * both. Decoding never trusts the text: JSON, envelope, kind, id, version and
 * state are each checked, and each failure names what was wrong.
 */
import { DateTime, Effect, Either, Option, ParseResult, Schema } from "effect"
import { SessionCorrupt, SessionStoreError, SessionVersionMismatch } from "./errors.js"
import { SessionId } from "./session-kind.js"
import type { SessionKind, SessionSummary } from "./session-kind.js"

export const Envelope = Schema.Struct({
  version: Schema.Int,
  kind: Schema.String,
  id: SessionId,
  updatedAt: Schema.DateTimeUtc,
  /** Bumped by every save; a save checks it is still the one it last saw (files from before revisions are 0). */
  revision: Schema.optionalWith(Schema.NonNegativeInt, { default: () => 0 }),
  /** The state as `kind.schema` encodes it; decoded only once the version is known to match. */
  state: Schema.Unknown
})
export type Envelope = typeof Envelope.Type

const EnvelopeJson = Schema.parseJson(Envelope, { space: 2 })
const envelopeKeys = new Set(Object.keys(Envelope.fields))

/** What a save must carry over from the text it replaces. */
export interface Previous {
  readonly revision: number
  /** Envelope fields this version does not know (written by a newer program): kept as they were. */
  readonly extras: Readonly<Record<string, unknown>>
}

/** The revision and unknown fields of stored text; a text that is not an envelope counts as revision 0. */
export const previousOf = (text: string): Previous => {
  const raw = Either.getOrUndefined(Schema.decodeUnknownEither(Schema.parseJson(Schema.Record({ key: Schema.String, value: Schema.Unknown })))(text))
  if (raw === undefined) return { revision: 0, extras: {} }
  const revision = typeof raw["revision"] === "number" && Number.isInteger(raw["revision"]) ? raw["revision"] : 0
  return { revision, extras: Object.fromEntries(Object.entries(raw).filter(([key]) => !envelopeKeys.has(key))) }
}
/** Just enough of an envelope to list it, without decoding (or trusting) its state. */
const SummaryJson = Schema.parseJson(Schema.Struct({ id: SessionId, updatedAt: Schema.DateTimeUtc }))

const describe = (error: ParseResult.ParseError): string => ParseResult.TreeFormatter.formatErrorSync(error)

/** Stored text for `state` at `revision`, stamped with the Clock's now, keeping `extras` beside it. */
export const encodeSession = <A, I>(
  kind: SessionKind<A, I>,
  id: SessionId,
  state: A,
  location: string,
  previous: Previous = { revision: 0, extras: {} }
) =>
  Effect.gen(function*() {
    const updatedAt = yield* DateTime.now
    const encodedState = yield* Schema.encode(kind.schema)(state)
    const envelope = yield* Schema.encode(Envelope)({
      version: kind.version,
      kind: kind.name,
      id,
      updatedAt,
      revision: previous.revision + 1,
      state: encodedState
    })
    return JSON.stringify({ ...previous.extras, ...envelope }, null, 2)
  }).pipe(
    Effect.mapError((error) => new SessionStoreError({ operation: "encode", location, reason: describe(error) }))
  )

/** The state in stored `text`, migrated forward if the kind knows how. */
export const decodeSession = <A, I>(kind: SessionKind<A, I>, id: SessionId, text: string, location: string) =>
  Effect.gen(function*() {
    const corrupt = (reason: string) => new SessionCorrupt({ kind: kind.name, id, location, reason })
    const envelope = yield* Effect.mapError(Schema.decodeUnknown(EnvelopeJson)(text), (e) => corrupt(describe(e)))
    if (envelope.kind !== kind.name || envelope.id !== id) {
      return yield* corrupt(`the file holds ${envelope.kind} session "${envelope.id}"`)
    }
    const encodedState = envelope.version === kind.version ? Option.some(envelope.state) : migrated(kind, envelope)
    if (Option.isNone(encodedState)) {
      return yield* new SessionVersionMismatch({ kind: kind.name, id, location, found: envelope.version, expected: kind.version })
    }
    return yield* Effect.mapError(Schema.decodeUnknown(kind.schema)(encodedState.value), (e) => corrupt(describe(e)))
  })

// Only older states are migrated: a newer file was written by a newer program, which we must not guess at.
const migrated = <A, I>(kind: SessionKind<A, I>, envelope: Envelope): Option.Option<unknown> =>
  envelope.version < kind.version && kind.migrate !== undefined ? kind.migrate(envelope.version, envelope.state) : Option.none()

/** The summary of stored text, or why it cannot be listed. */
export const summarise = (text: string): Either.Either<SessionSummary, string> =>
  Either.mapLeft(Schema.decodeUnknownEither(SummaryJson)(text), describe)
