/**
 * Break-test: an allowed host that sends an endless body. The Scripter's
 * `fetch` used to read the whole body into the host's own memory before the
 * sandbox (and its memory cap) ever saw it; now it keeps a bounded prefix and
 * says the body was cut. Loopback only; hard bounds.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { HttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { guardedFetch, maxBodyChars } from "../../../src/agents/droid/scripter.js"

/** A server on 127.0.0.1 that streams 64 KB chunks until the client goes away; counts what it sent. */
const endless = Effect.acquireRelease(
  Effect.async<{ readonly host: string; readonly url: string; readonly sent: () => number; readonly close: () => void }>((resume) => {
    let sent = 0
    const chunk = "z".repeat(64 * 1024)
    const s = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" })
      const push = () => {
        while (!res.destroyed && res.write(chunk)) sent += chunk.length
        if (!res.destroyed) res.once("drain", push)
      }
      push()
    })
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo
      resume(Effect.succeed({ host: `127.0.0.1:${port}`, url: `http://127.0.0.1:${port}`, sent: () => sent, close: () => void s.close() }))
    })
  }),
  (s) => Effect.sync(() => { s.close() })
)

describe("Scripter fetch: a body without end", () => {
  it.scopedLive("keeps a bounded prefix, says it was cut, and stops reading", () =>
    Effect.gen(function*() {
      const api = yield* endless
      const started = performance.now()
      const client = yield* HttpClient.HttpClient
      const r = yield* guardedFetch(client, [api.host])([`${api.url}/big`]).pipe(Effect.timeout("15 seconds"))
      expect(performance.now() - started).toBeLessThan(10_000)
      expect(r).toMatchObject({ status: 200, ok: true, truncated: true })
      const body = (r as { readonly body: string }).body
      expect(body.length).toBe(maxBodyChars)
      // The reading stopped: the server was not drained for the whole 20 s fetch budget.
      expect(api.sent()).toBeLessThan(200 * 1024 * 1024)
    }).pipe(Effect.provide(FetchHttpClient.layer)), { timeout: 30_000 })
})
