/**
 * ORIENT: the rules read what they can; only the rest goes to the model,
 * and offline the rest is reported rather than guessed.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { orient } from "../../../src/agents/fitlog/orient.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"

describe("orient", () => {
  it.effect("makes no model call when the rules read everything", () =>
    Effect.gen(function*() {
      const o = yield* orient("2 eggs, 1 slice of toast for breakfast")
      expect(o.modelCalls).toBe(0)
      expect(o.items.map((i) => i.name)).toEqual(["eggs", "toast"])
      expect(yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)).toEqual([])
    }).pipe(Effect.provide(ScriptedLlm.layer([]))))

  it.effect("sends only the unread piece to the model and adds what it read", () =>
    Effect.gen(function*() {
      const o = yield* orient("2 eggs, 150g")
      expect(o.modelCalls).toBe(1)
      expect(o.items.map((i) => [i.name, i.quantity, i.unit])).toEqual([["eggs", 2, "each"], ["porridge", 150, "g"]])
      const [request] = yield* Effect.flatMap(ScriptedLlm, (s) => s.requests)
      const shown = request?.messages.flatMap((m) => m.content.flatMap((b) => (b._tag === "Text" ? [b.text] : []))).join("")
      expect(shown).toContain("- 150g")
      expect(shown).not.toContain("eggs")
    }).pipe(Effect.provide(ScriptedLlm.layer([
      ScriptedLlm.toolCall("record_foods", { items: [{ text: "150g", name: "porridge", quantity: 150, unit: "g" }] })
    ]))))

  it.effect("offline, the unread piece is reported, not guessed", () =>
    Effect.gen(function*() {
      const o = yield* orient("2 eggs, 150g")
      expect(o.items.map((i) => i.name)).toEqual(["eggs"])
      expect(o.unread).toEqual(["150g"])
      expect(Option.isNone(o.meal)).toBe(true)
    }).pipe(Effect.provide(layerOffline)))
})
