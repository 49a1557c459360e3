/**
 * Breaks found by using `shoal tidy` offline as an overwhelmed or grieving
 * user would type, messily: stop said casually, grief said without a comma
 * or with an emoji, filler left in names and in the space's function. Each
 * piped after "it's for sleeping" / "the bed stays" (or a messy opening), and
 * each asserts where every named thing ended up.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems } from "../../../src/domain/tidy/state.js"
import { bedroom, CollectedEvents, pipeSession } from "./pipe-session.js"

const names = (s: SessionState) => allItems(s).map((i) => i.toLowerCase()).sort()
const run = (lines: ReadonlyArray<string>, start: ReadonlyArray<string> = bedroom) =>
  pipeSession([...start, ...lines]).pipe(Effect.provide(CollectedEvents.layer))
const repliesAfter = (printed: string, line: string) => printed.split(`> ${line}\n`)[1]?.split("\n> ")[0] ?? ""

describe("stop said casually, at a card", () => {
  for (const line of ["im done lol", "that's it for me", "can i stop?", "no more", "i'm done haha"]) {
    it.effect(`'${line}' at the card for a mug ends the session; the mug waits for later, nothing is invented`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run(["a mug", line, "a plate", "1"])
        expect(printed).not.toContain("What to do with plate")
        expect(printed).not.toMatch(/What to do with (?:im|i'm) done/)
        expect(names(final)).toEqual(["mug"])
        expect(final.later).toEqual(["mug"])
      }))
  }
})

describe("grief said without a comma, or with an emoji", () => {
  for (const line of ["my grandad's pipe he died last year", "my grandad's pipe 😢 he died last year", "my grandad's pipe 😢", "grandads pipe 😭"]) {
    it.effect(`'${line}': no card, the pipe is kept for later and never brought back by the coach`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run([line, "next", "ok", "stop"])
        expect(printed).not.toContain("What to do with")
        expect(repliesAfter(printed, line)).toMatch(/that's okay/i)
        expect(names(final)).toHaveLength(1)
        expect(final.later).toHaveLength(1)
        expect(final.later[0]).toMatch(/pipe$/)
        expect(final.avoid.length).toBeGreaterThan(0)
      }))
  }
})

describe("filler is not pasted back", () => {
  it.effect("'umm my spare room, its where i work …' → the function is 'spare room', not 'umm my spare room'", () =>
    Effect.gen(function*() {
      const { printed } = yield* run(["stop"], ["umm my spare room, its where i work but also junk everywhere", "the desk stays"])
      expect(printed).not.toMatch(/\bumm\b.*What's definitely staying/)
      expect(printed).toContain("Got it: spare room.")
    }))

  for (const [line, item] of [["the oven obviously", "oven"], ["the kettle tbh", "kettle"], ["a lamp honestly", "lamp"], ["idk a scarf", "scarf"]] as const) {
    it.effect(`'${line}' is the item '${item}'`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run([line, "2", "stop"])
        expect(printed).toContain(`What to do with ${item}?`)
        expect(final.piles.belongs).toEqual([item])
      }))
  }
})

describe("things listed along with a feeling are kept, not lost", () => {
  const long =
    "I'm overwhelmed and honestly i dont know why i let it get like this, there are papers and cables and old receipts and my ex's hoodie which i really dont want to deal with and a broken chair"
  it.effect("a long overwhelmed message naming five things: all five are kept, the hoodie is set aside and never asked about", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run([long, "ok", "2", "2", "2", "2", "ok", "ok", "stop"])
      for (const thing of ["papers", "cables", "old receipts", "ex's hoodie", "broken chair"]) expect(names(final)).toContain(thing)
      expect(names(final)).toHaveLength(5)
      expect(printed).not.toContain("What to do with ex's hoodie")
      expect(final.avoid.map((a) => a.toLowerCase())).toContain("ex's hoodie")
      expect(final.later.map((a) => a.toLowerCase())).toContain("ex's hoodie")
    }))

  for (const line of ["so tired, there's the lamp, the books and a mug", "it's all too much, the lamp, the books and a mug"]) {
    it.effect(`'${line}': the lamp, the books and the mug are each kept for later`, () =>
      Effect.gen(function*() {
        const { final } = yield* run([line, "stop"])
        expect(names(final)).toEqual(["books", "lamp", "mug"])
        expect([...final.later].map((a) => a.toLowerCase()).sort()).toEqual(["books", "lamp", "mug"])
      }))
  }
})
