/**
 * The terminal's two ways of reading the user, over injectable Node streams.
 *
 * Where it sits: under `terminal.ts`. A pipe (tests, `echo 2 | shoal …`) is
 * read line by line from ONE persistent readline, because a pipe delivers
 * many lines in one chunk and a short-lived reader would drop them. A TTY in
 * raw mode also reads single key presses, so an option is picked with one key.
 * End of input is `QuestionInputClosed` (never a hang); Ctrl-C interrupts.
 */
import { Effect, Option, Queue, Ref } from "effect"
import type { Scope } from "effect"
import * as readline from "node:readline"
import type { Readable, Writable } from "node:stream"
import { QuestionInputClosed } from "./renderer.js"

/** A terminal stdin that can switch to raw mode (process.stdin when it is a TTY). */
export interface RawModeInput extends Readable {
  readonly isTTY: boolean
  readonly isRaw: boolean
  setRawMode(mode: boolean): unknown
}

export const isRawModeInput = (input: Readable): input is RawModeInput =>
  "isTTY" in input && input.isTTY === true && "setRawMode" in input && typeof input.setRawMode === "function"

/** One key press: `name` as readline names it ("1", "y", "return", "escape"). */
export interface KeyPress {
  readonly name: string
}

export interface TerminalIO {
  readonly write: (text: string) => Effect.Effect<void>
  /** Print `prompt` and read one line (without its newline); on a TTY, `typed` is already in the line (a key pressed at a card). */
  readonly readLine: (prompt: string, typed?: string) => Effect.Effect<string, QuestionInputClosed>
  /**
   * Hand a line back to be read next: what the user typed at a card that was
   * not an answer ("stop", "help", a new item) becomes their next message.
   */
  readonly unread: (line: string) => Effect.Effect<void>
  /** Read one key press without Enter; absent when the input is not a raw-mode TTY. */
  readonly readKey: Option.Option<Effect.Effect<KeyPress, QuestionInputClosed>>
}

const endOfInput = new QuestionInputClosed({ reason: "end of input" })

const writer = (output: Writable) => (text: string): Effect.Effect<void> => Effect.sync(() => void output.write(text))

/**
 * Lines from a pipe: one readline for the whole session, its lines queued until asked for.
 * Also used on a TTY when key presses are turned off; then the terminal echoes and we must not.
 */
/** A line reader that can also hand over every line already received (a paste arrives as a burst of lines). */
export interface PipeIO extends TerminalIO {
  /** The lines already received and not yet read, without waiting (echoed like `readLine`'s). */
  readonly takeQueued: Effect.Effect<ReadonlyArray<string>>
}

export const pipeIO = (input: Readable, output: Writable): Effect.Effect<PipeIO, never, Scope.Scope> =>
  Effect.gen(function*() {
    const lines = yield* Queue.unbounded<Option.Option<string>>()
    const rl = yield* Effect.acquireRelease(
      Effect.sync(() => readline.createInterface({ input, terminal: false, crlfDelay: Infinity })),
      (rl) => Effect.sync(() => rl.close())
    )
    rl.on("line", (line) => Queue.unsafeOffer(lines, Option.some(line)))
    rl.on("close", () => Queue.unsafeOffer(lines, Option.none()))
    const write = writer(output)
    // A pipe does not echo what was typed; echo it so the transcript reads like a session.
    const echo = !("isTTY" in input && input.isTTY === true)
    // Once the input has ended, every later read must end too: put the marker back.
    const fromQueue = Effect.flatMap(Queue.take(lines), Option.match({
      onSome: Effect.succeed,
      onNone: () => Effect.zipRight(Queue.offer(lines, Option.none()), Effect.fail(endOfInput))
    }))
    const handedBack = yield* Ref.make<ReadonlyArray<string>>([])
    const nextLine = Effect.flatMap(
      Ref.modify(handedBack, (held): [Option.Option<string>, ReadonlyArray<string>] => [Option.fromNullable(held[0]), held.slice(1)]),
      Option.match({ onSome: (line) => Effect.succeed({ line, again: true }), onNone: () => Effect.map(fromQueue, (line) => ({ line, again: false })) })
    )
    // Every line already received (a paste): handed-back lines first (echoed when first read), then the queue's.
    const takeQueued = Effect.gen(function*() {
      const held = yield* Ref.getAndSet(handedBack, [])
      const taken = yield* Queue.takeAll(lines)
      const received: Array<string> = []
      for (const line of taken) {
        if (Option.isNone(line)) {
          yield* Queue.offer(lines, line)
          break
        }
        received.push(line.value)
      }
      if (echo) for (const line of received) yield* write(`${line}\n`)
      return [...held, ...received]
    })
    return {
      write,
      // A handed-back line was echoed when it was first read: it is not echoed twice.
      readLine: (prompt) =>
        write(prompt).pipe(
          Effect.zipRight(nextLine),
          Effect.tap(({ again, line }) => (echo || again ? write(`${line}\n`) : Effect.void)),
          Effect.map(({ line }) => line)
        ),
      unread: (line) => Ref.update(handedBack, (held) => [line, ...held]),
      readKey: Option.none(),
      takeQueued
    }
  })

const readKeyFrom = (input: RawModeInput): Effect.Effect<KeyPress, QuestionInputClosed> =>
  Effect.async<KeyPress, QuestionInputClosed>((resume) => {
    readline.emitKeypressEvents(input)
    const wasRaw = input.isRaw
    const cleanup = () => {
      input.off("keypress", onKey)
      input.off("end", onEnd)
      input.setRawMode(wasRaw)
      input.pause()
    }
    function onKey(text: string | undefined, key: { readonly name?: string; readonly ctrl?: boolean } | undefined) {
      cleanup()
      if (key?.ctrl === true && key.name === "c") resume(Effect.interrupt)
      else if (key?.ctrl === true && key.name === "d") resume(Effect.fail(endOfInput))
      else resume(Effect.succeed({ name: key?.name ?? text ?? "" }))
    }
    function onEnd() {
      cleanup()
      resume(Effect.fail(endOfInput))
    }
    input.on("keypress", onKey)
    input.once("end", onEnd)
    input.setRawMode(true)
    input.resume()
    return Effect.sync(cleanup)
  })

const readLineFrom = (input: RawModeInput, output: Writable) => (prompt: string, typed?: string): Effect.Effect<string, QuestionInputClosed> =>
  Effect.async<string, QuestionInputClosed>((resume) => {
    // A fresh readline per line: on a TTY nothing is buffered between questions, and raw-key reads need the stream free.
    const rl = readline.createInterface({ input, output, terminal: true })
    let settled = false
    const settle = (result: Effect.Effect<string, QuestionInputClosed>) => {
      if (settled) return
      settled = true
      rl.close()
      resume(result)
    }
    rl.on("close", () => settle(Effect.fail(endOfInput)))
    rl.on("SIGINT", () => settle(Effect.interrupt))
    rl.question(prompt, (line) => settle(Effect.succeed(line)))
    if (typed !== undefined && typed.length > 0) rl.write(typed)
    return Effect.sync(() => {
      settled = true
      rl.close()
    })
  })

/** Key presses and edited lines from a TTY; a handed-back line is read before the keyboard. */
export const ttyIO = (input: RawModeInput, output: Writable): TerminalIO => {
  const handedBack: Array<string> = []
  const write = writer(output)
  const fromKeyboard = readLineFrom(input, output)
  return {
    write,
    readLine: (prompt, typed) =>
      Effect.suspend(() => {
        const held = handedBack.shift()
        return held === undefined ? fromKeyboard(prompt, typed) : Effect.as(write(`${prompt}${held}\n`), held)
      }),
    unread: (line) => Effect.sync(() => void handedBack.unshift(line)),
    readKey: Option.some(readKeyFrom(input))
  }
}

/** The terminal as the user has it: key presses and edited lines on a TTY, lines from one reader on a pipe. */
export const stdioIO = (input: Readable, output: Writable): Effect.Effect<TerminalIO, never, Scope.Scope> =>
  isRawModeInput(input) ? Effect.succeed(ttyIO(input, output)) : pipeIO(input, output)
