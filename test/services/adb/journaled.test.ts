/**
 * `journaledAdb`: every device call (actions and reads) is one named step of
 * the host's `Steps`, and a step the host already recorded is not sent to the
 * device again — here with a `Steps` that keeps each result encoded by its
 * Schema, as serve's journal does, and decodes it on a replay.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { Adb } from "../../../src/services/adb/adb.js"
import { journaledAdb } from "../../../src/services/adb/journaled.js"
import { layerAdbMemory } from "../../../src/services/adb/memory.js"
import type { StepsShape } from "../../../src/services/steps/steps.js"
import { SimulatedDevice } from "../../../src/simulator/device.js"
import { settingsPackage } from "../../../src/simulator/index.js"
import { PackageName } from "../../../src/domain/android/ids.js"
import { Keys } from "../../../src/domain/android/key-codes.js"

/** A host's journal in memory: a name seen before gets its recorded result back (numbered by order, as serve does). */
const memoryJournal = () => {
  const recorded = new Map<string, unknown>()
  const names: Array<string> = []
  const start = () => new Map<string, number>()
  let seen = start()
  const steps: StepsShape = {
    once: <A, I, E, R>(name: string, success: Schema.Schema<A, I>, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
      Effect.suspend(() => {
        const k = (seen.get(name) ?? 0) + 1
        seen.set(name, k)
        const key = `${name}#${k}`
        names.push(key)
        // The journal holds what the step returned, encoded by its Schema: a replay decodes it instead of running the step.
        return recorded.has(key)
          ? Effect.orDie(Schema.decodeUnknown(success)(recorded.get(key)))
          : Effect.tap(effect, (a) => Effect.map(Effect.orDie(Schema.encode(success)(a)), (encoded) => void recorded.set(key, encoded)))
      })
  }
  return { steps, names, replay: () => void (seen = start(), names.length = 0) }
}

describe("journaledAdb", () => {
  it.effect("every device call is a named step, and a replayed turn does not reach the device again", () =>
    Effect.gen(function*() {
      const device = new SimulatedDevice()
      const base = yield* Effect.provide(Adb, layerAdbMemory(device))
      const journal = memoryJournal()
      const adb = journaledAdb(base, journal.steps)
      const turn = Effect.gen(function*() {
        yield* adb.launch(PackageName.make(settingsPackage))
        const focus = yield* adb.focused
        const tree = yield* adb.dumpUi
        yield* adb.tap({ x: 10, y: 10 })
        yield* adb.keyevent(Keys.BACK)
        return { focus, tree }
      })
      const first = yield* turn
      expect(journal.names).toEqual(["adb/launch#1", "adb/focused#1", "adb/dumpXml#1", "adb/tap#1", "adb/keyevent#1"])
      expect(Option.map(first.focus, (f) => f.packageName)).toEqual(Option.some(settingsPackage))
      const sent = device.commands.length

      journal.replay()
      const again = yield* turn
      expect(device.commands.length).toBe(sent)
      expect(again).toEqual(first)
      // The adb server's device list is not the device's state: not a step.
      yield* adb.devices
      expect(journal.names).toHaveLength(5)
    }))
})
