/**
 * The text layer (src/domain/text): lists, clauses, things with their
 * descriptions, the words that are never things, and typo-tolerant matching.
 * Messages here are invented (made-up nouns from a small grammar), never lines
 * of the shared fixtures.
 */
import { FastCheck as fc } from "effect"
import { describe, expect, it } from "vitest"
import { closestWord, commandWords, decisionWords, editDistance, readClauses, readList, readSentences, readThings, readWord, typoBudget } from "../../../src/domain/text/index.js"

const named = (message: string) => readThings(message).map((t) => (t.description === undefined ? t.name : `${t.name} [${t.description}]`))

describe("things a message names", () => {
  it("a list of things, each with its modifiers, split at commas, 'and', 'plus' and new lines", () => {
    expect(named("the blorp, an old zandle and a broken frimmet")).toEqual(["blorp", "old zandle", "broken frimmet"])
    expect(named("a glonk plus two tassocks\nmy gran's drubber")).toEqual(["glonk", "two tassocks", "my gran's drubber"])
  })

  it("a relative clause, 'too …', a participle or a 'with' phrase is the thing's description, not another thing", () => {
    expect(named("trousers that don't fit")).toEqual(["trousers [that don't fit]"])
    expect(named("a jumper which is too itchy, some boots too tight")).toEqual(["jumper [which is too itchy]", "boots [too tight]"])
    expect(named("a kettle that only boils half a cup and a toaster")).toEqual(["kettle [that only boils half a cup]", "toaster"])
    expect(named("a rug covered in hair")).toEqual(["rug [covered in hair]"])
    expect(named("a chair with a wobbly leg")).toEqual(["chair [with a wobbly leg]"])
    expect(named("the toys my nephew grew out of")).toEqual(["toys [my nephew grew out of]"])
  })

  it("'of' joins two nouns into one thing", () => {
    expect(named("a box of cables and a stack of old magazines")).toEqual(["box of cables", "stack of old magazines"])
  })

  it("fillers, hedges, swearing, time words, pointing words and command or decision words are never things", () => {
    for (const message of ["actually no", "wait, no", "um ok", "bin, gently", "keep, it's clutter", "that's enough for tonight", "bin that crap", "fuck this", "skip", "next", "show me the later list", "not sure, maybe in summer", "kepe", "trsh it", "help"]) {
      expect(named(message), message).toEqual([])
    }
  })

  it("a decision or correction around a thing leaves only the thing", () => {
    expect(named("actually no, keep the lampshade")).toEqual(["lampshade"])
    expect(named("wait, no, bin the coasters")).toEqual(["coasters"])
    expect(named("ugh, the beanbag can go")).toEqual(["beanbag"])
    expect(named("toss the shit mugs")).toEqual(["mugs"])
  })

  it("places and times after a preposition are not things ('in the attic', 'for today')", () => {
    expect(named("put the vase in the attic")).toEqual(["vase"])
  })
})

describe("sentences, clauses and lists", () => {
  it("sentences end at '.', '!', '?' and new lines", () => {
    expect(readSentences("I had the blorp. Then a zandle!\nDone")).toEqual(["I had the blorp", "Then a zandle", "Done"])
  })

  it("clauses split at commas and the words that join clauses", () => {
    expect(readClauses("actually no, keep the blorp but bin the zandle")).toEqual(["actually no", "keep the blorp", "bin the zandle"])
  })

  it("a joiner splits a list only before a new noun phrase ('in and out' stays)", () => {
    expect(readList("the mower in and out")).toEqual(["the mower in and out"])
    expect(readList("pens and pencils")).toEqual(["pens", "pencils"])
  })

  it("the caller's grammar decides where a joiner splits, and may add joiners", () => {
    const beforeAmount = { joiners: new Set(["with"]), splitsAt: (_j: unknown, rest: ReadonlyArray<{ readonly text: string }>) => /^\d/.test(rest[0]?.text ?? "") }
    expect(readList("mac and cheese with 2 eggs", beforeAmount)).toEqual(["mac and cheese", "2 eggs"])
    expect(readList("toast with jam, 1,5 kg rice", beforeAmount)).toEqual(["toast with jam", "1,5 kg rice"])
  })
})

describe("what tidy reads from a correction", () => {
  it("a correction's clauses give the decision (typo read) and the thing, and nothing else", () => {
    const message = "wait no, kepe the blorp that my aunt gave me"
    const [, decided] = readClauses(message)
    expect(readWord(decided?.split(/\s+/)[0] ?? "")).toMatchObject({ class: "decision", meant: "keep" })
    expect(readThings(message).map((t) => [t.name, t.description])).toEqual([["blorp", "that my aunt gave me"]])
  })
})

describe("words read alone, typos included", () => {
  it("typos of decision and command words are read as the word meant", () => {
    expect(readWord("kepe")).toMatchObject({ class: "decision", meant: "keep" })
    expect(readWord("trsh")).toMatchObject({ class: "decision", meant: "trash" })
    expect(readWord("recylcing")).toMatchObject({ class: "decision", meant: "recycling" })
    expect(readWord("nxet")).toMatchObject({ class: "command", meant: "next" })
  })

  it("a word the lexicon knows is itself, not a typo ('shop' is not 'stop'); short words take no typo", () => {
    expect(readWord("shop").class).toBeUndefined()
    expect(readWord("bun").class).toBeUndefined()
    expect(readWord("Fucking").class).toBe("profanity")
    expect(readWord("actually,").class).toBe("filler")
  })
})

// ---------------------------------------------------------------------------
// Properties over messages from a small grammar
// ---------------------------------------------------------------------------

/** Made-up nouns, none a typo of a command or decision word. */
const nouns = ["blorp", "zandle", "frimmet", "glonk", "tassock", "drubber", "wozzle", "crundle", "snorkin", "vimble", "quossock", "thrimble"]
const adjectives = ["old", "broken", "blue", "tiny", "spare", "dusty"]
const relatives = ["that doesn't work", "that I never use", "which is too big", "too small", "covered in dust", "with a cracked lid"]
const articles = ["a ", "the ", "my ", "some ", ""]

const thing = fc.record({
  article: fc.constantFrom(...articles),
  adjective: fc.option(fc.constantFrom(...adjectives), { nil: undefined }),
  noun: fc.constantFrom(...nouns),
  relative: fc.option(fc.constantFrom(...relatives), { nil: undefined })
}).filter((t) => t.article !== "" || t.adjective !== undefined)

type Thing = typeof thing extends fc.Arbitrary<infer T> ? T : never
const headOf = (t: Thing) => `${t.article === "my " ? "my " : ""}${t.adjective === undefined ? "" : `${t.adjective} `}${t.noun}`
const write = (t: Thing) => `${t.article}${headOf(t).replace(/^my /, "")}${t.relative === undefined ? "" : ` ${t.relative}`}`

const fillers = ["", "actually no, ", "ok so ", "um, ", "wait, ", "right, "]
const separators = [", ", " and ", "\n", " plus ", "; "]

/** A decision said before the list, sometimes misspelt. */
const decisions = ["", "keep ", "kepe ", "bin ", "trsh ", "toss ", "recylce "]

const message = fc.record({
  filler: fc.constantFrom(...fillers),
  decision: fc.constantFrom(...decisions),
  things: fc.array(thing, { minLength: 1, maxLength: 5 }),
  separators: fc.array(fc.constantFrom(...separators), { minLength: 4, maxLength: 4 })
})

const join = (m: { readonly filler: string; readonly decision: string; readonly things: ReadonlyArray<Thing>; readonly separators: ReadonlyArray<string> }) =>
  m.filler + m.decision + m.things.map((t, i) => `${i === 0 ? "" : m.separators[i - 1] ?? ", "}${write(t)}`).join("")

/** Drops, doubles, swaps or replaces one letter. */
const typo = (word: string) =>
  fc.tuple(fc.nat({ max: word.length - 1 }), fc.constantFrom("drop", "double", "swap", "replace"), fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz")).map(([i, kind, letter]) => {
    if (kind === "drop") return word.slice(0, i) + word.slice(i + 1)
    if (kind === "double") return word.slice(0, i + 1) + word.slice(i)
    if (kind === "swap") return i + 1 < word.length ? word.slice(0, i) + (word[i + 1] ?? "") + (word[i] ?? "") + word.slice(i + 2) : word
    return word.slice(0, i) + letter + word.slice(i + 1)
  })

describe("properties", () => {
  it("every thing of a generated list is read, in order, once, with its description; no filler or decision (typos too) becomes a thing", () => {
    fc.assert(
      fc.property(message, (m) => {
        const read = readThings(join(m))
        expect(read.map((t) => t.name)).toEqual(m.things.map(headOf))
        expect(read.map((t) => t.description)).toEqual(m.things.map((t) => t.relative))
      }),
      { numRuns: 200 }
    )
  })

  it("a message of only fillers, hedges, swearing and decision words names nothing", () => {
    const word = fc.constantFrom("actually", "no", "wait", "um", "ok", "maybe", "not sure", "fuck", "bloody hell", "keep", "bin it", "skip", "next", "for now", "today", "it")
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), fc.constantFrom(", ", " ", "... "), (words, sep) => {
      expect(readThings(words.join(sep))).toEqual([])
    }), { numRuns: 500 })
  })

  it("one typo in a decision or command word of five letters or more is read as a word no further from it", () => {
    const vocabulary = [...decisionWords, ...commandWords]
    const long = vocabulary.filter((w) => w.length >= 5)
    fc.assert(fc.property(fc.constantFrom(...long).chain((w) => fc.tuple(fc.constant(w), typo(w))), ([word, written]) => {
      const match = closestWord(written, vocabulary)
      expect(match).toBeDefined()
      expect(editDistance(written, match?.word ?? "")).toBeLessThanOrEqual(editDistance(written, word))
      expect(match?.distance ?? 9).toBeLessThanOrEqual(typoBudget(Math.min(written.length, match?.word.length ?? 0)))
    }), { numRuns: 300 })
  })

  it("edit distance is a distance: zero only to itself, symmetric, one per swap of neighbours", () => {
    fc.assert(fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
      expect(editDistance(a, a)).toBe(0)
      expect(editDistance(a, b)).toBe(editDistance(b, a))
      expect(editDistance(a, b) === 0).toBe(a === b)
      expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length))
    }))
    expect(editDistance("recycling", "recylcing")).toBe(1)
  })
})
