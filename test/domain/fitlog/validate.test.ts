/**
 * The validator's properties (seeds/004 ValidatorAgent): foods built from
 * their macros pass, energy off by half fails, zero-energy chicken is a
 * ghost, distilled spirits pass (their energy is alcohol).
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck as fc } from "effect"
import type { Nutrients } from "../../../src/domain/fitlog/types.js"
import { energyFromMacros, validate } from "../../../src/domain/fitlog/validate.js"

const grams = (max: number) => fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true })

/** Macros of a believable food per 100 g (they sum to at most 100 g). */
const macros = fc.tuple(grams(60), grams(100), grams(100), grams(30), grams(40))
  .filter(([p, c, f, fib, alc]) => p + c + f + alc <= 100 && fib <= c)
  .map(([protein_g, carbs_g, fat_g, fibre_g, alcohol_g]): Nutrients => ({
    kcal: null, protein_g, carbs_g, fat_g, fibre_g, alcohol_g, sugar_g: null, sodium_mg: null
  }))

const withEnergy = (n: Nutrients, factor = 1): Nutrients => ({ ...n, kcal: (energyFromMacros(n) ?? 0) * factor })
const portion = fc.double({ min: 1, max: 250, noNaN: true })

describe("validate", () => {
  it.prop("any food whose energy is built from its macros passes", [macros, portion], ([n, g]) => {
    const per100g = withEnergy(n)
    // Foods this light are not named as caloric here, so the ghost guard cannot fire.
    expect(validate({ food: "test food", grams: g, per100g })).toEqual([])
  })

  it.prop("energy off by 50 % fails, either way", [macros.filter((n) => (energyFromMacros(n) ?? 0) >= 60), portion, fc.constantFrom(0.5, 1.5)], ([n, g, factor]) => {
    const issues = validate({ food: "test food", grams: g, per100g: withEnergy(n, factor) })
    expect(issues.map((i) => i._tag)).toContain("EnergyInconsistent")
  })

  it("zero-energy chicken fails as ghost calories, with a reason", () => {
    const chicken: Nutrients = { kcal: 0, protein_g: 0, carbs_g: 0, fat_g: 0, fibre_g: null, sugar_g: null, alcohol_g: null, sodium_mg: null }
    expect(validate({ food: "chicken breast", grams: 150, per100g: chicken }).map((i) => i._tag)).toEqual(["GhostCalories"])
    const withMacros = { ...chicken, protein_g: 31, fat_g: 3.6 }
    expect(validate({ food: "chicken breast", grams: 150, per100g: withMacros }).map((i) => i._tag)).toContain("GhostCalories")
  })

  it("distilled spirits pass: 80-proof vodka is 231 kcal of alcohol", () => {
    const vodka: Nutrients = { kcal: 231, protein_g: 0, carbs_g: 0, fat_g: 0, fibre_g: 0, sugar_g: null, alcohol_g: 33.4, sodium_mg: 1 }
    expect(validate({ food: "vodka", grams: 44, per100g: vodka })).toEqual([])
  })

  it("negative values and absurd portions are reported", () => {
    const odd: Nutrients = { kcal: 100, protein_g: -1, carbs_g: 20, fat_g: 1, fibre_g: 0, sugar_g: null, alcohol_g: null, sodium_mg: 400 }
    const tags = validate({ food: "mystery", grams: 4000, per100g: odd }).map((i) => i._tag)
    expect(tags).toContain("Negative")
    expect(tags).toContain("Unreasonable")
  })

  it("a food with no energy value is not silently accepted", () => {
    const unknown: Nutrients = { kcal: null, protein_g: 1, carbs_g: 1, fat_g: 1, fibre_g: null, sugar_g: null, alcohol_g: null, sodium_mg: null }
    expect(validate({ food: "x", grams: 10, per100g: unknown }).map((i) => i._tag)).toEqual(["EnergyUnknown"])
  })
})

describe("energy checked by the table's own carbohydrate convention", () => {
  // 60 g carbohydrate that a total-carbohydrate reading would take as all fibre: only CoFID's reading (available, fibre apart) fits 225 kcal.
  const per100g = { kcal: 225, protein_g: 0, carbs_g: 60, fat_g: 0, fibre_g: 60, sugar_g: 0, alcohol_g: 0, sodium_mg: 0 }
  it("a CoFID food (available carbohydrate) is checked with McCance and Widdowson's factors, a USDA one with USDA's", () => {
    expect(validate({ food: "test food", grams: 100, per100g, carbohydrate: "available" })).toEqual([])
    expect(validate({ food: "test food", grams: 100, per100g }).map((i) => i._tag)).toEqual(["EnergyInconsistent"])
  })
})
