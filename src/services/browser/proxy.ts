/**
 * The guard's wall: a forwarding proxy on 127.0.0.1 that Chromium is made to
 * use for every connection (see guard.ts for why this, and `guardArgs`).
 *
 * - A plain-http request arrives in absolute form (`GET http://host/path`):
 *   the whole URL is decided (host, path and the operation its query or
 *   body names, the sign-in exemption by its Referer and `Sec-Fetch-Dest`),
 *   then forwarded without following redirects — the browser follows them,
 *   so each hop comes back here. A body is read whole (up to 1 MiB) first.
 * - `CONNECT host:port` (https, and WebSockets, which Chromium always
 *   tunnels) is decided on the host; for a ws:// tunnel, whose first bytes
 *   are a readable HTTP upgrade request, the path is decided too.
 * A refused request never opens a connection to its host.
 */
import { Agent, createServer, request as httpRequest } from "node:http"
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http"
import { connect } from "node:net"
import type { Socket } from "node:net"
import type { AddressInfo } from "node:net"
import type { Duplex } from "node:stream"
import type { Guard } from "./guard.js"

export interface GuardProxy {
  /** `http://127.0.0.1:<port>` */
  readonly url: string
  readonly close: () => Promise<void>
}

/** The largest request body read before deciding; a larger one is refused rather than passed unread. */
const maxInspectedBody = 1024 * 1024

const proxyHeaders = /^(proxy-connection|proxy-authorization|proxy-authenticate)$/i
const first = (value: string | ReadonlyArray<string> | undefined): string | undefined =>
  typeof value === "string" ? value : value?.[0]

/** A navigation, or a request that does not say (plain http off loopback sends no `Sec-Fetch-*`): decided strictly. */
const isDocumentRequest = (headers: IncomingHttpHeaders): boolean => {
  const dest = first(headers["sec-fetch-dest"])
  return dest === undefined || dest === "document" || dest === "iframe" || dest === "frame"
}

const forwardHeaders = (headers: IncomingHttpHeaders): Record<string, string | Array<string>> => {
  const out: Record<string, string | Array<string>> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !proxyHeaders.test(name)) out[name] = value
  }
  return out
}

/** `host:port` from a CONNECT line, IPv6 in brackets included. */
const tunnelTarget = (authority: string): { readonly host: string; readonly port: number } | undefined => {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(authority)
  if (match === null) return undefined
  const port = Number(match[2])
  return port > 0 && port < 65536 && match[1] !== undefined ? { host: match[1], port } : undefined
}

const refuse = (socket: Duplex, status: string) => {
  socket.end(`HTTP/1.1 ${status}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\nBlocked by Shoal's shopping guard.\n`)
}

export const startGuardProxy = (guard: Guard): Promise<GuardProxy> =>
  new Promise((resolve, reject) => {
    const upstreamAgent = new Agent({ keepAlive: true })
    const sockets = new Set<Socket>()

    const server = createServer((req, res) => {
      const target = req.url ?? ""
      if (!/^http:\/\//i.test(target)) {
        res.writeHead(400, { "content-type": "text/plain" }).end("This is Shoal's guard proxy; it only forwards the browser's requests.\n")
        return
      }
      // A request with a body is read whole first (bounded), so the operation it names is decided too.
      const method = (req.method ?? "GET").toUpperCase()
      if (method === "GET" || method === "HEAD" || method === "OPTIONS") return forward(req, res, target, undefined)
      const chunks: Array<Buffer> = []
      let size = 0
      req.on("data", (chunk: Buffer) => {
        size += chunk.length
        if (size <= maxInspectedBody) chunks.push(chunk)
      })
      req.on("end", () => {
        if (size > maxInspectedBody) {
          res.writeHead(413, { "content-type": "text/plain", connection: "close" }).end("Blocked by Shoal's shopping guard: body too large to inspect.\n")
          return
        }
        forward(req, res, target, Buffer.concat(chunks))
      })
      req.on("error", () => res.destroy())
    })

    const forward = (req: IncomingMessage, res: ServerResponse, target: string, body: Buffer | undefined) => {
      const verdict = guard.decide(
        {
          url: target,
          method: req.method ?? "GET",
          referrer: first(req.headers.referer),
          isDocument: isDocumentRequest(req.headers),
          body: body?.toString("utf8")
        },
        { layer: "proxy", mainDocument: false }
      )
      if (verdict._tag === "Blocked") {
        res.writeHead(403, { "content-type": "text/plain", connection: "close" }).end("Blocked by Shoal's shopping guard.\n")
        return
      }
      const url = new URL(target)
      const upstream = httpRequest({
        host: url.hostname,
        port: url.port === "" ? 80 : Number(url.port),
        method: req.method,
        path: `${url.pathname}${url.search}`,
        headers: forwardHeaders(req.headers),
        agent: upstreamAgent
      }, (answer: IncomingMessage) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, forwardHeaders(answer.headers))
        // The store hung up mid-body: end the browser's response too (an unhandled stream error would end the run).
        answer.on("error", () => res.destroy())
        answer.pipe(res)
      })
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" })
        res.end()
      })
      res.on("error", () => upstream.destroy())
      if (body !== undefined) {
        upstream.end(body)
        return
      }
      req.on("error", () => upstream.destroy())
      req.pipe(upstream)
    }

    // A WebSocket asked for in absolute form (`GET http://… Upgrade: websocket`) rather than tunnelled.
    server.on("upgrade", (req: IncomingMessage, client: Duplex, head: Buffer) => {
      client.on("error", () => undefined)
      const target = req.url ?? ""
      const verdict = /^http:\/\//i.test(target)
        ? guard.decide({ url: target, method: "GET", referrer: first(req.headers.referer), isDocument: false }, { layer: "proxy", mainDocument: false })
        : undefined
      if (verdict === undefined || verdict._tag === "Blocked") return refuse(client, "403 Forbidden")
      const url = new URL(target)
      const upstream = connect(url.port === "" ? 80 : Number(url.port), url.hostname, () => {
        const lines = [`GET ${url.pathname}${url.search} HTTP/1.1`]
        for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
          const name = req.rawHeaders[i] ?? ""
          if (!proxyHeaders.test(name)) lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ""}`)
        }
        upstream.write(`${lines.join("\r\n")}\r\n\r\n`)
        upstream.write(head)
        upstream.pipe(client).pipe(upstream)
      })
      upstream.on("error", () => client.destroy())
      client.on("close", () => upstream.destroy())
    })

    server.on("connect", (req: IncomingMessage, client: Duplex, head: Buffer) => {
      client.on("error", () => undefined)
      const target = tunnelTarget(req.url ?? "")
      const origin = target === undefined ? undefined : `${target.port === 443 ? "https" : "http"}://${target.host.includes(":") ? `[${target.host}]` : target.host}:${target.port}`
      const verdict = origin === undefined
        ? undefined
        : guard.decide({ url: `${origin}/`, method: "CONNECT", referrer: undefined, isDocument: false }, { layer: "proxy", mainDocument: false })
      if (target === undefined || origin === undefined || verdict === undefined || verdict._tag === "Blocked") {
        return refuse(client, "403 Forbidden")
      }
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n")
      const open = (firstBytes: Buffer) => {
        // A ws:// tunnel starts with a readable request line: its path is decided like any other.
        const requestLine = /^GET (\/\S*) HTTP\/1\.[01]\r\n/.exec(firstBytes.toString("latin1", 0, Math.min(firstBytes.length, 8192)))
        if (requestLine?.[1] !== undefined) {
          const referrer = /\r\nreferer: *([^\r\n]*)/i.exec(firstBytes.toString("latin1"))?.[1]
          const path = guard.decide({ url: `${origin}${requestLine[1]}`, method: "GET", referrer, isDocument: false }, { layer: "proxy", mainDocument: false })
          if (path._tag === "Blocked") return client.destroy()
        }
        const upstream = connect(target.port, target.host, () => {
          upstream.write(firstBytes)
          upstream.pipe(client).pipe(upstream)
        })
        upstream.on("error", () => client.destroy())
        client.on("close", () => upstream.destroy())
      }
      if (head.length > 0) open(head)
      else client.once("data", (chunk: Buffer) => open(chunk))
    })

    server.on("connection", (socket: Socket) => {
      sockets.add(socket)
      socket.on("close", () => sockets.delete(socket))
    })
    server.on("error", reject)
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject)
      // Once listening, a failing connection must not take the run down; the browser sees it fail.
      server.on("error", () => undefined)
      server.on("clientError", (_error, socket: Duplex) => socket.destroy())
      const { port } = server.address() as AddressInfo
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            upstreamAgent.destroy()
            for (const socket of sockets) socket.destroy()
            server.close(() => done())
          })
      })
    })
  })

/** Bypass nothing, loopback included: Chromium's own default would let 127.0.0.1 past the proxy. */
export const proxiedLoopback = "<-loopback>"

/**
 * The switches of `guardArgs` that hold for a Chromium as a whole: what a shared Chromium starts with, each
 * session's context bringing the proxy and the bypass list as its own (shared-chromium.ts).
 */
export const browserWideGuardArgs: ReadonlyArray<string> = [
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--disable-blink-features=SharedWorker"
]

/**
 * Chromium switches that route every connection through the guard proxy and leave no side door:
 * loopback is proxied too (`<-loopback>`), no host name is resolved by Chromium itself (so a
 * dns-prefetch cannot leak a name), WebRTC may not send UDP around the proxy, and shared workers
 * (which the CDP Fetch layer cannot pause) do not exist.
 */
export const guardArgs = (proxy: GuardProxy): ReadonlyArray<string> => [
  `--proxy-server=${proxy.url}`,
  `--proxy-bypass-list=${proxiedLoopback}`,
  ...browserWideGuardArgs
]
