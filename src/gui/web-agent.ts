/**
 * What the web host needs of an agent besides its `Agent` record: the page's
 * title and, only if the agent has them, a start card, photos and a progress
 * strip. `webAgent(agent)` is an agent with none of these — a chat with its
 * cards, its status line and its event stream — enough for any agent.
 *
 * Where it sits: the GUI edge. `hostWeb(webAgent(agent))` (server.ts) serves
 * any agent; `tidyWeb` (tidy-web.ts) adds tidy's start card, photos and piles.
 */
import type { Effect } from "effect"
import type { Agent } from "../agents/agent.js"
import type { ImageBlock, LlmError, ParseFailed } from "../domain/llm.js"
import type { Answer, Question } from "../domain/question.js"
import type { Llm } from "../services/llm/llm.js"
import type { SessionKind } from "../services/session-store/session-kind.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import type { ChatLine } from "./chat.js"
import { ChatHistory } from "./chat.js"

/** A card a fresh session opens with; what the user wrote on it is said to the agent, in order. */
export interface StartCard<Input> {
  readonly question: Question
  readonly inputs: (answer: Answer) => ReadonlyArray<Input>
  /** Said when the card was left empty (and no message was sent instead). */
  readonly leftEmpty: string
}

/** How the agent takes a photo, and the first thing it does with one (so the host can tell a photo no model will see). */
export interface PhotoIntake<Input> {
  readonly input: (image: ImageBlock) => Input
  /**
   * The agent's own first model call on the photo. The host runs it when the
   * photo arrives: `Offline` means no model will look at it (the photo is
   * skipped and the session stays as it is); otherwise its answer is kept and
   * given to the turn's identical call, so the photo is looked at once.
   */
  readonly look: (image: ImageBlock) => Effect.Effect<unknown, LlmError | ParseFailed, Llm>
}

/** What the page draws of any session, as plain JSON, pushed after every change. */
export interface PageView {
  readonly id: string
  /** The agent's quiet status line after the last turn (`agent.view.status`), if it has one. */
  readonly status: string | null
  readonly messages: ReadonlyArray<ChatLine>
  /** The one leaf question waiting for a tap, with the title of the group it belongs to. */
  readonly pending: { readonly id: string; readonly question: LeafQuestion; readonly group: string | null } | null
  /** An input is being taken (while no card is up, the agent is thinking). */
  readonly busy: boolean
  /** The session is over (the agent said so): no more messages. */
  readonly ended: boolean
}

export interface WebAgent<State, Input, Event extends { readonly _tag: string }, R, SE = unknown, EE = unknown, V extends PageView = PageView> {
  readonly agent: Agent<State, Input, Event, R, SE, EE>
  /** The page's title and heading ("Tidy", "Fitlog chat"). */
  readonly title: string
  /** The placeholder of the message box. */
  readonly placeholder: string
  /** Said when a message comes while the agent is still on the last one ("The coach is still on the last step…"). */
  readonly busy: string
  /** The chat of a session, stored beside its state under the same id. */
  readonly chats: SessionKind<ChatHistory, typeof ChatHistory.Encoded>
  readonly start?: StartCard<Input>
  readonly photo?: PhotoIntake<Input>
  /** The page's view of a session: the common part, plus what a page that knows this agent draws (tidy's phase and piles). */
  readonly view: (common: PageView, state: State) => V
  /** Words that end the session before any turn, as the terminal's "quit". */
  readonly isQuit?: (text: string) => boolean
}

/** The stored chat of an agent's web sessions: `<name>-chat`, beside its state (same id). */
export const chatsOf = (name: string): SessionKind<ChatHistory, typeof ChatHistory.Encoded> => ({
  name: `${name}-chat`,
  version: 1,
  schema: ChatHistory
})

/** The busy words of an agent that names none: its title, still on the last message. */
export const busyWords = (title: string): string => `${title} is still on your last message. Answer the card, or wait a moment.`

/** Any agent in the page: its chat, cards for any Question it asks, its status line and its event stream. */
export const webAgent = <State, Input, Event extends { readonly _tag: string }, R, SE, EE>(
  agent: Agent<State, Input, Event, R, SE, EE>,
  options: { readonly title?: string; readonly placeholder?: string; readonly busy?: string; readonly isQuit?: (text: string) => boolean } = {}
): WebAgent<State, Input, Event, R, SE, EE> => ({
  agent,
  title: options.title ?? agent.name,
  placeholder: options.placeholder ?? "Your message",
  busy: options.busy ?? busyWords(options.title ?? agent.name),
  chats: chatsOf(agent.name),
  view: (common) => common,
  ...(options.isQuit === undefined ? {} : { isQuit: options.isQuit })
})
