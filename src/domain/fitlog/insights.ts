/**
 * seeds/004 InsightAgent, by rules: the last days' averages against the
 * goals, and at most two short, actionable suggestions. Pure; a model may
 * phrase them more warmly, but the numbers come from here.
 */
import type { DayGoals, DayTotals } from "./day-report.js"

export interface Insights {
  readonly daysLogged: number
  readonly average: DayTotals
  readonly suggestions: ReadonlyArray<string>
}

const mean = (xs: ReadonlyArray<number>) => (xs.length === 0 ? 0 : Math.round((xs.reduce((s, x) => s + x, 0) / xs.length) * 10) / 10)

export const insights = (days: ReadonlyArray<DayTotals>, goals: DayGoals): Insights => {
  const average: DayTotals = {
    kcal: Math.round(mean(days.map((d) => d.kcal))),
    protein_g: mean(days.map((d) => d.protein_g)),
    carbs_g: mean(days.map((d) => d.carbs_g)),
    fat_g: mean(days.map((d) => d.fat_g))
  }
  const suggestions: Array<string> = []
  if (days.length === 0) suggestions.push("Log a few meals this week and I can spot patterns.")
  if (days.length > 0 && goals.protein !== undefined && average.protein_g < 0.8 * goals.protein) {
    suggestions.push(`Protein averages ${average.protein_g} g against ${goals.protein} g: add eggs, yogurt, beans or lean meat to one meal.`)
  }
  if (days.length > 0 && goals.calories !== undefined && average.kcal > 1.1 * goals.calories) {
    suggestions.push(`Calories average ${average.kcal} kcal, over your ${goals.calories} kcal goal: a smaller portion at your largest meal closes most of the gap.`)
  }
  if (days.length > 0 && goals.calories !== undefined && average.kcal < 0.7 * goals.calories) {
    suggestions.push(`Calories average ${average.kcal} kcal, well under ${goals.calories}: check that every meal is logged, or add a snack.`)
  }
  if (days.length > 0 && days.length < 4) suggestions.push(`Only ${days.length} day${days.length === 1 ? "" : "s"} logged this week: the picture gets clearer with more.`)
  return { daysLogged: days.length, average, suggestions: suggestions.slice(0, 2) }
}
