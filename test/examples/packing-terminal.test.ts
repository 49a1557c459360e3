/**
 * examples/packing-agent.ts in the terminal host, as a pipe: lines in, the
 * agent's replies, status lines and its yes/no question out, the session
 * saved after every turn, and its events emitted as its Schema declares.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Schema } from "effect"
import { PassThrough } from "node:stream"
import { packingAgent, PackingEvent, packingSessions, readLine } from "../../examples/packing-agent.js"
import { runTerminal } from "../../src/cli/host-terminal.js"
import { CollectedEvents } from "../../src/services/events/index.js"
import { fromRenderer } from "../../src/services/question-ui/interpreter.js"
import { QuestionUI } from "../../src/services/question-ui/question-ui.js"
import { terminalRenderer } from "../../src/services/question-ui/terminal.js"
import { pipeIO } from "../../src/services/question-ui/terminal-io.js"
import { layerMemory } from "../../src/services/session-store/memory.js"
import { SessionId } from "../../src/services/session-store/session-kind.js"
import { SessionStore } from "../../src/services/session-store/session-store.js"

const trip = SessionId.make("trip")

/** Pipe `lines` through the terminal host; the printed text, the stored state and the events' tags. */
const converse = (lines: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const input = new PassThrough()
    const output = new PassThrough()
    let printed = ""
    output.on("data", (chunk: Buffer) => void (printed += chunk.toString("utf8")))
    input.end(lines.map((l) => `${l}\n`).join(""))
    const io = yield* pipeIO(input, output)
    const last = yield* runTerminal(packingAgent, { io, sessionId: trip, state: packingAgent.initial, color: false }).pipe(
      Effect.provide(Layer.succeed(QuestionUI, fromRenderer(terminalRenderer(io))))
    )
    const stored = yield* Effect.flatMap(SessionStore, (s) => s.load(packingSessions, trip))
    const events = yield* CollectedEvents.emitted
    return { printed, last, stored, events }
  }).pipe(Effect.scoped, Effect.provide(Layer.mergeAll(layerMemory, CollectedEvents.layer)))

describe("the packing example in the terminal host", () => {
  it.effect("adds, packs, and on 'done' asks before leaving something behind; the saved state is the last one", () =>
    Effect.gen(function*() {
      const { events, last, printed, stored } = yield* converse(["socks, charger", "pack socks", "done", "yes"])
      expect(printed).toContain("Added socks, charger.")
      expect(printed).toContain("  · 2 to pack · 0 packed")
      expect(printed).toContain("Packed socks.")
      expect(printed).toContain("charger not packed yet. Leave without them?")
      expect(printed).toContain("Have a good trip! Packed: socks. Still to pack: charger.")
      expect(printed).toContain("Saved as trip. Continue later with: shoal packing --resume trip")
      expect(stored).toEqual({ toPack: ["charger"], packed: ["socks"] })
      expect(last).toEqual(stored)
      expect(events.map((e) => e._tag)).toEqual(["ItemAdded", "ItemAdded", "ItemPacked", "TripReady"])
      // Every event is one of the agent's own, and survives encoding (what a page streams).
      for (const e of events) expect(Schema.decodeUnknownSync(PackingEvent)(Schema.encodeUnknownSync(PackingEvent)(e))).toEqual(e)
    }))

  it.effect("a 'no' at the question keeps packing; the end of input ends with the agent's own summary", () =>
    Effect.gen(function*() {
      const { events, printed, stored } = yield* converse(["umbrella", "done", "no", "pack umbrella"])
      expect(printed).toContain("Fine, keep packing.")
      expect(printed).toContain("Packed umbrella.")
      expect(printed).toContain("Packed: umbrella.")
      expect(printed).not.toContain("Have a good trip")
      expect(stored).toEqual({ toPack: [], packed: ["umbrella"] })
      expect(events.map((e) => e._tag)).toEqual(["ItemAdded", "ItemPacked"])
    }))

  it("reads a line by rules", () => {
    expect(readLine("Pack the socks")).toEqual({ _tag: "Pack", item: "socks" })
    expect(readLine("add sun cream and a hat, socks")).toEqual({ _tag: "Add", items: ["sun cream", "a hat", "socks"] })
    expect(readLine("done")).toEqual({ _tag: "Done" })
  })
})
