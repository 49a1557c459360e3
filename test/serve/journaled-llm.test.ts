/**
 * The model a served turn sees is the runner's, journaled: what it says it can
 * do (answers, images) is passed on unchanged, so an agent decides offline /
 * vision on serve exactly as in the terminal (capabilitiesOf).
 */
import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Ref, Stream } from "effect"
import { capabilitiesOf } from "../../src/services/llm/llm.js"
import type { LlmShape } from "../../src/services/llm/llm.js"
import { Offline } from "../../src/domain/llm.js"
import { journaledLlm } from "../../src/serve/journaled-llm.js"

const model = (capabilities: LlmShape["capabilities"]): LlmShape => ({
  provider: "test",
  model: "m",
  ...(capabilities === undefined ? {} : { capabilities }),
  generate: () => Effect.fail(new Offline()),
  stream: () => Stream.fail(new Offline())
})

describe("journaledLlm", () => {
  it.effect("keeps the runner's model's capabilities: an offline model stays one that does not answer, a vision model one that takes images", () =>
    Effect.gen(function*() {
      const calls = yield* Ref.make(0)
      const clock = yield* Effect.clock
      // No call is made here, so the workflow context the calls would run in is never read.
      const journaled = (base: LlmShape) => journaledLlm(base, calls, Context.empty() as never, clock)
      expect(capabilitiesOf(journaled(model({ answers: false })))).toEqual({ answers: false, images: false })
      expect(capabilitiesOf(journaled(model({ images: true })))).toEqual({ answers: true, images: true })
      expect(capabilitiesOf(journaled(model(undefined)))).toEqual({ answers: true, images: false })
    }))
})
