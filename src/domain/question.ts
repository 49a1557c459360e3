/**
 * The Question/Answer DSL (seeds/001 Question.hs), shared by every agent that
 * asks the user something mid-turn.
 *
 * Where it sits: a tool handler or agent stage builds a `Question`; the
 * `QuestionUI` service renders it (terminal, web page, script) and returns an
 * `Answer`. Past the seed: every question of a group is asked, a `Choose`
 * option can reveal a follow-up question, and `ConditionalQ` is evaluated
 * against the answers given so far (see `conditionHolds`).
 */
import { Option, Schema } from "effect"

export const QuestionId = Schema.String.pipe(Schema.trimmed(), Schema.nonEmptyString(), Schema.brand("QuestionId"))
export type QuestionId = typeof QuestionId.Type

// ---------------------------------------------------------------------------
// Dispositions: what to do with one thing (tidy's items, fitlog's lines)
// ---------------------------------------------------------------------------

export const ItemDisposition = Schema.Union(
  Schema.TaggedStruct("Keep", {}),
  Schema.TaggedStruct("Trash", {}),
  Schema.TaggedStruct("PlaceAt", { location: Schema.String }),
  Schema.TaggedStruct("Unsure", {}),
  Schema.TaggedStruct("SkipForNow", {})
)
export type ItemDisposition = typeof ItemDisposition.Type

export const DispositionChoice = Schema.Struct({
  label: Schema.String,
  disposition: ItemDisposition
})
export type DispositionChoice = typeof DispositionChoice.Type

export const ChoiceOption = Schema.Struct({
  value: Schema.String,
  label: Schema.String,
  description: Schema.optionalWith(Schema.String, { exact: true })
})
export type ChoiceOption = typeof ChoiceOption.Type

// ---------------------------------------------------------------------------
// Conditions (for ConditionalQ): predicates over answers already given
// ---------------------------------------------------------------------------

export type Condition =
  | { readonly _tag: "Answered"; readonly id: string }
  | { readonly _tag: "ChoiceIs"; readonly id: string; readonly value: string }
  | { readonly _tag: "Confirmed"; readonly id: string }
  | { readonly _tag: "Not"; readonly condition: Condition }
  | { readonly _tag: "All"; readonly conditions: ReadonlyArray<Condition> }
  | { readonly _tag: "AnyOf"; readonly conditions: ReadonlyArray<Condition> }

export const Condition: Schema.Schema<Condition> = Schema.Union(
  Schema.TaggedStruct("Answered", { id: Schema.String }),
  Schema.TaggedStruct("ChoiceIs", { id: Schema.String, value: Schema.String }),
  Schema.TaggedStruct("Confirmed", { id: Schema.String }),
  Schema.TaggedStruct("Not", { condition: Schema.suspend(() => Condition) }),
  Schema.TaggedStruct("All", { conditions: Schema.Array(Schema.suspend(() => Condition)) }),
  Schema.TaggedStruct("AnyOf", { conditions: Schema.Array(Schema.suspend(() => Condition)) })
)

// ---------------------------------------------------------------------------
// Questions
// ---------------------------------------------------------------------------

export type Question =
  | {
    readonly _tag: "ProposeDisposition"
    readonly item: string
    readonly choices: ReadonlyArray<DispositionChoice>
    readonly reason?: string
    /** The first choice is someone's suggestion (a model's); absent or false: no choice is suggested. */
    readonly suggested?: boolean
  }
  | {
    /**
     * One of `options`. Its FIRST option is the answer when the user does not
     * choose — "Not now", a closed input, the 5-minute timeout (`fallbackAnswer`):
     * put the safe one first ("no", "none of these"), never one that commits.
     */
    readonly _tag: "Choose"
    readonly id: string
    readonly prompt: string
    readonly options: ReadonlyArray<ChoiceOption>
    /** option value → the follow-up question that choosing it reveals */
    readonly reveals: { readonly [value: string]: Question }
  }
  | { readonly _tag: "FreeText"; readonly prompt: string; readonly placeholder?: string }
  | { readonly _tag: "Confirm"; readonly prompt: string; readonly default: boolean }
  | {
    readonly _tag: "QuestionGroup"
    readonly title: string
    readonly questions: ReadonlyArray<{ readonly id: string; readonly question: Question }>
  }
  | { readonly _tag: "ConditionalQ"; readonly condition: Condition; readonly question: Question }

export const Question: Schema.Schema<Question> = Schema.Union(
  Schema.TaggedStruct("ProposeDisposition", {
    item: Schema.String,
    choices: Schema.Array(DispositionChoice),
    reason: Schema.optionalWith(Schema.String, { exact: true }),
    suggested: Schema.optionalWith(Schema.Boolean, { exact: true })
  }),
  Schema.TaggedStruct("Choose", {
    id: Schema.String,
    prompt: Schema.String,
    options: Schema.Array(ChoiceOption),
    reveals: Schema.Record({ key: Schema.String, value: Schema.suspend(() => Question) })
  }),
  Schema.TaggedStruct("FreeText", { prompt: Schema.String, placeholder: Schema.optionalWith(Schema.String, { exact: true }) }),
  Schema.TaggedStruct("Confirm", { prompt: Schema.String, default: Schema.Boolean }),
  Schema.TaggedStruct("QuestionGroup", {
    title: Schema.String,
    questions: Schema.Array(Schema.Struct({ id: Schema.String, question: Schema.suspend(() => Question) }))
  }),
  Schema.TaggedStruct("ConditionalQ", { condition: Condition, question: Schema.suspend(() => Question) })
)

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

export type Answer =
  | { readonly _tag: "DispositionAnswer"; readonly disposition: ItemDisposition }
  | { readonly _tag: "ChoiceAnswer"; readonly value: string; readonly followUp?: Answer }
  | { readonly _tag: "TextAnswer"; readonly text: string }
  | { readonly _tag: "ConfirmAnswer"; readonly confirmed: boolean }
  | { readonly _tag: "GroupAnswer"; readonly answers: { readonly [id: string]: Answer } }
  /** A ConditionalQ whose condition did not hold was not asked. */
  | { readonly _tag: "Skipped" }
  /**
   * The user wrote something that is not an answer ("stop", "I can't", a new
   * thing): nothing is chosen, and the words are their next message, for the
   * asker to take up — once, as a message, never as a choice.
   */
  | { readonly _tag: "MessageInstead"; readonly text: string }

export const Answer: Schema.Schema<Answer> = Schema.Union(
  Schema.TaggedStruct("DispositionAnswer", { disposition: ItemDisposition }),
  Schema.TaggedStruct("ChoiceAnswer", { value: Schema.String, followUp: Schema.optionalWith(Schema.suspend(() => Answer), { exact: true }) }),
  Schema.TaggedStruct("TextAnswer", { text: Schema.String }),
  Schema.TaggedStruct("ConfirmAnswer", { confirmed: Schema.Boolean }),
  Schema.TaggedStruct("GroupAnswer", {
    answers: Schema.Record({ key: Schema.String, value: Schema.suspend(() => Answer) })
  }),
  Schema.TaggedStruct("Skipped", {}),
  Schema.TaggedStruct("MessageInstead", { text: Schema.String })
)

export type MessageInstead = Extract<Answer, { readonly _tag: "MessageInstead" }>

// ---------------------------------------------------------------------------
// Pure helpers
// ---------------------------------------------------------------------------

/** Evaluate a condition against the answers given so far (by question id). */
export const conditionHolds = (condition: Condition, answers: { readonly [id: string]: Answer }): boolean => {
  switch (condition._tag) {
    case "Answered": {
      const a = answers[condition.id]
      return a !== undefined && a._tag !== "Skipped" && a._tag !== "MessageInstead"
    }
    case "ChoiceIs": {
      const a = answers[condition.id]
      return a?._tag === "ChoiceAnswer" && a.value === condition.value
    }
    case "Confirmed": {
      const a = answers[condition.id]
      return a?._tag === "ConfirmAnswer" && a.confirmed
    }
    case "Not":
      return !conditionHolds(condition.condition, answers)
    case "All":
      return condition.conditions.every((c) => conditionHolds(c, answers))
    case "AnyOf":
      return condition.conditions.some((c) => conditionHolds(c, answers))
  }
}

/**
 * The answer used when the user does not answer in time (seeds/001: 5-minute
 * timeout). It never commits anything: dispositions are skipped, confirms take
 * their default, choices take the first option without its reveal.
 */
export const fallbackAnswer = (question: Question): Answer => {
  switch (question._tag) {
    case "ProposeDisposition":
      return { _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } }
    case "Choose": {
      const first = question.options[0]
      return first === undefined ? { _tag: "Skipped" } : { _tag: "ChoiceAnswer", value: first.value }
    }
    case "FreeText":
      return { _tag: "TextAnswer", text: "" }
    case "Confirm":
      return { _tag: "ConfirmAnswer", confirmed: question.default }
    case "QuestionGroup":
      return {
        _tag: "GroupAnswer",
        answers: Object.fromEntries(question.questions.map(({ id, question }) => [id, fallbackAnswer(question)]))
      }
    case "ConditionalQ":
      return { _tag: "Skipped" }
  }
}

/** The follow-up a Choose reveals for the chosen value, if any. */
export const revealedBy = (question: Question & { _tag: "Choose" }, value: string): Option.Option<Question> =>
  Option.fromNullable(Object.hasOwn(question.reveals, value) ? question.reveals[value] : undefined)

/** A one-line text of a question, for logs and the model's tool result. */
export const questionTitle = (question: Question): string => {
  switch (question._tag) {
    case "ProposeDisposition":
      return `What to do with ${question.item}?`
    case "Choose":
    case "FreeText":
    case "Confirm":
      return question.prompt
    case "QuestionGroup":
      return question.title
    case "ConditionalQ":
      return questionTitle(question.question)
  }
}
