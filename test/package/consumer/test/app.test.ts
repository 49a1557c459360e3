import { Effect, Layer, Stream } from "effect"
import { type LlmShape, offline, ScriptedLlm, StreamEvent, UsageMeter } from "shoal/llm"
import { describe, expect, it } from "vitest"
import { appLlm, base, oneTurn, roomTypeCounted } from "../src/app.js"

describe("a stranger's app on shoal", () => {
  it("runs a tidy turn through its own layers and saves it", async () => {
    const result = await Effect.runPromise(oneTurn("it is my home office").pipe(Effect.provide(Layer.mergeAll(base, appLlm(offline)))))
    expect(result.reply).not.toBe("")
    expect(result.phase).toBe("Surveying")
  })

  it("counts a custom Llm's usage with metered", async () => {
    // A model of the app's own that counts nothing itself: only `metered` can make the meter see it.
    const response = ScriptedLlm.toolCall("record_answer", { roomType: "office" })
    const own: LlmShape = {
      provider: "own",
      model: "own-1",
      generate: () => Effect.succeed(response),
      stream: () => Stream.make(StreamEvent.Completed({ response }))
    }
    const result = await Effect.runPromise(roomTypeCounted.pipe(Effect.provide(Layer.mergeAll(appLlm(own), UsageMeter.layer))))
    expect(result).toEqual({ roomType: "office", calls: 1 })
  })
})
