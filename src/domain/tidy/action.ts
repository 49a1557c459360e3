/**
 * What the coach does next (seeds/001 Action.hs): the output of the pure
 * decide step, the input of transition and act. Every constructor of the
 * seed, plus `InstructKeep` (the seed folded "keep" into "next").
 */
import { Match, Schema } from "effect"
import { AnxietyTrigger, CategoryName, ItemName, Location } from "./types.js"

export const Action = Schema.Union(
  // Questions (surveying)
  Schema.TaggedStruct("AskFunction", {}),
  Schema.TaggedStruct("AskAnchors", {}),
  Schema.TaggedStruct("AskWhatIsIt", {}),
  Schema.TaggedStruct("AskItemDecision", { item: ItemName }),
  // Instructions (sorting)
  Schema.TaggedStruct("FirstInstruction", {}),
  Schema.TaggedStruct("InstructTrash", {}),
  Schema.TaggedStruct("InstructKeep", {}),
  Schema.TaggedStruct("InstructPlace", { location: Location }),
  Schema.TaggedStruct("InstructUnsure", {}),
  Schema.TaggedStruct("InstructNext", {}),
  // "Not now": the item under discussion goes on the later list (past the seed)
  Schema.TaggedStruct("InstructLater", {}),
  // Splitting: never zero categories
  Schema.TaggedStruct("InstructSplit", { categories: Schema.NonEmptyArray(CategoryName) }),
  // Decision support
  Schema.TaggedStruct("DecisionAid", { item: ItemName }),
  Schema.TaggedStruct("EnergyCheck", {}),
  // Pivoting away from what made the user anxious
  Schema.TaggedStruct("PivotAway", { trigger: AnxietyTrigger, location: Location }),
  // Completion
  Schema.TaggedStruct("AckProgress", { message: Schema.String }),
  Schema.TaggedStruct("Summary", {})
)
export type Action = typeof Action.Type

const none = (): string | undefined => undefined

/** Actions whose reply is fixed text: no model is ever asked for them. A new action must say whether it has one. */
export const cannedResponse: (action: Action) => string | undefined = Match.type<Action>().pipe(
  Match.tagsExhaustive({
    InstructTrash: () => "Trashed! Next?",
    InstructUnsure: () => "Unsure pile. Next?",
    InstructNext: () => "What's next?",
    InstructKeep: () => "It stays. Next?",
    InstructLater: () => "That can wait. What's next?",
    AskFunction: none,
    AskAnchors: none,
    AskWhatIsIt: none,
    AskItemDecision: none,
    FirstInstruction: none,
    InstructPlace: none,
    InstructSplit: none,
    DecisionAid: none,
    EnergyCheck: none,
    PivotAway: none,
    AckProgress: none,
    Summary: none
  })
)
