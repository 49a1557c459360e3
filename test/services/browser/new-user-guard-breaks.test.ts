/**
 * Leaks a new store page might try that the guard-probe page does not: a
 * `<meta http-equiv=refresh>` to `/en/Checkout;jsessionid=1`, a form that
 * POSTs itself to `/CHECKOUT`, a protocol-relative link (`//other-host/`)
 * clicked by script, a `javascript:` URL, and Shopify's `/checkouts/<token>`.
 * A store on 127.0.0.1 counts every request whose path names checkout in any
 * spelling; a second host on 127.0.0.2 counts every connection. Both must be 0.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { StoreProfile, defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { makePlaywrightBrowser } from "../../../src/services/browser/playwright.js"
import { tempProfileDir } from "../../fakes/store/browser.js"

const listen = (server: ReturnType<typeof createServer>, host: string) =>
  Effect.acquireRelease(
    Effect.async<number>((resume) => void server.listen(0, host, () => resume(Effect.succeed((server.address() as AddressInfo).port)))),
    () => Effect.async<void>((resume) => { server.closeAllConnections(); server.close(() => resume(Effect.void)) })
  )

const html = (body: string, head = "") => `<!doctype html><html><head><meta charset="utf-8">${head}<title>t</title></head><body>${body}</body></html>`

describe("the guard against leaks a new store page might try (Debian Chromium)", () => {
  it.scopedLive("meta refresh, a self-submitting form, protocol-relative and javascript: links, /checkouts/<token>: none reaches checkout or another host", () =>
    Effect.gen(function*() {
      const leaked: Array<string> = []
      const seen: Array<string> = []
      let foreignConnections = 0
      let foreign = ""
      const store = createServer((req, res) => {
        const path = req.url ?? "/"
        seen.push(path)
        if (/check\s*[-_]?\s*outs?\b/i.test(decodeURIComponent(decodeURIComponent(path)))) leaked.push(`${req.method ?? "GET"} ${path}`)
        res.writeHead(200, { "content-type": "text/html", "cache-control": "no-store" })
        const pages: Record<string, string> = {
          "/": html(
            `<iframe src="/refresh"></iframe><iframe src="/autopost"></iframe><iframe src="/links"></iframe>
             <script>fetch("/checkouts/c1/abc").catch(() => {}); new Image().src = "/en/Checkout;jsessionid=1";
             setTimeout(() => { document.title = "done" }, 2500)</script>`
          ),
          "/refresh": html("refreshing", `<meta http-equiv="refresh" content="0; url=/en/Checkout;jsessionid=1">`),
          "/autopost": html(`<form id="f" method="post" action="/CHECKOUT"><input name="x" value="1"></form><script>document.getElementById("f").submit()</script>`),
          "/links": html(
            `<a id="a" href="${foreign.replace(/^http:/, "")}/landing">deal</a><a id="b" href="javascript:location='/checkouts/js'">go</a>
             <script>document.getElementById("b").click(); setTimeout(() => document.getElementById("a").click(), 300)</script>`
          )
        }
        res.end(pages[path] ?? html("ok"))
      })
      const other = createServer((_req, res) => void res.end("foreign"))
      other.on("connection", () => void (foreignConnections += 1))
      const port = yield* listen(store, "127.0.0.1")
      foreign = `http://127.0.0.2:${yield* listen(other, "127.0.0.2")}`
      const url = `http://127.0.0.1:${port}`
      const profile = new StoreProfile({
        name: "new-user-probe",
        baseUrl: `${url}/`,
        searchUrl: `${url}/search?q={query}`,
        cartUrl: `${url}/cart`,
        allowedHosts: [`127.0.0.1:${port}`],
        blockedPaths: [...defaultBlockedPaths],
        productPathPattern: "/p/"
      })
      const browser = yield* makePlaywrightBrowser({ store: profile, profileDir: yield* tempProfileDir, actionTimeout: "5 seconds", navigationTimeout: "10 seconds" })
      yield* browser.navigate(`${url}/`)
      yield* Effect.sleep("4 seconds")
      // The page really ran: its frames were loaded.
      expect(seen).toEqual(expect.arrayContaining(["/", "/refresh", "/autopost", "/links"]))
      expect(leaked, "requests naming checkout").toEqual([])
      expect(foreignConnections, "connections to the other host").toBe(0)
    }), 60_000)
})
