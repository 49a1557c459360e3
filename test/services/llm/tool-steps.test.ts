/**
 * A tool call is one `Steps` step, and a typed failure that fails the tool
 * loop (failureMode "error") is handed to the step with the tool's own
 * failure Schema — so a host that journals steps can give the failure back
 * on a replay. Here the host is a tiny journal of our own: it keeps each
 * step's outcome encoded (as a durable host stores it) and answers a second
 * run of the same step from it.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, Schema } from "effect"
import type { StepsShape } from "../../../src/services/steps/steps.js"
import { Steps } from "../../../src/services/steps/steps.js"
import { userText } from "../../../src/domain/llm.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import * as Tool from "../../../src/services/llm/tool.js"
import * as ToolLoop from "../../../src/services/llm/tool-loop.js"

class Jammed extends Schema.TaggedError<Jammed>()("Jammed", { door: Schema.String }) {}

/** A journal of steps by name: the encoded result or failure of each step's first run, nothing else. */
const journal = () => {
  const kept = new Map<string, { readonly ok: boolean; readonly encoded: unknown }>()
  const steps: StepsShape = {
    once: (name, success, effect, failure) =>
      Effect.suspend(() => {
        const known = kept.get(name)
        if (known !== undefined) {
          if (known.ok) return Effect.orDie(Schema.decodeUnknown(success)(known.encoded))
          if (failure !== undefined) return Effect.flatMap(Effect.orDie(Schema.decodeUnknown(failure)(known.encoded)), Effect.fail)
        }
        return effect.pipe(
          Effect.tap((value) => Effect.map(Effect.orDie(Schema.encode(success)(value)), (encoded) => void kept.set(name, { ok: true, encoded }))),
          Effect.tapError((error) =>
            failure === undefined ? Effect.void : Effect.map(Effect.orDie(Schema.encode(failure)(error)), (encoded) => void kept.set(name, { ok: false, encoded }))
          )
        )
      })
  }
  return { steps, kept }
}

describe("a tool call as a journaled step", () => {
  it.effect("an 'error' tool's typed failure goes to its step with the tool's failure Schema: a second run gets it back without calling the tool", () =>
    Effect.gen(function*() {
      let opened = 0
      const open = Tool.make("open_door", {
        description: "Open a door",
        parameters: Schema.Struct({ door: Schema.String }),
        failure: Jammed,
        handler: ({ door }) => Effect.flatMap(Effect.sync(() => opened++), () => Effect.fail(new Jammed({ door })))
      })
      const { kept, steps } = journal()
      const turn = ToolLoop.run({ messages: [userText("open it")], tools: [open] }).pipe(
        Effect.provideService(Steps, steps),
        // The same model script on each run, as a replay gets its journaled model calls back.
        Effect.provide(Layer.orDie(ScriptedLlm.layer([ScriptedLlm.toolCall("open_door", { door: "front" }, "c1")]))),
        Effect.either
      )
      const first = yield* turn
      const second = yield* turn
      expect(first).toEqual(Either.left(new Jammed({ door: "front" })))
      expect(second).toEqual(Either.left(new Jammed({ door: "front" })))
      expect(opened).toBe(1)
      expect(kept.get("tool/open_door/c1")).toEqual({ ok: false, encoded: { _tag: "Jammed", door: "front" } })
    }))

  it.effect("a 'return' tool's failure is a result like any other: the step keeps it as a success, the model is shown it", () =>
    Effect.gen(function*() {
      const open = Tool.make("open_door", {
        description: "Open a door",
        parameters: Schema.Struct({ door: Schema.String }),
        failure: Jammed,
        failureMode: "return",
        handler: ({ door }) => Effect.fail(new Jammed({ door }))
      })
      const { kept, steps } = journal()
      const result = yield* ToolLoop.run({ messages: [userText("open it")], tools: [open] }).pipe(
        Effect.provideService(Steps, steps),
        Effect.provide(Layer.orDie(ScriptedLlm.layer([ScriptedLlm.toolCall("open_door", { door: "back" }, "c1"), ScriptedLlm.text("it is jammed")])))
      )
      expect(result.turn).toMatchObject({ _tag: "Parsed", value: "it is jammed" })
      expect(kept.get("tool/open_door/c1")).toMatchObject({ ok: true, encoded: { isError: true } })
    }))
})
