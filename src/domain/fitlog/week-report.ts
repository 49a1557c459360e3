/**
 * The last seven days as text ("how am I doing this week?" in `chat`): each
 * day's kcal, the average over the days that have entries against the
 * calorie goal, and the insights' suggestions. Pure.
 */
import { DateTime } from "effect"
import type { DayEntry, DayGoals } from "./day-report.js"
import { dayTotals } from "./day-report.js"
import { insights } from "./insights.js"

export interface WeekEntry extends DayEntry {
  readonly date: string
}

const noon = (date: string) => DateTime.unsafeMake(`${date}T12:00:00Z`)

/** `days` ISO dates, oldest first, ending at `end` (calendar days). */
export const lastDays = (end: string, days: number): ReadonlyArray<string> =>
  Array.from({ length: days }, (_, i) => DateTime.formatIsoDateUtc(DateTime.add(noon(end), { days: i - (days - 1) })))

const weekday = (date: string) => ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][DateTime.getPartUtc(noon(date), "weekDay")] ?? ""

export const weekReport = (end: string, entries: ReadonlyArray<WeekEntry>, goals: DayGoals): string => {
  const dates = lastDays(end, 7)
  const perDay = dates.map((date) => ({ date, entries: entries.filter((e) => e.date === date) }))
  const logged = perDay.filter((d) => d.entries.length > 0).map((d) => dayTotals(d.entries))
  const found = insights(logged, goals)
  const goal = goals.calories === undefined ? "" : ` / ${goals.calories} kcal goal`
  return [
    `The week ${dates[0] ?? end} to ${end}:`,
    ...perDay.map((d) => `  ${weekday(d.date)} ${d.date}  ${d.entries.length === 0 ? "nothing logged" : `${dayTotals(d.entries).kcal} kcal${goal}`}`),
    logged.length === 0
      ? "Nothing logged this week yet."
      : `Average over the ${logged.length} day${logged.length === 1 ? "" : "s"} logged: ${found.average.kcal} kcal${goal}, protein ${found.average.protein_g} g, carbs ${found.average.carbs_g} g, fat ${found.average.fat_g} g.`,
    ...found.suggestions.map((s) => `- ${s}`)
  ].join("\n")
}
