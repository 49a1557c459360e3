/**
 * The small contract a concrete UI implements: how to ask ONE leaf question.
 *
 * Where it sits: below the interpreter (`interpreter.ts`). A renderer never
 * sees groups, conditions or follow-ups — the interpreter walks those — so a
 * terminal, a web page or a chat bridge only has to draw four kinds of
 * question and read one reply. Each method returns the bare reply (not an
 * `Answer`), so a renderer cannot answer a Confirm with a choice.
 */
import { Data, Effect } from "effect"
import { fallbackOption } from "../../domain/question.js"
import type { Answer, ItemDisposition, MessageInstead, Question } from "../../domain/question.js"

/** The questions a renderer draws itself; everything else is structure. */
export type LeafQuestion = Extract<Question, { readonly _tag: "ProposeDisposition" | "Choose" | "FreeText" | "Confirm" }>
export type ProposeDispositionQuestion = Extract<Question, { readonly _tag: "ProposeDisposition" }>
export type ChooseQuestion = Extract<Question, { readonly _tag: "Choose" }>
export type FreeTextQuestion = Extract<Question, { readonly _tag: "FreeText" }>
export type ConfirmQuestion = Extract<Question, { readonly _tag: "Confirm" }>

/**
 * The user's input is gone (stdin closed, browser tab closed): there will be
 * no reply, so the interpreter answers with `fallbackAnswer` instead of hanging.
 */
export class QuestionInputClosed extends Data.TaggedError("QuestionInputClosed")<{
  readonly reason: string
}> {}

/** What a disposition card gives back: a disposition, or the user's next message instead of one. */
export type DispositionReply = ItemDisposition | MessageInstead

export interface QuestionRenderer {
  readonly proposeDisposition: (question: ProposeDispositionQuestion) => Effect.Effect<DispositionReply, QuestionInputClosed>
  /** Returns the chosen option's `value`; only called with at least one option. Follow-ups are the interpreter's job. */
  readonly choose: (question: ChooseQuestion) => Effect.Effect<string, QuestionInputClosed>
  readonly freeText: (question: FreeTextQuestion) => Effect.Effect<string, QuestionInputClosed>
  readonly confirm: (question: ConfirmQuestion) => Effect.Effect<boolean, QuestionInputClosed>
  /** Announce a group before its questions (a heading); optional. */
  readonly beginGroup?: (title: string) => Effect.Effect<void>
}

/**
 * A renderer from one "post a question, await its Answer" function (the web
 * page, `shoal serve`): each leaf's reply read off the Answer, an Answer of
 * another kind taken as the question's neutral default.
 */
export const rendererFromAnswers = (post: (question: LeafQuestion) => Effect.Effect<Answer, QuestionInputClosed>): QuestionRenderer => ({
  proposeDisposition: (q) =>
    Effect.map(post(q), (a): DispositionReply =>
      a._tag === "DispositionAnswer" ? a.disposition : a._tag === "MessageInstead" ? a : { _tag: "SkipForNow" }),
  choose: (q) => Effect.map(post(q), (a) => (a._tag === "ChoiceAnswer" ? a.value : fallbackOption(q)?.value ?? "")),
  freeText: (q) => Effect.map(post(q), (a) => (a._tag === "TextAnswer" ? a.text : "")),
  confirm: (q) => Effect.map(post(q), (a) => (a._tag === "ConfirmAnswer" ? a.confirmed : q.default))
})
