import { describe, expect, it } from "@effect/vitest"
import { Duration, Either } from "effect"
import { parseDurationFlag } from "../../src/cli/duration-option.js"

describe("duration flags (--keep, --question-timeout)", () => {
  it("reads a number and a unit", () => {
    const read = (text: string) => Either.map(parseDurationFlag("keep", text), Duration.toMillis)
    expect(read("90s")).toEqual(Either.right(90_000))
    expect(read("5m")).toEqual(Either.right(300_000))
    expect(read("12h")).toEqual(Either.right(12 * 3_600_000))
    expect(read("30d")).toEqual(Either.right(30 * 86_400_000))
    expect(read("2W")).toEqual(Either.right(14 * 86_400_000))
  })
  it("refuses anything else, saying how to write one", () => {
    for (const bad of ["", "30", "d", "0d", "-1d", "1.5h", "30 days", "3y"]) {
      expect(parseDurationFlag("keep", bad)).toEqual(Either.left(`--keep ${bad} is not a duration; write a number and a unit: 90s, 5m, 12h, 30d or 2w.`))
    }
  })
})
