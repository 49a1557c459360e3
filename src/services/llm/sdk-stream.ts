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
