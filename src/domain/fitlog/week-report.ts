/**
 * The last seven days: each day's totals (`weekTotals`, computed once for the
 * report, the chat's tools and the insights) and as text ("how am I doing
 * this week?" in `chat`): each day's kcal, the average over the days that
 * have entries against the calorie goal, and the insights' suggestions. Pure.
 */
import { DateTime } from "effect"
import type { DayEntry, DayGoals, DayTotals } from "./day-report.js"
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

export interface DayOfWeek {
  readonly date: string
  /** How many entries the day has; 0 is a day with nothing logged. */
  readonly entries: number
  readonly totals: DayTotals
}

export interface WeekTotals {
  /** The seven calendar days ending at `end`, oldest first, logged or not. */
  readonly days: ReadonlyArray<DayOfWeek>
  /** The totals of the days that have entries: what averages and insights are taken over. */
  readonly logged: ReadonlyArray<DayTotals>
}

/** The seven days ending at `end`: each day's totals, once, for the report, the chat's tools and the insights. */
export const weekTotals = (end: string, entries: ReadonlyArray<WeekEntry>): WeekTotals => {
  const days = lastDays(end, 7).map((date) => {
    const ofDay = entries.filter((e) => e.date === date)
    return { date, entries: ofDay.length, totals: dayTotals(ofDay) }
  })
  return { days, logged: days.filter((d) => d.entries > 0).map((d) => d.totals) }
}

export const weekReport = (end: string, entries: ReadonlyArray<WeekEntry>, goals: DayGoals): string => {
  const week = weekTotals(end, entries)
  const found = insights(week.logged, goals)
  const goal = goals.calories === undefined ? "" : ` / ${goals.calories} kcal goal`
  return [
    `The week ${week.days[0]?.date ?? end} to ${end}:`,
    ...week.days.map((d) => `  ${weekday(d.date)} ${d.date}  ${d.entries === 0 ? "nothing logged" : `${d.totals.kcal} kcal${goal}`}`),
    week.logged.length === 0
      ? "Nothing logged this week yet."
      : `Average over the ${week.logged.length} day${week.logged.length === 1 ? "" : "s"} logged: ${found.average.kcal} kcal${goal}, protein ${found.average.protein_g} g, carbs ${found.average.carbs_g} g, fat ${found.average.fat_g} g.`,
    ...found.suggestions.map((s) => `- ${s}`)
  ].join("\n")
}
