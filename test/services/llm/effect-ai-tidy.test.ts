/**
 * A real Shoal agent on an Effect AI model, end to end: three tidy turns
 * (orient's forced `record_extract`, act's reply and its `propose_disposition`
 * tool, answered with one tap) run on a test model made with
 * `LanguageModel.make`, behind `EffectAi.fromLanguageModel`. Asserts the
 * replies, the final piles, what the Effect AI model was shown, and the usage.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import type { TurnResponse } from "../../../src/agents/tidy/turn.js"
import { Usage } from "../../../src/domain/llm.js"
import type { Answer as TapAnswer } from "../../../src/domain/question.js"
import { initialState, phase } from "../../../src/domain/tidy/state.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import * as EffectAi from "../../../src/services/llm/effect-ai.js"
import { UsageMeter } from "../../../src/services/llm/usage.js"
import { ScriptedQuestions } from "../../../src/services/question-ui/index.js"
import { finish, scriptedLanguageModel, toolCall } from "./effect-ai-support.js"

const trash: TapAnswer = { _tag: "DispositionAnswer", disposition: { _tag: "Trash" } }
const say = (text: string) => [{ type: "text" as const, text }, finish(100, 20)]

describe("tidy on an Effect AI model (EffectAi.fromLanguageModel)", () => {
  const model = scriptedLanguageModel([
    [toolCall("e1", "record_extract", { intent: "start", function: "working from home" }), finish(200, 30, "tool-calls")],
    say("Working from home, got it. What's definitely staying?"),
    [toolCall("e2", "record_extract", { intent: "start", anchors: ["desk", "lamp"] }), finish(200, 30, "tool-calls")],
    say("Pick up the thing nearest you. What is it?"),
    [toolCall("e3", "record_extract", { intent: "item", item: "old mug" }), finish(200, 30, "tool-calls")],
    [
      toolCall("p1", "propose_disposition", {
        item: "old mug",
        choices: [{ label: "Kitchen", kind: "place", location: "the kitchen" }],
        reason: "mugs live in the kitchen"
      }),
      finish(150, 40, "tool-calls")
    ],
    say("Out it goes. Next?")
  ])
  const layer = Layer.mergeAll(
    EffectAi.fromLanguageModel({ provider: "test-ai", model: "test-1" }).pipe(Layer.provide(model.layer)),
    ScriptedQuestions.layer([trash]),
    CollectedEvents.layer,
    UsageMeter.layer
  )

  it.effect("three turns: replies, piles, the prompts Effect AI saw, and the metered usage", () =>
    Effect.gen(function*() {
      let state = initialState
      const replies: Array<[string, string]> = []
      let last: TurnResponse | undefined
      for (const line of ["I work from home here", "the desk and the lamp stay", "an old mug"]) {
        last = yield* turn(state, userSaid(line))
        state = last.state
        replies.push([last.action._tag, last.reply])
      }
      expect(replies).toEqual([
        ["AskAnchors", "Working from home, got it. What's definitely staying?"],
        ["FirstInstruction", "Pick up the thing nearest you. What is it?"],
        ["AskItemDecision", "Out it goes. Next?"]
      ])
      // The world: the user tapped "Trash" on the model's proposal, so the mug is out.
      expect(state.piles.out).toEqual(["old mug"])
      expect(phase(state)).toBe("Sorting")
      expect(model.remaining()).toBe(0)
      const [question] = yield* ScriptedQuestions.asked
      expect(question).toMatchObject({ _tag: "ProposeDisposition", item: "old mug", reason: "mugs live in the kitchen" })

      // What the Effect AI model was shown.
      const orient = model.seen[0]
      expect(orient?.toolChoice).toEqual({ tool: "record_extract" })
      expect(orient?.tools.map((t) => t.name)).toEqual(["record_extract"])
      expect(orient?.prompt.content[0]?.role).toBe("system")
      const act = model.seen[5]
      expect(act?.tools.map((t) => t.name)).toEqual(["propose_disposition"])
      expect(act?.toolChoice).toBe("auto")
      const afterTool = model.seen[6]
      const toolMessage = afterTool?.prompt.content.at(-1)
      expect(toolMessage?.role).toBe("tool")
      expect(toolMessage?.role === "tool" && toolMessage.content[0]?.id).toBe("p1")

      // Every call was metered through the adapter.
      const meter = yield* UsageMeter
      expect(yield* meter.calls).toBe(7)
      expect(yield* meter.total).toEqual(new Usage({ inputTokens: 3 * 100 + 3 * 200 + 150, outputTokens: 3 * 20 + 3 * 30 + 40 }))
    }).pipe(Effect.provide(layer)))
})
