/**
 * The Scripter's `fetch` reaches only the hosts the user allowed, redirects
 * included: each hop is checked before it is requested, so a 302 to another
 * host is refused and that host never sees a request.
 */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { HttpClient } from "@effect/platform"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { guardedFetch, maxRedirects } from "../../../src/agents/droid/scripter.js"

/** A server on 127.0.0.1 answering each path from `routes` (a location means a 302). */
const server = (routes: Readonly<Record<string, { readonly location?: (self: string) => string; readonly body?: string }>>) =>
  Effect.acquireRelease(
    Effect.async<{ readonly url: string; readonly host: string; readonly hits: Array<string>; readonly close: () => void }>((resume) => {
      const hits: Array<string> = []
      let self = ""
      const s = createServer((req, res) => {
        hits.push(`${req.method} ${req.url ?? ""}`)
        const route = routes[req.url ?? ""]
        if (route?.location !== undefined) {
          res.writeHead(302, { location: route.location(self) })
          res.end("moved")
        } else res.end(route?.body ?? "not found")
      })
      s.listen(0, "127.0.0.1", () => {
        const { port } = s.address() as AddressInfo
        self = `http://127.0.0.1:${port}`
        resume(Effect.succeed({ url: self, host: `127.0.0.1:${port}`, hits, close: () => void s.close() }))
      })
    }),
    (s) => Effect.sync(s.close)
  )

const fetchWith = (allow: ReadonlyArray<string>, url: string) =>
  Effect.flatMap(HttpClient.HttpClient, (client) => guardedFetch(client, allow)([url]))

describe("Scripter fetch", () => {
  it.scopedLive("a redirect to a host not allowed is refused before it is requested", () =>
    Effect.gen(function*() {
      const other = yield* server({ "/secret": { body: "the other host's secret" } })
      const allowed = yield* server({ "/go": { location: () => `${other.url}/secret` } })
      const e = yield* Effect.flip(fetchWith([allowed.host], `${allowed.url}/go`))
      expect(e.reason).toBe(`${other.host} is not an allowed host (the user allows: ${allowed.host}; see --allow-host)`)
      expect(other.hits).toEqual([])
      expect(allowed.hits).toEqual(["GET /go"])
    }).pipe(Effect.provide(FetchHttpClient.layer)))

  it.scopedLive("redirects within allowed hosts are followed hop by hop; a loop stops", () =>
    Effect.gen(function*() {
      const api = yield* server({
        "/old": { location: () => "/new" },
        "/new": { body: "fresh" },
        "/loop": { location: () => "/loop" }
      })
      const r = yield* fetchWith([api.host], `${api.url}/old`)
      expect(r).toMatchObject({ status: 200, ok: true, body: "fresh", url: `${api.url}/new` })
      const e = yield* Effect.flip(fetchWith([api.host], `${api.url}/loop`))
      expect(e.reason).toBe(`more than ${maxRedirects} redirects`)
      expect(api.hits.filter((h) => h === "GET /loop").length).toBe(maxRedirects + 1)
    }).pipe(Effect.provide(FetchHttpClient.layer)))
})
