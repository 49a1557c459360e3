/**
 * Break-test (issue 17, an engineer's own agent): an event its own Schema
 * cannot encode (a refinement it breaks: `everyDays: 0` for a positive
 * int) type-checks, is collected by tests, and was left out of the page's
 * stream without a word. Emitting it now says so, naming the event and why.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Logger, Schema } from "effect"
import { CollectedEvents, typedEvents } from "../../../src/services/events/index.js"

const PlantEvent = Schema.Union(
  Schema.TaggedStruct("PlantAdded", { name: Schema.String, everyDays: Schema.Int.pipe(Schema.positive()) }),
  Schema.TaggedStruct("PlantWatered", { name: Schema.String })
)
const events = typedEvents(PlantEvent)

describe("an event its Schema cannot encode", () => {
  it.effect("is emitted, and a warning names it and says why a page will not show it", () =>
    Effect.gen(function*() {
      const logs: Array<string> = []
      const capture = Logger.replace(Logger.defaultLogger, Logger.make(({ logLevel, message }) => {
        logs.push(`${logLevel.label}: ${(Array.isArray(message) ? message : [message]).map(String).join(" ")}`)
      }))
      yield* Effect.gen(function*() {
        yield* events.emit({ _tag: "PlantWatered", name: "fern" })
        yield* events.emit({ _tag: "PlantAdded", name: "monstera", everyDays: 0 })
      }).pipe(Effect.provide(capture))
      expect((yield* CollectedEvents.emitted).map((e) => e._tag)).toEqual(["PlantWatered", "PlantAdded"])
      expect(logs).toHaveLength(1)
      expect(logs[0]).toMatch(/^WARN: event PlantAdded does not encode with its Schema/)
      expect(logs[0]).toContain("Expected a positive number, actual 0")
    }).pipe(Effect.provide(CollectedEvents.layer)))
})
