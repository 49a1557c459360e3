/**
 * `shoal fitlog chat`: the seeds/004 chat in the terminal (or a pipe: one
 * message per line, except that lines arriving together that are not
 * replies or questions — a pasted recipe — are one message). The session — its pending proposal included — is saved
 * after every turn and picked up by the next `chat`, so a "yes" after a
 * restart still commits what was proposed.
 *
 * With `--gui`, the same agent in a web page on 127.0.0.1 (`hostWeb`): the
 * page's sessions are kept like the terminal's, and the terminal's own
 * session (`default`) is in the page's resume list.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option } from "effect"
import { fitlogChatAgent } from "../agents/fitlog/chat-agent.js"
import { chatSessions } from "../agents/fitlog/session-kind.js"
import { groupLines, isQuit } from "../domain/fitlog/chat-input.js"
import { layerEvents } from "../services/events/live.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { isRawModeInput, pipeIO } from "../services/question-ui/terminal-io.js"
import { layerSessionsFromConfigNode } from "../services/session-store/from-config.js"
import { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import { diaryLayer } from "./fitlog-run.js"
import { runTerminal } from "./host-terminal.js"
import type { DiaryFlags } from "./fitlog-run.js"
import { llmLayerFor } from "./llm-options.js"
import { checkPort } from "./web-options.js"

/** The chat page's port unless `--port` says otherwise. */
export const chatPort = 8026

const sessionId = SessionId.make("default")

export const runChatCli = (flags: LlmFlags & DiaryFlags) =>
  Effect.gen(function*() {
    const { layer: llm } = yield* llmLayerFor(flags)
    const { layerFoodSearch } = yield* Effect.promise(() => import("../services/nutrition-table/food-search-table.js"))
    // One persistent line reader on a terminal too (it echoes by itself): a pasted recipe's lines are all kept, not only the first.
    const io = yield* pipeIO(process.stdin, process.stdout)
    // Lines that arrived with the first one but belong to later messages.
    let later: ReadonlyArray<string> = []
    const nextMessage = Effect.gen(function*() {
      const [waiting, ...rest] = later
      if (waiting !== undefined) {
        later = rest
        return Option.some(waiting)
      }
      const first = yield* io.readLine("> ").pipe(Effect.option)
      if (Option.isNone(first)) return first
      // A paste arrives as a burst: give it a moment to land, then read it whole.
      if (isRawModeInput(process.stdin)) yield* Effect.sleep("40 millis")
      const [message, ...more] = groupLines([first.value, ...(yield* io.takeQueued)])
      later = more
      return Option.some(message ?? "")
    })
    const store = yield* SessionStore
    const state = yield* store.load(chatSessions, sessionId).pipe(Effect.orElseSucceed(() => fitlogChatAgent.initial))
    yield* io.write(`${fitlogChatAgent.view.welcomeBack(state)}\n`)
    // The terminal host: saved after each turn, Ctrl-C ends it cleanly (the state is already saved).
    yield* runTerminal(fitlogChatAgent, { io, sessionId, state, color: false, nextMessage, isQuit, closing: () => Option.none() }).pipe(
      Effect.provide(Layer.mergeAll(llm, layerFoodSearch, diaryLayer(flags), layerEvents))
    )
  }).pipe(Effect.scoped, Effect.provide(Layer.mergeAll(layerSessionsFromConfigNode, NodeFileSystem.layer, NodePath.layer)))

/**
 * `--gui`: the chat as a web page. Its server (and @effect/platform-node's HTTP
 * server) is imported only here, so the terminal chat never loads it.
 */
export const runChatWeb = (flags: LlmFlags & DiaryFlags & { readonly port: number; readonly open: boolean }) =>
  Effect.gen(function*() {
    const port = yield* checkPort(flags.port, chatPort)
    const { layer: llm } = yield* llmLayerFor(flags)
    const [{ layerFoodSearch }, { hostWeb }, { fitlogChatWeb }] = yield* Effect.promise(() =>
      Promise.all([import("../services/nutrition-table/food-search-table.js"), import("../gui/server.js"), import("../gui/fitlog-web.js")])
    )
    return yield* hostWeb(fitlogChatWeb, { port, open: flags.open }).pipe(
      Effect.provide(Layer.mergeAll(llm, layerFoodSearch, diaryLayer(flags), layerEvents))
    )
  }).pipe(Effect.provide(Layer.mergeAll(layerSessionsFromConfigNode, NodeFileSystem.layer, NodePath.layer)))
