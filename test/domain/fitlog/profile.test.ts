/**
 * The body profile and the goals it recommends (Mifflin–St Jeor), and the
 * week's totals computed once for the report, the chat's tools and insights.
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, Either, FastCheck as fc } from "effect"
import { completeProfile, describeProfile, mergeProfiles, Profile, recommendedGoals, restingEnergy } from "../../../src/domain/fitlog/profile.js"
import { weekReport, weekTotals } from "../../../src/domain/fitlog/week-report.js"

const entry = (date: string, kcal: number) => ({ date, meal: "lunch" as const, food: "soup", grams: 300, kcal, protein_g: 10, carbs_g: 20, fat_g: 5 })

describe("recommended goals", () => {
  it("follows Mifflin–St Jeor with the stated activity factor (worked examples)", () => {
    // 10·80 + 6.25·180 − 5·30 + 5 = 1780 kcal resting; × 1.55 moderate = 2759.
    const man = { ageYears: 30, sex: "male", heightCm: 180, weightKg: 80, activity: "moderate" } as const
    expect(restingEnergy(man)).toBe(1780)
    expect(recommendedGoals(man)).toEqual({ calories: 2759, protein: 128, fat: 92, carbs: 355 })
    // 10·60 + 6.25·165 − 5·50 − 161 = 1220.25 resting; × 1.375 low = 1678.
    const woman = { ageYears: 50, sex: "female", heightCm: 165, weightKg: 60, activity: "low" } as const
    expect(recommendedGoals(woman).calories).toBe(1678)
  })

  it("uses the user's age: ten years older is 50 kcal less resting energy, never a constant", () => {
    const young = { ageYears: 25, sex: "female", heightCm: 170, weightKg: 65, activity: "high" } as const
    expect(restingEnergy(young) - restingEnergy({ ...young, ageYears: 35 })).toBe(50)
  })

  it.prop("the macros add up to the calories (within rounding) and none is negative", [Arbitrary.make(Profile)], ([p]) => {
    const g = recommendedGoals(p)
    expect(Math.min(g.protein, g.carbs, g.fat)).toBeGreaterThanOrEqual(0)
    if (g.carbs > 0) expect(Math.abs(g.protein * 4 + g.carbs * 4 + g.fat * 9 - g.calories)).toBeLessThanOrEqual(8)
  }, { fastCheck: { numRuns: 500 } })

  it.prop("more weight never recommends less energy", [Arbitrary.make(Profile), fc.double({ min: 0.5, max: 40, noNaN: true })], ([p, extra]) => {
    fc.pre(p.weightKg + extra <= 300)
    expect(recommendedGoals({ ...p, weightKg: p.weightKg + extra }).calories).toBeGreaterThanOrEqual(recommendedGoals(p).calories)
  }, { fastCheck: { numRuns: 500 } })
})

describe("profile", () => {
  it("is complete only with every field, and names the missing ones in order", () => {
    expect(completeProfile({ sex: "male", weightKg: 70 })).toEqual(Either.left(["ageYears", "heightCm", "activity"]))
    const full = { ageYears: 41, sex: "female", heightCm: 160, weightKg: 58, activity: "moderate" } as const
    expect(completeProfile(full)).toEqual(Either.right(full))
  })

  it("what the user just said overrides what the diary holds", () => {
    expect(mergeProfiles({ weightKg: 80, ageYears: 30 }, { weightKg: 76 })).toEqual({ weightKg: 76, ageYears: 30 })
  })

  it("reads back in words", () => {
    expect(describeProfile({ ageYears: 34, sex: "female", heightCm: 165, weightKg: 62, activity: "moderate" })).toBe("34 years, female, 165 cm, 62 kg, moderately active")
    expect(describeProfile({ weightKg: 70 })).toBe("70 kg")
  })
})

describe("the week's totals", () => {
  it("has the seven calendar days ending at the date, and averages only over logged days", () => {
    const week = weekTotals("2026-11-22", [entry("2026-11-16", 1000), entry("2026-11-22", 500), entry("2026-11-22", 700), entry("2026-11-10", 9999)])
    expect(week.days.map((d) => d.date)).toEqual(["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21", "2026-11-22"])
    expect(week.days.map((d) => d.entries)).toEqual([1, 0, 0, 0, 0, 0, 2])
    expect(week.logged.map((t) => t.kcal)).toEqual([1000, 1200])
    expect(weekReport("2026-11-22", [entry("2026-11-16", 1000), entry("2026-11-22", 1200)], {})).toContain("Average over the 2 days logged: 1100 kcal")
  })
})
