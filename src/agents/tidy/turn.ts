/**
 * One turn of the tidying coach (seeds/001 `tidyingTurn`):
 * OBSERVE (photos) → ORIENT (message → Extract) → DECIDE (pure) →
 * TRANSITION (pure) → ACT (reply; may ask the user mid-turn) → apply what the
 * user chose. State goes in and comes out: the caller keeps it (a Ref, the
 * SessionStore, a web session), so the turn itself holds nothing.
 */
import { DateTime, Effect, Option } from "effect"
import type { ImageBlock } from "../../domain/llm.js"
import type { Action } from "../../domain/tidy/action.js"
import type { Extract } from "../../domain/tidy/extract.js"
import { buildContext } from "../../domain/tidy/context.js"
import type { SessionState } from "../../domain/tidy/state.js"
import { phase } from "../../domain/tidy/state.js"
import { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import type { QuestionUI } from "../../services/question-ui/question-ui.js"
import { actResponse } from "./act.js"
import { decide } from "./decide.js"
import { analyzePhotos } from "./observe.js"
import { extractFromInput } from "./orient.js"
import { applyDisposition, transition } from "./transition.js"

export interface UserInput {
  readonly text: Option.Option<string>
  readonly photos: ReadonlyArray<ImageBlock>
}

export const userSaid = (text: string, photos: ReadonlyArray<ImageBlock> = []): UserInput => ({
  text: Option.some(text),
  photos
})

export interface TurnResponse {
  readonly reply: string
  readonly action: Action
  /** The state after this turn: persist it. */
  readonly state: SessionState
  /** The user asked to stop: the reply is the summary. */
  readonly ended: boolean
}

/** "item: old mug", "help, feeling: grief", "stop": what orient made of the message, for the GUI and logs. */
const situation = (extract: Extract): string =>
  [
    extract.intent,
    ...Option.toArray(Option.map(extract.item, (i) => `item: ${i}`)),
    ...Option.toArray(Option.map(extract.choice, (c) => `choice: ${c}`)),
    ...Option.toArray(Option.map(extract.feeling, (f) => `feeling: ${f}`))
  ].join(", ")

export const turn = (state: SessionState, input: UserInput): Effect.Effect<TurnResponse, never, Llm | QuestionUI | Events> =>
  Effect.gen(function*() {
    const events = yield* Events
    yield* Effect.forEach(Option.toArray(input.text), (text) => events.emit({ _tag: "UserInputReceived", text }))

    const photo = yield* analyzePhotos(input.photos)
    yield* Effect.forEach(Option.toArray(photo), (p) =>
      events.emit({ _tag: "PhotoAnalyzed", summary: `${p.roomType}, ${p.chaosLevel}` }))

    const extract = yield* extractFromInput(state, photo, input.text)
    yield* events.emit({ _tag: "SituationClassified", summary: situation(extract) })
    const [action, next] = decide(state, photo, extract)
    yield* events.emit({ _tag: "ActionTaken", action })

    const now = yield* DateTime.now
    const decided = transition(state, extract, action, next, now)
    if (phase(decided) !== phase(state)) yield* events.emit({ _tag: "PhaseChanged", from: phase(state), to: phase(decided) })
    if (state.phaseData._tag === "Surveying" && Option.isSome(extract.function)) {
      yield* events.emit({ _tag: "FunctionChosen", function: extract.function.value })
    }

    const outcome = yield* actResponse(buildContext(decided, photo, input.text), action)
    const final = outcome.dispositions.reduce((s, d) => applyDisposition(s, d.item, d.disposition), decided)
    // Words typed at a card instead of an answer: the card's item stays where it is (held, undecided, under
    // discussion), and the words are the user's next message, answered here, once.
    if (Option.isSome(outcome.handedBack)) return yield* turn(final, userSaid(outcome.handedBack.value))
    yield* events.emit({ _tag: "ResponseGenerated", text: outcome.text })
    const ended = action._tag === "Summary"
    if (ended) {
      // The user said they are done (seeds/001 SessionConfirmedDone), then the session's end with its count.
      yield* events.emit({ _tag: "SessionConfirmedDone" })
      yield* events.emit({ _tag: "SessionEnded", itemsProcessed: final.itemsProcessed })
    }
    return { reply: outcome.text, action, state: final, ended }
  }).pipe(Effect.withSpan("tidy.turn"))
