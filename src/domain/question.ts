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

/** What an option of a yes/no question stands for: a typed "y", "ok", 👍 picks the "yes" one (see `readYesNo`). */
export const YesOrNo = Schema.Literal("yes", "no")
export type YesOrNo = typeof YesOrNo.Type

export const ChoiceOption = Schema.Struct({
  value: Schema.String,
  label: Schema.String,
  description: Schema.optionalWith(Schema.String, { exact: true }),
  means: Schema.optionalWith(YesOrNo, { exact: true })
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
     * One of `options`. The answer when the user does not choose — "Not now",
     * a closed input, the 5-minute timeout (`fallbackAnswer`) — is the option
     * `fallback` names, else the FIRST option: make it the safe one ("no",
     * "none of these"), never one that commits. A yes/no question
     * (`yesNoQuestion`) lists its yes first and names its no as `fallback`.
     */
    readonly _tag: "Choose"
    readonly id: string
    readonly prompt: string
    readonly options: ReadonlyArray<ChoiceOption>
    /** option value → the follow-up question that choosing it reveals */
    readonly reveals: { readonly [value: string]: Question }
    /** The value of the option taken when the user does not choose; absent (or naming no option): the first. */
    readonly fallback?: string
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
    reveals: Schema.Record({ key: Schema.String, value: Schema.suspend(() => Question) }),
    fallback: Schema.optionalWith(Schema.String, { exact: true })
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
 * their default, choices take their `fallback` option (else the first)
 * without its reveal.
 */
export const fallbackAnswer = (question: Question): Answer => {
  switch (question._tag) {
    case "ProposeDisposition":
      return { _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } }
    case "Choose": {
      const safe = fallbackOption(question)
      return safe === undefined ? { _tag: "Skipped" } : { _tag: "ChoiceAnswer", value: safe.value }
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

/** The option a Choose takes when the user does not choose: the one `fallback` names, else the first. */
export const fallbackOption = (question: Question & { _tag: "Choose" }): ChoiceOption | undefined =>
  question.options.find((o) => question.fallback !== undefined && o.value === question.fallback) ?? question.options[0]

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

// ---------------------------------------------------------------------------
// Yes/no questions
// ---------------------------------------------------------------------------

/** Whole answers that mean yes or no, as typed: lower case, words single-spaced, punctuation gone. */
const yesReplies = new Set(["y", "yes", "yes please", "ok", "okay", "ok please", "sure", "yep", "yeah", "yup", "👍"])
const noReplies = new Set(["n", "no", "nope", "nah", "no thanks", "no thank you", "👎"])

/**
 * A typed reply read as yes or no: y / yes / yes please / ok / okay / sure /
 * yep / 👍 (any skin tone) are yes, n / no / nope / no thanks / 👎 are no, in
 * any case, with any spacing and punctuation around. Only a whole answer
 * counts: "not sure", "no idea", "yesterday" are neither (none), so the
 * asker can take them as something else.
 */
export const readYesNo = (reply: string): Option.Option<boolean> => {
  const tokens = reply
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .match(/[\p{L}\p{N}']+|👍|👎/gu) ?? []
  // "yes yes", "👍👍": one answer said twice.
  const words = tokens.map((t) => t.replace(/^'+|'+$/g, "")).filter((t, i, all) => t !== "" && t !== all[i - 1]).join(" ")
  return yesReplies.has(words) ? Option.some(true) : noReplies.has(words) ? Option.some(false) : Option.none()
}

/**
 * A yes/no question: one `Choose` whose FIRST option is the yes (as people
 * expect to read it) and whose unanswered fallback is the no, so nothing is
 * committed unattended. Typed yes and no words pick its options in every UI
 * (`readYesNo`); `more` options (an edit, a retype) follow them.
 */
export const yesNoQuestion = (q: {
  readonly id: string
  readonly prompt: string
  readonly yes: string
  readonly no: string
  readonly more?: ReadonlyArray<ChoiceOption>
  readonly reveals?: { readonly [value: string]: Question }
}): Question & { readonly _tag: "Choose" } => ({
  _tag: "Choose",
  id: q.id,
  prompt: q.prompt,
  options: [{ value: "yes", label: q.yes, means: "yes" }, { value: "no", label: q.no, means: "no" }, ...(q.more ?? [])],
  reveals: q.reveals ?? {},
  fallback: "no"
})

/** Whether the answer to a `yesNoQuestion` (or a `Confirm`) is yes. */
export const saidYes = (answer: Answer): boolean =>
  (answer._tag === "ChoiceAnswer" && answer.value === "yes") || (answer._tag === "ConfirmAnswer" && answer.confirmed)

/** The option a typed yes or no picks, by what the options mean; none when the reply is neither or no option means it. */
export const optionMeaning = <O extends { readonly means?: YesOrNo }>(reply: string, options: ReadonlyArray<O>): Option.Option<number> =>
  Option.flatMap(readYesNo(reply), (yes) => {
    const i = options.findIndex((o) => o.means === (yes ? "yes" : "no"))
    return i >= 0 ? Option.some(i) : Option.none()
  })
