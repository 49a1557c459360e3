/**
 * PROPOSE and CONFIRM (seeds/004 PCC): the estimate becomes a proposal — the
 * lines that can be logged, with grams and kcal, and the ones that cannot,
 * with why — and the user confirms it, edits one line of it (only that line
 * is estimated again), retypes it, or says no. The meal is
 * asked for (one choice, the time of day's meal first) when the text did
 * not name one.
 */
import { Effect, Option } from "effect"
import type { Proposal, ProposalLine, SkippedLine } from "../../domain/fitlog/proposal.js"
import { describeProposal, formatGrams, proposalIdFor, replaceLine } from "../../domain/fitlog/proposal.js"
import type { DiaryDate, Meal } from "../../domain/fitlog/types.js"
import { meals } from "../../domain/fitlog/types.js"
import { yesNoQuestion } from "../../domain/question.js"
import type { Question } from "../../domain/question.js"
import { QuestionUI } from "../../services/question-ui/question-ui.js"
import type { Estimate } from "./estimate.js"
import { estimate, itemText, proposalLine, rejection } from "./estimate.js"

/** Ask which meal, offering `likely` first (a non-interactive run takes it). */
export const askMeal = (likely: Meal) =>
  Effect.flatMap(QuestionUI, (ui) =>
    ui.ask({
      _tag: "Choose",
      id: "meal",
      prompt: "Which meal is this?",
      options: [likely, ...meals.filter((m) => m !== likely)].map((m) => ({ value: m, label: m })),
      reveals: {}
    })).pipe(Effect.map((answer): Meal => (answer._tag === "ChoiceAnswer" ? meals.find((m) => m === answer.value) ?? likely : likely)))

export type Proposed =
  | { readonly _tag: "Proposal"; readonly proposal: Proposal }
  /** Nothing in the text can be logged; every line says why. */
  | { readonly _tag: "NothingToLog"; readonly skipped: ReadonlyArray<SkippedLine> }

export const propose = (estimate: Estimate, meal: Meal, date: DiaryDate): Proposed => {
  const lines: Array<ProposalLine> = []
  const skipped: Array<SkippedLine> = []
  for (const item of estimate.items) {
    const problem = rejection(item)
    if (Option.isSome(problem) || item._tag !== "Matched") {
      skipped.push({ text: itemText(item), reason: Option.getOrElse(problem, () => "not matched") })
      continue
    }
    lines.push(proposalLine(item))
  }
  const [first, ...rest] = lines
  if (first === undefined) return { _tag: "NothingToLog", skipped }
  const all: readonly [ProposalLine, ...Array<ProposalLine>] = [first, ...rest]
  return { _tag: "Proposal", proposal: { id: proposalIdFor(date, meal, all), date, meal, lines: all, skipped } }
}

export type Confirmation =
  | { readonly _tag: "Confirmed" }
  | { readonly _tag: "Declined" }
  /** The user retyped the food list. */
  | { readonly _tag: "Edited"; readonly text: string }
  /** The user rewrote one line (0-based `index`); an empty answer keeps its text. */
  | { readonly _tag: "EditedLine"; readonly index: number; readonly text: string }

/** Which line to edit: one option per proposed line, each revealing its text to rewrite. */
const whichLine = (proposal: Proposal): Question => ({
  _tag: "Choose",
  id: "line",
  prompt: "Which line?",
  options: proposal.lines.map((l, i) => ({ value: String(i + 1), label: `${i + 1}. ${l.text} (${formatGrams(l.grams)}, ${l.food})` })),
  reveals: Object.fromEntries(proposal.lines.map((l, i): [string, Question] => [String(i + 1), { _tag: "FreeText", prompt: `Rewrite line ${i + 1}:`, placeholder: l.text }]))
})

/** Show the proposal and ask: log it, edit a line, retype it, or not. */
export const confirm = (proposal: Proposal) =>
  Effect.gen(function*() {
    const ui = yield* QuestionUI
    // "Yes" first, as people read it; an unattended fallback answer is still the no, and never commits.
    const answer = yield* ui.ask(yesNoQuestion({
      id: "confirm",
      prompt: `${describeProposal(proposal)}\n${proposal.lines.some((l) => l.confidence !== undefined) ? "A food marked \"not the food named\" is the closest the tables have: edit that line if it is wrong. " : ""}Log this?`,
      yes: "Yes, log it",
      no: "No, log nothing",
      more: [{ value: "line", label: "Edit a line" }, { value: "edit", label: "Retype the whole list" }],
      reveals: { line: whichLine(proposal), edit: { _tag: "FreeText", prompt: "Type the corrected food list:" } }
    }))
    if (answer._tag !== "ChoiceAnswer") return { _tag: "Declined" } satisfies Confirmation
    if (answer.value === "yes") return { _tag: "Confirmed" } satisfies Confirmation
    if (answer.value === "edit" && answer.followUp?._tag === "TextAnswer" && answer.followUp.text.trim().length > 0) {
      return { _tag: "Edited", text: answer.followUp.text } satisfies Confirmation
    }
    if (answer.value === "line" && answer.followUp?._tag === "ChoiceAnswer") {
      const index = Number(answer.followUp.value) - 1
      const line = proposal.lines[index]
      const typed = answer.followUp.followUp?._tag === "TextAnswer" ? answer.followUp.followUp.text.trim() : ""
      if (line !== undefined) return { _tag: "EditedLine", index, text: typed.length > 0 ? typed : line.text } satisfies Confirmation
    }
    return { _tag: "Declined" } satisfies Confirmation
  })

/** Re-estimate one rewritten line and put it in the proposal's place; the other lines stay as they were. */
export const editLine = (proposal: Proposal, index: number, text: string) =>
  Effect.map(estimate(text), (estimated): Proposal => {
    const proposed = propose(estimated, proposal.meal, proposal.date)
    return proposed._tag === "NothingToLog"
      ? replaceLine(proposal, index, [], proposed.skipped)
      : replaceLine(proposal, index, proposed.proposal.lines, proposed.proposal.skipped)
  })
