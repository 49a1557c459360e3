/**
 * `runDroid`: droid's front door (seeds/002 "DroidAgent"). Picks CodeAct or
 * reasoning mode, bounds the run with `maxSteps`, refuses clearly without a
 * model (droid has no rule path; `runScript` is the offline way), and, with
 * an output Schema, turns the final answer into a decoded value.
 */
import type { HttpClient } from "@effect/platform"
import { Effect, Option } from "effect"
import type { Schema } from "effect"
import type { AdbError, UiDumpError } from "../../domain/android/errors.js"
import type { LlmError } from "../../domain/llm.js"
import type { Adb } from "../../services/adb/adb.js"
import type { Llm } from "../../services/llm/llm.js"
import { requireModel } from "../../services/llm/llm.js"
import type { Sandbox } from "../../services/sandbox/sandbox.js"
import { runCodeAct } from "./codeact.js"
import { NeedsModel } from "./errors.js"
import type { StructuredOutputFailed } from "./errors.js"
import { runReasoning } from "./reasoning.js"
import type { DroidResult } from "./result.js"
import { structuredOutput } from "./structured-output.js"

export interface DroidOptions {
  readonly goal: string
  /** "codeact" (default) or "reasoning" (Manager/Executor). */
  readonly mode?: "codeact" | "reasoning"
  /** Model steps at most (default 15). */
  readonly maxSteps?: number
  /** Hosts the Scripter's `fetch` may reach (reasoning mode). */
  readonly allowHosts?: ReadonlyArray<string>
  /** Send a screenshot beside the element list each step (when the model takes images; otherwise a warning, and none). */
  readonly vision?: boolean
}

export const defaultMaxSteps = 15

export type DroidError = NeedsModel | LlmError | AdbError | UiDumpError

export const runDroid = (options: DroidOptions): Effect.Effect<DroidResult, DroidError, Llm | Adb | Sandbox | HttpClient.HttpClient> =>
  Effect.gen(function*() {
    // Droid has no rule path: without a model it refuses before touching the device.
    yield* requireModel.pipe(Effect.catchTag("Offline", () => Effect.fail(new NeedsModel())))
    const maxSteps = Math.max(1, options.maxSteps ?? defaultMaxSteps)
    const run = options.mode === "reasoning"
      ? runReasoning({ goal: options.goal, maxSteps, vision: options.vision ?? false, ...(options.allowHosts === undefined ? {} : { allowHosts: options.allowHosts }) })
      : Effect.scoped(runCodeAct({ goal: options.goal, maxSteps, vision: options.vision ?? false }))
    return yield* run.pipe(Effect.catchTag("Offline", () => Effect.fail(new NeedsModel())))
  }).pipe(Effect.withSpan("droid.run", { attributes: { mode: options.mode ?? "codeact" } }))

/** `runDroid`, then the final answer decoded into `schema` — when the task succeeded (none otherwise). */
export const runDroidFor = <A, I>(
  schema: Schema.Schema<A, I, never>,
  options: DroidOptions
): Effect.Effect<DroidResult & { readonly data: Option.Option<A> }, DroidError | StructuredOutputFailed, Llm | Adb | Sandbox | HttpClient.HttpClient> =>
  Effect.gen(function*() {
    const result = yield* runDroid(options)
    if (!result.success) return { ...result, data: Option.none() }
    const data = yield* structuredOutput(schema, result.answer).pipe(Effect.catchTag("Offline", () => Effect.fail(new NeedsModel())))
    return { ...result, data: Option.some(data) }
  })
