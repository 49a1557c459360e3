/**
 * ACT: the reply to the user (seeds/001 `actResponse`). Canned text where
 * the seed has it (no model call at all); otherwise the model writes it, with
 * `propose_disposition` to ask about an item mid-turn; offline or on any
 * model failure, a template. The summary is always the template: its
 * numbers are counted, not written. Asking about an item offline still uses the
 * one-tap question. Dispositions the user chose come back as data for the
 * turn to apply; so do words typed at a card instead of an answer
 * (`handedBack`), which the turn takes up as the user's next message, so
 * they are answered once, and the card itself gets no reply.
 */
import { Effect, Option, Ref } from "effect"
import { userText } from "../../domain/llm.js"
import type { Action } from "../../domain/tidy/action.js"
import { cannedResponse } from "../../domain/tidy/action.js"
import type { TidyingContext } from "../../domain/tidy/context.js"
import { renderContext } from "../../domain/tidy/context.js"
import { mentions, sameText } from "../../domain/tidy/types.js"
import type { Events } from "../../services/events/events.js"
import type { Llm } from "../../services/llm/llm.js"
import * as ToolLoop from "../../services/llm/tool-loop.js"
import type { QuestionUI } from "../../services/question-ui/question-ui.js"
import { actSystem, instructionFor } from "./prompts.js"
import { placedReply, templateResponse } from "./templates.js"
import type { RecordedDisposition } from "./tools.js"
import { askDisposition, proposeDisposition } from "./tools.js"

export interface ActOutcome {
  readonly text: string
  readonly dispositions: ReadonlyArray<RecordedDisposition>
  /** The user answered a card with a message instead: `text` is not shown; the message is. */
  readonly handedBack: Option.Option<string>
}

const replied = (text: string, dispositions: ReadonlyArray<RecordedDisposition> = []): ActOutcome => ({ text, dispositions, handedBack: Option.none() })

/** The reply once the user has chosen through a one-tap question. */
const afterChoice = (d: RecordedDisposition): string => {
  switch (d.disposition._tag) {
    case "Trash":
      return "Trashed! Next?"
    case "Keep":
      return "It stays. Next?"
    case "PlaceAt":
      return placedReply(d.disposition.location)
    case "Unsure":
      return "Unsure pile. Next?"
    case "SkipForNow":
      return "That one can wait for later. What's next?"
  }
}

export const actResponse = (ctx: TidyingContext, action: Action): Effect.Effect<ActOutcome, never, Llm | QuestionUI | Events> =>
  Effect.gen(function*() {
    const canned = cannedResponse(action)
    if (canned !== undefined) return replied(canned)
    // The summary's numbers are the session's own, never a model's retelling of them.
    if (action._tag === "Summary") return replied(templateResponse(ctx, action))
    const recorded = yield* Ref.make<ReadonlyArray<RecordedDisposition>>([])
    const handedBack = yield* Ref.make(Option.none<string>())
    const tools = action._tag === "AskItemDecision" || action._tag === "DecisionAid"
      ? [proposeDisposition(
        (d) => Ref.update(recorded, (all) => [...all, d]),
        // The thing this turn is about may be one the user brought back themselves; any other hard one is off limits.
        (item) => !sameText(item, action.item) && ctx.avoid.some((t) => mentions(item, t)),
        (text) => Ref.set(handedBack, Option.some(text))
      )]
      : []
    const result = yield* ToolLoop.run({
      system: actSystem,
      messages: [userText(`${renderContext(ctx)}\n\nYour reply must: ${instructionFor(action)}`)],
      tools,
      maxIterations: 3,
      maxTokens: 300
    })
    const dispositions = yield* Ref.get(recorded)
    const message = yield* Ref.get(handedBack)
    if (Option.isSome(message)) return { text: "", dispositions, handedBack: message }
    if (result.turn._tag === "Unavailable" && result.turn.error._tag === "Offline") return yield* actOffline(ctx, action)
    if (result.turn._tag === "Parsed" && result.turn.value.trim().length > 0) {
      return replied(result.turn.value.trim(), dispositions)
    }
    if (result.turn._tag !== "Parsed") yield* Effect.logWarning(`reply fell back to a template: ${result.turn._tag}`)
    const last = dispositions.at(-1)
    return replied(last === undefined ? templateResponse(ctx, action) : afterChoice(last), dispositions)
  }).pipe(Effect.withSpan("tidy.act", { attributes: { action: action._tag } }))

/** Offline: templates, and the one-tap question for an item. */
const actOffline = (ctx: TidyingContext, action: Action): Effect.Effect<ActOutcome, never, QuestionUI | Events> =>
  Effect.gen(function*() {
    if (action._tag !== "AskItemDecision") return replied(templateResponse(ctx, action))
    const outcome = yield* askDisposition(action.item, [], Option.none())
    if (outcome._tag === "MessageInstead") return { text: "", dispositions: [], handedBack: Option.some(outcome.text) }
    const recorded: RecordedDisposition = { item: action.item, disposition: outcome.disposition, wasCorrection: outcome.wasCorrection }
    // A skip is recorded too: the item waits on the later list.
    return replied(afterChoice(recorded), [recorded])
  })
