/**
 * `shoal tidy`: the tidying coach in the terminal (seeds/001).
 *
 *   shoal tidy [--photo PATH]…        start a session (photos are analysed with a model)
 *   shoal tidy --resume [ID]          continue a saved session (the newest without ID)
 *   shoal tidy --list                 show saved sessions
 *   shoal tidy --gui [--port 8024] [--open]   the same coach as a web page on 127.0.0.1
 *
 * Works in a pipe: each line of input is one message or one answer. At a
 * card, a number, a label or your own words ("bin it", "keep", "in the
 * drawer") answer it; "skip" leaves it for later; anything else ("stop",
 * "help", a new item) is read as your next message.
 */
import { Args, Command, Options } from "@effect/cli"
import { Console, Data, Effect, Layer, Option } from "effect"
import { tidyAgent } from "../agents/tidy/agent.js"
import { layerEvents } from "../services/events/live.js"
import { UsageMeter } from "../services/llm/usage.js"
import { stdioIO } from "../services/question-ui/terminal-io.js"
import { layerSessionsFromConfigNode } from "../services/session-store/from-config.js"
import { newSessionId } from "../services/session-store/session-kind.js"
import { findSession, listSessions, terminalQuestions } from "./host-terminal.js"
import { llmLayerFor, llmOptions } from "./llm-options.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { selectsNoModel } from "../services/llm/settings.js"
import { runChat } from "./tidy-chat.js"
import { checkPort, webOptions } from "./web-options.js"

/** The coach's page: its port unless --port says otherwise. */
const tidyPort = 8024

const options = {
  ...llmOptions,
  photo: Options.file("photo", { exists: "yes" }).pipe(
    Options.withDescription("A photo of the space (repeatable). Analysed with the model's vision; skipped offline."),
    Options.repeated
  ),
  resume: Options.boolean("resume").pipe(
    Options.withDescription("Continue a saved session: the one named by SESSION, else the newest.")
  ),
  list: Options.boolean("list").pipe(Options.withDescription("List saved sessions and exit.")),
  ...webOptions("the coach (chat, photo upload, one-tap cards)", tidyPort),
  session: Args.text({ name: "SESSION" }).pipe(Args.withDescription("A saved session's id (with --resume)."), Args.optional)
}

/** A SESSION argument where none belongs: without `--resume`, or an unknown `--flag` taken for one. */
export class TidyUsageError extends Data.TaggedError("TidyUsageError")<{ readonly session: string }> {
  override get message(): string {
    return this.session.startsWith("-")
      ? `unknown option ${this.session} (see shoal tidy --help)`
      : `a session id (${this.session}) is only read with --resume`
  }
}

/**
 * `--gui`: the web page. Its server (and @effect/platform-node's HTTP server)
 * is imported only here, so `shoal --help` and the terminal coach never load it.
 */
const serveWebPage = (flags: LlmFlags & { readonly port: number; readonly open: boolean }) =>
  Effect.gen(function*() {
    const port = yield* checkPort(flags.port, tidyPort)
    const { layer: llmLayer } = yield* llmLayerFor(flags)
    const [{ serveGui }, { layerSharp }] = yield* Effect.promise(() =>
      Promise.all([import("../gui/server.js"), import("../services/photos/sharp.js")])
    )
    return yield* serveGui({ port, open: flags.open }).pipe(
      Effect.provide(Layer.mergeAll(llmLayer, layerEvents, layerSharp, UsageMeter.layer))
    )
  })

export const tidy = Command.make("tidy", options, (flags) =>
  Effect.gen(function*() {
    if (Option.isSome(flags.session) && (!flags.resume || flags.session.value.startsWith("-"))) {
      return yield* new TidyUsageError({ session: flags.session.value })
    }
    if (flags.list) return yield* listSessions(tidyAgent)
    if (flags.gui) return yield* serveWebPage(flags)

    const resumed = flags.resume ? Option.some(yield* findSession(tidyAgent, flags.session)) : Option.none()

    const { layer: llmLayer, settings } = yield* llmLayerFor(flags)
    if (flags.photo.length > 0 && selectsNoModel(settings)) {
      yield* Console.error("Photo analysis needs a model; the photos are skipped in offline mode.")
    }

    const io = yield* stdioIO(process.stdin, process.stdout)
    const color = process.stdout.isTTY === true
    const sessionId = Option.isSome(resumed) ? resumed.value.sessionId : yield* newSessionId
    const state = Option.isSome(resumed) ? resumed.value.state : tidyAgent.initial

    if (Option.isSome(resumed)) {
      yield* io.write(`${tidyAgent.view.welcomeBack(state)}\n`)
    } else if (flags.photo.length === 0 || selectsNoModel(settings)) {
      yield* io.write(`${tidyAgent.view.opening(state)}\n`)
    }

    const photos = selectsNoModel(settings)
      ? []
      : yield* Effect.flatMap(
        Effect.promise(() => import("../services/photos/sharp.js")),
        ({ makeSharpPhotos }) => Effect.flatMap(makeSharpPhotos, (p) => Effect.forEach(flags.photo, p.load))
      )

    yield* runChat({ io, sessionId, state, photos, color }).pipe(
      Effect.zipLeft(Effect.flatMap(UsageMeter, (meter) =>
        Effect.flatMap(Effect.all([meter.calls, meter.total]), ([calls, usage]) =>
          calls === 0 ? Effect.void : Console.error(`Model use: ${calls} calls, ${usage.inputTokens} tokens in, ${usage.outputTokens} out.`)))),
      Effect.provide(Layer.mergeAll(llmLayer, terminalQuestions(io), layerEvents, UsageMeter.layer))
    )
  }).pipe(Effect.scoped, Effect.provide(layerSessionsFromConfigNode))).pipe(
    Command.withDescription(
      "A calm coach that gets you through a messy room one question at a time: what the space is for, what stays, then one item after another into staying / out / unsure piles; anything skipped or too hard right now waits on a later list. At a card, type a number, a label or your own words (\"bin it\", \"keep\", \"in the drawer\"), \"skip\", or anything else, which is answered as your next message; name several things in one message and each gets its card in turn (\"next\"); \"stop\" ends any time. Sessions are saved after every turn (--resume, --list) where `shoal serve` keeps its own (<data dir>/serve/serve.sqlite, or the database SHOAL_SESSIONS_DB names), so each sees the other's; older JSON sessions are imported once. In the terminal, or as a web page with --gui. Works offline; a model key adds photo analysis and warmer replies."
    )
  )
