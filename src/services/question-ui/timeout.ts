/**
 * `withTimeout`: a QuestionUI decorator that answers for a user who walked
 * away (seeds/001: the GUI question handler's 5-minute timeout).
 *
 * Where it sits: wraps any QuestionUI layer at the runner's edge. Time is
 * Effect's `Clock`, so tests move it with `TestClock.adjust`. On timeout the
 * pending ask is interrupted (a terminal stops listening) and the agent gets
 * `fallbackAnswer(question)`, which never commits anything.
 */
import { Duration, Effect, Layer, Option } from "effect"
import { fallbackAnswer, questionTitle } from "../../domain/question.js"
import { QuestionUI } from "./question-ui.js"
import type { QuestionUIShape } from "./question-ui.js"
import { QuestionInputClosed } from "./renderer.js"
import type { QuestionRenderer } from "./renderer.js"

export const defaultQuestionTimeout: Duration.Duration = Duration.minutes(5)

/** Decorate a QuestionUI so every `ask` gives up after `duration` with the fallback answer. */
export const withTimeout = (duration: Duration.DurationInput = defaultQuestionTimeout) => (ui: QuestionUIShape): QuestionUIShape => ({
  ask: (question) =>
    ui.ask(question).pipe(
      Effect.timeoutOption(duration),
      Effect.flatMap(Option.match({
        onSome: Effect.succeed,
        onNone: () =>
          Effect.logWarning("no answer in time; using the fallback answer").pipe(
            Effect.annotateLogs({ question: questionTitle(question), timeout: Duration.format(duration) }),
            Effect.as(fallbackAnswer(question))
          )
      }))
    )
})

/** The same decorator as a layer: `layerWithTimeout().pipe(Layer.provide(layerTerminal()))`. */
export const layerWithTimeout = (duration: Duration.DurationInput = defaultQuestionTimeout): Layer.Layer<QuestionUI, never, QuestionUI> =>
  Layer.effect(QuestionUI, Effect.map(QuestionUI, withTimeout(duration)))

/**
 * The same deadline per leaf question, for renderers: a group keeps the
 * answers given before the user walked away, and only the unanswered rest
 * falls back (the interpreter logs each). Use with `fromRenderer`.
 */
export const withLeafTimeout = (duration: Duration.DurationInput = defaultQuestionTimeout) =>
(renderer: QuestionRenderer): QuestionRenderer => {
  const deadline = <A>(reply: Effect.Effect<A, QuestionInputClosed>): Effect.Effect<A, QuestionInputClosed> =>
    Effect.timeoutFail(reply, {
      duration,
      onTimeout: () => new QuestionInputClosed({ reason: `no answer within ${Duration.format(duration)}` })
    })
  return {
    ...renderer,
    proposeDisposition: (q) => deadline(renderer.proposeDisposition(q)),
    choose: (q) => deadline(renderer.choose(q)),
    freeText: (q) => deadline(renderer.freeText(q)),
    confirm: (q) => deadline(renderer.confirm(q))
  }
}
