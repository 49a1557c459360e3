/**
 * `replaceLine`: editing one line of a proposal keeps the others, records
 * what could not be read, and gives the edited proposal a new id.
 */
import { describe, expect, it } from "@effect/vitest"
import type { Proposal, ProposalLine } from "../../../src/domain/fitlog/proposal.js"
import { portionOf, proposalIdFor, replaceLine } from "../../../src/domain/fitlog/proposal.js"
import { DiaryDate } from "../../../src/domain/fitlog/types.js"

const line = (text: string, grams: number): ProposalLine => ({
  text, food: text, foodId: text, grams, kcal: grams, protein_g: null, carbs_g: null, fat_g: null, source: "test"
})
const date = DiaryDate.make("2026-11-22")
const lines: readonly [ProposalLine, ...Array<ProposalLine>] = [line("beef", 113), line("rice", 135), line("yogurt", 50)]
const proposal: Proposal = { id: proposalIdFor(date, "lunch", lines), date, meal: "lunch", lines, skipped: [] }

describe("replaceLine", () => {
  it("replaces only that line and recomputes the id", () => {
    const edited = replaceLine(proposal, 1, [line("rice", 200)], [])
    expect(edited.lines.map((l) => [l.text, l.grams])).toEqual([["beef", 113], ["rice", 200], ["yogurt", 50]])
    expect(edited.id).not.toBe(proposal.id)
    expect(edited.id).toBe(proposalIdFor(date, "lunch", edited.lines))
  })

  it("a replacement that cannot be read keeps the old line and says why", () => {
    const edited = replaceLine(proposal, 2, [], [{ text: "zzz", reason: "not matched" }])
    expect(edited.lines).toEqual(proposal.lines)
    expect(edited.skipped).toEqual([{ text: "zzz", reason: "not matched" }])
  })

  it("an index out of range changes nothing", () => {
    expect(replaceLine(proposal, 3, [line("x", 1)], [])).toBe(proposal)
    expect(replaceLine(proposal, -1, [line("x", 1)], [])).toBe(proposal)
  })
})

describe("portionOf", () => {
  it("a portion is its own entry: scaled lines and an id of its own, different per portion size", () => {
    const half = portionOf(proposal, 2)
    const third = portionOf(proposal, 3)
    expect(half.lines.map((l) => l.grams)).toEqual([56.5, 67.5, 25])
    expect(half.id).toBe(proposalIdFor(date, "lunch", half.lines))
    expect(new Set([proposal.id, half.id, third.id]).size).toBe(3)
  })
})
