/**
 * What `shoal tidy` does once its flags are read (src/cli/tidy.ts): imported
 * when the command runs, so `shoal --help` and every other command load
 * neither the coach nor its session store.
 */
import { Console, Effect, Layer, Option } from "effect"
import { tidyAgent } from "../agents/tidy/agent.js"
import { layerEvents } from "../services/events/live.js"
import { UsageMeter } from "../services/llm/usage.js"
import { stdioIO } from "../services/question-ui/terminal-io.js"
import { layerSessionsFromConfigNode } from "../services/session-store/from-config.js"
import { newSessionId } from "../services/session-store/session-kind.js"
import { findSession, listSessions, terminalQuestions } from "./host-terminal.js"
import { llmLayerFor } from "./llm-options.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { selectsNoModel } from "../services/llm/settings.js"
import { runChat } from "./tidy-chat.js"
import type { TidyFlags } from "./tidy.js"
import { TidyUsageError, tidyPort } from "./tidy.js"
import { checkPort } from "./web-options.js"

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

export const runTidy = (flags: TidyFlags) =>
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
  }).pipe(Effect.scoped, Effect.provide(layerSessionsFromConfigNode))
