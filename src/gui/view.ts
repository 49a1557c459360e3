/**
 * What the tidy page shows of one session, as plain JSON: the chat so far,
 * the progress strip (phase, items processed, the three piles and any
 * emergent categories) and the one question waiting for a tap.
 *
 * Where it sits: the GUI edge. `session-host.ts` keeps a `GuiModel` per
 * session and every change is pushed to the page as `toView(model)` over
 * Server-Sent Events; the page never computes state, it only draws this.
 */
import { Option } from "effect"
import type { Phase, SessionState } from "../domain/tidy/state.js"
import { emergentCategories, phase } from "../domain/tidy/state.js"
import type { PendingQuestion } from "../services/question-ui/bridge.js"
import type { LeafQuestion } from "../services/question-ui/renderer.js"
import type { ChatLine } from "./chat.js"

export type { ChatLine }

/** Everything a hosted session holds besides its agent fiber. */
export interface GuiModel {
  readonly state: SessionState
  readonly messages: ReadonlyArray<ChatLine>
  readonly pending: Option.Option<PendingQuestion>
  /** The title of the QuestionGroup the pending question belongs to. */
  readonly group: Option.Option<string>
  /** User inputs taken and not yet finished (the start card counts as one): while >0 with no card up, the coach is thinking. */
  readonly inputs: number
  /** The user said stop and got the summary. */
  readonly ended: boolean
}

export interface GuiView {
  readonly id: string
  readonly phase: Phase
  readonly itemsProcessed: number
  readonly piles: { readonly belongs: ReadonlyArray<string>; readonly out: ReadonlyArray<string>; readonly unsure: ReadonlyArray<string> }
  readonly categories: ReadonlyArray<{ readonly name: string; readonly items: ReadonlyArray<string> }>
  readonly messages: ReadonlyArray<ChatLine>
  readonly pending: { readonly id: string; readonly question: LeafQuestion; readonly group: string | null } | null
  readonly busy: boolean
  readonly ended: boolean
}

export const toView = (id: string, model: GuiModel): GuiView => ({
  id,
  phase: phase(model.state),
  itemsProcessed: model.state.itemsProcessed,
  piles: model.state.piles,
  categories: emergentCategories(model.state),
  messages: model.messages,
  pending: Option.match(model.pending, {
    onNone: () => null,
    onSome: (p) => ({ id: p.id, question: p.question, group: Option.getOrNull(model.group) })
  }),
  busy: model.inputs > 0,
  ended: model.ended
})
