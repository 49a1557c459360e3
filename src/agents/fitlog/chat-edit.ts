/**
 * The chat's edits of logged food by name, offline as online: "remove the
 * almonds", "take off the toast", "make the rice 200 g", "the eggs were 3
 * not 2" (read by domain/fitlog/entry-edit.ts).
 *
 * Where it sits: the act stage of a chat turn routed to `EditEntry`. While
 * a proposal waits for a yes, the name is looked for in it (it is changed
 * there and asked again: nothing was written yet); otherwise in today's
 * diary, where the change becomes a pending action the user confirms
 * (Propose → Confirm → Commit: nothing in the diary changes before the yes).
 * A name that fits no entry says so and lists them; one that fits several
 * asks which.
 */
import { Effect, Option } from "effect"
import { findEntry, newGramsFor, resized } from "../../domain/fitlog/entry-edit.js"
import type { EntryEdit, NamedEntry, NewAmount } from "../../domain/fitlog/entry-edit.js"
import { formatGrams, proposalIdFor, replaceLine } from "../../domain/fitlog/proposal.js"
import type { Proposal, ProposalLine } from "../../domain/fitlog/proposal.js"
import type { DiaryDate } from "../../domain/fitlog/types.js"
import { Diary } from "../../services/diary/diary.js"
import type { DiaryRow } from "../../services/diary/diary.js"
import type { PendingAction } from "./chat-state.js"
import { estimate, proposalLine } from "./estimate.js"

export type EditOutcome =
  /** Nothing changes (no such entry, several, an amount that cannot be read): just this reply. */
  | { readonly _tag: "Reply"; readonly reply: string }
  /** A change to ask yes or no about: to the diary (an `EntryChange`) or to the proposal waiting (a new `FoodLog`). */
  | { readonly _tag: "Ask"; readonly pending: PendingAction; readonly note: string }
  /** The waiting proposal lost its only food: nothing waits any more. */
  | { readonly _tag: "NothingLeft"; readonly reply: string }

/** "2 eggs" (Egg, whole, cooked, fried, 92 g, 180 kcal) */
export const describeEntry = (l: Pick<ProposalLine, "text" | "food" | "grams" | "kcal">): string =>
  `"${l.text}" (${l.food}, ${formatGrams(l.grams)}, ${l.kcal === null ? "?" : Math.round(l.kcal)} kcal)`

const listed = (entries: ReadonlyArray<NamedEntry & { readonly meal?: string }>, indexes: ReadonlyArray<number>): string =>
  indexes.flatMap((i, n) => {
    const e = entries[i]
    return e === undefined ? [] : [`  ${n + 1}. ${e.text} — ${e.food}${e.meal === undefined ? "" : ` (${e.meal})`}`]
  }).join("\n")

const what = (edit: EntryEdit) => (edit._tag === "Remove" ? "remove" : "change")

/** The line at its new amount: by the units when they compare, else the new amount estimated afresh (its grams only; the food stays). */
const atNewAmount = (line: ProposalLine, amount: NewAmount) =>
  Option.match(newGramsFor(amount, line), {
    onSome: (grams) => Effect.succeed(Option.some(resized(line, grams, amount.text))),
    onNone: () => {
      const named = resized(line, line.grams, amount.text).text
      return Effect.map(estimate(named), (e) => {
        const first = e.items.find((i) => i._tag === "Matched")
        return first === undefined || first._tag !== "Matched" ? Option.none<ProposalLine>() : Option.some(resized(line, proposalLine(first).grams, amount.text))
      })
    }
  })

const cannotWeigh = (edit: EntryEdit & { readonly _tag: "Change" }) =>
  `I could not tell what ${edit.amount.text} of ${edit.name} weighs. Say it in grams, e.g. "make the ${edit.name} 150 g".`

/** The proposal without line `index`, or none when it was the only one. */
const withoutLine = (proposal: Proposal, index: number): Option.Option<Proposal> => {
  const [first, ...rest] = proposal.lines.filter((_, i) => i !== index)
  if (first === undefined) return Option.none()
  const lines: readonly [ProposalLine, ...Array<ProposalLine>] = [first, ...rest]
  return Option.some({ ...proposal, id: proposalIdFor(proposal.date, proposal.meal, lines), lines })
}

const editProposal = (edit: EntryEdit, proposal: Proposal, index: number, line: ProposalLine) =>
  Effect.gen(function*() {
    if (edit._tag === "Remove") {
      return Option.match(withoutLine(proposal, index), {
        onNone: (): EditOutcome => ({ _tag: "NothingLeft", reply: `Taken off ${describeEntry(line)}. That was the only food, so nothing is waiting to be logged.` }),
        onSome: (p): EditOutcome => ({ _tag: "Ask", pending: { _tag: "FoodLog", proposal: p }, note: `Taken off ${describeEntry(line)}.` })
      })
    }
    const changed = yield* atNewAmount(line, edit.amount)
    return Option.match(changed, {
      onNone: (): EditOutcome => ({ _tag: "Reply", reply: cannotWeigh(edit) }),
      onSome: (l): EditOutcome => ({
        _tag: "Ask",
        pending: { _tag: "FoodLog", proposal: replaceLine(proposal, index, [l], []) },
        note: `Changed ${describeEntry(line)} to ${describeEntry(l)}.`
      })
    })
  })

const editDiary = (edit: EntryEdit, row: DiaryRow) =>
  Effect.gen(function*() {
    const was: ProposalLine = {
      text: row.text, food: row.food, foodId: row.foodId, grams: row.grams, kcal: row.kcal,
      protein_g: row.protein_g, carbs_g: row.carbs_g, fat_g: row.fat_g, source: row.source, detail: row.detail
    }
    const base = { _tag: "EntryChange", entry: row.entry, date: row.date, meal: row.meal, was } as const
    if (edit._tag === "Remove") return { _tag: "Ask", pending: { ...base, becomes: null }, note: "" } satisfies EditOutcome
    const changed = yield* atNewAmount(was, edit.amount)
    return Option.match(changed, {
      onNone: (): EditOutcome => ({ _tag: "Reply", reply: cannotWeigh(edit) }),
      onSome: (becomes): EditOutcome => ({ _tag: "Ask", pending: { ...base, becomes }, note: "" })
    })
  })

/** Carry out `edit` on the proposal waiting for a yes, if there is one, else on today's diary. */
export const editByName = Effect.fn("fitlog.chat.editByName")(function*(edit: EntryEdit, pending: Option.Option<PendingAction>, date: DiaryDate) {
  if (Option.isSome(pending) && pending.value._tag === "FoodLog") {
    const proposal = pending.value.proposal
    const found = findEntry(edit.name, proposal.lines)
    if (found._tag === "One") {
      const line = proposal.lines[found.index]
      if (line !== undefined) return yield* editProposal(edit, proposal, found.index, line)
    }
    if (found._tag === "Several") {
      return { _tag: "Reply", reply: `"${edit.name}" could be any of these in the proposal:\n${listed(proposal.lines, found.indexes)}\nWhich one? Say more of its name.` } satisfies EditOutcome
    }
    // Not in the proposal: the diary is edited only once the proposal is answered (one thing waits for a yes at a time).
    return {
      _tag: "Reply",
      reply: `I can't find "${edit.name}" in the proposal waiting for your yes:\n${listed(proposal.lines, proposal.lines.map((_, i) => i))}\n` +
        `To ${what(edit)} something already logged, say yes or no to the proposal first.`
    } satisfies EditOutcome
  }
  const diary = yield* Diary
  const rows = yield* diary.day(date)
  const found = findEntry(edit.name, rows, edit.meal)
  switch (found._tag) {
    case "None":
      return {
        _tag: "Reply",
        reply: rows.length === 0
          ? `Nothing is logged today, so there is no "${edit.name}" to ${what(edit)}.`
          : `I can't find "${edit.name}"${edit.meal === undefined ? "" : ` in ${edit.meal}`} in today's diary. Today has:\n${listed(rows, rows.map((_, i) => i))}`
      } satisfies EditOutcome
    case "Several":
      return {
        _tag: "Reply",
        reply: `"${edit.name}" could be any of these today:\n${listed(rows, found.indexes)}\nWhich one? Say more of its name, or its meal ("${what(edit)} the ${edit.name} from ${rows[found.indexes.at(-1) ?? 0]?.meal ?? "lunch"}").`
      } satisfies EditOutcome
    case "One": {
      const row = rows[found.index]
      if (row === undefined) return { _tag: "Reply", reply: `I can't find "${edit.name}" in today's diary.` } satisfies EditOutcome
      return yield* editDiary(edit, row)
    }
  }
})
