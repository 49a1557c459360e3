/**
 * A tidy session exactly as `echo … | shoal tidy` runs it, in process: the
 * terminal chat loop and the terminal cards over ONE piped input, offline
 * rules (or a given model), an in-memory SessionStore. Returns everything
 * printed and the final state, so tests assert the world, not a transcript only.
 */
import { Effect, Layer } from "effect"
import { PassThrough } from "node:stream"
import { runChat } from "../../../src/cli/tidy-chat.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { initialState } from "../../../src/domain/tidy/state.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import type { Llm } from "../../../src/services/llm/llm.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { fromRenderer } from "../../../src/services/question-ui/interpreter.js"
import { QuestionUI } from "../../../src/services/question-ui/question-ui.js"
import { terminalRenderer } from "../../../src/services/question-ui/terminal.js"
import { pipeIO } from "../../../src/services/question-ui/terminal-io.js"
import { layerMemory } from "../../../src/services/session-store/memory.js"
import { SessionId } from "../../../src/services/session-store/session-kind.js"

/** The two lines every reproduction of issue 14 starts with. */
export const bedroom = ["it's for sleeping", "the bed stays"]

export const pipeSession = (
  lines: ReadonlyArray<string>,
  options: { readonly state?: SessionState; readonly llm?: Layer.Layer<Llm> } = {}
) =>
  Effect.gen(function*() {
    const input = new PassThrough()
    const output = new PassThrough()
    let printed = ""
    output.on("data", (chunk: Buffer) => {
      printed += chunk.toString("utf8")
    })
    input.end(lines.map((l) => `${l}\n`).join(""))
    const io = yield* pipeIO(input, output)
    const ui = Layer.succeed(QuestionUI, fromRenderer(terminalRenderer(io)))
    const final = yield* runChat({ io, sessionId: SessionId.make("test-session"), state: options.state ?? initialState, photos: [], color: false }).pipe(
      Effect.provide(Layer.mergeAll(options.llm ?? layerOffline, ui, layerMemory))
    )
    return { printed, final }
  }).pipe(Effect.scoped)

export { CollectedEvents }
