/** Loop detection: the same action on the unchanged screen warns at 3 in a row and stops at 5; any change resets it. */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { longestCycle, loopVerdict, repeatsOn, repeatStopAt, repeatWarnAt } from "../../../src/domain/droid/loop-guard.js"
import type { StepTrace } from "../../../src/domain/droid/loop-guard.js"

const same = (n: number, action = "back()", screen = "aaaa"): Array<StepTrace> => Array.from({ length: n }, () => ({ action, screen }))

describe("loopVerdict", () => {
  it("states its bounds: warn at 3, stop at 5", () => {
    expect([repeatWarnAt, repeatStopAt]).toEqual([3, 5])
  })

  it("counts the same action on the screen that is still showing", () => {
    expect(loopVerdict(same(2), "aaaa")._tag).toBe("Fresh")
    expect(loopVerdict(same(3), "aaaa")).toEqual({ _tag: "Repeating", action: "back()", times: 3 })
    expect(loopVerdict(same(5), "aaaa")).toEqual({ _tag: "Stuck", action: "back()", times: 5 })
  })

  it("is not a loop when the screen changed after the last action", () => {
    expect(loopVerdict(same(6), "bbbb")._tag).toBe("Fresh")
  })

  it("a different action or an earlier different screen breaks the run", () => {
    expect(loopVerdict([...same(2), { action: "click(3)", screen: "aaaa" }, ...same(2)], "aaaa")._tag).toBe("Fresh")
    expect(loopVerdict([...same(4, "back()", "cccc"), ...same(2)], "aaaa")._tag).toBe("Fresh")
  })
})

const cycle = (rounds: number, steps: ReadonlyArray<StepTrace>): Array<StepTrace> => Array.from({ length: rounds }, () => steps).flat()
const ab: ReadonlyArray<StepTrace> = [{ action: "click(1)", screen: "home" }, { action: "click(2)", screen: "page" }]

describe("loopVerdict: short cycles", () => {
  it("an A/B cycle that keeps leading back to the same screen warns at 3 rounds and stops at 5", () => {
    expect(loopVerdict(cycle(2, ab), "home")._tag).toBe("Fresh")
    expect(loopVerdict(cycle(3, ab), "home")).toEqual({ _tag: "Repeating", action: "click(1), then click(2)", times: 3 })
    expect(loopVerdict(cycle(5, ab), "home")).toEqual({ _tag: "Stuck", action: "click(1), then click(2)", times: 5 })
    const abc = [...ab, { action: "back()", screen: "other" }]
    expect(loopVerdict(cycle(5, abc), "home")).toEqual({ _tag: "Stuck", action: "click(1), then click(2), then back()", times: 5 })
  })

  it("one action alternating between two screens (a switch toggled) is not a cycle", () => {
    const toggles = cycle(5, [{ action: "click(3)", screen: "off" }, { action: "click(3)", screen: "on" }])
    expect(loopVerdict(toggles, "off")._tag).toBe("Fresh")
  })

  it("A/B taps on one unchanged screen are a cycle too", () => {
    const taps = [{ action: "click(1)", screen: "s" }, { action: "click(2)", screen: "s" }]
    expect(loopVerdict(cycle(3, taps), "s")._tag).toBe("Repeating")
  })

  it("is not a loop when the cycle did not lead back, or a step in it differs", () => {
    expect(loopVerdict(cycle(6, ab), "elsewhere")._tag).toBe("Fresh")
    expect(loopVerdict([...cycle(2, ab), { action: "click(1)", screen: "home" }, { action: "click(3)", screen: "page" }, ...cycle(1, ab)], "home")._tag).toBe("Fresh")
    expect(loopVerdict(cycle(3, [{ action: "click(1)", screen: "home" }, { action: "click(2)", screen: "changed" }]).concat(cycle(1, ab)), "home")._tag).toBe("Fresh")
  })

  it("property: any cycle of up to 3 different actions repeated r times, back on its first screen, gives at least r rounds (more when a step repeats on its own)", () => {
    FastCheck.assert(
      FastCheck.property(
        FastCheck.uniqueArray(FastCheck.constantFrom("a", "b", "c"), { minLength: 1, maxLength: longestCycle }),
        FastCheck.array(FastCheck.constantFrom("x", "y"), { minLength: longestCycle, maxLength: longestCycle }),
        FastCheck.integer({ min: 1, max: 7 }),
        (actions, screens, rounds) => {
        const steps = actions.map((action, i) => ({ action, screen: screens[i] ?? "x" }))
        const trace = cycle(rounds, steps)
        const first = steps[0]?.screen ?? ""
        const { times } = repeatsOn(trace, first)
        expect(times).toBeGreaterThanOrEqual(rounds)
        const verdict = loopVerdict(trace, first)._tag
        expect(verdict).toBe(times >= repeatStopAt ? "Stuck" : times >= repeatWarnAt ? "Repeating" : "Fresh")
      }),
      { numRuns: 500 }
    )
  })

  it("property: a trace whose last step was never done before, on that screen, is never a loop", () => {
    const step = FastCheck.record({ action: FastCheck.constantFrom("a", "b", "c"), screen: FastCheck.constantFrom("x", "y") })
    FastCheck.assert(
      FastCheck.property(FastCheck.array(step, { maxLength: 30 }), FastCheck.constantFrom("x", "y"), (trace, current) => {
        const fresh = [...trace, { action: "never-before", screen: current }]
        expect(repeatsOn(fresh, current).times).toBeLessThanOrEqual(1)
        expect(loopVerdict(fresh, current)._tag).toBe("Fresh")
      }),
      { numRuns: 500 }
    )
  })

  it("property: a back-to-back repeat is counted in steps, exactly as many as were done", () => {
    FastCheck.assert(
      FastCheck.property(FastCheck.integer({ min: 1, max: 12 }), (n) => {
        expect(repeatsOn([{ action: "other", screen: "z" }, ...same(n)], "aaaa").times).toBe(n)
      })
    )
  })
})
