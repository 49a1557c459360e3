import { Effect, Layer } from "effect"
import { Llm, offline, ScriptedLlm, UsageMeter } from "shoal/llm"
import { describe, expect, it } from "vitest"
import { appLlm, base, oneTurn, roomTypeCounted } from "../src/app.js"

describe("a stranger's app on shoal", () => {
  it("runs a tidy turn through its own layers and saves it", async () => {
    const result = await Effect.runPromise(oneTurn("it is my home office").pipe(Effect.provide(Layer.mergeAll(base, appLlm(offline)))))
    expect(result.reply).not.toBe("")
    expect(result.phase).toBe("Surveying")
  })

  it("counts a custom Llm's usage with metered", async () => {
    const scripted = Effect.provide(Llm, ScriptedLlm.layer([ScriptedLlm.toolCall("record_answer", { roomType: "office" })]))
    const llm = Layer.unwrapEffect(Effect.map(scripted, appLlm))
    const result = await Effect.runPromise(roomTypeCounted.pipe(Effect.provide(Layer.mergeAll(llm, UsageMeter.layer))))
    expect(result).toEqual({ roomType: "office", calls: 1 })
  })
})
