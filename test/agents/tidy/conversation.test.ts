/**
 * Bookkeeping over whole generated conversations (issue 14, item 1): random
 * sequences of item messages, decisions, unsure answers, card answers,
 * skips and messages typed at a card instead of an answer (MessageInstead),
 * feelings, pivots, refusals and stops, run through `turn` — offline,
 * and with a ScriptedLlm that extracts exactly what each message says and
 * proposes dispositions through the tool. After EVERY turn:
 * - every item the user named is held exactly once (piles + categories +
 *   later list), and nothing else is: no item is invented from "keep going",
 *   "next", "not now" or "ok";
 * - `itemsProcessed` is the number of distinct items sorted;
 * - a summary's numbers are the state's numbers.
 * 1,000 conversations per layer.
 */
import { Effect, FastCheck as fc, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { turn, userSaid } from "../../../src/agents/tidy/turn.js"
import type { Answer, ItemDisposition } from "../../../src/domain/question.js"
import type { GenerateRequest } from "../../../src/domain/llm.js"
import type { ExtractWire } from "../../../src/domain/tidy/extract.js"
import type { SessionState } from "../../../src/domain/tidy/state.js"
import { allItems, counts, initialState } from "../../../src/domain/tidy/state.js"
import { CollectedEvents } from "../../../src/services/events/index.js"
import type { Llm } from "../../../src/services/llm/llm.js"
import { layerOffline } from "../../../src/services/llm/offline.js"
import { ScriptedLlm } from "../../../src/services/llm/scripted.js"
import { QuestionUI } from "../../../src/services/question-ui/question-ui.js"

const pool = [
  "mug", "lamp", "sweater", "charging cable", "old letters", "scarf", "usb stick", "notebook", "plate", "jumper",
  "receipts", "headphones", "photo frame", "candle", "birthday card from mum", "yoga mat", "socks", "jeans", "dad's watch"
]

/** One user message: its text, the items it names, and what a faithful model would extract from it. */
interface Said {
  readonly text: string
  readonly names: ReadonlyArray<string>
  readonly wire: ExtractWire
  readonly stop?: boolean
}

const item = fc.constantFrom(...pool)
const the = (i: string) => (i.includes("'s") ? i : `the ${i}`)

const naming: fc.Arbitrary<Said> = fc.tuple(item, fc.constantFrom(0, 1, 2, 3, 4)).map(([i, form]) => ({
  text: [i, the(i), `um, ${the(i)}`, `there's ${the(i)}`, `next is ${the(i)}`][form] ?? i,
  names: [i],
  wire: { intent: "item", item: i }
}))

const decidedNaming: fc.Arbitrary<Said> = fc.tuple(item, fc.constantFrom(0, 1, 2, 3, 4, 5)).map(([i, form]) => {
  const forms: ReadonlyArray<readonly [string, ExtractWire]> = [
    [`${i}, not sure`, { intent: "decided", item: i, choice: "unsure" }],
    [`${i}, trash`, { intent: "decided", item: i, choice: "trash" }],
    [`bin ${the(i)}`, { intent: "decided", item: i, choice: "trash" }],
    [`${the(i)} stays`, { intent: "decided", item: i, choice: "keep" }],
    [`keep ${the(i)}`, { intent: "decided", item: i, choice: "keep" }],
    [`put ${the(i)} in the drawer`, { intent: "decided", item: i, choice: "place", place: "in the drawer" }]
  ]
  const [text, wire] = forms[form] ?? forms[0] ?? [i, { intent: "item" }]
  return { text, names: [i], wire }
})

/** A sentence naming two or three things, where they lie and how many: every one is named. */
const narrative: fc.Arbitrary<Said> = fc.tuple(fc.uniqueArray(item, { minLength: 2, maxLength: 3 }), fc.constantFrom(0, 1, 2)).map(([things, form]) => {
  const [a = "mug", b = "lamp", c] = things
  const text = [
    `there's a pile of ${a} on the chair, ${b} everywhere${c === undefined ? "" : ` and my ${c} in the corner`}`,
    `${the(a)} and ${the(b)}${c === undefined ? "" : `, ${the(c)}`}`,
    `um so there's ${a} under the desk${c === undefined ? "" : `, ${c} by the door`} and a couple of ${b}`
  ][form] ?? a
  const ordered = form === 2 ? [a, ...(c === undefined ? [] : [c]), b] : things
  return { text, names: ordered, wire: { intent: "item", item: ordered[0] ?? a, others: ordered.slice(1) } }
})

const nothingNamed = (text: string, wire: ExtractWire): Said => ({ text, names: [], wire })

const decision: fc.Arbitrary<Said> = fc.constantFrom(
  nothingNamed("keep it", { intent: "decided", choice: "keep" }),
  nothingNamed("trash", { intent: "decided", choice: "trash" }),
  nothingNamed("not sure", { intent: "decided", choice: "unsure" }),
  nothingNamed("bin it", { intent: "decided", choice: "trash" }),
  nothingNamed("put it in the drawer", { intent: "decided", choice: "place", place: "in the drawer" })
)

const filler: fc.Arbitrary<Said> = fc.constantFrom(
  ...["ok", "next", "keep going", "not now", "yes", "no, not now", "ready", "one more", "1", "help"].map((t) => nothingNamed(t, { intent: "continue" }))
)

const feeling: fc.Arbitrary<Said> = fc.oneof(
  fc.constantFrom(
    ...["I'm so tired", "I feel anxious", "I'm overwhelmed", "this was my dad's, I can't", "I can't", "it makes me sad", "I'm so embarrassed"].map((t) =>
      nothingNamed(t, { intent: "help" })
    )
  ),
  item.map((i): Said => ({ text: `${the(i)} makes me sad`, names: [i], wire: { intent: "help", item: i, anxiety: i } })),
  item.map((i): Said => ({ text: `I'm stuck on ${the(i)}`, names: [i], wire: { intent: "help", item: i } }))
)

const stop: fc.Arbitrary<Said> = fc.constantFrom(
  ...["stop", "I'm done", "can we stop now", "ok stop", "that's enough for today"].map((t): Said => ({ ...nothingNamed(t, { intent: "stop" }), stop: true }))
)

const message = fc.oneof(
  { arbitrary: naming, weight: 4 },
  { arbitrary: narrative, weight: 1 },
  { arbitrary: decidedNaming, weight: 4 },
  { arbitrary: decision, weight: 2 },
  { arbitrary: filler, weight: 2 },
  { arbitrary: feeling, weight: 2 }
)

const disposition: fc.Arbitrary<ItemDisposition> = fc.constantFrom(
  { _tag: "Keep" },
  { _tag: "Trash" },
  { _tag: "Unsure" },
  { _tag: "SkipForNow" },
  { _tag: "PlaceAt", location: "on the shelf" }
)

/** What the user does at a card: choose, or type a message instead (any message, a stop too). */
type CardMove = { readonly _tag: "Choose"; readonly disposition: ItemDisposition } | { readonly _tag: "Instead"; readonly said: Said }

const cardMove: fc.Arbitrary<CardMove> = fc.oneof(
  { arbitrary: disposition.map((d): CardMove => ({ _tag: "Choose", disposition: d })), weight: 5 },
  { arbitrary: fc.oneof(message, stop).map((said): CardMove => ({ _tag: "Instead", said })), weight: 1 }
)

const conversation = fc.record({
  messages: fc.array(message, { minLength: 1, maxLength: 16 }),
  end: fc.option(stop, { nil: undefined }),
  cards: fc.array(cardMove, { minLength: 1, maxLength: 30 })
})

/**
 * Cards answered from the generated list, then skipped (a timeout's answer).
 * Every message typed at a card is noted in `typed`, so the test knows what
 * the user said during a turn.
 */
const cardsFrom = (moves: ReadonlyArray<CardMove>, typed: Array<Said>) => {
  let next = 0
  return Layer.succeed(QuestionUI, {
    ask: () =>
      Effect.sync((): Answer => {
        const move = moves[next++]
        if (move === undefined) return { _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } }
        if (move._tag === "Choose") return { _tag: "DispositionAnswer", disposition: move.disposition }
        typed.push(move.said)
        return { _tag: "MessageInstead", text: move.said.text }
      })
  })
}

/** A model that reads each message exactly as the generator meant it, and proposes through the tool. */
const faithfulModel = (said: ReadonlyMap<string, ExtractWire>): Layer.Layer<Llm> => {
  const answer = (request: GenerateRequest) => {
    const prompt = request.messages.map((m) => m.content.map((b) => (b._tag === "Text" ? b.text : "")).join("")).join("\n")
    if (request.tools.some((t) => t.name === "record_extract")) {
      const text = /The message: "([\s\S]*)"$/.exec(prompt)?.[1] ?? ""
      return ScriptedLlm.toolCall("record_extract", said.get(text) ?? { intent: "continue" })
    }
    const about = /(?:decide about|stuck on) "([^"]+)"/.exec(prompt)?.[1]
    if (about !== undefined && request.tools.some((t) => t.name === "propose_disposition") && request.messages.length === 1) {
      return ScriptedLlm.toolCall("propose_disposition", { item: about, choices: [{ label: "Keep", kind: "keep" }] })
    }
    return ScriptedLlm.text("Okay. What's next?")
  }
  return ScriptedLlm.layer(Array.from({ length: 400 }, () => answer))
}

const heldOnce = (state: SessionState): ReadonlyMap<string, number> => {
  const m = new Map<string, number>()
  for (const i of allItems(state)) m.set(i.toLowerCase(), (m.get(i.toLowerCase()) ?? 0) + 1)
  return m
}

const summaryNumbers = (reply: string) => {
  const sorted = /You sorted (\d+) items?: (\d+) staying, (\d+) out, (\d+) unsure/.exec(reply)
  const later = /(\d+) things? left for later/.exec(reply)
  return {
    sorted: sorted === null ? 0 : Number(sorted[1]),
    staying: sorted === null ? 0 : Number(sorted[2]),
    out: sorted === null ? 0 : Number(sorted[3]),
    unsure: sorted === null ? 0 : Number(sorted[4]),
    later: later === null ? 0 : Number(later[1])
  }
}

const play = (conv: fc.RecordValue<{ messages: ReadonlyArray<Said>; end: Said | undefined; cards: ReadonlyArray<CardMove> }>, model: "offline" | "scripted") => {
  const typed: Array<Said> = []
  return Effect.gen(function*() {
    let state = initialState
    for (const line of ["it's for sleeping", "the bed stays"]) state = (yield* turn(state, userSaid(line))).state
    const named = new Set<string>()
    for (const said of [...conv.messages, ...(conv.end === undefined ? [] : [conv.end])]) {
      typed.length = 0
      const r = yield* turn(state, userSaid(said.text))
      state = r.state
      // What the user said this turn: the message, and whatever they typed at its cards instead of an answer.
      const saidNow = [said, ...typed]
      for (const s of saidNow) for (const n of s.names) named.add(n.toLowerCase())
      const held = heldOnce(state)
      const where = `after "${said.text}" (${r.action._tag})`
      expect([...held.keys()].sort(), where).toEqual([...named].sort())
      expect([...held.values()].every((n) => n === 1), `${where}: an item held twice`).toBe(true)
      const c = counts(state)
      expect(state.itemsProcessed, where).toBe(c.sorted)
      if (r.ended) {
        expect(saidNow.some((s) => s.stop === true), `${where}: ended without a stop`).toBe(true)
        expect(summaryNumbers(r.reply), `${where}: ${r.reply}`).toEqual({ sorted: c.sorted, staying: c.staying, out: c.out, unsure: c.unsure, later: c.later })
        return
      }
    }
  }).pipe(
    Effect.provide(Layer.mergeAll(
      model === "offline" ? layerOffline : faithfulModel(new Map([
        ["it's for sleeping", { intent: "start", function: "sleeping" }],
        ["the bed stays", { intent: "start", anchors: ["bed"] }],
        ...[...conv.messages, ...(conv.end === undefined ? [] : [conv.end])].map((s): [string, ExtractWire] => [s.text, s.wire]),
        ...conv.cards.flatMap((m): ReadonlyArray<[string, ExtractWire]> => (m._tag === "Instead" ? [[m.said.text, m.said.wire]] : []))
      ])),
      cardsFrom(conv.cards, typed),
      CollectedEvents.layer
    ))
  )
}

/** One conversation, then a pause for the event loop, so a long property never starves the test runner. */
const run = (model: "offline" | "scripted") => (conv: Parameters<typeof play>[0]) =>
  Effect.runPromise(play(conv, model)).then(() => new Promise<void>((resolve) => setImmediate(resolve)))

describe("whole conversations keep every item in exactly one place", () => {
  it("offline: 1,000 conversations", async () => {
    await fc.assert(fc.asyncProperty(conversation, run("offline")), { numRuns: 1000 })
  }, 600_000)

  it("with a ScriptedLlm: 1,000 conversations", async () => {
    await fc.assert(fc.asyncProperty(conversation, run("scripted")), { numRuns: 1000 })
  }, 600_000)
})


