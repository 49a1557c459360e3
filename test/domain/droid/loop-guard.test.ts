/** Loop detection: the same action on the unchanged screen warns at 3 in a row and stops at 5; any change resets it. */
import { describe, expect, it } from "@effect/vitest"
import { loopVerdict, repeatStopAt, repeatWarnAt } from "../../../src/domain/droid/loop-guard.js"
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
