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
import { optionMeaning, readYesNo } from "../domain/question.js"
import type { Answer } from "../domain/question.js"
import type { PendingQuestion } from "../services/question-ui/bridge.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import type { CardClosed } from "./chat.js"
import { answerText } from "./chat.js"
import { readCardReply } from "../services/question-ui/card-replies.js"

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

/** What typed words do to the card that is up: answer it, leave it ("Not now"), or nothing (they are a new message). */
export type TypedAtCard =
  | { readonly _tag: "Answers"; readonly answer: Answer }
  | { readonly _tag: "NotNow" }
  | { readonly _tag: "NewMessage" }

const notNowWords = /^(?:skip|skip it|skip this|not now|not yet|later|maybe later|leave it|pass)$/

/**
 * Words typed in the message box while a card is up: the label of one of its
 * choices answers it, "skip" or "not now" leaves it. At a disposition card,
 * read like the terminal's (`readCardReply`: "bin it", "charity shop", "put
 * it in the drawer"), anything else — "stop", "I can't", a new item — answers
 * it as `MessageInstead`, the user's next message; at other cards it is a new
 * message and the card is set aside.
 */
export const readTyped = (question: LeafQuestion, typed: string): TypedAtCard => {
  const words = typed.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ").replace(/[.!]+$/, "").trim().toLowerCase()
  if (notNowWords.test(words)) return { _tag: "NotNow" }
  const same = (label: string) => label.trim().toLowerCase() === words
  switch (question._tag) {
    case "ProposeDisposition": {
      // The same reading as the terminal's: a label, or the user's own words ("chuck it", "put it in the drawer").
      const reply = readCardReply(typed, question.choices)
      switch (reply._tag) {
        case "Chose":
          return { _tag: "Answers", answer: { _tag: "DispositionAnswer", disposition: reply.disposition } }
        case "Skip":
          return { _tag: "NotNow" }
        case "Message":
        case "Again":
          // Not a choice: the card's answer is the message itself, answered once by the coach (nothing decided).
          return { _tag: "Answers", answer: { _tag: "MessageInstead", text: typed.trim() } }
      }
    }
    case "Choose": {
      // A label, or a yes or a no ("ok", "nope", 👍) for the option of a yes/no question that means it.
      const option = question.options.find((o) => same(o.label)) ??
        Option.getOrUndefined(Option.flatMap(optionMeaning(typed, question.options), (i) => Option.fromNullable(question.options[i])))
      return option === undefined ? { _tag: "NewMessage" } : { _tag: "Answers", answer: { _tag: "ChoiceAnswer", value: option.value } }
    }
    case "Confirm":
      return Option.match(readYesNo(typed), {
        onNone: (): TypedAtCard => ({ _tag: "NewMessage" }),
        onSome: (confirmed): TypedAtCard => ({ _tag: "Answers", answer: { _tag: "ConfirmAnswer", confirmed } })
      })
    case "FreeText":
      return { _tag: "NewMessage" }
  }
}
