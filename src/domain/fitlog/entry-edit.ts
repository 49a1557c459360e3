/**
 * Editing logged food by name, as people say it in the chat: "remove the
 * almonds", "take the toast off", "make the rice 200 g", "change the milk
 * to 100ml", "the eggs were 3 not 2".
 *
 * Where it sits: read by the chat's rules (chat-router.ts routes such a
 * message to an edit, with or without a model); the chat agent finds the
 * entry with `findEntry` among today's diary entries (or the proposal
 * waiting for a yes), and a new amount rescales the entry (`newGramsFor`,
 * `resized`), keeping its food. Pure.
 */
import { Option } from "effect"
import { singulars } from "../shop/name-head.js"
import { structuralWords } from "./english.js"
import { divideDetail } from "./nutrients.js"
import type { ProposalLine } from "./proposal.js"
import { leadingAmount, trailingAmount } from "./quantity.js"
import type { Amount } from "./quantity.js"
import { meals } from "./types.js"
import type { Meal, Unit } from "./types.js"

/** A new amount as the user typed it ("200 g"), and as read. */
export interface NewAmount {
  readonly text: string
  readonly quantity: number
  readonly unit: Unit | undefined
}

/** `meal`: the meal the user named ("remove the coffee from lunch"), to tell entries of the same name apart. */
export type EntryEdit =
  | { readonly _tag: "Remove"; readonly name: string; readonly meal?: Meal }
  | { readonly _tag: "Change"; readonly name: string; readonly amount: NewAmount; readonly meal?: Meal }

const tidy = (text: string): string => text.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ").replace(/[.!]+$/, "").trim()

/** "the", "my", "those" before the name; "from today", "off my breakfast" after it. */
const leadingDeterminer = /^(?:(?:all\s+)?(?:the|my|that|those|these|this)\s+)+/i
const trailingPlace = /\s+(?:from|off|out of|in)\s+(?:my\s+|the\s+|today'?s?\s+)?(?:today|diary|log|list|day|breakfast|lunch|dinner|supper|snacks?|meal|entries)\b.*$/i
/** A name that is only a pronoun says which entry only to someone who saw the last one. */
const pronoun = /^(?:it|them|that|this|those|these|one|some|all)$/i
/** Goals and targets are changed elsewhere ("make my calories 2200"): never an entry. */
const goalWord = /\b(?:goals?|targets?|calories|kcal|protein|carbs?|fat|weight|height|age)\b/i

/** The meal a trailing place names ("from lunch", "in my breakfast"; "snack" is snacks). */
const mealIn = (raw: string): { readonly meal?: Meal } => {
  const said = trailingPlace.exec(raw)?.[0].toLowerCase() ?? ""
  const meal = meals.find((m) => new RegExp(`\\b${m.replace(/s$/, "")}s?\\b`).test(said))
  return meal === undefined ? {} : { meal }
}

const cleanName = (raw: string): Option.Option<string> => {
  const name = raw.replace(trailingPlace, "").replace(leadingDeterminer, "").trim()
  // "drop of milk", "scratch of …": an amount of a food, not an entry to take out.
  return name === "" || /^of\b/i.test(name) || pronoun.test(name) || goalWord.test(name) || /\d/.test(name) ? Option.none() : Option.some(name)
}

const removal = [
  /^(?:please\s+|can you\s+|could you\s+)?(?:remove|delete|erase|drop|scratch|take off|get rid of|undo)\s+(.+?)(?:\s+please)?$/i,
  /^(?:please\s+)?take\s+(.+?)\s+(?:off|out)(?:\s+.*)?$/i
]

const change = [
  /^(?:please\s+)?(?:make|change|set|update|correct|fix)\s+(.+?)\s+(?:to\s+|into\s+)?(\d.*?)(?:\s+instead)?(?:\s+please)?$/i,
  /^(.+?)\s+(?:was|were|is|are|should be|should have been)\s+(?:actually\s+|really\s+|only\s+)?(\d[^,]*?)(?:\s*,?\s*(?:not|instead of|rather than)\s+.*)?$/i
]

/** The amount of "200 g", "100ml", "3": a number and, if any, a unit — nothing else after it. */
const readAmount = (text: string): Option.Option<NewAmount> => {
  const amount = leadingAmount(text.trim())
  return amount === undefined || amount.rest !== "" || amount.assumption !== undefined
    ? Option.none()
    : Option.some({ text: text.trim(), quantity: amount.quantity, unit: amount.unit })
}

/** The edit a chat message asks for, if it is one. */
export const readEntryEdit = (message: string): Option.Option<EntryEdit> => {
  const text = tidy(message)
  for (const pattern of removal) {
    const m = pattern.exec(text)
    if (m !== null) return Option.map(cleanName(m[1] ?? ""), (name): EntryEdit => ({ _tag: "Remove", name, ...mealIn(m[1] ?? "") }))
  }
  for (const pattern of change) {
    const m = pattern.exec(text)
    if (m === null) continue
    const edit = Option.zipWith(cleanName(m[1] ?? ""), readAmount(m[2] ?? ""), (name, amount): EntryEdit => ({ _tag: "Change", name, amount, ...mealIn(m[1] ?? "") }))
    if (Option.isSome(edit)) return edit
  }
  return Option.none()
}

// ---------------------------------------------------------------------------
// Finding the entry
// ---------------------------------------------------------------------------

/** What an entry is called: the words the user logged it with, and its food's description (and, in the diary, its meal and weight). */
export interface NamedEntry {
  readonly text: string
  readonly food: string
  readonly meal?: Meal
  readonly grams?: number
}

export type Found =
  | { readonly _tag: "One"; readonly index: number }
  | { readonly _tag: "Several"; readonly indexes: ReadonlyArray<number> }
  | { readonly _tag: "None" }

const wordsOf = (text: string): ReadonlyArray<string> =>
  text.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9]+/).filter((w) => w.length > 0)

/** The same word, or the same in the singular and the plural (egg/eggs, cherry/cherries). */
const sameWord = (a: string, b: string): boolean => a === b || singulars(a).some((s) => singulars(b).includes(s))

const sameEntry = (a: NamedEntry | undefined, b: NamedEntry | undefined): boolean =>
  a !== undefined && b !== undefined && a.text === b.text && a.food === b.food && a.meal === b.meal && a.grams === b.grams

/**
 * The entries `name` names: those whose text and food description hold every
 * word of it (function words aside), in either number and any case, in
 * `meal` when one is said. Entries alike in every way (the same food logged
 * twice) are one choice: the last of them is taken.
 */
export const findEntry = (name: string, entries: ReadonlyArray<NamedEntry>, meal?: Meal): Found => {
  const wanted = wordsOf(name).filter((w) => !structuralWords.has(w))
  if (wanted.length === 0) return { _tag: "None" }
  const indexes = entries.flatMap((entry, index) => {
    if (meal !== undefined && entry.meal !== undefined && entry.meal !== meal) return []
    const have = wordsOf(`${entry.text} ${entry.food}`)
    return wanted.every((w) => have.some((h) => sameWord(w, h))) ? [index] : []
  })
  const last = indexes.at(-1)
  if (last === undefined) return { _tag: "None" }
  return indexes.every((i) => sameEntry(entries[i], entries[last])) ? { _tag: "One", index: last } : { _tag: "Several", indexes }
}

// ---------------------------------------------------------------------------
// A new amount
// ---------------------------------------------------------------------------

/** Grams in one of each unit of mass. */
const gramsPer: Partial<Record<Unit, number>> = { g: 1, mg: 0.001, kg: 1000, oz: 28.3495, lb: 453.592 }
/** Millilitres in one of each unit of volume (US measures). */
const mlPer: Partial<Record<Unit, number>> = { ml: 1, l: 1000, "fl oz": 29.5735, cup: 240, tbsp: 14.787, tsp: 4.929, pint: 473.176 }

const round1 = (n: number) => Math.round(n * 10) / 10

/** The amount an entry was logged with ("2 eggs", "135g rice", "rice 135 g"); none when its text gives none. */
const loggedAmount = (entry: { readonly text: string }): Amount | undefined => leadingAmount(entry.text) ?? trailingAmount(entry.text)

/**
 * The entry's grams at the new amount: grams as said for a mass; for a count,
 * or a unit of the kind the entry was logged in, its grams scaled by the
 * ratio ("3" eggs of "2 eggs", "100ml" of "250ml milk"). None when the two
 * do not compare ("2 cups" of "a coffee"): the caller estimates it afresh.
 */
export const newGramsFor = (amount: NewAmount, entry: { readonly text: string; readonly grams: number }): Option.Option<number> => {
  const mass = amount.unit === undefined ? undefined : gramsPer[amount.unit]
  if (mass !== undefined) return Option.some(round1(amount.quantity * mass))
  const old = loggedAmount(entry) ?? { quantity: 1, unit: undefined, rest: entry.text }
  if (old.quantity <= 0) return Option.none()
  if (amount.unit === old.unit) return Option.some(round1((entry.grams * amount.quantity) / old.quantity))
  const newMl = amount.unit === undefined ? undefined : mlPer[amount.unit]
  const oldMl = old.unit === undefined ? undefined : mlPer[old.unit]
  if (newMl !== undefined && oldMl !== undefined) return Option.some(round1((entry.grams * amount.quantity * newMl) / (old.quantity * oldMl)))
  return Option.none()
}

/** The entry at `grams` (its food kept; kcal and every nutrient scaled), its text saying the new amount (an amount once assumed no longer is). */
export const resized = (entry: ProposalLine, grams: number, amountText: string): ProposalLine => {
  const factor = entry.grams > 0 ? grams / entry.grams : 0
  const scale = (v: number | null) => (v === null ? null : round1(v * factor))
  const rest = loggedAmount(entry)?.rest ?? entry.text
  // "2 cups of milk", "3 slices of toast"; but "200 g rice", "100ml milk", "3 eggs".
  const of = /[a-z]{3,}$/i.test(amountText) ? " of" : ""
  const { assumption: _assumed, detail, ...line } = entry
  return {
    ...line,
    text: `${amountText}${of} ${rest}`.trim(),
    grams: round1(grams),
    kcal: scale(entry.kcal),
    protein_g: scale(entry.protein_g),
    carbs_g: scale(entry.carbs_g),
    fat_g: scale(entry.fat_g),
    ...(detail === undefined || factor === 0 ? {} : { detail: divideDetail(detail, 1 / factor) })
  }
}
