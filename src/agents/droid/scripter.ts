/**
 * The Scripter (seeds/002 "Scripter Delegation"): off-device work in the
 * sandbox, iterative like a notebook — variables persist between code
 * blocks; an answer without code is the final message. Its only way out is
 * `fetch`, and only to hosts the user allowed (`--allow-host`) — every
 * redirect hop included, since redirects are followed here; the result
 * goes back to the Manager as `<script_result status>`.
 */
import { HttpClient, HttpClientRequest } from "@effect/platform"
import type { HttpMethod } from "@effect/platform/HttpMethod"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { Duration, Effect, Option, Stream } from "effect"
import type { Scope } from "effect"
import { codeToRun, prose } from "../../domain/droid/code-blocks.js"
import type { LlmError, Message } from "../../domain/llm.js"
import { AssistantMessage, GenerateRequest, TextBlock, userText } from "../../domain/llm.js"
import { Llm } from "../../services/llm/llm.js"
import { HostCallFailed } from "../../services/sandbox/errors.js"
import type { HostFunction } from "../../services/sandbox/sandbox.js"
import { Sandbox } from "../../services/sandbox/sandbox.js"
import { scripterSystem } from "./prompts.js"

export interface ScripterInput {
  readonly task: string
  /** Host names (or host:port) `fetch` may reach; nothing else. */
  readonly allowHosts: ReadonlyArray<string>
  /** Code blocks at most (default 5). */
  readonly maxSteps?: number
}

export interface ScriptOutcome {
  readonly status: "SUCCESS" | "FAILED"
  readonly message: string
}

/** How the Manager reads it. */
export const scriptResultTag = (r: ScriptOutcome): string => `<script_result status="${r.status}">\n${r.message}\n</script_result>`

// `fetch` as scripts expect it; the host side returns plain data, so methods are added here.
const prelude = `globalThis.fetch = function (url, init) {
  const r = __host_fetch(String(url), init === undefined ? null : init)
  return { status: r.status, ok: r.ok, url: r.url, headers: r.headers, truncated: r.truncated, text: () => r.body, json: () => JSON.parse(r.body) }
}`

const isRecord = (u: unknown): u is Readonly<Record<string, unknown>> => typeof u === "object" && u !== null && !Array.isArray(u)

const headersOf = (u: unknown): Record<string, string> =>
  typeof u === "object" && u !== null ? Object.fromEntries(Object.entries(u).map(([k, v]) => [k, String(v)])) : {}

/** Characters of a response body kept; the rest is not read (`truncated: true`). */
export const maxBodyChars = 1_000_000

/** Redirects followed at most, each hop checked against the allowed hosts. */
export const maxRedirects = 5

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308

export const guardedFetch = (client: HttpClient.HttpClient, allowHosts: ReadonlyArray<string>): HostFunction => (args) =>
  Effect.gen(function*() {
    const fail = (reason: string) => new HostCallFailed({ function: "fetch", reason })
    const check = (url: URL) => {
      if (url.protocol !== "http:" && url.protocol !== "https:") return Effect.fail(fail(`only http and https URLs can be fetched`))
      if (!allowHosts.includes(url.hostname) && !allowHosts.includes(url.host)) {
        return Effect.fail(fail(`${url.host} is not an allowed host (the user allows: ${allowHosts.length === 0 ? "none" : allowHosts.join(", ")}; see --allow-host)`))
      }
      return Effect.void
    }
    let url = yield* Effect.try({ try: () => new URL(String(args[0])), catch: () => fail(`"${String(args[0])}" is not a URL`) })
    const init: Readonly<Record<string, unknown>> = isRecord(args[1]) ? args[1] : {}
    const asked = typeof init["method"] === "string" ? init["method"].toUpperCase() : "GET"
    let method: HttpMethod = asked === "POST" || asked === "PUT" || asked === "PATCH" || asked === "DELETE" || asked === "HEAD" ? asked : "GET"
    let body = typeof init["body"] === "string" ? init["body"] : undefined
    for (let hop = 0; ; hop++) {
      yield* check(url)
      const base = HttpClientRequest.make(method)(url.toString(), { headers: headersOf(init["headers"]) })
      const request = body === undefined ? base : HttpClientRequest.bodyText(base, body)
      // Redirects are followed here, one checked hop at a time, never by the client.
      const response = yield* client.execute(request).pipe(
        Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" }),
        Effect.mapError((e) => fail(e.message))
      )
      const location = response.headers["location"]
      if (isRedirect(response.status) && location !== undefined) {
        if (hop >= maxRedirects) return yield* fail(`more than ${maxRedirects} redirects`)
        const from = url
        url = yield* Effect.try({ try: () => new URL(location, from), catch: () => fail(`the redirect to "${location}" is not a URL`) })
        if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === "POST")) {
          method = "GET"
          body = undefined
        }
        continue
      }
      // The body is read up to a bound and no further: the host's memory is not the sandbox's, and its cap never saw this.
      let text = ""
      let truncated = false
      yield* response.stream.pipe(
        Stream.decodeText(),
        Stream.runForEachWhile((chunk) =>
          Effect.sync(() => {
            const room = maxBodyChars - text.length
            if (chunk.length > room) {
              text += chunk.slice(0, room)
              truncated = true
              return false
            }
            text += chunk
            return true
          })
        ),
        Effect.mapError((e) => fail(e.message))
      )
      return { status: response.status, ok: response.status >= 200 && response.status < 300, headers: response.headers, body: text, truncated, url: url.toString() }
    }
  }).pipe(Effect.timeoutFail({ duration: Duration.seconds(20), onTimeout: () => new HostCallFailed({ function: "fetch", reason: "no answer within 20 s" }) }))

export const runScripter = (input: ScripterInput): Effect.Effect<ScriptOutcome, LlmError, Llm | Sandbox | HttpClient.HttpClient> =>
  Effect.gen(function*(): Effect.fn.Return<ScriptOutcome, LlmError, Llm | Sandbox | HttpClient.HttpClient | Scope.Scope> {
    const llm = yield* Llm
    const sandbox = yield* Sandbox
    const client = yield* HttpClient.HttpClient
    // A fetch may take 20 s; a block gets a little more than one.
    const session = yield* sandbox.session({ functions: { __host_fetch: guardedFetch(client, input.allowHosts) }, timeLimitMs: 30_000, maxCalls: 20 })
    yield* Effect.orDie(session.run(prelude))
    const maxSteps = input.maxSteps ?? 5
    let messages: ReadonlyArray<Message> = [userText(`Task: ${input.task}\nAllowed hosts for fetch: ${input.allowHosts.join(", ") || "(none)"}`)]
    for (let step = 1; step <= maxSteps; step++) {
      const response = yield* llm.generate(new GenerateRequest({ system: scripterSystem, messages, maxTokens: 2048 }))
      const code = codeToRun(response.text)
      if (Option.isNone(code)) {
        const message = prose(response.text)
        return { status: /^\s*(error|failed|unable)\b/i.test(message) ? "FAILED" : "SUCCESS", message }
      }
      const result = yield* Effect.either(session.run(code.value))
      const report = result._tag === "Right"
        ? `Output:\n${result.right.output.join("\n") || "(nothing printed)"}`
        : `Output:\n${result.left.output.join("\n") || "(nothing printed)"}\nCode stopped: ${result.left.message}`
      messages = [...messages, new AssistantMessage({ content: [new TextBlock({ text: response.text })] }), userText(report)]
    }
    return { status: "FAILED", message: `the script did not finish within ${maxSteps} code blocks` }
  }).pipe(Effect.scoped, Effect.withSpan("droid.scripter"))
