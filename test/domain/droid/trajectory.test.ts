/** A saved run's run.js: rendered with one marker per step, split back into the same steps; Executor actions as CodeAct calls. */
import { describe, expect, it } from "@effect/vitest"
import { Option } from "effect"
import type { RecordedStep } from "../../../src/domain/droid/trajectory.js"
import { ElementIndex } from "../../../src/domain/droid/actions.js"
import { actionCode, renderRunJs, replayBlocks } from "../../../src/domain/droid/trajectory.js"

const step = (n: number, code: string, ok = true): RecordedStep => ({
  step: n, app: "com.android.settings", screenHash: `${n}`.repeat(16).slice(0, 16), xml: "<hierarchy/>", png: Option.none(),
  action: code, code, ok, report: ""
})

describe("run.js", () => {
  it("renders steps that replayBlocks reads back, failures marked", () => {
    const source = renderRunJs("turn on\nWi-Fi", [step(1, "open_app(\"Settings\")"), step(2, "click(999)", false), step(3, "")])
    expect(source.split("\n")[0]).toBe("// shoal droid run: turn on Wi-Fi")
    expect(Option.getOrThrow(replayBlocks(source))).toEqual([
      { step: 1, screenHash: "1111111111111111", failed: false, code: "open_app(\"Settings\")" },
      { step: 2, screenHash: "2222222222222222", failed: true, code: "click(999)" },
      { step: 3, screenHash: "3333333333333333", failed: false, code: "// (this step did nothing on the device)" }
    ])
  })

  it("a script without markers is not a saved run", () => {
    expect(replayBlocks("open_app('Settings')\n// @step one")).toEqual(Option.none())
  })

  it("turns Executor actions into the CodeAct calls that do the same", () => {
    expect(actionCode({ action: "click", text: "Wi-Fi" })).toBe("click(\"Wi-Fi\")")
    expect(actionCode({ action: "type", text: "a \"b\"", index: ElementIndex.make(3) })).toBe("type(3, \"a \\\"b\\\"\")")
    expect(actionCode({ action: "wait", ms: 500 })).toBe("wait(500)")
    expect(actionCode({ action: "back" })).toBe("back()")
  })
})
