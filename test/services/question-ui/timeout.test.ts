import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger, LogLevel, TestClock } from "effect"
import type { Answer, Question } from "../../../src/domain/question.js"
import { fromRenderer, layerWithTimeout, QuestionUI, withLeafTimeout, withTimeout } from "../../../src/services/question-ui/index.js"
import { keepGoing, mug, survey } from "./fixtures.js"

const ask = (question: Question) => Effect.flatMap(QuestionUI, (ui) => ui.ask(question))

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

  it.effect("per leaf: a group keeps the answers given before the user walked away", () =>
    Effect.gen(function*() {
      // The user answers the room's use and its follow-up at once, then never answers again.
      const ui = fromRenderer(withLeafTimeout()({
        proposeDisposition: () => Effect.never,
        choose: () => Effect.succeed("work"),
        freeText: () => Effect.succeed("a novel"),
        confirm: () => Effect.never
      }))
      const fiber = yield* Effect.fork(ui.ask(survey))
      yield* TestClock.adjust("5 minutes")
      expect(fiber.unsafePoll()).toBeNull() // the next confirm only started waiting now
      yield* TestClock.adjust("5 minutes")
      expect(yield* Fiber.join(fiber)).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "work", followUp: { _tag: "TextAnswer", text: "a novel" } },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "ConfirmAnswer", confirmed: false },
          later: { _tag: "Skipped" }
        }
      })
    }))
})
