/**
 * The functions CodeAct's code may call (seeds/002 "CodeActAgent"):
 * `click(i)`, `long_press(i)`, `type(i, text)`, `swipe(direction)`,
 * `scroll(direction)`, `open_app(name)`, `back()`, `home()`, `enter()`,
 * `wait(ms)`, `remember(text)` and `complete(success, reason)` — each
 * argument list decoded into an `AtomicAction` with the Executor's Schema,
 * so both modes validate actions the same way.
 *
 * Where it sits: codeact.ts and the offline `--script` replay hand these to
 * the Sandbox with `stepLimits`; what they did is logged for the model's
 * next prompt. What the code can pile up is bounded: a step's time and
 * device calls (the sandbox stops the code past them), each remembered fact
 * and the number of facts, and each logged argument.
 */
import { Effect, Either, Option, Ref } from "effect"
import { decodeAtomicAction } from "../../domain/droid/actions.js"
import { HostCallFailed } from "../../services/sandbox/errors.js"
import type { HostFunction } from "../../services/sandbox/sandbox.js"
import type { DeviceTools } from "./device.js"

export interface Completion {
  readonly success: boolean
  readonly reason: string
}

export interface CodeActState {
  /** One line per call: what was asked and what happened. */
  readonly log: Ref.Ref<ReadonlyArray<string>>
  /** The device calls of the current step, canonically (`click(3)`), for loop detection and saved runs. */
  readonly calls: Ref.Ref<ReadonlyArray<string>>
  readonly memory: Ref.Ref<ReadonlyArray<string>>
  readonly completion: Ref.Ref<Option.Option<Completion>>
}

export const makeCodeActState = Effect.all({
  log: Ref.make<ReadonlyArray<string>>([]),
  calls: Ref.make<ReadonlyArray<string>>([]),
  memory: Ref.make<ReadonlyArray<string>>([]),
  completion: Ref.make(Option.none<Completion>())
})

/** Per step: one budget for the code and its device calls together, and how many calls it may make. */
export const stepLimits = { timeLimitMs: 30_000, maxCalls: 30 } as const

/** The signatures, as CodeAct's system prompt lists them. */
export const functionHelp = `click(index)            tap element [index] (or click("visible text"))
long_press(index)       press and hold element [index]
type(index, text)       tap element [index], then type text (type(text) types into the focused field)
swipe(direction)        move a finger "up" | "down" | "left" | "right" across the screen
scroll(direction)       "down" shows what is below, "up" what is above
open_app(name)          open an installed app by name, e.g. open_app("Settings")
back()  home()  enter() press that key
wait(ms)                pause (e.g. while something loads)
remember(text)          keep a fact for later steps
complete(success, reason)  finish: success true/false and the final answer or reason
print(...)              show values in the next step's observation
Functions return their result directly (no await). One step's code may run ${stepLimits.timeLimitMs / 1000} s and call ${stepLimits.maxCalls} functions at most.`

const toAction = (name: string, args: ReadonlyArray<unknown>): Record<string, unknown> => {
  const [a, b] = args
  switch (name) {
    case "click":
    case "long_press":
      return typeof a === "string" ? { action: name, text: a } : { action: name, index: a }
    case "type":
      return typeof a === "string" && b === undefined ? { action: "type", text: a } : { action: "type", index: a, text: b }
    case "swipe":
    case "scroll":
      return { action: name, direction: a }
    case "open_app":
      return { action: name, text: a }
    case "wait":
      return a === undefined ? { action: name } : { action: name, ms: a }
    // `name` is a plain string from the model's code, not a tag: the rest take no arguments, and decoding the action rejects unknown names.
    default:
      return { action: name }
  }
}

/** Characters kept of one remembered fact, and facts kept at most. */
export const maxFactChars = 500
export const maxFacts = 30

/** Characters kept of a device function's failure reason. */
export const maxReasonChars = 500

/** `text` cut to `max` characters, saying how much was cut. */
export const clip = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters cut]`

const call = (s: ReadonlyArray<unknown>) => s.map((a) => clip(JSON.stringify(a) ?? String(a), 200)).join(", ")

export const codeActFunctions = (device: DeviceTools, state: CodeActState): Record<string, HostFunction> => {
  const action = (name: string): HostFunction => (args) =>
    Effect.gen(function*() {
      // One short line naming the argument and what it needs, never the whole action schema.
      const decoded = yield* Either.match(decodeAtomicAction(toAction(name, args)), {
        onLeft: (why) => Effect.fail(new HostCallFailed({ function: name, reason: clip(`bad arguments: ${why}`, maxReasonChars) })),
        onRight: Effect.succeed
      })
      // Text typed into a password field is not repeated in the log the next prompt shows, nor in a saved run.
      const secret = yield* device.typesSecret(decoded)
      const shown = secret ? call(args.map((a, i) => (i === args.length - 1 && typeof a === "string" ? `(${Array.from(a).length} characters)` : a))) : call(args)
      yield* Ref.update(state.calls, (c) => [...c, secret ? `// ${name}(${shown}): typed into a password field: not saved, so a replay does not type it` : `${name}(${call(args)})`])
      // A failure may quote the argument (`no app named …`): the reason is cut like the arguments are.
      const outcome = yield* device.act(decoded).pipe(
        Effect.mapError((e) => new HostCallFailed({ function: name, reason: clip(e.reason, maxReasonChars) })),
        Effect.tapError((e) => Ref.update(state.log, (l) => [...l, `${name}(${shown}) failed: ${e.reason}`]))
      )
      yield* Ref.update(state.log, (l) => [...l, `${name}(${shown}): ${clip(String(outcome), maxReasonChars)}`])
      return outcome
    })
  const actions = ["click", "long_press", "type", "swipe", "scroll", "open_app", "back", "home", "enter", "wait"]
  return {
    ...Object.fromEntries(actions.map((n) => [n, action(n)])),
    remember: (args) =>
      Effect.gen(function*() {
        const text = String(args[0] ?? "").trim()
        if (text.length === 0) return yield* new HostCallFailed({ function: "remember", reason: "give the text to remember" })
        const kept = yield* Ref.get(state.memory)
        if (kept.length >= maxFacts) {
          return yield* new HostCallFailed({ function: "remember", reason: `memory is full (${maxFacts} facts); finish with what you have` })
        }
        yield* Ref.set(state.memory, [...kept, clip(text, maxFactChars)])
        return text.length > maxFactChars ? `kept the first ${maxFactChars} characters` : null
      }),
    complete: (args) =>
      Effect.gen(function*() {
        const success = args[0] === true || args[0] === "true"
        const reason = args[1] === undefined ? "" : clip(String(args[1]), 4_000)
        yield* Ref.set(state.completion, Option.some({ success, reason }))
        yield* Ref.update(state.log, (l) => [...l, `complete(${call(args)})`])
        return null
      })
  }
}
