/**
 * `QuestionBridge`: a QuestionUI answered from somewhere else — an HTTP
 * endpoint, a web page, a chat message.
 *
 * Where it sits: a renderer (renderer.ts) whose leaf questions are not drawn
 * but *posted*: the pending question is observable (`pending`, `changes`) and
 * the turn waits until `answer` is called with its id. The interpreter above
 * it still walks groups, conditions and reveals, so a host only ever shows one
 * leaf question at a time. For the 5-minute fallback of seeds/001, compose
 * with `withTimeout`, or give `makeQuestionBridgeWith` a `leafTimeout` so
 * each card gets its own 5 minutes.
 */
import { Data, Deferred, Effect, Exit, Option, Ref, Stream, SubscriptionRef } from "effect"
import type { Duration } from "effect"
import type { Answer } from "../../domain/question.js"
import { fromRenderer } from "./interpreter.js"
import type { QuestionUIShape } from "./question-ui.js"
import { QuestionInputClosed } from "./renderer.js"
import type { LeafQuestion } from "./renderer.js"
import { rendererFromAnswers } from "./renderer.js"
import { withLeafTimeout } from "./timeout.js"

export interface PendingQuestion {
  readonly id: string
  readonly question: LeafQuestion
}

export class NoSuchQuestion extends Data.TaggedError("NoSuchQuestion")<{ readonly id: string }> {
  override get message(): string {
    return `no question ${this.id} is waiting for an answer`
  }
}

export class AnswerDoesNotFit extends Data.TaggedError("AnswerDoesNotFit")<{
  readonly question: LeafQuestion["_tag"]
  readonly answer: Answer["_tag"]
  /** Why, in words (`misfit`). */
  readonly reason: string
}> {
  override get message(): string {
    return this.reason
  }
}

export interface QuestionBridgeShape {
  /** The QuestionUI to provide to the agent. */
  readonly ui: QuestionUIShape
  /** The question waiting for an answer, if any. */
  readonly pending: Effect.Effect<Option.Option<PendingQuestion>>
  /** Every change of the pending question, starting with the current one. */
  readonly changes: Stream.Stream<Option.Option<PendingQuestion>>
  readonly answer: (id: string, answer: Answer) => Effect.Effect<void, NoSuchQuestion | AnswerDoesNotFit>
  /**
   * The user moved on without answering ("Not now", or a message instead):
   * the question takes its fallback as if the input had closed: nothing is
   * committed as long as the asker made its safe option the fallback (a
   * Choose's `fallback` option, else its first), and a Choose reveals no follow-up.
   */
  readonly setAside: (id: string) => Effect.Effect<void, NoSuchQuestion>
}

type Waiting = PendingQuestion & { readonly reply: Deferred.Deferred<Answer, QuestionInputClosed> }

/**
 * The most text one answer may carry (words typed at a card, free text, a place): as much as one input to
 * `shoal serve` (its `maxInputChars` is this). Words typed at a card become the user's next message, and what is said
 * stays in the session's state, which every later turn's journal carries.
 */
export const maxAnswerChars = 100_000

/** Why `text` cannot be an answer's `what`: blank, or longer than `maxAnswerChars`. */
const badText = (what: string, text: string): Option.Option<string> =>
  text.trim().length === 0
    ? Option.some(`${what} is blank`)
    : text.length > maxAnswerChars
    ? Option.some(`${what} is ${text.length.toLocaleString("en")} characters long; an answer takes at most ${maxAnswerChars.toLocaleString("en")}`)
    : Option.none()

/** Why `answer` cannot answer `question`, in words; none when it fits (a choice among its options, text for free text…). */
export const misfit = (question: LeafQuestion, answer: Answer): Option.Option<string> => {
  const wrongKind = Option.some(`a ${answer._tag} does not answer a ${question._tag} question`)
  switch (question._tag) {
    case "ProposeDisposition":
      // Words that are not a choice answer a card too: as the user's next message (so not blank, nor longer than an input).
      if (answer._tag === "MessageInstead") return badText("the message typed instead of a choice", answer.text)
      if (answer._tag !== "DispositionAnswer") return wrongKind
      return answer.disposition._tag === "PlaceAt" ? badText("the PlaceAt's location", answer.disposition.location) : Option.none()
    case "Choose":
      if (answer._tag !== "ChoiceAnswer") return wrongKind
      return question.options.some((o) => o.value === answer.value)
        ? Option.none()
        : Option.some(`"${answer.value}" is not an option of "${question.prompt}": ${question.options.map((o) => o.value).join(", ")}`)
    case "FreeText":
      // Blank free text is an answer (nothing to add); past the limit it is not.
      if (answer._tag !== "TextAnswer") return wrongKind
      return answer.text.length > maxAnswerChars ? badText("the text", answer.text) : Option.none()
    case "Confirm":
      return answer._tag === "ConfirmAnswer" ? Option.none() : wrongKind
  }
}

/** Whether `answer` can answer `question`. */
export const answerFits = (question: LeafQuestion, answer: Answer): boolean => Option.isNone(misfit(question, answer))

export interface QuestionBridgeOptions {
  /**
   * How long each posted question waits before its fallback answer
   * (`withLeafTimeout`): per card, so a group keeps the answers already given.
   * Without it, a question waits until answered (wrap `ui` in `withTimeout`).
   */
  readonly leafTimeout?: Duration.DurationInput
  /**
   * Called in the asking fiber once a posted question is settled, before the
   * asker goes on: with its answer, or none when it was set aside, timed out
   * or interrupted. A host writes its chat history here, so the question and
   * answer come before whatever the agent says next.
   */
  readonly onSettled?: (question: PendingQuestion, answer: Option.Option<Answer>) => Effect.Effect<void>
}

export const makeQuestionBridge: Effect.Effect<QuestionBridgeShape> = Effect.suspend(() => makeQuestionBridgeWith({}))

export const makeQuestionBridgeWith = (options: QuestionBridgeOptions): Effect.Effect<QuestionBridgeShape> =>
  Effect.gen(function*() {
    const waiting = yield* SubscriptionRef.make<Option.Option<Waiting>>(Option.none())
    const counter = yield* Ref.make(0)

    const post = (question: LeafQuestion): Effect.Effect<Answer, QuestionInputClosed> =>
      Effect.gen(function*() {
        const id = `q${yield* Ref.updateAndGet(counter, (n) => n + 1)}`
        const reply = yield* Deferred.make<Answer, QuestionInputClosed>()
        const settled = options.onSettled
        return yield* SubscriptionRef.set(waiting, Option.some({ id, question, reply })).pipe(
          Effect.zipRight(Deferred.await(reply)),
          Effect.ensuring(SubscriptionRef.set(waiting, Option.none())),
          Effect.onExit((exit) =>
            settled === undefined ? Effect.void : settled({ id, question }, Exit.isSuccess(exit) ? Option.some(exit.value) : Option.none())
          )
        )
      })

    const renderer = rendererFromAnswers(post)

    const publicView = (w: Option.Option<Waiting>): Option.Option<PendingQuestion> =>
      Option.map(w, ({ id, question }) => ({ id, question }))

    return {
      ui: fromRenderer(options.leafTimeout === undefined ? renderer : withLeafTimeout(options.leafTimeout)(renderer)),
      pending: Effect.map(SubscriptionRef.get(waiting), publicView),
      changes: Stream.map(waiting.changes, publicView),
      answer: (id, answer) =>
        Effect.gen(function*() {
          const w = yield* SubscriptionRef.get(waiting)
          if (Option.isNone(w) || w.value.id !== id) return yield* new NoSuchQuestion({ id })
          const why = misfit(w.value.question, answer)
          if (Option.isSome(why)) {
            return yield* new AnswerDoesNotFit({ question: w.value.question._tag, answer: answer._tag, reason: why.value })
          }
          yield* Deferred.succeed(w.value.reply, answer)
        }),
      setAside: (id) =>
        Effect.gen(function*() {
          const w = yield* SubscriptionRef.get(waiting)
          if (Option.isNone(w) || w.value.id !== id) return yield* new NoSuchQuestion({ id })
          yield* Deferred.fail(w.value.reply, new QuestionInputClosed({ reason: "set aside by the user" }))
        })
    }
  })
