/**
 * What the run page tests share: Server-Sent Events read with fetch, one
 * JSON value per `data:` line, and a view fetched as plain JSON.
 */
import { Schema } from "effect"

/** What a test reads of a page's view (web-agent.ts's PageView), decoded. */
const ViewRead = Schema.Struct({
  id: Schema.String,
  status: Schema.NullOr(Schema.String),
  messages: Schema.Array(Schema.Struct({ from: Schema.String, text: Schema.String })),
  pending: Schema.NullOr(Schema.Struct({ id: Schema.String, question: Schema.Unknown, group: Schema.NullOr(Schema.String) })),
  busy: Schema.Boolean,
  ended: Schema.Boolean
})
type ViewRead = typeof ViewRead.Type

export interface SseReader {
  /** Values until `done` says the last one came (that one included), or the stream ends. */
  readonly until: (done: (value: unknown) => boolean) => Promise<ReadonlyArray<unknown>>
  readonly close: () => void
}

export const openSse = async (url: string): Promise<SseReader> => {
  const controller = new AbortController()
  const response = await fetch(url, { signal: controller.signal, headers: { accept: "text/event-stream" } })
  if (!response.ok || response.body === null) throw new Error(`${url}: ${response.status}`)
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ""
  const queued: Array<unknown> = []
  const read = async (): Promise<boolean> => {
    const chunk = await reader.read()
    if (chunk.done) return false
    buffer += decoder.decode(chunk.value, { stream: true })
    let end = buffer.indexOf("\n\n")
    while (end >= 0) {
      const frame = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      for (const line of frame.split("\n")) if (line.startsWith("data: ")) queued.push(JSON.parse(line.slice(6)))
      end = buffer.indexOf("\n\n")
    }
    return true
  }
  return {
    until: async (done) => {
      const seen: Array<unknown> = []
      for (;;) {
        const next = queued.shift()
        if (next !== undefined) {
          seen.push(next)
          if (done(next)) return seen
        } else if (!(await read())) {
          return seen
        }
      }
    },
    close: () => controller.abort()
  }
}

export const tagOf = (value: unknown): string =>
  typeof value === "object" && value !== null && "_tag" in value && typeof value._tag === "string" ? value._tag : ""

export const viewAt = async (base: string, id: string): Promise<ViewRead> => {
  const response = await fetch(`${base}/api/sessions/${encodeURIComponent(id)}`)
  if (!response.ok) throw new Error(`view of ${id}: ${response.status}`)
  return Schema.decodeUnknownSync(ViewRead)(await response.json())
}

/** The server's root of a run page's address (`http://127.0.0.1:PORT/?s=ID`). */
export const rootOf = (url: string): string => new URL(url).origin
