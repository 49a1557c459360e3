/**
 * The tidy GUI server: the router served on 127.0.0.1 with Node's http
 * server, the page's address printed, and (with `--open`) the user's browser
 * pointed at it.
 *
 * Where it sits: the outermost GUI edge, imported by `shoal tidy --gui` only
 * (dynamic import), so `shoal --help` and the terminal coach never load it.
 * It needs `Llm`, `Events`, `SessionStore` and `Photos` from the caller.
 */
import { HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Console, Context, Effect, Layer } from "effect"
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import type { Server } from "node:http"
import type { Events } from "../services/events/events.js"
import type { Llm } from "../services/llm/llm.js"
import type { Photos } from "../services/photos/photos.js"
import type { SessionStore } from "../services/session-store/session-store.js"
import type { GuiOptions } from "./router.js"
import { localOnly } from "./local-only.js"
import { agentPageHtml } from "./page/agent-html.js"
import { watchPageHtml } from "./page/watch-html.js"
import { makeAgentRouter, makeGuiRouter } from "./router.js"
import type { GuiSessions } from "./registry.js"
import { AgentSessions, layerGuiSessions, makeAgentSessions } from "./registry.js"
import type { HostOptions } from "./agent-host.js"
import { layerFallback } from "../services/question-ui/fallback.js"
import type { QuestionUI } from "../services/question-ui/question-ui.js"
import type { Agent } from "../agents/agent.js"
import type { PageView, WebAgent } from "./web-agent.js"
import { webAgent } from "./web-agent.js"

export interface GuiServerOptions extends GuiLayerOptions {
  readonly port: number
  /** Open the page in the default browser once listening. */
  readonly open?: boolean
}

export interface GuiLayerOptions extends GuiOptions, HostOptions {}

/**
 * The router and its sessions on whatever `HttpServer` is provided (a test's
 * port 0, the CLI's 8024); `GuiSessions` stays available to the embedder.
 */
export const layerGuiRoutes = (
  options: GuiLayerOptions = {}
): Layer.Layer<GuiSessions, never, HttpServer.HttpServer | Llm | Events | SessionStore | Photos> =>
  Layer.scopedDiscard(Effect.flatMap(makeGuiRouter(options), (router) => HttpServer.serveEffect(router, localOnly))).pipe(
    Layer.provideMerge(layerGuiSessions(options))
  )

/**
 * Any agent's page and its routes on whatever `HttpServer` is provided:
 * sessions through the agent's session kind, its cards, its status line and
 * its event stream. `AgentSessions` stays available to the embedder. Photos
 * are read if the environment has a `Photos` reader (sharp) and the agent takes them.
 */
export const layerAgentRoutes = <State, Input, Event extends { readonly _tag: string }, Rest, SE, EE, V extends PageView>(
  web: WebAgent<State, Input, Event, Rest | QuestionUI | Events, SE, EE, V>,
  options: GuiLayerOptions = {}
): Layer.Layer<AgentSessions, never, HttpServer.HttpServer | Exclude<Rest, QuestionUI> | Events | SessionStore> =>
  Layer.scopedContext(Effect.gen(function*() {
    const sessions = yield* makeAgentSessions(web, options)
    const pages = {
      index: agentPageHtml({ title: web.title, placeholder: web.placeholder, photos: web.photo !== undefined }),
      watch: watchPageHtml(web.title)
    }
    const router = yield* makeAgentRouter(sessions, pages, options)
    yield* HttpServer.serveEffect(router, localOnly)
    return Context.make(AgentSessions, sessions)
  })).pipe(
    // Each session asks through its own page (its QuestionBridge); this one, never asked, only closes the types
    // when the agent needs nothing else (TypeScript cannot infer an empty `Rest`).
    Layer.provide(layerFallback)
  )

/**
 * Node's http server whose `close` also drops open connections. An open page
 * holds an event stream; `close` alone waits for it (or the keep-alive
 * timeout), so Ctrl-C would hang for seconds. A page whose server went away
 * says so and reconnects when it is back.
 */
export const createGuiServer = (): Server => {
  const server = createServer()
  const close = server.close.bind(server)
  server.close = (callback) => {
    close(callback)
    server.closeAllConnections()
    return server
  }
  return server
}

/** Best effort: a browser that does not open is not an error, the address is printed anyway. */
export const openBrowser = (url: string) =>
  Effect.try(() => {
    const command = process.platform === "darwin" ? "open" : process.platform === "win32" ? "explorer" : "xdg-open"
    const child = spawn(command, [url], { detached: true, stdio: "ignore" })
    child.on("error", () => undefined)
    child.unref()
  }).pipe(Effect.ignore)

/** Serve the GUI on 127.0.0.1:`port` until interrupted (Ctrl-C). Sessions are saved after every turn. */
export const serveGui = (options: GuiServerOptions): Effect.Effect<never, ServeError, Llm | Events | SessionStore | Photos> =>
  Layer.launch(
    Layer.effectDiscard(
      HttpServer.addressFormattedWith((address) =>
        Effect.gen(function*() {
          const url = address
          yield* Console.log(`Tidy is open at ${url}  (Ctrl-C to stop; sessions are saved as you go)`)
          if (options.open === true) yield* openBrowser(url)
        })
      )
    ).pipe(
      Layer.merge(layerGuiRoutes(options)),
      Layer.provide(NodeHttpServer.layer(createGuiServer, { port: options.port, host: "127.0.0.1" }))
    )
  )

/** `hostWeb`'s options: where to listen, and whether to open the browser. */
export interface HostWebOptions extends GuiLayerOptions {
  readonly port: number
  readonly open?: boolean
}

/**
 * Serve any agent as a web page on 127.0.0.1:`port` until interrupted: give
 * it an `Agent` (its chat, cards for any Question, status line and event
 * stream) or a `WebAgent` (with a start card, photos or a view of its own).
 * Sessions are saved after every turn and resumed from the page's list.
 */
export const hostWeb = <State, Input, Event extends { readonly _tag: string }, Rest, SE, EE, V extends PageView = PageView>(
  agent: Agent<State, Input, Event, Rest | QuestionUI | Events, SE, EE> | WebAgent<State, Input, Event, Rest | QuestionUI | Events, SE, EE, V>,
  options: HostWebOptions
): Effect.Effect<never, ServeError, Exclude<Rest, QuestionUI> | Events | SessionStore> => {
  const web = "agent" in agent ? agent : webAgent(agent)
  return Layer.launch(
    Layer.effectDiscard(
      HttpServer.addressFormattedWith((url) =>
        Effect.gen(function*() {
          yield* Console.log(`${web.title} is open at ${url}  (Ctrl-C to stop; sessions are saved as you go)`)
          if (options.open === true) yield* openBrowser(url)
        })
      )
    ).pipe(
      Layer.merge(layerAgentRoutes(web, options)),
      Layer.provide(NodeHttpServer.layer(createGuiServer, { port: options.port, host: "127.0.0.1" }))
    )
  )
}
