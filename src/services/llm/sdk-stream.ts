/**
 * An SDK's server-sent-event iterator as an Effect `Stream`.
 *
 * Where it sits: both provider adapters (anthropic.ts, openai.ts) open their
 * streaming request through this, then fold the raw events into our
 * `StreamEvent`s. It exists because `Stream.fromAsyncIterable` releases by
 * awaiting `iterator.return()`, which cannot run while a `next()` is still
 * waiting on a silent server: interrupting such a stream would hang. Here the
 * request's own `AbortController` is aborted first, so interruption (a caller's
 * timeout, a cancelled turn) always closes the socket.
 */
import { Effect, Option, Stream } from "effect"
import type { Either } from "effect"
import type { StreamEvent as StreamEventType } from "../../domain/llm.js"
import type { ProviderFailure } from "./provider.js"

export const fromSdkStream = <A, E>(
  open: (signal: AbortSignal) => Promise<AsyncIterable<A>>,
  onError: (cause: unknown) => E
): Stream.Stream<A, E> =>
  Stream.unwrapScoped(Effect.gen(function*() {
    const controller = yield* Effect.acquireRelease(
      Effect.sync(() => new AbortController()),
      (c) => Effect.sync(() => c.abort())
    )
    const iterable = yield* Effect.tryPromise({ try: () => open(controller.signal), catch: onError })
    const iterator = iterable[Symbol.asyncIterator]()
    return Stream.repeatEffectOption(
      Effect.tryPromise({ try: () => iterator.next(), catch: (cause) => Option.some(onError(cause)) }).pipe(
        Effect.flatMap((result) => (result.done === true ? Effect.fail(Option.none()) : Effect.succeed(result.value)))
      )
    )
  }))

/** Folds a provider's raw stream events into ours: deltas as they come, then the assembled response. */
export interface StreamAssembler<A> {
  push(event: A): ReadonlyArray<StreamEventType>
  complete(): Either.Either<ReadonlyArray<StreamEventType>, ProviderFailure>
}

/** A streaming request, assembled: the one shape both adapters' `stream` take. */
export const assembledStream = <A>(
  open: (signal: AbortSignal) => Promise<AsyncIterable<A>>,
  onError: (cause: unknown) => ProviderFailure,
  makeAssembler: () => StreamAssembler<A>
): Stream.Stream<StreamEventType, ProviderFailure> =>
  Stream.suspend(() => {
    const assembler = makeAssembler()
    return fromSdkStream(open, onError).pipe(
      Stream.mapConcat((event) => assembler.push(event)),
      Stream.concat(Stream.fromIterableEffect(Effect.suspend(() => assembler.complete())))
    )
  })
