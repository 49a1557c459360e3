/**
 * `--gui` for a run (`shoal droid … --gui`, `shoal shop … --gui`): the run's
 * page (run-page.ts) served on 127.0.0.1 for as long as the scope lasts — the
 * run's own length — its address printed (and opened with `--open`).
 *
 * Where it sits: the GUI edge, imported by the run commands only when --gui
 * is given. The run itself stays with the run host (cli/host-run.ts), which
 * takes the page's `watcher`.
 */
import { HttpServer } from "@effect/platform"
import type { ServeError } from "@effect/platform/HttpServerError"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { Console, Effect, Layer } from "effect"
import type { Scope } from "effect"
import type { Agent } from "../agents/agent.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import { localOnly } from "./local-only.js"
import { agentPageHtml } from "./page/agent-html.js"
import { watchPageHtml } from "./page/watch-html.js"
import { makeAgentRouter } from "./router.js"
import type { RunPage, RunPageOptions } from "./run-page.js"
import { makeRunPage } from "./run-page.js"
import { createGuiServer, openBrowser } from "./server.js"

export interface RunServerOptions extends RunPageOptions {
  /** The page's title ("droid run"). */
  readonly title: string
  /** 0 picks a free port. */
  readonly port: number
  readonly open?: boolean
}

export interface ServedRun<State> extends RunPage<State> {
  /** The run's page: `/?s=ID` (its events at `/watch?s=ID`). */
  readonly url: string
}

/** Serve the page of one run until the scope closes; the address of its page is printed on stderr. */
export const serveRunPage = <State, Input, Event extends { readonly _tag: string }, R, SE, EE, E>(
  agent: Agent<State, Input, Event, R, SE, EE, E>,
  id: SessionId,
  initial: State,
  options: RunServerOptions
): Effect.Effect<ServedRun<State>, ServeError, Scope.Scope> =>
  Effect.gen(function*() {
    const page = yield* makeRunPage(agent, id, initial, options)
    const pages = {
      index: agentPageHtml({ title: options.title, placeholder: "Answers to the run's questions go here", photos: false }),
      watch: watchPageHtml(options.title)
    }
    const router = yield* makeAgentRouter(page.sessions, pages)
    const server = yield* Layer.build(NodeHttpServer.layer(createGuiServer, { port: options.port, host: "127.0.0.1" }))
    yield* HttpServer.serveEffect(router, localOnly).pipe(Effect.provide(server))
    const address = yield* HttpServer.addressFormattedWith((a) => Effect.succeed(a)).pipe(Effect.provide(server))
    const url = `${address}/?s=${encodeURIComponent(id)}`
    // stderr, like the run's progress: stdout keeps the run's answer (droid) or summary (shop) alone.
    yield* Console.error(`Watch the ${agent.name} run at ${url}  (its events: ${address}/watch?s=${encodeURIComponent(id)}; the page closes when the run ends)`)
    if (options.open === true) yield* openBrowser(url)
    return { ...page, url }
  })
