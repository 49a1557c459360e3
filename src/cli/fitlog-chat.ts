/**
 * `shoal fitlog chat`: the seeds/004 chat in the terminal (or a pipe: one
 * message per line). The session — its pending proposal included — is saved
 * after every turn and picked up by the next `chat`, so a "yes" after a
 * restart still commits what was proposed.
 */
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option } from "effect"
import { chatTurn, initialChatState } from "../agents/fitlog/chat.js"
import { chatSessions } from "../agents/fitlog/session-kind.js"
import { mealAt } from "../domain/fitlog/types.js"
import type { LlmFlags } from "../services/llm/settings.js"
import { isRawModeInput, pipeIO, ttyIO } from "../services/question-ui/terminal-io.js"
import { layerFileFromConfigNode } from "../services/session-store/file.js"
import { SessionId } from "../services/session-store/session-kind.js"
import { SessionStore } from "../services/session-store/session-store.js"
import { diaryLayer, localToday } from "./fitlog-run.js"
import type { DiaryFlags } from "./fitlog-run.js"
import { llmLayerFor } from "./llm-options.js"

const sessionId = SessionId.make("default")

export const runChatCli = (flags: LlmFlags & DiaryFlags) =>
  Effect.gen(function*() {
    const { layer: llm } = yield* llmLayerFor(flags)
    const { layerSr28 } = yield* Effect.promise(() => import("../services/nutrition-table/sr28-file.js"))
    const io = isRawModeInput(process.stdin) ? ttyIO(process.stdin, process.stdout) : yield* pipeIO(process.stdin, process.stdout)
    const store = yield* SessionStore
    let state = yield* store.load(chatSessions, sessionId).pipe(Effect.orElseSucceed(() => initialChatState))
    yield* io.write(Option.isSome(state.pending) ? "Welcome back — something is still waiting for your yes or no.\n" : "What did you eat? (\"quit\" to leave)\n")
    const services = Layer.mergeAll(llm, layerSr28, diaryLayer(flags))
    yield* Effect.gen(function*() {
      for (;;) {
        const line = yield* io.readLine("> ").pipe(Effect.option)
        if (Option.isNone(line) || /^\s*(quit|exit|bye)\s*$/i.test(line.value)) return
        if (line.value.trim().length === 0) continue
        const { date, hour } = yield* localToday
        const turn = yield* chatTurn(state, line.value, { date, likelyMeal: mealAt(hour) }).pipe(Effect.either)
        if (turn._tag === "Left") {
          yield* io.write(`${turn.left.message}\n`)
          continue
        }
        state = turn.right.state
        yield* store.save(chatSessions, sessionId, state).pipe(Effect.catchAll((e) => io.write(`(could not save the session: ${e.message})\n`)))
        yield* io.write(`${turn.right.reply}\n`)
      }
    }).pipe(Effect.provide(services))
  }).pipe(Effect.scoped, Effect.provide(Layer.mergeAll(layerFileFromConfigNode, NodeFileSystem.layer, NodePath.layer)))
