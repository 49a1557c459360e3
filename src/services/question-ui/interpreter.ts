/**
 * The one interpreter of the Question DSL: turns any `QuestionRenderer` into a
 * full `QuestionUI`.
 *
 * Where it sits: between the `QuestionUI` port and the concrete renderers.
 * It fixes the seed's known issues in one place for every UI: a group asks
 * EVERY question in order; a `ConditionalQ` is evaluated against the answers
 * given so far in its group (top level: against none) and answers `Skipped`
 * when it does not hold; a question with no options gets its fallback
 * without troubling the renderer; a `Choose` asks the follow-up its chosen option
 * reveals and returns it as `followUp`.
 */
import { Effect, Layer, Match, Option } from "effect"
import type { Scope } from "effect"
import { conditionHolds, fallbackAnswer, questionTitle, revealedBy } from "../../domain/question.js"
import type { Answer, Question } from "../../domain/question.js"
import { QuestionUI } from "./question-ui.js"
import type { QuestionUIShape } from "./question-ui.js"
import type { LeafQuestion, QuestionInputClosed, QuestionRenderer } from "./renderer.js"

type AnswersSoFar = { readonly [id: string]: Answer }

/** Build a `QuestionUI` from a renderer. */
export const fromRenderer = (renderer: QuestionRenderer): QuestionUIShape => {
  // A closed input is not an error for the agent: that leaf gets its fallback.
  const leaf = (question: LeafQuestion, reply: Effect.Effect<Answer, QuestionInputClosed>): Effect.Effect<Answer> =>
    Effect.catchTag(reply, "QuestionInputClosed", (closed) =>
      Effect.logWarning("question input closed; using the fallback answer").pipe(
        Effect.annotateLogs({ question: questionTitle(question), reason: closed.reason }),
        Effect.as(fallbackAnswer(question))
      ))

  const ask = (question: Question, answered: AnswersSoFar): Effect.Effect<Answer> =>
    Match.value(question).pipe(
      Match.tagsExhaustive({
        ProposeDisposition: (q) =>
          q.choices.length === 0
            ? Effect.succeed(fallbackAnswer(q))
            : leaf(q, Effect.map(renderer.proposeDisposition(q), (reply): Answer =>
              reply._tag === "MessageInstead" ? reply : { _tag: "DispositionAnswer", disposition: reply })),
        Choose: (q) =>
          q.options.length === 0
            ? Effect.succeed(fallbackAnswer(q))
            // Only a real choice reveals its follow-up: a fallback choice never asks more (see fallbackAnswer).
            : leaf(q, Effect.flatMap(renderer.choose(q), (value) =>
              Option.match(revealedBy(q, value), {
                onNone: () => Effect.succeed<Answer>({ _tag: "ChoiceAnswer", value }),
                // The follow-up sees the same answers as its parent, so its conditions can refer to them.
                onSome: (followUpQuestion) =>
                  Effect.map(ask(followUpQuestion, answered), (followUp): Answer => ({ _tag: "ChoiceAnswer", value, followUp }))
              }))),
        FreeText: (q) => leaf(q, Effect.map(renderer.freeText(q), (text): Answer => ({ _tag: "TextAnswer", text }))),
        Confirm: (q) => leaf(q, Effect.map(renderer.confirm(q), (confirmed): Answer => ({ _tag: "ConfirmAnswer", confirmed }))),
        QuestionGroup: (q) =>
          Effect.gen(function*() {
            if (renderer.beginGroup !== undefined) yield* renderer.beginGroup(q.title)
            const answers: Record<string, Answer> = {}
            for (const { id, question: member } of q.questions) {
              // A nested group sees the enclosing answers too; its own ids shadow them.
              answers[id] = yield* ask(member, { ...answered, ...answers })
            }
            return { _tag: "GroupAnswer", answers } satisfies Answer
          }),
        ConditionalQ: (q) =>
          conditionHolds(q.condition, answered) ? ask(q.question, answered) : Effect.succeed<Answer>({ _tag: "Skipped" })
      })
    )

  return {
    ask: (question) => ask(question, {}).pipe(Effect.withSpan("QuestionUI.ask", { attributes: { question: questionTitle(question) } }))
  }
}

/** A `QuestionUI` layer from a renderer built by an effect (e.g. one that opens a terminal). */
export const layerFromRenderer = <E, R>(renderer: Effect.Effect<QuestionRenderer, E, R>): Layer.Layer<QuestionUI, E, Exclude<R, Scope.Scope>> =>
  Layer.scoped(QuestionUI, Effect.map(renderer, fromRenderer))
