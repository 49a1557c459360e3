/**
 * Recorded provider responses as `CannedResponse`s for the fake LLM server.
 *
 * Where it sits: test/fakes, feeding llm-server.ts. The recorded fixtures are
 * read IN PLACE from the shared folder beside the repository
 * (`../shared/fixtures/llm/`, provenance in its SOURCES.md) and never copied
 * here, because their licences differ from ours. The few cases no recording
 * covers are small synthetic files in test/fixtures/llm (see its README).
 */
import { Schema } from "effect"
import { readFileSync } from "node:fs"
import type { CannedResponse } from "./llm-server.js"

/** The shared recordings: test/fakes → repository root → its sibling `shared/`. */
export const sharedFixtures = new URL("../../../shared/fixtures/llm/", import.meta.url)
/** Synthetic fixtures written for this repository. */
export const localFixtures = new URL("../fixtures/llm/", import.meta.url)

const read = (dir: URL, name: string): string => readFileSync(new URL(name, dir), "utf8")

/** A 200 JSON body, e.g. `01-anthropic-text.json`. */
export const jsonFixture = (name: string, dir: URL = sharedFixtures): CannedResponse => ({
  status: 200,
  contentType: "application/json",
  body: read(dir, name)
})

/** A 200 event stream, e.g. `06-anthropic-stream-tool-use.sse`. */
export const sseFixture = (name: string, dir: URL = sharedFixtures): CannedResponse => ({
  status: 200,
  contentType: "text/event-stream",
  body: read(dir, name)
})

const Meta = Schema.parseJson(Schema.Struct({
  status: Schema.Int,
  headers: Schema.Record({ key: Schema.String, value: Schema.String })
}))

/**
 * Headers that describe the recorded connection rather than the answer. The
 * recorded `content-length` is dropped because some bodies are a few bytes
 * short of it (SOURCES.md); node computes the real one.
 */
const connectionHeaders = new Set(["content-length", "connection", "content-type", "set-cookie", "alt-svc"])

/** An error response: `NN-name.json` with the status and headers of `NN-name.meta.json`. */
export const errorFixture = (
  name: string,
  options: { readonly dir?: URL; readonly headers?: Readonly<Record<string, string>> } = {}
): CannedResponse => {
  const dir = options.dir ?? sharedFixtures
  const meta = Schema.decodeUnknownSync(Meta)(read(dir, `${name}.meta.json`))
  const headers = Object.fromEntries(
    Object.entries(meta.headers).filter(([key]) => !connectionHeaders.has(key.toLowerCase()))
  )
  return {
    status: meta.status,
    contentType: "application/json",
    body: read(dir, `${name}.json`),
    headers: { ...headers, ...options.headers }
  }
}
