/**
 * The tools the model may call while acting (seeds/001 Tools.hs).
 *
 * `propose_disposition`: the model proposes what to do with an item, best
 * guess first; the user confirms or corrects with one tap through
 * `QuestionUI` — mid-turn, no IO callback needed. Whether they confirmed or
 * corrected is emitted as an event and returned to the model; the choice
 * itself is handed to `record` so the turn can apply it to the piles purely.
 * Words the user typed instead of an answer ("stop", "I can't", a new thing)
 * end the tool loop (no model call to reply to a card nobody answered) and
 * are handed to `handBack`: the turn takes them up as the user's next message.
 */
import { Array as Arr, Effect, Option, Schema } from "effect"
import type { DispositionChoice, ItemDisposition } from "../../domain/question.js"
import { ItemName } from "../../domain/tidy/types.js"
import { Events } from "../../services/events/events.js"
import * as Tool from "../../services/llm/tool.js"
import { QuestionUI } from "../../services/question-ui/question-ui.js"

export interface RecordedDisposition {
  readonly item: ItemName
  readonly disposition: ItemDisposition
  readonly wasCorrection: boolean
}

const ProposedChoice = Schema.Struct({
  label: Schema.String.annotations({ description: "short button text, e.g. 'Bookshelf' or 'Trash'" }),
  kind: Schema.Literal("trash", "keep", "place", "unsure"),
  location: Schema.optional(Schema.String.annotations({ description: "for kind 'place': where it goes" }))
})

export const ProposeDispositionInput = Schema.Struct({
  item: Schema.String.pipe(Schema.nonEmptyString()),
  choices: Schema.NonEmptyArray(ProposedChoice).annotations({ description: "your best suggestion first" }),
  reason: Schema.optional(Schema.String.annotations({ description: "one short reason for the first suggestion" }))
})

const toDisposition = (choice: typeof ProposedChoice.Type): ItemDisposition => {
  switch (choice.kind) {
    case "trash":
      return { _tag: "Trash" }
    case "keep":
      return { _tag: "Keep" }
    case "unsure":
      return { _tag: "Unsure" }
    case "place":
      return choice.location === undefined || choice.location.trim() === ""
        ? { _tag: "Keep" }
        : { _tag: "PlaceAt", location: choice.location.trim() }
  }
}

const sameDisposition = (a: ItemDisposition, b: ItemDisposition): boolean =>
  a._tag === b._tag && (a._tag !== "PlaceAt" || (b._tag === "PlaceAt" && a.location === b.location))

const basicChoices: Arr.NonEmptyReadonlyArray<DispositionChoice> = [
  { label: "Trash", disposition: { _tag: "Trash" } },
  { label: "Keep", disposition: { _tag: "Keep" } },
  { label: "Not sure", disposition: { _tag: "Unsure" } }
]

/** The choices every proposal offers: the model's, then the basics it left out. */
export const withBasicChoices = (choices: ReadonlyArray<DispositionChoice>): Arr.NonEmptyReadonlyArray<DispositionChoice> => {
  const missing = basicChoices.filter((b) => !choices.some((c) => sameDisposition(c.disposition, b.disposition)))
  return Arr.isNonEmptyReadonlyArray(choices) ? Arr.appendAll(choices, missing) : basicChoices
}

/** What a card came back with: a choice, or the user's next message instead of one. */
export type CardOutcome =
  | { readonly _tag: "Chosen"; readonly disposition: ItemDisposition; readonly wasCorrection: boolean }
  | { readonly _tag: "MessageInstead"; readonly text: string }

/** Ask the user about an item with one-tap choices; the first choice is the suggestion. */
export const askDisposition = (
  item: ItemName,
  choices: ReadonlyArray<DispositionChoice>,
  reason: Option.Option<string>
): Effect.Effect<CardOutcome, never, QuestionUI | Events> =>
  Effect.gen(function*() {
    const ui = yield* QuestionUI
    const events = yield* Events
    const offered = withBasicChoices(choices)
    yield* events.emit({ _tag: "ItemProposed", item, choices: offered.map((c) => c.label) })
    const answer = yield* ui.ask({
      _tag: "ProposeDisposition",
      item,
      choices: offered,
      // Only a proposal someone made is marked as a suggestion; the basic card suggests nothing.
      suggested: choices.length > 0,
      ...Option.match(reason, { onNone: () => ({}), onSome: (r) => ({ reason: r }) })
    })
    // Not an answer: nothing is confirmed or corrected; the words go back to the turn.
    if (answer._tag === "MessageInstead") return { _tag: "MessageInstead", text: answer.text }
    const disposition: ItemDisposition = answer._tag === "DispositionAnswer" ? answer.disposition : { _tag: "SkipForNow" }
    const wasCorrection = choices.length > 0 && disposition._tag !== "SkipForNow" &&
      !sameDisposition(disposition, offered[0].disposition)
    const label = offered.find((c) => sameDisposition(c.disposition, disposition))?.label ?? disposition._tag
    yield* events.emit({ _tag: wasCorrection ? "UserCorrected" : "UserConfirmed", item, choice: label })
    return { _tag: "Chosen", disposition, wasCorrection }
  })

/** The model asked about an item it may not raise now (an empty name, or one the user finds hard). */
export class ItemOffLimits extends Schema.TaggedError<ItemOffLimits>()("ItemOffLimits", {
  item: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return this.reason
  }
}

/**
 * The tool, for one turn. `hard` says whether an item is one the user found
 * hard to face: the model may not raise it (only the user can bring it back).
 */
export const proposeDisposition = (
  record: (d: RecordedDisposition) => Effect.Effect<void>,
  hard: (item: ItemName) => boolean = () => false,
  handBack: (text: string) => Effect.Effect<void> = () => Effect.void
) => {
  // The calls answered with a message instead: they end the turn. `breaksTurn` runs right after its own
  // handler, on the same decoded input, so this per-tool set is all it needs (no IO, nothing shared).
  const interrupted = new WeakSet<object>()
  return Tool.make("propose_disposition", {
    description:
      "Propose what to do with one item; the user confirms or corrects with one tap. Returns their choice and whether it corrected your suggestion.",
    parameters: ProposeDispositionInput,
    failure: ItemOffLimits,
    failureMode: "return",
    asksUser: true,
    handler: (input) =>
      Effect.gen(function*() {
        const item = ItemName.fromText(input.item)
        if (Option.isNone(item)) return yield* new ItemOffLimits({ item: input.item, reason: "item is empty" })
        if (hard(item.value)) {
          return yield* new ItemOffLimits({ item: input.item, reason: "the user finds this one hard right now; do not ask about it" })
        }
        const choices = input.choices.map((c) => ({ label: c.label, disposition: toDisposition(c) }))
        const result = yield* askDisposition(item.value, choices, Option.fromNullable(input.reason))
        if (result._tag === "MessageInstead") {
          interrupted.add(input)
          yield* handBack(result.text)
          return { answered: false, note: "The user wrote something else instead of answering; it is taken up separately." }
        }
        yield* record({ item: item.value, disposition: result.disposition, wasCorrection: result.wasCorrection })
        return { disposition: result.disposition, wasCorrection: result.wasCorrection }
      }),
    breaksTurn: (input) => (interrupted.has(input) ? "the user wrote a message instead of answering the card" : undefined)
  })
}
