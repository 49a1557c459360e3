/**
 * The page's chat history: what the user said, what the coach replied, and
 * every card — its question and the answer given — so the history reads as
 * the conversation it was ("What to do with mug?" → "Keep" → "It stays.
 * Next?"), not "mug → It stays. Next?".
 *
 * Where it sits: the GUI edge. session-host.ts appends lines; the history is
 * stored in the SessionStore beside the session's state, under its own kind
 * (`tidy-chat`, same id), so a restarted server shows it on rejoin. A session
 * saved before the history was kept simply has none: it still opens.
 */
import { Schema } from "effect"
import type { Answer, ItemDisposition } from "../domain/question.js"
import { questionTitle } from "../domain/question.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import type { SessionKind } from "../services/session-store/session-kind.js"

export const ChatLine = Schema.Struct({
  from: Schema.Literal("coach", "you", "note"),
  text: Schema.String
})
export type ChatLine = typeof ChatLine.Type

export const ChatHistory = Schema.Array(ChatLine)
export type ChatHistory = typeof ChatHistory.Type

/** The stored chat of a GUI session, beside its `tidy` state (same id). Bump the version when ChatLine's shape changes. */
export const tidyChats: SessionKind<ChatHistory, typeof ChatHistory.Encoded> = {
  name: "tidy-chat",
  version: 1,
  schema: ChatHistory
}

const dispositionText = (d: ItemDisposition): string => {
  switch (d._tag) {
    case "Keep":
      return "Keep"
    case "Trash":
      return "Out"
    case "PlaceAt":
      return d.location
    case "Unsure":
      return "Not sure"
    case "SkipForNow":
      return "Not now"
  }
}

const sameDisposition = (a: ItemDisposition, b: ItemDisposition): boolean =>
  a._tag === b._tag && (a._tag !== "PlaceAt" || (b._tag === "PlaceAt" && a.location === b.location))

/** The answer as the user gave it: the label they tapped, the words they typed. */
export const answerText = (question: LeafQuestion, answer: Answer): string => {
  // Words sent instead of an answer are shown as they were written.
  if (answer._tag === "MessageInstead") return answer.text
  switch (question._tag) {
    case "ProposeDisposition":
      return answer._tag === "DispositionAnswer"
        ? question.choices.find((c) => sameDisposition(c.disposition, answer.disposition))?.label ?? dispositionText(answer.disposition)
        : "Not now"
    case "Choose":
      return answer._tag === "ChoiceAnswer"
        ? question.options.find((o) => o.value === answer.value)?.label ?? answer.value
        : "Not now"
    case "FreeText":
      return answer._tag === "TextAnswer" && answer.text.trim() !== "" ? answer.text.trim() : "(left empty)"
    case "Confirm":
      return answer._tag === "ConfirmAnswer" ? (answer.confirmed ? "Yes" : "No") : "Not now"
  }
}

/** How a card was closed, as the history tells it. */
export type CardClosed =
  | { readonly _tag: "Answered"; readonly text: string }
  /** The user pressed "Not now". */
  | { readonly _tag: "NotNow" }
  /** The user sent a message or a photo instead: the card waits, the message goes first. */
  | { readonly _tag: "SetAside" }
  /** Nobody answered in time: the safe fallback, nothing committed. */
  | { readonly _tag: "TimedOut" }

/** The card's question, then how it was answered. */
export const cardLines = (question: LeafQuestion, closed: CardClosed): ReadonlyArray<ChatLine> => {
  const asked: ChatLine = { from: "coach", text: questionTitle(question) }
  switch (closed._tag) {
    case "Answered":
      return [asked, { from: "you", text: closed.text }]
    case "NotNow":
      return [asked, { from: "you", text: "Not now" }]
    case "SetAside":
      return [asked, { from: "note", text: "Left for now, to take what you sent first." }]
    case "TimedOut":
      return [asked, { from: "note", text: "No answer for a while, so it was left for now." }]
  }
}
