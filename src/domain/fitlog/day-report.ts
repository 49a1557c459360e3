/**
 * A day of the diary as text (`shoal fitlog today`): each meal's foods with
 * grams and kcal, the meal totals, the day's totals against goals, and the
 * day's fibre, sugar, sodium, saturated fat, vitamins and minerals (an
 * unknown value is said to be unknown, never counted as 0). Pure.
 */
import type { NutrientDetail } from "./nutrients.js"
import { formatAmount, nutrientInfo, shownNutrients, sumDetail } from "./nutrients.js"
import { formatGrams, summaryTable } from "./proposal.js"
import type { Meal } from "./types.js"
import { meals, tablesOf } from "./types.js"

export interface DayEntry {
  readonly meal: Meal
  readonly food: string
  readonly grams: number
  readonly kcal: number | null
  readonly protein_g: number | null
  readonly carbs_g: number | null
  readonly fat_g: number | null
  readonly detail?: NutrientDetail
  /** The table the food came from (`sourceOf`: "USDA FNDDS 2021-2023 #…"). */
  readonly source?: string
}

export interface DayGoals {
  readonly calories?: number
  readonly protein?: number
  readonly carbs?: number
  readonly fat?: number
}

export interface DayTotals {
  readonly kcal: number
  readonly protein_g: number
  readonly carbs_g: number
  readonly fat_g: number
}

const add = (values: ReadonlyArray<number | null>) => Math.round(values.reduce<number>((s, v) => s + (v ?? 0), 0) * 10) / 10

export const dayTotals = (entries: ReadonlyArray<DayEntry>): DayTotals => ({
  kcal: Math.round(add(entries.map((e) => e.kcal))),
  protein_g: add(entries.map((e) => e.protein_g)),
  carbs_g: add(entries.map((e) => e.carbs_g)),
  fat_g: add(entries.map((e) => e.fat_g))
})

const against = (label: string, value: number, unit: string, goal: number | undefined) =>
  goal === undefined ? `${label} ${value}${unit}` : `${label} ${value} / ${goal}${unit} (${goal - value >= 0 ? `${Math.round((goal - value) * 10) / 10} left` : `${Math.round((value - goal) * 10) / 10} over`})`

/** The day's detail nutrients, one line each: "Fibre 12.3 g", "(1 of 3 foods unknown)" when some entries lack it. */
export const nutrientLines = (entries: ReadonlyArray<DayEntry>): ReadonlyArray<string> => {
  const details = entries.map((e) => e.detail)
  const width = Math.max(...shownNutrients.map((k) => nutrientInfo(k).label.length))
  return shownNutrients.map((k) => {
    const info = nutrientInfo(k)
    const total = sumDetail(details, k)
    const label = info.label.padEnd(width)
    if (total.value === null) return `  ${label}  unknown`
    const missing = details.filter((d) => d === undefined || d[k] === null).length
    return `  ${label}  ${formatAmount(total.value)} ${info.unit}${total.partial ? ` (at least: ${missing} of ${details.length} foods unknown)` : ""}`
  })
}

export const dayReport = (date: string, entries: ReadonlyArray<DayEntry>, goals: DayGoals): string => {
  if (entries.length === 0) return `${date}: nothing logged yet.${goals.calories === undefined ? "" : ` Goal: ${goals.calories} kcal.`}`
  const sections = meals.flatMap((meal) => {
    const mine = entries.filter((e) => e.meal === meal)
    if (mine.length === 0) return []
    return [`${meal[0]?.toUpperCase()}${meal.slice(1)}`, summaryTable(mine.map((e) => ({ food: e.food, amount: formatGrams(e.grams), kcal: e.kcal, ...(e.source === undefined ? {} : { source: e.source }) }))), ""]
  })
  const t = dayTotals(entries)
  return [
    `${date}`,
    "",
    ...sections,
    against("Calories", t.kcal, " kcal", goals.calories),
    against("Protein", t.protein_g, " g", goals.protein),
    against("Carbs", t.carbs_g, " g", goals.carbs),
    against("Fat", t.fat_g, " g", goals.fat),
    "",
    `Nutrients (${tablesOf(entries.flatMap((e) => (e.source === undefined ? [] : [e.source])))}):`,
    ...nutrientLines(entries)
  ].join("\n")
}
