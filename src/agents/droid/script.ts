/**
 * `--script FILE`: a CodeAct script run against the device without a model —
 * droid's only offline path, for replaying a recorded run. A file of fenced
 * ```js blocks (a transcript) runs block by block; plain JavaScript runs as
 * one block. Indices are resolved against the screen at the moment of each
 * action, which is the screen the recorded model saw when the replay is
 * faithful.
 *
 * A saved run's `run.js` (`--save-run`, domain/droid/trajectory.ts) has a
 * marker line per step naming the recorded screen's normalised hash: each
 * step's screen is read and checked first, and the replay stops at the first
 * step whose screen differs (`Diverged`, naming the step). Its code then
 * runs as CodeAct ran it: indices against the screen read at the step's
 * start. A step that failed when recorded may fail again without stopping
 * the replay.
 *
 * A plain script succeeds only by calling `complete(true, …)`: one that
 * runs to its end without `complete()` ends as not done (exit 1).
 */
import { Effect, Option, Ref } from "effect"
import type { Scope } from "effect"
import { codeBlocks } from "../../domain/droid/code-blocks.js"
import type { ReplayBlock } from "../../domain/droid/trajectory.js"
import { replayBlocks } from "../../domain/droid/trajectory.js"
import type { Adb } from "../../services/adb/adb.js"
import { HostCallFailed } from "../../services/sandbox/errors.js"
import type { HostFunction } from "../../services/sandbox/sandbox.js"
import { Sandbox } from "../../services/sandbox/sandbox.js"
import { runStep } from "./codeact.js"
import { codeActFunctions, makeCodeActState, stepLimits } from "./codeact-functions.js"
import { makeDeviceTools } from "./device.js"
import type { DroidResult } from "./result.js"
import { DroidOutcome, summaryLine } from "./result.js"

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

/** A saved run replayed step by step, each step's screen checked against the recorded hash first. */
const replaySteps = (blocks: ReadonlyArray<ReplayBlock>): Effect.Effect<ScriptReport, never, Adb | Sandbox | Scope.Scope> =>
  Effect.gen(function*() {
    const sandbox = yield* Sandbox
    const device = yield* makeDeviceTools
    const state = yield* makeCodeActState
    const session = yield* sandbox.session({ functions: codeActFunctions(device, state), ...stepLimits })
    const reports: Array<string> = []
    const report = (r: Omit<ScriptReport, "reports" | "memory">) =>
      Effect.map(Ref.get(state.memory), (memory): ScriptReport => ({ ...r, memory, reports }))
    for (const block of blocks) {
      const screen = yield* Effect.either(device.observe)
      if (screen._tag === "Left") {
        return yield* report({ success: false, answer: `step ${block.step}: the screen could not be read (${screen.left.message})`, steps: reports.length, outcome: DroidOutcome.ScriptFailed({ step: block.step }) })
      }
      if (screen.right.hash !== block.screenHash) {
        const outcome = DroidOutcome.Diverged({ step: block.step, expected: block.screenHash, actual: screen.right.hash, app: screen.right.app })
        const r = { success: false, answer: "", steps: reports.length, memory: [], reports, outcome }
        return yield* report({ ...r, answer: summaryLine(r) })
      }
      const result = yield* runStep(session, state, block.code)
      reports.push(result.report)
      const done = yield* Ref.get(state.completion)
      if (Option.isSome(done)) {
        return yield* report({ success: done.value.success, answer: done.value.reason, steps: reports.length, outcome: DroidOutcome.Finished() })
      }
      if (!result.ok && !block.failed) {
        return yield* report({ success: false, answer: `step ${block.step} failed, although it ran when recorded`, steps: reports.length, outcome: DroidOutcome.ScriptFailed({ step: block.step }) })
      }
    }
    return yield* report({ success: true, answer: `replayed ${blocks.length} steps; every screen matched the recording`, steps: reports.length, outcome: DroidOutcome.Finished() })
  })

export const runScript = (source: string): Effect.Effect<ScriptReport, never, Adb | Sandbox | Scope.Scope> =>
  Option.match(replayBlocks(source), { onSome: replaySteps, onNone: () => runPlainScript(source) }).pipe(Effect.withSpan("droid.script"))

const runPlainScript = (source: string): Effect.Effect<ScriptReport, never, Adb | Sandbox | Scope.Scope> =>
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
        return { success: done.value.success, answer: done.value.reason, steps: reports.length, memory: yield* Ref.get(state.memory), reports, outcome: DroidOutcome.Finished() }
      }
      if (!result.ok) break
    }
    // A script that never said complete() did not finish its task, whatever it did on the way.
    return {
      success: false,
      answer: failed ? "the script stopped with an error" : "the script ended without calling complete(), so the task is not done",
      steps: reports.length,
      memory: yield* Ref.get(state.memory),
      reports,
      outcome: DroidOutcome.ScriptFailed({ step: reports.length })
    }
  })
