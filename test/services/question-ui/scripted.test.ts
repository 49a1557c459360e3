import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Layer, Logger, LogLevel, TestClock } from "effect"
import type { Answer } from "../../../src/domain/question.js"
import { layerFallback, layerWithTimeout, QuestionUI, ScriptedQuestions, withTimeout } from "../../../src/services/question-ui/index.js"
import { keepGoing, mug, roomUse, survey } from "./fixtures.js"

const ask = (question: Parameters<QuestionUI["Type"]["ask"]>[0]) => Effect.flatMap(QuestionUI, (ui) => ui.ask(question))

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

describe("withTimeout", () => {
  /** A UI whose user takes `minutes` to answer Trash. */
  const slowUser = (minutes: number) =>
    Layer.succeed(QuestionUI, {
      ask: () => Effect.as(Effect.sleep(`${minutes} minutes`), { _tag: "DispositionAnswer", disposition: { _tag: "Trash" } } satisfies Answer)
    })

  it.effect("keeps an answer given before the deadline", () =>
    Effect.gen(function*() {
      const fiber = yield* Effect.fork(ask(mug))
      yield* TestClock.adjust("4 minutes")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
    }).pipe(Effect.provide(layerWithTimeout().pipe(Layer.provide(slowUser(4))))))

  it.effect("falls back after the default 5 minutes, with a warning", () => {
    const warnings: Array<string> = []
    const captureWarnings = Logger.replace(
      Logger.defaultLogger,
      Logger.make(({ logLevel, message }) => {
        if (LogLevel.greaterThanEqual(logLevel, LogLevel.Warning)) warnings.push(String(message))
      })
    )
    return Effect.gen(function*() {
      const fiber = yield* Effect.fork(ask(mug))
      yield* TestClock.adjust("299 seconds")
      expect(fiber.unsafePoll()).toBeNull()
      expect(warnings).toEqual([])
      yield* TestClock.adjust("1 second")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
      expect(warnings).toEqual(["no answer in time; using the fallback answer"])
    }).pipe(Effect.provide(Layer.merge(layerWithTimeout().pipe(Layer.provide(slowUser(6))), captureWarnings)))
  })

  it.effect("takes a custom duration as a plain decorator", () =>
    Effect.gen(function*() {
      const ui = withTimeout("30 seconds")({ ask: () => Effect.never })
      const fiber = yield* Effect.fork(ui.ask(keepGoing))
      yield* TestClock.adjust("30 seconds")
      expect(yield* Fiber.join(fiber)).toEqual({ _tag: "ConfirmAnswer", confirmed: true })
    }))
})
