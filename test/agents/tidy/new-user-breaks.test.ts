/**
 * Messages a new user might type that the coach got wrong, found by trying
 * to break `shoal tidy` offline, each piped after "it's for sleeping" /
 * "the bed stays" as in issue14.test.ts. Every test asserts where each named
 * thing ended up, not only what was printed.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems } from "../../../src/domain/tidy/state.js"
import { bedroom, CollectedEvents, pipeSession } from "./pipe-session.js"

const names = (s: SessionState) => allItems(s).map((i) => i.toLowerCase()).sort()
const run = (lines: ReadonlyArray<string>) => pipeSession([...bedroom, ...lines]).pipe(Effect.provide(CollectedEvents.layer))
const repliesAfter = (printed: string, line: string) => printed.split(`> ${line}\n`)[1]?.split("\n> ")[0] ?? ""

describe("new user: distress said without the usual words", () => {
  for (const line of ["these were nan's", "she knitted this before she passed", "my chest is tight looking at this pile", "my stomach is in knots"]) {
    it.effect(`'${line}' is heard: no card, no bare 'What's next?'`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run([line, "stop"])
        const reply = repliesAfter(printed, line)
        expect(reply).not.toContain("What to do with")
        expect(reply).not.toContain("What's next?")
        expect(reply).toMatch(/that's okay/i)
        expect(names(final)).toEqual([])
      }))
  }
})

describe("new user: their own words at a card", () => {
  for (const [word, pile] of [
    ["lob it", "out"],
    ["goodwill", "out"],
    ["yeah bin it", "out"],
    ["bin it please", "out"],
    ["it can go to the charity shop", "out"],
    ["ok keep it then", "belongs"]
  ] as const) {
    it.effect(`'${word}' at the card for a mug puts the mug ${pile}, inventing nothing`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run(["a mug", word, "stop"])
        expect(names(final)).toEqual(["mug"])
        expect(final.piles[pile]).toEqual(["mug"])
        expect(final.later).toEqual([])
        expect(printed).not.toContain("can wait for later")
      }))
  }
})

describe("new user: typos and symbols are not items", () => {
  for (const line of ["stopp", "enuf", "🙂", "👍👍"]) {
    it.effect(`'${line}' names no item`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run([line])
        expect(printed).not.toContain(`What to do with ${line}`)
        expect(names(final)).toEqual([])
      }))
  }

  it.effect("'stopp' and 'enuf' end the session like 'stop' and 'enough'", () =>
    Effect.gen(function*() {
      for (const line of ["stopp", "enuf"]) {
        const { printed } = yield* run(["a mug", "2", line, "a plate", "1"])
        expect(printed).not.toContain("What to do with plate")
      }
    }))
})

describe("new user: replies and counts after a card", () => {
  it.effect("a place typed at a card is answered as a sentence: 'Put it on the windowsill.'", () =>
    Effect.gen(function*() {
      const { printed, final } = yield* run(["a candle", "on the windowsill", "stop"])
      expect(repliesAfter(printed, "a candle")).toContain("Put it on the windowsill. Next?")
      expect(printed).not.toMatch(/^on the windowsill it is/m)
      expect(names(final)).toEqual(["candle"])
    }))

  for (const word of ["keep both", "keep them all"]) {
    it.effect(`'two mugs' then '${word}': one thing named, one thing kept, no item called 'both'`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run(["two mugs", word, "stop"])
        expect(names(final)).toEqual(["two mugs"])
        expect(final.piles.belongs).toEqual(["two mugs"])
        expect(final.later).toEqual([])
        expect(printed).toMatch(/You sorted 1 item: 1 staying, 0 out, 0 unsure\./)
      }))
  }

  it.effect("'keep both' as a message with nothing under discussion invents no item", () =>
    Effect.gen(function*() {
      const { final } = yield* run(["keep both", "stop"])
      expect(names(final)).toEqual([])
    }))
})

describe("new user: two things in one message while sorting", () => {
  for (const line of ["the mug and the plate", "the mug plus the plate", "the mug as well as the plate", "the mug, the plate"]) {
    it.effect(`'${line}' then '1': the mug is out and the plate is held for later, not one item called 'mug … plate'`, () =>
      Effect.gen(function*() {
        const { printed, final } = yield* run([line, "1", "stop"])
        expect(printed).toContain("What to do with mug?")
        expect(names(final)).toEqual(["mug", "plate"])
        expect(final.piles.out).toEqual(["mug"])
        expect(final.later).toEqual(["plate"])
        expect(printed).toMatch(/1 thing left for later/)
      }))
  }

  it.effect("'salt and pepper shakers' is one thing: a part without its own 'the/a/my' is no list", () =>
    Effect.gen(function*() {
      const { final } = yield* run(["salt and pepper shakers", "2", "stop"])
      expect(names(final)).toEqual(["salt and pepper shakers"])
    }))
})
