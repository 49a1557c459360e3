/**
 * Break-test (issue 17, an engineer posting answers to the page's API): an
 * answer that names no option of a Choose card was refused with "a
 * ChoiceAnswer does not answer a Choose question" — which it is; the value
 * was wrong, and the message said nothing of it. A refusal says what does fit.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Option, Stream } from "effect"
import type { Question } from "../../../src/domain/question.js"
import { makeQuestionBridge } from "../../../src/services/question-ui/bridge.js"

const which: Question = {
  _tag: "Choose",
  id: "which",
  prompt: "Which plant did you water?",
  options: [{ value: "fern", label: "Fern" }, { value: "basil", label: "Basil" }],
  reveals: {}
}

describe("an answer that does not fit its card", () => {
  it.scoped("names the value it did not know and the options that fit", () =>
    Effect.gen(function*() {
      const bridge = yield* makeQuestionBridge
      const asking = yield* Effect.fork(bridge.ui.ask(which))
      const pending = yield* bridge.changes.pipe(Stream.filterMap((p) => p), Stream.runHead, Effect.flatten)
      const refused = yield* Effect.flip(bridge.answer(pending.id, { _tag: "ChoiceAnswer", value: "rose" }))
      expect(refused._tag).toBe("AnswerDoesNotFit")
      expect(refused.message).toBe(`"rose" is not an option of "Which plant did you water?": fern, basil`)
      const wrongKind = yield* Effect.flip(bridge.answer(pending.id, { _tag: "ConfirmAnswer", confirmed: true }))
      expect(wrongKind.message).toBe("a ConfirmAnswer does not answer a Choose question")
      yield* bridge.answer(pending.id, { _tag: "ChoiceAnswer", value: "basil" })
      expect(yield* Fiber.join(asking)).toEqual({ _tag: "ChoiceAnswer", value: "basil" })
      expect(Option.isNone(yield* bridge.pending)).toBe(true)
    }))
})
