/**
 * Tidy as an `Agent`: today's `turn` unchanged, with its session kind, its
 * events and the lines a host shows (the status line, the summary, the
 * welcome back, the opening question).
 */
import { Effect, Option } from "effect"
import { buildContext } from "../../domain/tidy/context.js"
import { TidyEvent } from "../../domain/tidy/events.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { counts, initialState, phase } from "../../domain/tidy/state.js"
import type { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import type { QuestionUI } from "../../services/question-ui/question-ui.js"
import type { Agent } from "../agent.js"
import { tidySessions } from "./session-kind.js"
import { summaryText, templateResponse, welcomeBack } from "./templates.js"
import type { UserInput } from "./turn.js"
import { turn, userSaid } from "./turn.js"

const noContext = (state: SessionState) => buildContext(state, Option.none(), Option.none())

/** "· Sorting · 2 staying · 1 out · 3 unsure · 1 for later" (items, not decisions) */
export const tidyStatus = (state: SessionState): string => {
  const c = counts(state)
  return `  · ${phase(state)} · ${c.staying} staying · ${c.out} out · ${c.unsure} unsure${c.later === 0 ? "" : ` · ${c.later} for later`}`
}

/** Where a stored session stands, for `--list`: "Sorting, 3 items sorted, 1 for later". */
export const describeTidy = (state: SessionState): string => {
  const c = counts(state)
  return `${phase(state)}, ${c.sorted} item${c.sorted === 1 ? "" : "s"} sorted${c.later === 0 ? "" : `, ${c.later} for later`}`
}

export const tidyAgent: Agent<SessionState, UserInput, TidyEvent, Llm | QuestionUI | Events, typeof SessionState.Encoded, typeof TidyEvent.Encoded> = {
  name: "tidy",
  session: tidySessions,
  initial: initialState,
  events: TidyEvent,
  input: (line) => Effect.succeed(userSaid(line)),
  // The turn never fails: a model failure already falls back to a template inside it.
  turn: (state, input) => Effect.map(turn(state, input), (r) => ({ reply: r.reply, state: r.state, ended: r.ended, degraded: false })),
  view: {
    opening: (state) => `${templateResponse(noContext(state), { _tag: "AskFunction" })}\n(Type "stop" any time to finish.)`,
    welcomeBack,
    status: (state) => Option.some(tidyStatus(state)),
    // Decided here and not by any model: the summary from the saved state.
    summary: (state) => Option.some(summaryText(noContext(state))),
    describe: describeTidy
  }
}
