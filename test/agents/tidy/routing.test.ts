/**
 * The routing properties of DESIGN.md "Tests", over states, photos and
 * extracts generated from the Schemas (≥ 1000 runs each).
 */
import { describe, expect, it } from "@effect/vitest"
import { Arbitrary, DateTime, Either, FastCheck as fc, Option, Schema } from "effect"
import { decide, splitThreshold } from "../../../src/agents/tidy/decide.js"
import { applyDisposition, transition } from "../../../src/agents/tidy/transition.js"
import { ItemDisposition } from "../../../src/domain/question.js"
import { Extract, PhotoAnalysis } from "../../../src/domain/tidy/extract.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems, phase, SessionState as SessionStateSchema } from "../../../src/domain/tidy/state.js"
import { ItemName } from "../../../src/domain/tidy/types.js"

const runs = { numRuns: 1000 }
const state = Arbitrary.make(SessionStateSchema)
const extract = Arbitrary.make(Extract)
const photo = fc.option(Arbitrary.make(PhotoAnalysis), { nil: undefined }).map(Option.fromNullable)
const now = DateTime.unsafeMake(Date.UTC(2026, 10, 21, 9, 0))

/** Items as a multiset: name → count (case-insensitive, as items are matched). */
const multiset = (items: ReadonlyArray<string>) => {
  const m = new Map<string, number>()
  for (const i of items) m.set(i.toLowerCase(), (m.get(i.toLowerCase()) ?? 0) + 1)
  return m
}

/**
 * `after` holds everything `before` held, plus at most one item (the one
 * decided this turn) and the other things the same message named.
 */
const conserves = (before: SessionState, after: SessionState, alsoNamed: ReadonlyArray<string> = []) => {
  const b = multiset(allItems(before))
  const a = multiset(allItems(after))
  for (const [k, n] of b) if ((a.get(k) ?? 0) < n) return false
  let added = 0
  for (const [k, n] of a) added += Math.max(0, n - (b.get(k) ?? 0))
  return added <= 1 + new Set(alsoNamed.map((i) => i.toLowerCase())).size
}

const calm = (e: Extract): Extract => ({ ...e, anxiety: Option.none(), tired: false, feeling: Option.none() })

describe("decide (pure, total)", () => {
  it.prop("never throws and always returns an action and a phase", [state, photo, extract], ([s, p, e]) => {
    const [action, next] = decide(s, p, e)
    expect(typeof action._tag).toBe("string")
    expect(["Surveying", "Sorting", "Splitting", "Refining", "DecisionSupport"]).toContain(next)
  }, { fastCheck: runs })

  it.prop("stop → Summary from every phase, staying in it", [state, photo, extract], ([s, p, e]) => {
    const [action, next] = decide(s, p, { ...e, intent: "stop" })
    expect(action._tag).toBe("Summary")
    expect(next).toBe(phase(s))
  }, { fastCheck: runs })

  it.prop("a Buried photo in Surveying → FirstInstruction, straight to Sorting", [state, Arbitrary.make(PhotoAnalysis), extract], ([s, p, e]) => {
    const surveying: SessionState = { ...s, phaseData: { _tag: "Surveying", gatheredFunction: Option.none(), gatheredAnchors: [] } }
    fc.pre(e.intent !== "stop")
    expect(decide(surveying, Option.some({ ...p, chaosLevel: "Buried" }), e)).toEqual([{ _tag: "FirstInstruction" }, "Sorting"])
  }, { fastCheck: runs })

  it.prop("Sorting + decided trash → InstructTrash", [state, Arbitrary.make(ItemName), extract], ([s, item, e]) => {
    fc.pre(s.phaseData._tag === "Sorting" && Option.isNone(s.phaseData.active.lastAnxiety))
    // Nothing the user found hard is being named again (that gets a DecisionAid instead).
    const [action, next] = decide({ ...s, avoid: [] }, Option.none(), { ...calm(e), intent: "decided", choice: Option.some("trash"), item: Option.some(item) })
    expect([action._tag, next]).toEqual(["InstructTrash", "Sorting"])
  }, { fastCheck: runs })

  it.prop(
    "Sorting with more than 5 unsure items → InstructSplit with a non-empty category list",
    [state, fc.array(Arbitrary.make(ItemName), { minLength: splitThreshold + 1, maxLength: 20 }), extract],
    ([s, unsure, e]) => {
      fc.pre(s.phaseData._tag === "Sorting")
      // The user has not said "not now" to a split yet.
      const { splitDeclinedAt: _declined, ...data } = s.phaseData
      const sorting: SessionState = { ...s, piles: { ...s.piles, unsure }, phaseData: { ...data, currentItem: Option.none() } }
      const [action, next] = decide(sorting, Option.none(), { ...calm(e), intent: "continue", choice: Option.none(), item: Option.none() })
      expect(next).toBe("Splitting")
      expect(action._tag === "InstructSplit" && action.categories.length > 0).toBe(true)
    },
    { fastCheck: runs }
  )
})

describe("transition (pure)", () => {
  it.prop("conserves the multiset of items across piles and emergent categories", [state, photo, extract], ([s, p, e]) => {
    const [action, next] = decide(s, p, e)
    const after = transition(s, e, action, next, now)
    expect(conserves(s, after, e.alsoNamed)).toBe(true)
  }, { fastCheck: runs })

  it.prop("the phase after a transition is the one decide chose", [state, photo, extract], ([s, p, e]) => {
    const [action, next] = decide(s, p, e)
    const after = transition(s, e, action, next, now)
    expect(phase(after)).toBe(next)
  }, { fastCheck: runs })

  it.prop("a disposition chosen through the tool conserves items too", [state, Arbitrary.make(ItemName), Arbitrary.make(ItemDisposition)], ([s, item, d]) => {
    expect(conserves(s, applyDisposition(s, item, d))).toBe(true)
  }, { fastCheck: runs })

  it.prop("sets sessionStart on the first turn and keeps it after", [state, extract], ([s, e]) => {
    const [action, next] = decide(s, Option.none(), e)
    const after = transition(s, e, action, next, now)
    expect(after.sessionStart).toEqual(Option.isSome(s.sessionStart) ? s.sessionStart : Option.some(now))
  }, { fastCheck: runs })

  it.prop("a session state survives the SessionStore encoding unchanged", [state], ([s]) => {
    const json = JSON.stringify(Schema.encodeSync(SessionStateSchema)(s))
    const back = Schema.decodeUnknownEither(SessionStateSchema)(JSON.parse(json))
    expect(Either.isRight(back)).toBe(true)
    expect(Either.getOrThrow(back)).toEqual(s)
  }, { fastCheck: runs })
})
