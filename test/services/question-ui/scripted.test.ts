import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit } from "effect"
import type { Answer, Question } from "../../../src/domain/question.js"
import { layerFallback, QuestionUI, ScriptedQuestions } from "../../../src/services/question-ui/index.js"
import { keepGoing, mug, roomUse, survey } from "./fixtures.js"

const ask = (question: Question) => Effect.flatMap(QuestionUI, (ui) => ui.ask(question))

describe("ScriptedQuestions", () => {
  it.effect("answers from the script in order and records every question asked", () =>
    Effect.gen(function*() {
      const first = yield* ask(mug)
      const second = yield* ask(roomUse)
      expect(first).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Keep" } })
      // A function answer sees the question it answers.
      expect(second).toEqual({ _tag: "ChoiceAnswer", value: "work" })
      expect(yield* ScriptedQuestions.asked).toEqual([mug, roomUse])
      expect(yield* Effect.flatMap(ScriptedQuestions, (s) => s.remaining)).toBe(1)
    }).pipe(Effect.provide(ScriptedQuestions.layer([
      { _tag: "DispositionAnswer", disposition: { _tag: "Keep" } },
      (question): Answer =>
        question._tag === "Choose" ? { _tag: "ChoiceAnswer", value: question.options[1]?.value ?? "none" } : { _tag: "Skipped" },
      { _tag: "ConfirmAnswer", confirmed: true }
    ]))))

  it.effect("an unexpected question dies loudly, showing the question", () =>
    Effect.gen(function*() {
      yield* ask(keepGoing)
      const exit = yield* Effect.exit(ask(mug))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
      expect(Exit.isFailure(exit) ? Cause.pretty(exit.cause) : "").toContain(
        `unexpected question #2 (the script has no answer left): "What to do with the red mug?"`
      )
    }).pipe(Effect.provide(ScriptedQuestions.layer([{ _tag: "ConfirmAnswer", confirmed: false }]))))
})

describe("layerFallback", () => {
  it.effect("answers every question with its fallback, a group member by member", () =>
    Effect.gen(function*() {
      expect(yield* ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
      expect(yield* ask(keepGoing)).toEqual({ _tag: "ConfirmAnswer", confirmed: true })
      expect(yield* ask(survey)).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "sleep" },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "Skipped" },
          later: { _tag: "Skipped" }
        }
      })
    }).pipe(Effect.provide(layerFallback)))
})
