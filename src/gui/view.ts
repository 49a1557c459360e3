/**
 * What the tidy page shows of one session, as plain JSON: any agent's view
 * (the chat so far, the status line, the one question waiting for a tap) plus
 * tidy's progress strip (phase, items processed, the three piles and any
 * emergent categories).
 *
 * Where it sits: the GUI edge. The agent host keeps a `HostModel` per session
 * and every change is pushed to the page over Server-Sent Events; the page
 * never computes state, it only draws this.
 */
import { Option } from "effect"
import { tidyStatus } from "../agents/tidy/agent.js"
import type { Phase, SessionState } from "../domain/tidy/state.js"
import { emergentCategories, phase } from "../domain/tidy/state.js"
import type { HostModel } from "./agent-host.js"
import type { ChatLine } from "./chat.js"
import type { PageView } from "./web-agent.js"

export type { ChatLine }

/** Everything a hosted tidy session holds besides its agent fiber. */
export type GuiModel = HostModel<SessionState>

export interface GuiView extends PageView {
  readonly phase: Phase
  readonly itemsProcessed: number
  readonly piles: { readonly belongs: ReadonlyArray<string>; readonly out: ReadonlyArray<string>; readonly unsure: ReadonlyArray<string> }
  readonly categories: ReadonlyArray<{ readonly name: string; readonly items: ReadonlyArray<string> }>
}

export const toView = (id: string, model: GuiModel): GuiView => ({
  id,
  status: tidyStatus(model.state),
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
