/**
 * What the fitlog chat tests share: the SR28 table (built once), a fixed
 * date, a conversation runner and the tool results a model was shown.
 */
import { Effect, Layer } from "effect"
import { chatTurn, initialChatState } from "../../../src/agents/fitlog/chat.js"
import type { ChatContext } from "../../../src/agents/fitlog/chat.js"
import type { ChatState } from "../../../src/agents/fitlog/chat-state.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerSr28 } from "../../../src/services/nutrition-table/sr28-file.js"

export const table = Layer.memoize(layerSr28).pipe(Effect.scoped, Effect.runSync)
export const ctx: ChatContext = { date: DiaryDate.make("2026-11-22"), likelyMeal: "breakfast" }

/** Say each line in turn; return the replies and the final state. */
export const converse = (lines: ReadonlyArray<string>, start: ChatState = initialChatState, context: ChatContext = ctx) =>
  Effect.gen(function*() {
    let state = start
    const replies: Array<string> = []
    for (const line of lines) {
      const r = yield* chatTurn(state, line, context)
      replies.push(r.reply)
      state = r.state
    }
    return { replies, state }
  })

/** Each tool result the model was sent in request `i`: its text and whether it is an error. */
export const toolResultBlocks = (i: number) =>
  Effect.map(Effect.flatMap(ScriptedLlm, (s) => s.requests), (requests) =>
    requests[i]?.messages.at(-1)?.content.flatMap((b) =>
      b._tag === "ToolResult" ? [{ isError: b.isError, text: b.content.flatMap((c) => (c._tag === "Text" ? [c.text] : [])).join("") }] : []
    ) ?? [])

/** The text of the tool results the model was sent in request `i`. */
export const toolResults = (i: number) => Effect.map(toolResultBlocks(i), (blocks) => blocks.map((b) => b.text))
