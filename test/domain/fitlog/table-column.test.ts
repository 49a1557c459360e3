/**
 * Every matched food says which table it came from (issue 29, item 1): the
 * summary table's Table column (estimate, log, day) and the day's nutrient
 * heading name the tables the foods came from, never SR28 for all.
 */
import { describe, expect, it } from "@effect/vitest"
import { dayReport } from "../../../src/domain/fitlog/day-report.js"
import { summaryTable } from "../../../src/domain/fitlog/proposal.js"
import { tableOfSource, tablesOf } from "../../../src/domain/fitlog/types.js"

const egg = { food: "Egg, whole, fried", amount: "50 g", kcal: 98, source: "USDA FNDDS 2021-2023 #31105005" }
const crumpet = { food: "Crumpets, toasted", amount: "55 g", kcal: 112, source: "CoFID 2021 11-043" }

describe("which table a food came from", () => {
  it("names the table of each source string", () => {
    expect(tableOfSource(egg.source)).toBe("FNDDS")
    expect(tableOfSource(crumpet.source)).toBe("CoFID")
    expect(tableOfSource("USDA SR28 #09040")).toBe("SR28")
  })

  it("shows a Table column when the lines say their table, and none when they do not", () => {
    const table = summaryTable([egg, crumpet])
    expect(table.split("\n")[0]).toMatch(/^Food\s+\| Amount \| Calories \| Table$/)
    expect(table).toMatch(/Egg, whole, fried \| 50 g\s+\| 98\s+\| FNDDS/)
    expect(table).toMatch(/Crumpets, toasted\s+\| 55 g\s+\| 112\s+\| CoFID/)
    expect(summaryTable([{ food: egg.food, amount: egg.amount, kcal: egg.kcal }])).not.toContain("Table")
  })

  it("heads the day's nutrients with the tables its foods came from", () => {
    const entry = { meal: "breakfast" as const, grams: 50, kcal: 98, protein_g: 6, carbs_g: 0.4, fat_g: 7.4 }
    const report = dayReport("2026-11-28", [{ ...entry, food: egg.food, source: egg.source }, { ...entry, food: crumpet.food, source: crumpet.source }], {})
    expect(report).toContain("Nutrients (USDA FNDDS 2021-2023, CoFID 2021):")
    expect(report).not.toContain("USDA SR28")
    expect(tablesOf(["USDA SR28 #09040"])).toBe("USDA SR28")
  })
})
