/**
 * A test's SSE client for a served session's events: it reads frames
 * (`id:`, `event:`, `data:`) until the test has what it waits for, then
 * disconnects, as a browser tab that goes away would.
 */
import { Effect } from "effect"
import type { Scope } from "effect"

export interface Frame {
  /** The frame's `id:`, as sent (undefined when it had none). */
  readonly id: string | undefined
  readonly event: string
  readonly data: unknown
}

const parseFrame = (block: string): Frame | undefined => {
  let id: string | undefined
  let event = "message"
  const data: Array<string> = []
  for (const line of block.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4)
    else if (line.startsWith("event: ")) event = line.slice(7)
    else if (line.startsWith("data: ")) data.push(line.slice(6))
  }
  return data.length === 0 ? undefined : { id, event, data: JSON.parse(data.join("\n")) }
}

/** An open stream: `read` goes on until `done` holds of every frame read so far (or the stream ends). */
export interface OpenStream {
  readonly read: (done: (frames: ReadonlyArray<Frame>) => boolean) => Effect.Effect<ReadonlyArray<Frame>, Error>
}

/**
 * Connect to `path` on `url` (with `headers`), for the scope (closing it disconnects). Once this succeeds the
 * server listens for the session's events: the response's headers come after it has subscribed. A stream
 * that is not a 200 fails with its status and body.
 */
export const openStream = (url: string, path: string, headers: Record<string, string> = {}): Effect.Effect<OpenStream, Error, Scope.Scope> =>
  Effect.gen(function*() {
    const controller = new AbortController()
    yield* Effect.addFinalizer(() => Effect.sync(() => controller.abort()))
    const response = yield* Effect.tryPromise({
      try: () => fetch(`${url}${path}`, { headers, signal: controller.signal }),
      catch: (e) => (e instanceof Error ? e : new Error(String(e)))
    })
    if (response.status !== 200) return yield* Effect.fail(new Error(`${response.status}: ${yield* Effect.promise(() => response.text())}`))
    const reader = response.body?.getReader()
    const decoder = new TextDecoder()
    let text = ""
    const frames: Array<Frame> = []
    const read = (done: (frames: ReadonlyArray<Frame>) => boolean) =>
      Effect.tryPromise({
        try: async () => {
          while (reader !== undefined && !done(frames)) {
            const chunk = await reader.read()
            if (chunk.done) break
            text += decoder.decode(chunk.value, { stream: true })
            let end = text.indexOf("\n\n")
            while (end >= 0) {
              const frame = parseFrame(text.slice(0, end))
              if (frame !== undefined) frames.push(frame)
              text = text.slice(end + 2)
              end = text.indexOf("\n\n")
            }
          }
          return [...frames]
        },
        catch: (e) => (e instanceof Error ? e : new Error(String(e)))
      }).pipe(Effect.timeoutFail({ duration: "20 seconds", onTimeout: () => new Error(`${path}: what was waited for did not come within 20 s; read: ${JSON.stringify(frames)}`) }))
    return { read }
  })

/** Connect, read until `done`, disconnect. */
export const readFrames = (url: string, path: string, done: (frames: ReadonlyArray<Frame>) => boolean, headers: Record<string, string> = {}) =>
  Effect.scoped(Effect.flatMap(openStream(url, path, headers), (s) => s.read(done)))

/** How many frames of `event` there are. */
export const count = (frames: ReadonlyArray<Frame>, event: string) => frames.filter((f) => f.event === event).length

/** The frames' ids as numbers (NaN for a frame without one). */
export const idsOf = (frames: ReadonlyArray<Frame>) => frames.map((f) => (f.id === undefined ? Number.NaN : Number(f.id)))
