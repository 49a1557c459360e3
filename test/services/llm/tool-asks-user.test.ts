/**
 * A tool that asks the user mid-turn (seeds/001 `propose_disposition`): in
 * Effect the handler simply yields `QuestionUI`, no IO callback needed, and
 * the answer reaches the model in its next request.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { userText } from "../../../src/domain/llm.js"
import type { ItemDisposition } from "../../../src/domain/question.js"
import { ItemDisposition as ItemDispositionSchema } from "../../../src/domain/question.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import * as Tool from "../../../src/services/llm/tool.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"
import { QuestionUI, ScriptedQuestions } from "../../../src/services/question-ui/index.js"

const proposeDisposition = Tool.make("propose_disposition", {
  description: "Propose what to do with an item; the user confirms or corrects with one tap.",
  parameters: Schema.Struct({
    item: Schema.String,
    choices: Schema.NonEmptyArray(Schema.Struct({ label: Schema.String, disposition: ItemDispositionSchema })),
    reason: Schema.optional(Schema.String)
  }),
  handler: (input) =>
    Effect.gen(function*() {
      const ui = yield* QuestionUI
      const answer = yield* ui.ask({
        _tag: "ProposeDisposition",
        item: input.item,
        choices: input.choices,
        ...(input.reason === undefined ? {} : { reason: input.reason })
      })
      const chosen: ItemDisposition = answer._tag === "DispositionAnswer" ? answer.disposition : { _tag: "SkipForNow" }
      return { disposition: chosen, wasCorrection: chosen._tag !== input.choices[0].disposition._tag }
    })
})

describe("a tool that asks the user mid-turn", () => {
  it.effect("the user's answer reaches the model's next request", () =>
    Effect.gen(function*() {
      const result = yield* ToolLoop.run({ messages: [userText("there's an old mug here")], tools: [proposeDisposition] })
      expect(result.turn).toMatchObject({ _tag: "Parsed", value: "Trashed! Next?" })

      const [question] = yield* ScriptedQuestions.asked
      expect(question).toMatchObject({ _tag: "ProposeDisposition", item: "old mug" })

      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      const toolResult = requests[1]?.messages.at(-1)?.content[0]
      expect(toolResult?._tag).toBe("ToolResult")
      const text = toolResult?._tag === "ToolResult" ? toolResult.content.map((c) => (c._tag === "Text" ? c.text : "")).join("") : ""
      expect(JSON.parse(text)).toEqual({ disposition: { _tag: "Trash" }, wasCorrection: true })
    }).pipe(Effect.provide(Layer.merge(
      ScriptedLlm.layer([
        ScriptedLlm.toolCall("propose_disposition", {
          item: "old mug",
          choices: [
            { label: "Kitchen shelf", disposition: { _tag: "PlaceAt", location: "kitchen shelf" } },
            { label: "Trash", disposition: { _tag: "Trash" } }
          ],
          reason: "it's chipped"
        }),
        ScriptedLlm.text("Trashed! Next?")
      ]),
      ScriptedQuestions.layer([{ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }])
    ))))
})
