/**
 * A proposal (seeds/004 Propose → Confirm → Commit): the corrected food list
 * with grams and kcal, for one meal of one day, that the user confirms before
 * anything is written. Its id is a hash of what it would write, so the same
 * proposal committed twice is recognised and never double-logged.
 */
import { Schema } from "effect"
import { divideDetail, NutrientDetail } from "./nutrients.js"
import { DiaryDate, Meal, tableOfSource } from "./types.js"

export const ProposalId = Schema.String.pipe(Schema.pattern(/^p-[0-9a-f]{8,16}$/), Schema.brand("ProposalId"))
export type ProposalId = typeof ProposalId.Type

export const ProposalLine = Schema.Struct({
  text: Schema.String,
  food: Schema.String,
  foodId: Schema.String,
  grams: Schema.Number,
  kcal: Schema.NullOr(Schema.Number),
  protein_g: Schema.NullOr(Schema.Number),
  carbs_g: Schema.NullOr(Schema.Number),
  fat_g: Schema.NullOr(Schema.Number),
  source: Schema.String,
  assumption: Schema.optionalWith(Schema.String, { exact: true }),
  /** Present when the food is the closest the tables have, not the one named: how sure the match is (0–1). */
  confidence: Schema.optionalWith(Schema.Number, { exact: true }),
  /** Every other SR28 nutrient for these grams (nutrients.ts); absent in proposals saved before it existed. */
  detail: Schema.optionalWith(NutrientDetail, { exact: true })
})
export type ProposalLine = typeof ProposalLine.Type

export const SkippedLine = Schema.Struct({ text: Schema.String, reason: Schema.String })
export type SkippedLine = typeof SkippedLine.Type

export const Proposal = Schema.Struct({
  id: ProposalId,
  date: DiaryDate,
  meal: Meal,
  lines: Schema.NonEmptyArray(ProposalLine),
  skipped: Schema.Array(SkippedLine)
})
export type Proposal = typeof Proposal.Type

/** FNV-1a, twice with different seeds: a stable 16-hex-digit digest (not for security, for identity). */
const fnv = (text: string, seed: number): string => {
  let h = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, "0")
}

/** `repeat` > 0: the same food logged again on purpose (`--again`), the n-th repeat — a distinct entry. */
export const proposalIdFor = (date: string, meal: Meal, lines: ReadonlyArray<ProposalLine>, repeat = 0): ProposalId => {
  const key = [date, meal, ...lines.map((l) => `${l.foodId}:${l.grams}:${l.text.toLowerCase()}`), ...(repeat > 0 ? [`again:${repeat}`] : [])].join("|")
  return ProposalId.make(`p-${fnv(key, 0x811c9dc5)}${fnv(key, 0x01234567)}`)
}

const pad = (s: string, n: number) => (s.length >= n ? s : s + " ".repeat(n - s.length))
const fmtKcal = (k: number | null) => (k === null ? "?" : String(Math.round(k)))

/**
 * The summary table of seeds/000: `Food | Amount | Calories`, and a Table column (FNDDS, SR28, CoFID) when the
 * lines say which table each food came from.
 */
export const summaryTable = (lines: ReadonlyArray<{ readonly food: string; readonly amount: string; readonly kcal: number | null; readonly source?: string }>): string => {
  const w = Math.max(4, ...lines.map((l) => l.food.length))
  const a = Math.max(6, ...lines.map((l) => l.amount.length))
  const total = lines.reduce((s, l) => s + (l.kcal ?? 0), 0)
  const tables = lines.some((l) => l.source !== undefined)
  const c = 8
  const row = (food: string, amount: string, kcal: string, table: string) =>
    tables ? `${pad(food, w)} | ${pad(amount, a)} | ${pad(kcal, c)} | ${table}` : `${pad(food, w)} | ${pad(amount, a)} | ${kcal}`
  return [
    row("Food", "Amount", "Calories", "Table"),
    tables ? `${"-".repeat(w)}-|-${"-".repeat(a)}-|-${"-".repeat(c)}-|------` : `${"-".repeat(w)}-|-${"-".repeat(a)}-|---------`,
    ...lines.map((l) => row(l.food, l.amount, fmtKcal(l.kcal), l.source === undefined ? "" : tableOfSource(l.source) ?? l.source)),
    row("Total", "", String(Math.round(total)), "").trimEnd()
  ].join("\n")
}

export const formatGrams = (g: number) => `${Math.round(g * 10) / 10} g`

/** What a closest match says: the food is another than the one named, and how sure the match is. */
export const closestNote = (text: string, food: string, confidence: number): string =>
  `not the food named: "${text}" is closest to ${food} (${Math.round(confidence * 100)} % sure)`

/**
 * The proposal as `--yes` logs it: the lines whose food is the one named or a closest match at least `line` sure;
 * the others join `skipped`, reported unmatched. None when no line is left.
 */
export const withoutUnsure = (p: Proposal, line: number): { readonly proposal: Proposal | undefined; readonly held: ReadonlyArray<SkippedLine> } => {
  const unsure = (l: ProposalLine) => l.confidence !== undefined && l.confidence < line
  const held = p.lines.filter(unsure).map((l) => ({ text: l.text, reason: `unmatched: ${closestNote(l.text, l.food, l.confidence ?? 0)}, below the ${Math.round(line * 100)} % that --yes logs without asking; log it without --yes to confirm it, or name the food` }))
  if (held.length === 0) return { proposal: p, held }
  const [first, ...rest] = p.lines.filter((l) => !unsure(l))
  if (first === undefined) return { proposal: undefined, held }
  const lines: readonly [ProposalLine, ...Array<ProposalLine>] = [first, ...rest]
  return { proposal: { ...p, id: proposalIdFor(p.date, p.meal, lines), lines, skipped: [...p.skipped, ...held] }, held }
}

/** The proposal as the user reads it before confirming. */
export const describeProposal = (p: Proposal): string =>
  [
    `${p.meal[0]?.toUpperCase()}${p.meal.slice(1)}, ${p.date} (proposal ${p.id}):`,
    summaryTable(p.lines.map((l) => ({ food: l.food, amount: formatGrams(l.grams), kcal: l.kcal, source: l.source }))),
    ...p.lines.flatMap((l) => (l.assumption === undefined ? [] : [`  assumed: ${l.assumption}`])),
    ...p.lines.flatMap((l) => (l.confidence === undefined ? [] : [`  ${closestNote(l.text, l.food, l.confidence)}`])),
    ...p.skipped.map((s) => `  not logged: "${s.text}" — ${s.reason}`)
  ].join("\n")

/** The same proposal as its `repeat`-th deliberate repeat: same lines, its own id. */
export const repeated = (p: Proposal, repeat: number): Proposal => ({ ...p, id: proposalIdFor(p.date, p.meal, p.lines, repeat) })

/** Sanity bounds of one meal: beyond them it is more likely a typo ("2000 g" for "200 g") than a meal, so it is asked about. */
export const mealBounds = { kcal: 5000, items: 60 } as const

/** Why this proposal is beyond a sanity bound, or undefined. */
export const overBound = (p: Proposal): string | undefined => {
  const kcal = Math.round(p.lines.reduce((s, l) => s + (l.kcal ?? 0), 0))
  if (kcal > mealBounds.kcal) return `this meal is ${kcal} kcal, more than the ${mealBounds.kcal} kcal one meal is expected to hold (check the amounts, or log it in parts)`
  if (p.lines.length > mealBounds.items) return `this meal has ${p.lines.length} foods, more than the ${mealBounds.items} one meal is expected to hold (log it in parts)`
  return undefined
}

/** One of `servings` equal portions of a recipe's proposal (seeds/004 calculate_recipe_serving). */
export const portionOf = (proposal: Proposal, servings: number): Proposal => {
  const scale = (v: number | null) => (v === null ? null : Math.round((v / servings) * 10) / 10)
  const [first, ...rest] = proposal.lines.map((l) => ({
    ...l, text: `1/${servings} of recipe: ${l.text}`, grams: Math.round((l.grams / servings) * 10) / 10,
    kcal: scale(l.kcal), protein_g: scale(l.protein_g), carbs_g: scale(l.carbs_g), fat_g: scale(l.fat_g),
    ...(l.detail === undefined ? {} : { detail: divideDetail(l.detail, servings) })
  }))
  // A portion is a different entry from the batch and from other portions: its id names its own lines.
  return first === undefined ? proposal : { ...proposal, id: proposalIdFor(proposal.date, proposal.meal, [first, ...rest]), lines: [first, ...rest] }
}

/** "serves 4", "4 servings", "makes 6 portions"; 1 when the text does not say. */
export const servingsIn = (text: string): number => {
  const m = /\b(?:serves|makes)\s+(\d+)|(\d+)\s+(?:servings|portions)\b/i.exec(text)
  const n = Number(m?.[1] ?? m?.[2] ?? 1)
  return Number.isFinite(n) && n >= 1 ? n : 1
}

/** A recipe's ingredient lines: those that start with an amount (titles, steps and "serves 4" are not food). */
export const ingredientLines = (text: string): string =>
  text.split(/\n/).filter((l) => /^\s*(\d|[½¼¾⅓⅔]|an?\s|one\s|two\s|half\s)/i.test(l) && !/\b(serves|makes)\s+\d+|\d+\s+(servings|portions)/i.test(l)).join("\n")

/**
 * The proposal with line `index` (0-based) replaced by `replacement` (the
 * re-estimated line: usually one, none when it could not be read) and the
 * replacement's unloggable parts added to `skipped`. The other lines are
 * untouched; the id is recomputed, since it names what would be written.
 * An index out of range, or a replacement that would leave no line, keeps
 * the old line (with the reasons in `skipped`).
 */
export const replaceLine = (
  proposal: Proposal,
  index: number,
  replacement: ReadonlyArray<ProposalLine>,
  skipped: ReadonlyArray<SkippedLine>
): Proposal => {
  if (index < 0 || index >= proposal.lines.length) return proposal
  const kept = replacement.length === 0 ? proposal.lines.slice(index, index + 1) : replacement
  const [first, ...rest] = [...proposal.lines.slice(0, index), ...kept, ...proposal.lines.slice(index + 1)]
  if (first === undefined) return proposal
  const lines: readonly [ProposalLine, ...Array<ProposalLine>] = [first, ...rest]
  return { ...proposal, id: proposalIdFor(proposal.date, proposal.meal, lines), lines, skipped: [...proposal.skipped, ...skipped] }
}
