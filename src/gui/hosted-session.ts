/**
 * What a hosted session is to the routes and an embedder (`HostedSession`),
 * what it holds (`HostModel`), why an input is refused, and the words said
 * for a photo that is not looked at.
 *
 * Where it sits: the types of agent-host.ts, apart so that file stays one job.
 */
import { Data } from "effect"
import type { Duration, Effect, Option, Stream } from "effect"
import type { ImageBlock } from "../domain/llm.js"
import type { Answer, Question } from "../domain/question.js"
import type { AnswerDoesNotFit, NoSuchQuestion, PendingQuestion } from "../services/question-ui/bridge.js"
import type { SessionId } from "../services/session-store/session-kind.js"
import type { ChatLine } from "./chat.js"
import type { PageView } from "./web-agent.js"

/** An input while the agent is still on the last one; `message` is said in the agent's own words (`WebAgent.busy`). */
export class SessionBusy extends Data.TaggedError("SessionBusy")<{ readonly message: string }> {}

export class SessionEnded extends Data.TaggedError("SessionEnded")<{}> {
  override get message(): string {
    return "This session is finished. Start a new one to keep going."
  }
}

/** A stored session brought back: its state and the chat so far (none for a session saved before chats were kept). */
export interface ResumedSession<State> {
  readonly state: State
  readonly chat: ReadonlyArray<ChatLine>
}

/** Everything a hosted session holds besides its agent fiber. */
export interface HostModel<State> {
  readonly state: State
  readonly messages: ReadonlyArray<ChatLine>
  readonly pending: Option.Option<PendingQuestion>
  /** The title of the QuestionGroup the pending question belongs to. */
  readonly group: Option.Option<string>
  /** User inputs taken and not yet finished (a start card counts as one): while >0 with no card up, the agent is thinking. */
  readonly inputs: number
  /** The agent said the session is over. */
  readonly ended: boolean
}

export interface HostedSession<V = PageView> {
  readonly id: SessionId
  readonly view: Effect.Effect<V>
  /** The view now and after every change. */
  readonly changes: Stream.Stream<V>
  /** The session's events from now on, each encoded with the agent's Event Schema (plain JSON). */
  readonly events: Stream.Stream<unknown>
  /**
   * A message from the user. While a card is up, the card is set aside (its
   * safe fallback, nothing committed) and the message is taken next: typing
   * is never refused or lost. Refused only while the agent is thinking.
   */
  readonly say: (text: string) => Effect.Effect<void, SessionBusy | SessionEnded>
  /**
   * A photo already normalised (Photos); `name` is shown in the chat. Taken
   * like a message by an agent that takes photos; when no model can look at it
   * (Offline), or the agent takes none, it is acknowledged as not looked at
   * and the session stays where it is, card and all.
   */
  readonly sendPhoto: (image: ImageBlock, name: string) => Effect.Effect<void, SessionBusy | SessionEnded>
  readonly answer: (questionId: string, answer: Answer) => Effect.Effect<void, NoSuchQuestion | AnswerDoesNotFit>
  /** "Not now" on the card `questionId`: it (and the rest of its group) takes the safe fallback. */
  readonly notNow: (questionId: string) => Effect.Effect<void, NoSuchQuestion>
  /**
   * Ask the page's user a question of your own (any Question: a group, a
   * Choose with reveals…), after the turn in progress; card by card, each
   * with the session's timeout and fallback.
   */
  readonly ask: (question: Question) => Effect.Effect<Answer>
}

/** The messages typed instead of an answer anywhere in an answer (a group's members, a choice's follow-up). */
export const messagesIn = (answer: Answer): ReadonlyArray<string> => {
  switch (answer._tag) {
    case "MessageInstead":
      return [answer.text]
    case "GroupAnswer":
      return Object.values(answer.answers).flatMap(messagesIn)
    case "ChoiceAnswer":
      return answer.followUp === undefined ? [] : messagesIn(answer.followUp)
    case "DispositionAnswer":
    case "TextAnswer":
    case "ConfirmAnswer":
    case "Skipped":
      return []
  }
}

export interface HostOptions {
  readonly questionTimeout?: Duration.DurationInput
}

/** Said when a photo arrives and there is no model to look at it. */
export const photoSkippedOffline = "Photos are skipped offline, so I haven't looked at this one. Tell me what you see instead, or carry on."

/** Said when a photo arrives for an agent that takes none. */
export const photoNotTaken = "This one works with words only, so I haven't looked at the photo."
