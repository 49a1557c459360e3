/**
 * `ScriptedQuestions`: the deterministic QuestionUI for tests of agents.
 *
 * Where it sits: provided instead of a terminal. It answers from a queue —
 * a fixed `Answer`, or a function of the question for answers that depend on
 * what was asked — and records every question, in order, so a test can assert
 * what the agent asked. Answers are per top-level `ask` (a group gets one
 * scripted `GroupAnswer`). A question after the script ran out is a bug in the
 * test or the agent: it dies loudly, showing the question.
 */
import { Context, Effect, Layer, Ref } from "effect"
import { questionTitle } from "../../domain/question.js"
import type { Answer, Question } from "../../domain/question.js"
import { QuestionUI } from "./question-ui.js"

/** One scripted reply: an answer, or how to answer the question that comes. */
export type ScriptedAnswer = Answer | ((question: Question) => Answer)

export interface ScriptedQuestionsShape {
  /** Every question asked so far, in order. */
  readonly asked: Effect.Effect<ReadonlyArray<Question>>
  /** How many scripted answers have not been used. */
  readonly remaining: Effect.Effect<number>
}

export class ScriptedQuestions extends Context.Tag("shoal/ScriptedQuestions")<ScriptedQuestions, ScriptedQuestionsShape>() {
  /** Provides `QuestionUI` answering from `script`, and `ScriptedQuestions` to inspect it. */
  static layer(script: ReadonlyArray<ScriptedAnswer>): Layer.Layer<QuestionUI | ScriptedQuestions> {
    return Layer.effectContext(Effect.gen(function*() {
      const queue = yield* Ref.make<ReadonlyArray<ScriptedAnswer>>(script)
      const asked = yield* Ref.make<ReadonlyArray<Question>>([])

      const ask = (question: Question): Effect.Effect<Answer> =>
        Effect.gen(function*() {
          const count = (yield* Ref.updateAndGet(asked, (qs) => [...qs, question])).length
          const next = yield* Ref.modify(queue, ([head, ...rest]) => [head, rest])
          if (next === undefined) {
            return yield* Effect.dieMessage(
              `ScriptedQuestions: unexpected question #${count} (the script has no answer left): ` +
                `"${questionTitle(question)}"\n${JSON.stringify(question, null, 2)}`
            )
          }
          return typeof next === "function" ? next(question) : next
        })

      return Context.make(QuestionUI, { ask }).pipe(
        Context.add(ScriptedQuestions, {
          asked: Ref.get(asked),
          remaining: Effect.map(Ref.get(queue), (q) => q.length)
        })
      )
    }))
  }

  /** The questions asked so far (for `yield*` in a test). */
  static readonly asked: Effect.Effect<ReadonlyArray<Question>, never, ScriptedQuestions> = Effect.flatMap(ScriptedQuestions, (s) => s.asked)
}
