/**
 * A disposition card in the terminal takes more than its numbers (issue 14):
 * its labels, the user's own words for a choice, "skip", and anything else
 * ("stop", "help", a new item) as the user's NEXT message — the card's
 * answer is `MessageInstead` with the words, handed to the asker once: never
 * read again as a line, never discarded, never applied to another card. In
 * a pipe, on a TTY, and through the page's bridge.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Stream } from "effect"
import { PassThrough } from "node:stream"
import type { ItemDisposition } from "../../../src/domain/question.js"
import { readCardReply } from "../../../src/services/question-ui/card-replies.js"
import { makeQuestionBridge } from "../../../src/services/question-ui/bridge.js"
import { fromRenderer } from "../../../src/services/question-ui/interpreter.js"
import { terminalRenderer } from "../../../src/services/question-ui/terminal.js"
import { pipeIO, ttyIO } from "../../../src/services/question-ui/terminal-io.js"
import { mug } from "./fixtures.js"

const basic = [
  { label: "Trash", disposition: { _tag: "Trash" } },
  { label: "Keep", disposition: { _tag: "Keep" } },
  { label: "Not sure", disposition: { _tag: "Unsure" } }
] as const

const chose = (reply: string): ItemDisposition | string => {
  const r = readCardReply(reply, basic)
  return r._tag === "Chose" ? r.disposition : r._tag
}

describe("readCardReply: the user's own words", () => {
  it.each(["bin", "bin it", "chuck it", "rubbish", "recycle", "charity shop", "donate", "give it to my sister", "Trash", "1", "out"])("%s → out", (reply) => {
    expect(chose(reply)).toEqual({ _tag: "Trash" })
  })
  it.each(["keep", "Keep it", "2", "it stays"])("%s → keep", (reply) => {
    expect(chose(reply)).toEqual({ _tag: "Keep" })
  })
  it("'put it in the drawer' keeps it, in the drawer", () => {
    expect(chose("put it in the drawer")).toEqual({ _tag: "PlaceAt", location: "in the drawer" })
    expect(chose("in the wardrobe")).toEqual({ _tag: "PlaceAt", location: "in the wardrobe" })
  })
  it.each(["not sure", "dunno", "3"])("%s → not sure", (reply) => {
    expect(chose(reply)).toEqual({ _tag: "Unsure" })
  })
  it.each(["skip", "not now", "later", "pass"])("%s → skip", (reply) => {
    expect(chose(reply)).toBe("Skip")
  })
  it.each(["stop", "help", "I can't", "a lamp", "ok stop", "can we stop now", "burn it"])("%s → the next message", (reply) => {
    expect(chose(reply)).toBe("Message")
  })
  it.each(["", "  ", "7", "0"])("%j → ask again", (reply) => {
    expect(chose(reply)).toBe("Again")
  })
})

const piped = (typed: string) =>
  Effect.gen(function*() {
    const input = new PassThrough()
    const output = new PassThrough()
    let printed = ""
    output.on("data", (c: Buffer) => {
      printed += c.toString("utf8")
    })
    input.end(typed)
    const io = yield* pipeIO(input, output)
    return { io, ui: fromRenderer(terminalRenderer(io)), printed: () => printed }
  })

describe("a card in a pipe", () => {
  it.scoped("'stop' answers the card as the next message (MessageInstead), handed over once and never read again", () =>
    Effect.gen(function*() {
      const { io, ui, printed } = yield* piped("stop\nnext line\n")
      expect(yield* ui.ask(mug)).toEqual({ _tag: "MessageInstead", text: "stop" })
      expect(yield* io.readLine("> ")).toBe("next line")
      expect(printed()).not.toContain("not one of the options")
    }))

  it.scoped("a new message at a card is not applied to the next card", () =>
    Effect.gen(function*() {
      const { ui } = yield* piped("a lamp\n2\n")
      expect(yield* ui.ask(mug)).toEqual({ _tag: "MessageInstead", text: "a lamp" })
      // The next card gets the next typed answer.
      expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
    }))

  it.scoped("the user's own words and labels answer it; 'skip' is not handed back", () =>
    Effect.gen(function*() {
      const { io, ui } = yield* piped("chuck it\nput it in the drawer\nskip\nafter\n")
      expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
      expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "PlaceAt", location: "in the drawer" } })
      expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
      expect(yield* io.readLine("> ")).toBe("after")
    }))

  it.scoped("marks a choice 'suggested' only when the question says someone suggested it", () =>
    Effect.gen(function*() {
      const { ui, printed } = yield* piped("1\n1\n")
      yield* ui.ask(mug)
      expect(printed()).not.toContain("suggested")
      yield* ui.ask({ ...mug, suggested: true })
      expect(printed()).toContain("1) Keep (suggested)")
    }))
})

/** A PassThrough that looks like a TTY stdin in raw mode, as process.stdin does. */
class FakeTty extends PassThrough {
  readonly isTTY = true
  isRaw = false
  setRawMode(mode: boolean): this {
    this.isRaw = mode
    return this
  }
}

describe("a card on a TTY (one-key mode)", () => {
  const tty = () => {
    const input = new FakeTty()
    const output = new PassThrough()
    let printed = ""
    output.on("data", (c: Buffer) => {
      printed += c.toString("utf8")
    })
    const io = ttyIO(input, output)
    return { input, io, ui: fromRenderer(terminalRenderer(io)), printed: () => printed }
  }

  it.live("typing a label ('keep') answers the card instead of 'Press a number…'", () =>
    Effect.gen(function*() {
      const { input, ui, printed } = tty()
      const answer = yield* Effect.fork(ui.ask(mug))
      yield* Effect.sleep("20 millis")
      input.write("k")
      yield* Effect.sleep("20 millis")
      input.write("eep\r")
      expect(yield* Fiber.join(answer)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Keep" } })
      expect(printed()).not.toContain("Press a number")
    }))

  it.live("typing 'stop' answers the card with the message 'stop', for the agent to take", () =>
    Effect.gen(function*() {
      const { input, ui } = tty()
      const answer = yield* Effect.fork(ui.ask(mug))
      yield* Effect.sleep("20 millis")
      input.write("s")
      yield* Effect.sleep("20 millis")
      input.write("top\r")
      expect(yield* Fiber.join(answer)).toEqual({ _tag: "MessageInstead", text: "stop" })
    }))

  it.live("Escape skips the card", () =>
    Effect.gen(function*() {
      const { input, ui } = tty()
      const answer = yield* Effect.fork(ui.ask(mug))
      yield* Effect.sleep("20 millis")
      input.write("\x1b\x1b")
      expect(yield* Fiber.join(answer)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
    }))
})

describe("a card through the bridge (the page)", () => {
  it.live("a message sent instead of a choice is the card's answer; it answers no Confirm", () =>
    Effect.gen(function*() {
      const bridge = yield* makeQuestionBridge
      const answer = yield* Effect.fork(bridge.ui.ask(mug))
      const card = yield* bridge.changes.pipe(Stream.filterMap((p) => p), Stream.runHead, Effect.flatMap((p) => p))
      yield* bridge.answer(card.id, { _tag: "MessageInstead", text: "I can't" })
      expect(yield* Fiber.join(answer)).toEqual({ _tag: "MessageInstead", text: "I can't" })

      const confirm = yield* Effect.fork(bridge.ui.ask({ _tag: "Confirm", prompt: "Ready?", default: true }))
      const asked = yield* bridge.changes.pipe(Stream.filterMap((p) => p), Stream.filter((p) => p.id !== card.id), Stream.runHead, Effect.flatMap((p) => p))
      const refused = yield* Effect.flip(bridge.answer(asked.id, { _tag: "MessageInstead", text: "stop" }))
      expect(refused._tag).toBe("AnswerDoesNotFit")
      yield* bridge.answer(asked.id, { _tag: "ConfirmAnswer", confirmed: false })
      expect(yield* Fiber.join(confirm)).toEqual({ _tag: "ConfirmAnswer", confirmed: false })
    }))
})
