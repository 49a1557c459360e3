/**
 * How the page's cards are closed when the user does not answer them: "Not
 * now" on a card, a message or photo sent while it is up, or no answer in
 * time. The host asks the bridge to set a card aside (its safe fallback,
 * nothing committed); this keeps how each was left, so the chat can say so,
 * and whether new cards are to be left unseen for now.
 *
 * Where it sits: inside session-host.ts, beside the QuestionBridge.
 */
import { Effect, Option, Ref } from "effect"
import type { Answer } from "../domain/question.js"
import type { PendingQuestion } from "../services/question-ui/bridge.js"
import type { CardClosed } from "./chat.js"
import { answerText } from "./chat.js"

/**
 * While set, every new card takes its fallback unseen: the user said "Not
 * now" to the rest of this question, or sent a message that waits its turn.
 */
export type SettingAside = "no" | "restOfQuestion" | "untilNextInput"

type Left = CardClosed | "unseen"

export interface CardClosing {
  readonly settingAside: Ref.Ref<SettingAside>
  /** Note how a card is being left, before the bridge settles it; the first note wins. */
  readonly mark: (questionId: string, how: Left) => Effect.Effect<void>
  /** How a settled card is told in the chat: its answer, how it was left, or none if it was never shown. */
  readonly told: (card: PendingQuestion, answer: Option.Option<Answer>) => Effect.Effect<Option.Option<CardClosed>>
}

export const makeCardClosing: Effect.Effect<CardClosing> = Effect.gen(function*() {
  const settingAside = yield* Ref.make<SettingAside>("no")
  const left = yield* Ref.make(new Map<string, Left>())
  const take = (questionId: string) =>
    Ref.modify(left, (m): [Left | undefined, Map<string, Left>] => {
      const rest = new Map(m)
      rest.delete(questionId)
      return [m.get(questionId), rest]
    })
  return {
    settingAside,
    mark: (questionId, how) => Ref.update(left, (m) => (m.has(questionId) ? m : new Map(m).set(questionId, how))),
    told: (card, answer) =>
      Effect.map(take(card.id), (how) =>
        Option.match(answer, {
          onSome: (a): Option.Option<CardClosed> => Option.some({ _tag: "Answered", text: answerText(card.question, a) }),
          // Left without a note: nobody answered in time.
          onNone: () => (how === "unseen" ? Option.none() : Option.some(how ?? { _tag: "TimedOut" }))
        }))
  }
})
