import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, TestClock } from "effect"
import { PassThrough } from "node:stream"
import { yesNoQuestion } from "../../../src/domain/question.js"
import type { Question } from "../../../src/domain/question.js"
import { layerTerminal, layerWithTimeout, QuestionUI } from "../../../src/services/question-ui/index.js"
import { keepGoing, mug, roomUse, survey } from "./fixtures.js"

/** A terminal on pipes: what the user "types" is written to `input`, everything printed lands in `printed()`. */
const pipeTerminal = () => {
  const input = new PassThrough()
  const output = new PassThrough()
  let printed = ""
  output.on("data", (chunk: Buffer) => {
    printed += chunk.toString("utf8")
  })
  return { input, layer: layerTerminal({ input, output }), printed: () => printed }
}

/** Ask `question` on a pipe fed with `typed` (then closed unless `keepOpen`). */
const askTyped = (question: Question, typed: string, keepOpen = false) =>
  Effect.gen(function*() {
    const terminal = pipeTerminal()
    terminal.input.write(typed)
    if (!keepOpen) terminal.input.end()
    const answer = yield* Effect.flatMap(QuestionUI, (ui) => ui.ask(question)).pipe(Effect.provide(terminal.layer))
    return { answer, printed: terminal.printed() }
  })

describe("layerTerminal on a pipe", () => {
  it.live("numbers the options and picks one by number", () =>
    Effect.gen(function*() {
      const { answer, printed } = yield* askTyped(mug, "3\n", true)
      expect(answer).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "PlaceAt", location: "kitchen" } })
      expect(printed).toContain("What to do with the red mug?")
      expect(printed).toContain("  1) Keep\n  2) Trash\n  3) Put in kitchen")
      // The piped reply is echoed so the transcript reads like a session.
      expect(printed).toContain("Choose 1-3, or say it in your own words: 3\n")
    }))

  it.live("picks an option by its label, in any case", () =>
    Effect.gen(function*() {
      const { answer } = yield* askTyped(roomUse, "  sLEEPING \n", true)
      expect(answer).toEqual({ _tag: "ChoiceAnswer", value: "sleep" })
    }))

  it.live("re-asks with a hint after an invalid reply, then accepts a valid one", () =>
    Effect.gen(function*() {
      // A card re-asks only for a number that is no option or an empty line (other words are the user's next message: card.test.ts).
      const { answer, printed } = yield* askTyped(mug, "7\n\n2\n", true)
      expect(answer).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
      expect(printed).toContain("Type a number from 1 to 3")
      expect(printed.match(/Choose 1-3, or say it in your own words: /g)).toHaveLength(3)
      const choose = yield* askTyped(roomUse, "7\nburn it\n2\nnothing\n", true)
      expect(choose.answer).toMatchObject({ _tag: "ChoiceAnswer", value: "work" })
      expect(choose.printed).toContain(`"7" is not one of the options`)
      expect(choose.printed).toContain(`"burn it" is not one of the options`)
    }))

  it.live("Confirm: Enter takes the default, y/no are read, anything else re-asks", () =>
    Effect.gen(function*() {
      const enter = yield* askTyped(keepGoing, "\n", true)
      expect(enter.answer).toEqual({ _tag: "ConfirmAnswer", confirmed: true })
      expect(enter.printed).toContain("Keep going? [Y/n]")
      const no = yield* askTyped({ ...keepGoing, default: true }, "maybe\nNO\n", true)
      expect(no.answer).toEqual({ _tag: "ConfirmAnswer", confirmed: false })
      expect(no.printed).toContain(`"maybe" is not yes or no`)
      const yes = yield* askTyped({ ...keepGoing, default: false }, "y\n", true)
      expect(yes.answer).toEqual({ _tag: "ConfirmAnswer", confirmed: true })
    }))

  it.live("asks a whole group on one pipe, follow-up included", () =>
    Effect.gen(function*() {
      const { answer, printed } = yield* askTyped(survey, "2\nmy thesis\ny\n\n")
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "work", followUp: { _tag: "TextAnswer", text: "my thesis" } },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "ConfirmAnswer", confirmed: false },
          later: { _tag: "Skipped" }
        }
      })
      expect(printed).toContain("== About the room ==")
    }))

  it.live("end of input gives fallback answers instead of hanging", () =>
    Effect.gen(function*() {
      const { answer } = yield* askTyped(survey, "2\n")
      expect(answer).toEqual({
        _tag: "GroupAnswer",
        answers: {
          use: { _tag: "ChoiceAnswer", value: "work", followUp: { _tag: "TextAnswer", text: "" } },
          tidy: { _tag: "ConfirmAnswer", confirmed: true },
          desk: { _tag: "ConfirmAnswer", confirmed: false },
          later: { _tag: "Skipped" }
        }
      })
      // And every later question falls back at once too.
      const empty = yield* askTyped(mug, "")
      expect(empty.answer).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
    }))
})

describe("layerTerminal with a timeout", () => {
  it.effect("a user who never answers gets the fallback after 5 minutes, and the terminal still works after", () =>
    Effect.gen(function*() {
      const terminal = pipeTerminal()
      const layer = layerWithTimeout().pipe(Layer.provide(terminal.layer))
      yield* Effect.gen(function*() {
        const ui = yield* QuestionUI
        const fiber = yield* Effect.fork(ui.ask(mug))
        yield* TestClock.adjust("4 minutes")
        expect(fiber.unsafePoll()).toBeNull()
        yield* TestClock.adjust("1 minute")
        expect(yield* Fiber.join(fiber)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "SkipForNow" } })
        // The timed-out read let go of the input: the next question gets the next line.
        terminal.input.write("2\n")
        expect(yield* ui.ask(mug)).toEqual({ _tag: "DispositionAnswer", disposition: { _tag: "Trash" } })
      }).pipe(Effect.provide(layer))
    }))
})

/** A PassThrough that looks like a TTY stdin in raw mode, as process.stdin does. */
class FakeTty extends PassThrough {
  readonly isTTY = true
  isRaw = false
  readonly modes: Array<boolean> = []
  setRawMode(mode: boolean): this {
    this.isRaw = mode
    this.modes.push(mode)
    return this
  }
}

describe("layerTerminal on a TTY", () => {
  it.live("picks an option with one key press, ignoring digits that are not options", () =>
    Effect.gen(function*() {
      const input = new FakeTty()
      const output = new PassThrough()
      let printed = ""
      output.on("data", (chunk: Buffer) => {
        printed += chunk.toString("utf8")
      })
      const answers = yield* Effect.gen(function*() {
        const ui = yield* QuestionUI
        const picked = yield* Effect.fork(ui.ask(mug))
        yield* Effect.sleep("10 millis")
        input.write("9")
        yield* Effect.sleep("10 millis")
        input.write("3")
        const disposition = yield* Fiber.join(picked)
        const confirmed = yield* Effect.fork(ui.ask({ ...keepGoing, default: false }))
        yield* Effect.sleep("10 millis")
        input.write("\r")
        return [disposition, yield* Fiber.join(confirmed)]
      }).pipe(Effect.provide(layerTerminal({ input, output })))
      expect(answers).toEqual([
        { _tag: "DispositionAnswer", disposition: { _tag: "PlaceAt", location: "kitchen" } },
        { _tag: "ConfirmAnswer", confirmed: false }
      ])
      expect(printed).toContain("Press 1-3, or type a word: ")
      expect(printed).toContain("Type a number from 1 to 3")
      expect(printed).toContain("Put in kitchen\n")
      // Raw mode is switched back off after every key.
      expect(input.isRaw).toBe(false)
    }))
})

describe("a yes/no question at the terminal", () => {
  const logIt = yesNoQuestion({ id: "confirm", prompt: "Log this?", yes: "Yes, log it", no: "No, log nothing", more: [{ value: "edit", label: "Retype the whole list" }] })

  it.live("lists yes first, says y/n may be typed, and takes \"OK!\" on a pipe", () =>
    Effect.gen(function*() {
      const { answer, printed } = yield* askTyped(logIt, "OK!\n", true)
      expect(answer).toEqual({ _tag: "ChoiceAnswer", value: "yes" })
      expect(printed).toContain("  1) Yes, log it\n  2) No, log nothing\n  3) Retype the whole list")
      expect(printed).toContain("Choose 1-3, or y/n: OK!")
    }))

  it.live("on a TTY the n key answers no", () =>
    Effect.gen(function*() {
      const input = new FakeTty()
      const output = new PassThrough()
      let printed = ""
      output.on("data", (chunk: Buffer) => {
        printed += chunk.toString("utf8")
      })
      const answer = yield* Effect.gen(function*() {
        const asked = yield* Effect.fork(Effect.flatMap(QuestionUI, (ui) => ui.ask(logIt)))
        // Press the key once the question waits for it (no sleep: yield until the prompt is out).
        while (!printed.includes("Press 1-3")) yield* Effect.yieldNow()
        input.write("n")
        return yield* Fiber.join(asked)
      }).pipe(Effect.provide(layerTerminal({ input, output })))
      expect(answer).toEqual({ _tag: "ChoiceAnswer", value: "no" })
      expect(printed).toContain("Press 1-3, or y/n: No, log nothing\n")
    }))
})
