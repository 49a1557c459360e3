/**
 * The welcome back of a resumed session (issue 14, "the welcome-back line
 * says what is left in plain words, not a phase name"): the page and the
 * terminal say the same words, from one function, and no state makes them
 * name a phase.
 */
import { it } from "@effect/vitest"
import { Arbitrary, Effect, FastCheck as fc, Layer, Option } from "effect"
import { describe, expect } from "vitest"
import { welcomeBack } from "../../src/agents/tidy/templates.js"
import { SessionState, initialState } from "../../src/domain/tidy/state.js"
import { ItemName, SpaceFunction } from "../../src/domain/tidy/types.js"
import { hostSession } from "../../src/gui/session-host.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { layerOffline } from "../../src/services/llm/offline.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"

const phaseNames = /\b(?:Surveying|Sorting|Splitting|Refining|DecisionSupport|Decision support)\b/

const sorting: SessionState = {
  ...initialState,
  phaseData: { _tag: "Sorting", active: { function: SpaceFunction.make("sleeping"), anchors: [ItemName.make("bed")], lastAnxiety: Option.none() }, currentItem: Option.none() },
  piles: { belongs: [ItemName.make("lamp")], out: [ItemName.make("old magazines")], unsure: [ItemName.make("scarf")] },
  later: [ItemName.make("dad's watch")],
  itemsProcessed: 3
}

describe("welcome back", () => {
  it.scoped("the page opens a resumed session with the terminal's welcome back, word for word", () =>
    Effect.gen(function*() {
      const hosted = yield* hostSession(SessionId.make("2026-11-01-0900-wb01"), Option.some({ state: sorting, chat: [] }), initialState)
      const view = yield* hosted.view
      expect(view.messages.map((m) => m.text)).toEqual([welcomeBack(sorting)])
      expect(welcomeBack(sorting)).toBe("Welcome back. You've decided 2 things so far. Still waiting: 1 thing on the unsure pile and 1 thing set aside for later. What's next?")
    }).pipe(Effect.provide(Layer.mergeAll(layerOffline, CollectedEvents.layer, layerMemory))))

  it("never names a phase, whatever the state", () => {
    fc.assert(fc.property(Arbitrary.make(SessionState), (state) => {
      expect(welcomeBack(state)).not.toMatch(phaseNames)
    }), { numRuns: 300 })
  })
})
