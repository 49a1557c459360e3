/**
 * A property test of the tidy agent's routing, on fake layers only: copy it
 * into your own project (it needs `shoal`, `effect` and `vitest`).
 *
 * The model is `layerOffline` (the agent's rules, no network), the user is
 * `ScriptedQuestions` (it answers every card the safe way) and the events
 * are collected. The states come from the agent's own Schema, so the
 * properties hold in every phase, not just in the ones a hand-written
 * conversation reaches.
 */
import { Arbitrary, Effect, FastCheck as fc, Layer } from "effect"
import { layerOffline } from "shoal/llm"
import { CollectedEvents, ScriptedQuestions } from "shoal/testing"
import { allItems, initialState, QuestionUI, SessionState, turn, userSaid } from "shoal/tidy"
import { describe, expect, it } from "vitest"

const states = Arbitrary.make(SessionState)
const stopWords = fc.constantFrom("stop", "I'm done", "ok stop", "that's enough for today")
const anyMessage = fc.oneof(
  fc.constantFrom("it is my home office", "the desk stays", "old mug", "trash", "keep", "not sure", "skip", "help"),
  fc.string({ maxLength: 40 })
)

/** Fakes: rules instead of a model, the safe answer to every card (as many as asked), events kept. */
const fakes = Layer.mergeAll(
  layerOffline,
  ScriptedQuestions.layer(Array.from({ length: 20 }, () => QuestionUI.fallbackAnswer)),
  CollectedEvents.layer
)

const run = <A, E>(effect: Effect.Effect<A, E, Layer.Layer.Success<typeof fakes>>) =>
  Effect.runPromise(Effect.provide(effect, fakes))

/** The same names, counted case-insensitively: nothing that was in the session may disappear. */
const keepsEverything = (before: SessionState, after: SessionState) => {
  const count = (s: SessionState) => {
    const m = new Map<string, number>()
    for (const item of allItems(s)) m.set(item.toLowerCase(), (m.get(item.toLowerCase()) ?? 0) + 1)
    return m
  }
  const a = count(after)
  return [...count(before)].every(([item, n]) => (a.get(item) ?? 0) >= n)
}

// 100 generated conversations take about a second on an idle core; a CI runner sharing its cores can take
// several times that, past vitest's default 5 s a test.
describe("tidy routing (a stranger's property test)", { timeout: 60_000 }, () => {
  it("'stop', in any wording and any phase, ends with a summary, asks nothing and loses nothing", async () => {
    await fc.assert(fc.asyncProperty(states, stopWords, async (state, text) => {
      const { response, asked } = await run(Effect.gen(function*() {
        const response = yield* turn(state, userSaid(text))
        return { response, asked: yield* ScriptedQuestions.asked }
      }))
      expect(response.ended).toBe(true)
      expect(response.action._tag).toBe("Summary")
      expect(asked).toEqual([])
      expect(keepsEverything(state, response.state)).toBe(true)
    }), { numRuns: 100 })
  })

  it("any conversation from the start replies every turn and never loses a thing it was told about", async () => {
    await fc.assert(fc.asyncProperty(fc.array(anyMessage, { minLength: 1, maxLength: 8 }), async (messages) => {
      await run(Effect.gen(function*() {
        let state = initialState
        for (const text of messages) {
          const response = yield* turn(state, userSaid(text))
          expect(response.reply.trim()).not.toBe("")
          expect(keepsEverything(state, response.state)).toBe(true)
          state = response.state
        }
      }))
    }), { numRuns: 50 })
  })
})
