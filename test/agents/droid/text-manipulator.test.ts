/**
 * The TextManipulator alone: only ORIGINAL and input_text exist in its
 * sandbox, and it gives up after four corrections (five tries) without a
 * sixth model call.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { runTextManipulator } from "../../../src/agents/droid/text-manipulator.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { js, promptAt } from "./support.js"

const input = { goal: "tidy the note", plan: "1. TEXT_TASK: capitalise", task: "capitalise the text", original: "hello world" }

describe("TextManipulator", () => {
  it.effect("the code sees only ORIGINAL and input_text; the result is the text handed to input_text", () =>
    Effect.gen(function*() {
      const outcome = yield* runTextManipulator(input)
      expect(outcome).toEqual({ _tag: "Rewritten", text: "HELLO WORLD|undefined|undefined", code: "input_text([ORIGINAL.toUpperCase(), typeof print, typeof console].join('|'))\n", attempts: 1 })
    }).pipe(Effect.provide(Layer.merge(layerQuickJs, ScriptedLlm.layer([
      ScriptedLlm.text(js("input_text([ORIGINAL.toUpperCase(), typeof print, typeof console].join('|'))"))
    ])))))

  it.effect("after four corrections it gives up with the last error; every correction prompt shows the error", () =>
    Effect.gen(function*() {
      const outcome = yield* runTextManipulator(input)
      expect(outcome).toEqual({ _tag: "GaveUp", error: "input_text(newText) was never called", attempts: 5 })
      const requests = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      expect(requests).toHaveLength(5)
      expect(promptAt(requests, 1)).toMatch(/failed with this error:\nSyntaxError/)
      expect(promptAt(requests, 2)).toMatch(/failed with this error:\nthe answer had no ```js code block/)
      expect(promptAt(requests, 3)).toMatch(/failed with this error:\nReferenceError: 'print' is not defined/)
    }).pipe(Effect.provide(Layer.merge(layerQuickJs, ScriptedLlm.layer([
      ScriptedLlm.text(js("input_text(ORIGINAL +")),
      ScriptedLlm.text("I would capitalise it."),
      ScriptedLlm.text(js("print(ORIGINAL)")),
      ScriptedLlm.text(js("input_text(require('x'))")),
      ScriptedLlm.text(js("const upper = ORIGINAL.toUpperCase()"))
    ])))))
})
