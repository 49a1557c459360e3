/**
 * `layerTerminal`: the QuestionUI of `shoal <agent>` in a terminal.
 *
 * Where it sits: a `QuestionRenderer` over `TerminalIO`, turned into a full
 * QuestionUI by the interpreter. One question at a time, options numbered; a
 * TTY picks an option with one key press, a pipe types a number or a label
 * per line. A disposition card also takes the user's own words, "skip", and
 * anything else as their next message (card-replies.ts); other questions
 * re-ask with a short hint after a reply that is not valid. End of input
 * gives fallback answers (via the interpreter), so a closed pipe never hangs.
 */
import { Effect, Option } from "effect"
import type { Layer } from "effect"
import type { Scope } from "effect"
import type { Readable, Writable } from "node:stream"
import { layerFromRenderer } from "./interpreter.js"
import type { QuestionUI } from "./question-ui.js"
import { readCardReply } from "./card-replies.js"
import type { DispositionReply, ProposeDispositionQuestion, QuestionInputClosed, QuestionRenderer } from "./renderer.js"
import { isRawModeInput, pipeIO, ttyIO } from "./terminal-io.js"
import type { TerminalIO } from "./terminal-io.js"
import { confirmHint, confirmSuffix, numberedOptions, optionHint, parseConfirmReply, parseOptionReply } from "./internal/terminal-replies.js"
import type { NumberedOption } from "./internal/terminal-replies.js"

export interface TerminalOptions {
  /** Defaults to `process.stdin`. */
  readonly input?: Readable
  /** Defaults to `process.stdout`. */
  readonly output?: Writable
  /** Pick with one key press; defaults to whether `input` is a raw-mode TTY. Ignored when it is not. */
  readonly keypress?: boolean
}

/** Single keys can only address options 1–9; longer lists are typed. */
const maxKeyOptions = 9

/** Read lines until `parse` accepts one, printing `hint` after each refusal. */
const untilValid = <A>(
  io: TerminalIO,
  prompt: string,
  parse: (reply: string) => Option.Option<A>,
  hint: (reply: string) => string
): Effect.Effect<A, QuestionInputClosed> =>
  Effect.flatMap(io.readLine(prompt), (reply) =>
    Option.match(parse(reply), {
      onSome: Effect.succeed,
      onNone: () => Effect.zipRight(io.write(`${hint(reply)}\n`), untilValid(io, prompt, parse, hint))
    }))

/** Read keys until `parse` accepts one, echoing the accepted key's meaning. */
const untilValidKey = <A>(
  io: TerminalIO,
  readKey: Effect.Effect<{ readonly name: string }, QuestionInputClosed>,
  parse: (key: string) => Option.Option<{ readonly value: A; readonly echo: string }>,
  hint: string
): Effect.Effect<A, QuestionInputClosed> =>
  Effect.flatMap(readKey, (key) =>
    Option.match(parse(key.name), {
      onSome: ({ echo, value }) => Effect.as(io.write(`${echo}\n`), value),
      onNone: () => Effect.zipRight(io.write(`\n${hint} `), untilValidKey(io, readKey, parse, hint))
    }))

/** Print a heading and numbered options, and return the option the user picks. */
const pickOption = <O extends NumberedOption>(io: TerminalIO, heading: string, options: ReadonlyArray<O>): Effect.Effect<O, QuestionInputClosed> => {
  const parse = (reply: string) => Option.flatMap(parseOptionReply(reply, options), (i) => Option.fromNullable(options[i]))
  // A yes/no question also takes y / n (and, typed, "ok", "nope", 👍).
  const yesNo = options.some((o) => o.means !== undefined)
  const orYesNo = yesNo ? ", or y/n" : ""
  return Effect.zipRight(
    io.write(`\n${heading}\n${numberedOptions(options)}\n`),
    Option.match(Option.filter(io.readKey, () => options.length <= maxKeyOptions), {
      onNone: () => untilValid(io, `Choose 1-${options.length}${orYesNo}: `, parse, (reply) => optionHint(reply, options.length, yesNo)),
      onSome: (readKey) =>
        Effect.zipRight(
          io.write(`Press 1-${options.length}${orYesNo}: `),
          untilValidKey(io, readKey, (key) => Option.map(parse(key), (option) => ({ value: option, echo: option.label })), `Press a number from 1 to ${options.length}${orYesNo}.`)
        )
    })
  )
}

/** What a disposition card does with a reply; `None`: ask again. */
const onCardReply = (question: ProposeDispositionQuestion) => (reply: string): Option.Option<DispositionReply> => {
  const read = readCardReply(reply, question.choices)
  switch (read._tag) {
    case "Chose":
      return Option.some(read.disposition)
    case "Skip":
      return Option.some({ _tag: "SkipForNow" })
    case "Message":
      // Not an answer: the user's next message, handed to the asker once (never read again as a line).
      return Option.some({ _tag: "MessageInstead", text: read.text })
    case "Again":
      return Option.none()
  }
}

const cardHint = (count: number): string =>
  `Type a number from 1 to ${count}, a choice in your own words ("bin it", "keep", "in the drawer"), "skip", or anything else to move on.`

/**
 * A disposition card: a number or a label picks; so do the user's own words.
 * On a TTY a digit picks with one key, Escape skips, and any other key starts
 * a typed line. "skip" skips; anything else skips the card and becomes the
 * next message ("stop", "help", a new item).
 */
const askCard = (io: TerminalIO, question: ProposeDispositionQuestion): Effect.Effect<DispositionReply, QuestionInputClosed> => {
  const suggested = question.suggested === true ? " (suggested)" : ""
  const options = question.choices.map((c, i) => ({ label: i === 0 ? `${c.label}${suggested}` : c.label }))
  const heading = `What to do with ${question.item}?${question.reason === undefined ? "" : `\n  (${question.reason})`}`
  const onReply = onCardReply(question)
  const typed = (prompt: string, already?: string): Effect.Effect<DispositionReply, QuestionInputClosed> =>
    Effect.flatMap(io.readLine(prompt, already), (reply) =>
      Option.match(onReply(reply), {
        onSome: Effect.succeed,
        onNone: () => Effect.zipRight(io.write(`${cardHint(options.length)}\n`), typed(prompt))
      }))
  const keys = (readKey: Effect.Effect<{ readonly name: string }, QuestionInputClosed>): Effect.Effect<DispositionReply, QuestionInputClosed> =>
    Effect.flatMap(readKey, (key): Effect.Effect<DispositionReply, QuestionInputClosed> => {
      if (key.name === "escape") return Effect.as(io.write("skip\n"), { _tag: "SkipForNow" })
      const n = /^\d$/.test(key.name) ? Number(key.name) : 0
      const choice = question.choices[n - 1]
      if (choice !== undefined) return Effect.as(io.write(`${choice.label}\n`), choice.disposition)
      if (/^[\p{L}]$/u.test(key.name)) return Effect.zipRight(io.write("\n"), typed("> ", key.name))
      return Effect.zipRight(io.write(`\n${cardHint(options.length)} `), keys(readKey))
    })
  return Effect.zipRight(
    io.write(`\n${heading}\n${numberedOptions(options)}\n`),
    Option.match(Option.filter(io.readKey, () => options.length <= maxKeyOptions), {
      onNone: () => typed(`Choose 1-${options.length}, or say it in your own words: `),
      onSome: (readKey) => Effect.zipRight(io.write(`Press 1-${options.length}, or type a word: `), keys(readKey))
    })
  )
}

/** The terminal renderer over already-opened terminal IO. */
export const terminalRenderer = (io: TerminalIO): QuestionRenderer => ({
  proposeDisposition: (question) => askCard(io, question),
  choose: (question) =>
    Effect.map(pickOption(io, question.prompt, question.options), (option) => option.value),
  freeText: (question) =>
    io.readLine(`\n${question.prompt}${question.placeholder === undefined ? "" : ` (${question.placeholder})`}\n> `),
  confirm: (question) => {
    const prompt = `\n${question.prompt} ${confirmSuffix(question.default)} `
    return Option.match(io.readKey, {
      onNone: () => untilValid(io, prompt, (reply) => parseConfirmReply(reply, question.default), confirmHint),
      onSome: (readKey) =>
        Effect.zipRight(
          io.write(prompt),
          untilValidKey(io, readKey, (key) =>
            Option.map(parseConfirmReply(key === "return" || key === "enter" ? "" : key, question.default), (value) => ({
              value,
              echo: value ? "yes" : "no"
            })), "Press y or n (Enter keeps the default).")
        )
    })
  },
  beginGroup: (title) => io.write(`\n== ${title} ==\n`)
})

/** Open the terminal: a TTY (raw keys) or a pipe (lines), as `options` and the stream say. */
export const makeTerminalRenderer = (options: TerminalOptions = {}): Effect.Effect<QuestionRenderer, never, Scope.Scope> =>
  Effect.gen(function*() {
    const input = options.input ?? process.stdin
    const output = options.output ?? process.stdout
    const io = isRawModeInput(input) && options.keypress !== false ? ttyIO(input, output) : yield* pipeIO(input, output)
    return terminalRenderer(io)
  })

/** The terminal QuestionUI; compose with `layerWithTimeout` for the 5-minute fallback. */
export const layerTerminal = (options: TerminalOptions = {}): Layer.Layer<QuestionUI> =>
  layerFromRenderer(makeTerminalRenderer(options))
