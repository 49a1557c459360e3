/**
 * `--script FILE`: a CodeAct script run against the device without a model —
 * droid's only offline path, for replaying a recorded run. A file of fenced
 * ```js blocks (a transcript) runs block by block; plain JavaScript runs as
 * one block. Indices are resolved against the screen at the moment of each
 * action, which is the screen the recorded model saw when the replay is
 * faithful.
 */
import { Effect, Option, Ref } from "effect"
import type { Scope } from "effect"
import { codeBlocks } from "../../domain/droid/code-blocks.js"
import type { Adb } from "../../services/adb/adb.js"
import { HostCallFailed } from "../../services/sandbox/errors.js"
import type { HostFunction } from "../../services/sandbox/sandbox.js"
import { Sandbox } from "../../services/sandbox/sandbox.js"
import { runStep } from "./codeact.js"
import { codeActFunctions, makeCodeActState, stepLimits } from "./codeact-functions.js"
import { makeDeviceTools } from "./device.js"
import type { DroidResult } from "./result.js"

export interface ScriptReport extends DroidResult {
  /** What each block did, as CodeAct's next prompt would show it. */
  readonly reports: ReadonlyArray<string>
}

const screenless = new Set(["remember", "complete", "wait", "back", "home", "enter", "open_app", "swipe", "scroll"])

/** The blocks a script file holds. */
export const scriptBlocks = (source: string): ReadonlyArray<string> => {
  const fenced = codeBlocks(source).filter((b) => b.language !== "json").map((b) => b.code)
  return fenced.length > 0 ? fenced : [source]
}

export const runScript = (source: string): Effect.Effect<ScriptReport, never, Adb | Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const device = yield* makeDeviceTools
    const state = yield* makeCodeActState
    const functions = codeActFunctions(device, state)
    const fresh: Record<string, HostFunction> = Object.fromEntries(Object.entries(functions).map(([name, f]) => [
      name,
      screenless.has(name)
        ? f
        : (args: ReadonlyArray<unknown>) =>
          Effect.zipRight(Effect.mapError(device.observe, (e) => new HostCallFailed({ function: name, reason: e.message })), f(args))
    ]))
    const session = yield* sandbox.session({ functions: fresh, ...stepLimits })
    const reports: Array<string> = []
    let failed = false
    for (const block of scriptBlocks(source)) {
      const result = yield* runStep(session, state, block)
      reports.push(result.report)
      failed = failed || !result.ok
      const done = yield* Ref.get(state.completion)
      if (Option.isSome(done)) {
        return { success: done.value.success, answer: done.value.reason, steps: reports.length, memory: yield* Ref.get(state.memory), reports }
      }
      if (!result.ok) break
    }
    return {
      success: !failed,
      answer: failed ? "the script stopped with an error" : "the script ran to its end without complete()",
      steps: reports.length,
      memory: yield* Ref.get(state.memory),
      reports
    }
  }).pipe(Effect.withSpan("droid.script"))
