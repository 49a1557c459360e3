/**
 * Tidy in the web host: its `Agent` record plus what its page has beyond any
 * agent's — the "Before we start" card, photos looked at by the model, and
 * the progress strip (phase, items processed, the three piles, emergent
 * categories) in the view.
 *
 * Where it sits: the GUI edge; `hostSession` (session-host.ts) and the tidy
 * page's registry host `tidyWeb` through the generic agent host.
 */
import { Option } from "effect"
import { tidyAgent } from "../agents/tidy/agent.js"
import { lookAtPhotos } from "../agents/tidy/observe.js"
import { userSaid } from "../agents/tidy/turn.js"
import type { UserInput } from "../agents/tidy/turn.js"
import type { TidyEvent } from "../domain/tidy/events.js"
import type { SessionState } from "../domain/tidy/state.js"
import { emergentCategories, phase } from "../domain/tidy/state.js"
import type { Events } from "../services/events/events.js"
import type { Llm } from "../services/llm/llm.js"
import type { QuestionUI } from "../services/question-ui/question-ui.js"
import { tidyChats } from "./chat.js"
import { startAnswers, startQuestions } from "./start-card.js"
import type { GuiView } from "./view.js"
import type { WebAgent } from "./web-agent.js"

export const tidyWeb: WebAgent<
  SessionState,
  UserInput,
  TidyEvent,
  Llm | QuestionUI | Events,
  typeof SessionState.Encoded,
  typeof TidyEvent.Encoded,
  GuiView
> = {
  agent: tidyAgent,
  title: "Tidy",
  placeholder: "What did you pick up? (or “stop” to finish)",
  busy: "The coach is still on the last step. Answer the card, or wait a moment.",
  chats: tidyChats,
  start: {
    question: startQuestions,
    inputs: (answer) => startAnswers(answer).map((text) => userSaid(text)),
    leftEmpty: "No rush. Tell me what this space is for whenever you're ready."
  },
  photo: {
    input: (image) => ({ text: Option.none(), photos: [image] }),
    look: (image) => lookAtPhotos([image])
  },
  view: (common, state) => ({
    ...common,
    phase: phase(state),
    itemsProcessed: state.itemsProcessed,
    piles: state.piles,
    categories: emergentCategories(state)
  })
}
