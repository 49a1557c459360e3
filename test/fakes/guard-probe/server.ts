/**
 * The guard-probe store: two loopback servers, a scoped resource closed by
 * the test.
 *
 * - The store, on 127.0.0.1: the probe page and its workers, redirects (a
 *   302 chain ending in /checkout, 302s to the foreign host for a document,
 *   a fetch, an image, a script and a stylesheet), a sign-in page, and a
 *   WebSocket endpoint. It counts every request it receives on a path it
 *   should never have received (`forbiddenPaths`), WebSocket upgrades included.
 * - The foreign host, on 127.0.0.2 (another loopback address, so off the
 *   profile's allowlist): it counts every TCP connection it accepts, so a
 *   preconnect that never sends a request is a leak too.
 * It also has a small shoppable part (search, one product page), whose
 * pages open popups to blocked URLs as they load.
 * The store also counts the probe's harmless requests (`/ok`), so a test
 * can tell "nothing leaked" from "nothing ran".
 */
import { Effect } from "effect"
import type { Scope } from "effect"
import { createServer } from "node:http"
import type { IncomingMessage, ServerResponse } from "node:http"
import { StoreAuth, StoreProfile, defaultBlockedPaths } from "../../../src/domain/shop/store-profile.js"
import { cartPage, forbiddenBodyPattern, forbiddenPaths, homePage, popupProductPage, popupResultsPage, probePage, sharedWorkerScript, signInPage, workerScript } from "./pages.js"
import { listenOnLoopback } from "../loopback.js"

export const probeCredentials = { username: "probe@example.com", password: "pr0be-Pa55word-zz" } as const

export interface ProbeRequest {
  readonly method: string
  readonly path: string
  readonly body: string
}

export interface GuardProbe {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  /** `http://127.0.0.2:<port>` */
  readonly foreignOrigin: string
  /** The default blocked paths; a test empties them to see the built-in minimum hold alone. */
  readonly profile: StoreProfile
  /** Requests the store should never have received. */
  readonly forbidden: () => ReadonlyArray<ProbeRequest>
  /** Connections and requests the foreign host received (it should have none). */
  readonly foreignConnections: () => number
  readonly foreignRequests: () => ReadonlyArray<string>
  /** `http://127.0.0.1:<another port>`: the store's host on a port the profile did not name. */
  readonly siblingOrigin: string
  /** Connections that other port accepted (a bare allowed host must not open it). */
  readonly siblingConnections: () => number
  /** The probe's harmless requests, by who made them (page, worker). */
  readonly oks: () => ReadonlyArray<string>
  /** The cart of the shoppable part (search, a product page that opens popups as it loads). */
  readonly cart: () => ReadonlyArray<{ readonly id: string; readonly quantity: number }>
  /** Every request the store received, for assertions on sign-in. */
  readonly requests: () => ReadonlyArray<ProbeRequest>
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve) => {
    let body = ""
    req.on("data", (chunk: Buffer) => void (body += chunk.toString("utf8")))
    req.on("end", () => resolve(body))
  })

export const makeGuardProbe: Effect.Effect<GuardProbe, never, Scope.Scope> = Effect.gen(function*() {
  const forbidden: Array<ProbeRequest> = []
  const requests: Array<ProbeRequest> = []
  const oks: Array<string> = []
  const foreignRequests: Array<string> = []
  const cart = new Map<string, number>()
  let foreignConnections = 0
  let siblingConnections = 0
  let sibling = ""
  let signedIn = false
  let foreign = ""
  let wsStore = ""

  const isForbidden = (rawPath: string) => {
    const path = rawPath.toLowerCase()
    return forbiddenPaths.some((f) => path === f || path.startsWith(`${f}/`) || path.startsWith(`${f}?`))
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const rawPath = req.url ?? "/"
    const body = await readBody(req)
    const entry = { method: req.method ?? "GET", path: rawPath, body }
    requests.push(entry)
    if (isForbidden(rawPath) || forbiddenBodyPattern.test(body)) forbidden.push(entry)
    const send = (status: number, type: string, text: string) => {
      res.writeHead(status, { "content-type": type, "cache-control": "no-store" })
      res.end(text)
    }
    const redirect = (location: string) => {
      res.writeHead(302, { location, "cache-control": "no-store" })
      res.end()
    }
    const path = rawPath.split("?")[0] ?? "/"
    const hops: Record<string, string> = {
      "/hop/step-a": "/hop/step-b",
      "/hop/step-b": "/checkout/step-1",
      "/hop/doc-foreign": `${foreign}/landing`,
      "/hop/fetch-foreign": `${foreign}/redirected-fetch`,
      "/hop/fetch-b": "/checkout/api",
      "/hop/fetch-compound": "/express_checkout/pay",
      "/hop/img-foreign": `${foreign}/redirected-image.png`,
      "/hop/img-b": "/checkout/image.png",
      "/hop/script-foreign": `${foreign}/redirected-script.js`,
      "/hop/css-foreign": `${foreign}/redirected-style.css`
    }
    const hop = hops[path]
    if (hop !== undefined) return redirect(hop)
    if (path === "/ok") {
      oks.push(new URL(rawPath, "http://x").searchParams.get("from") ?? "?")
      return send(200, "text/plain", "ok")
    }
    if (path === "/" || path === "/home") return send(200, "text/html", homePage(signedIn))
    if (path === "/probe") return send(200, "text/html", probePage(foreign, wsStore, sibling))
    if (path === "/worker.js") return send(200, "text/javascript", workerScript(foreign, wsStore))
    if (path === "/shared-worker.js") return send(200, "text/javascript", sharedWorkerScript(foreign, wsStore))
    if (path === "/search") return send(200, "text/html", popupResultsPage(foreign, new URL(rawPath, "http://x").searchParams.get("q") ?? ""))
    if (path === "/p/farm-milk") return send(200, "text/html", popupProductPage(foreign, rawPath.includes("added=1")))
    if (path === "/cart") return send(200, "text/html", cartPage([...cart.entries()].map(([id, quantity]) => ({ id, quantity }))))
    if (path === "/cart/add" && req.method === "POST") {
      const id = new URLSearchParams(body).get("id") ?? ""
      cart.set(id, (cart.get(id) ?? 0) + 1)
      res.writeHead(303, { location: `/p/${id}?added=1` })
      return res.end()
    }
    if (path === "/login/app.js") return send(200, "text/javascript", "window.signInScript = true;")
    if (path === "/login") {
      if (req.method !== "POST") return send(200, "text/html", signInPage(foreign, false))
      const form = new URLSearchParams(body)
      if (form.get("username") !== probeCredentials.username || form.get("password") !== probeCredentials.password) {
        return send(401, "text/html", signInPage(foreign, true))
      }
      signedIn = true
      // After signing in, the store sends the browser to the account page, as many do: it stays blocked.
      return redirect("/mon-compte")
    }
    send(404, "text/html", "<h1>Not found</h1>")
  }

  const store = createServer((req, res) => void handle(req, res))
  store.on("upgrade", (req: IncomingMessage, socket) => {
    const entry = { method: "UPGRADE", path: req.url ?? "/", body: "" }
    requests.push(entry)
    if (isForbidden(entry.path)) forbidden.push(entry)
    socket.destroy()
  })
  const foreignServer = createServer((req, res) => {
    foreignRequests.push(`${req.method ?? "GET"} ${req.url ?? "/"}`)
    res.writeHead(200, { "content-type": "text/plain", "access-control-allow-origin": "*" })
    res.end("leaked")
  })
  foreignServer.on("connection", () => void foreignConnections++)
  foreignServer.on("upgrade", (req: IncomingMessage, socket) => {
    foreignRequests.push(`UPGRADE ${req.url ?? "/"}`)
    socket.destroy()
  })

  const siblingServer = createServer((_req, res) => void res.end("other port"))
  siblingServer.on("connection", () => void siblingConnections++)
  const port = yield* listenOnLoopback(store)
  sibling = `http://127.0.0.1:${yield* listenOnLoopback(siblingServer)}`
  const foreignPort = yield* listenOnLoopback(foreignServer, "127.0.0.2")
  const url = `http://127.0.0.1:${port}`
  foreign = `http://127.0.0.2:${foreignPort}`
  wsStore = `ws://127.0.0.1:${port}`
  const profile = new StoreProfile({
    name: "guard-probe",
    baseUrl: `${url}/`,
    searchUrl: `${url}/search?q={query}`,
    cartUrl: `${url}/cart`,
    allowedHosts: [`127.0.0.1:${port}`],
    blockedPaths: [...defaultBlockedPaths],
    auth: new StoreAuth({
      authenticatedSelector: "#authenticatedButton",
      loginUrl: `${url}/login`,
      usernameSelector: "input[name=username]",
      passwordSelector: "input[name=password]",
      submitSelector: "button[type=submit]"
    }),
    productPathPattern: "/p/[\\w-]+$"
  })
  return {
    url,
    foreignOrigin: foreign,
    siblingOrigin: sibling,
    siblingConnections: () => siblingConnections,
    profile,
    forbidden: () => [...forbidden],
    foreignConnections: () => foreignConnections,
    foreignRequests: () => [...foreignRequests],
    oks: () => [...oks],
    requests: () => [...requests],
    cart: () => [...cart.entries()].map(([id, quantity]) => ({ id, quantity }))
  } satisfies GuardProbe
})
