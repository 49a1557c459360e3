/**
 * The `Sandbox` port: run model-written JavaScript with only the functions
 * handed in (DESIGN "Services", seeds/002's CodeAct, Scripter and
 * TextManipulator executors).
 *
 * The code sees plain JSON values and the host functions given to it; there
 * is no `require`, no module loader, no timers, no network, no host objects.
 * Host functions are Effects, so a `click(3)` in the code is an `Adb` call
 * and `wait(ms)` runs on Effect's Clock; to the code they look synchronous
 * (no `await` needed; promise continuations run before the run ends, and a
 * promise still pending then is an error, since nothing could settle it).
 * An error that leaves async code and that nothing in the code catches
 * fails the run with that error, and async code still waiting at the end
 * fails it too (instrument.ts states the rule).
 *
 * Every run has limits that hold whatever the code does: one wall-clock
 * budget for the code and its host calls alike, a cap on host calls, a
 * memory cap for the whole interpreter (strings and arrays included), and a
 * cap on printed output (cut with a marker), and a cap on the arguments
 * one host call may carry (10 M characters; the host's memory is not the
 * interpreter's). Failures come back as typed
 * errors (errors.ts).
 *
 * Layers: `layerQuickJs` (quickjs.ts) — QuickJS compiled to WebAssembly in a
 * worker thread the host can always terminate; loaded only in that thread.
 */
import { Context } from "effect"
import type { Effect, Scope } from "effect"
import type { HostCallFailed, SandboxError } from "./errors.js"

/** A JSON-like value crossing the sandbox boundary. */
export type SandboxValue = null | boolean | number | string | ReadonlyArray<SandboxValue> | { readonly [key: string]: SandboxValue }

/** A function the code may call: its arguments arrive as JSON-like values (undefined for missing ones). */
export type HostFunction = (args: ReadonlyArray<unknown>) => Effect.Effect<unknown, HostCallFailed>

export interface SandboxOptions {
  /** Functions the code may call, by global name. */
  readonly functions?: Readonly<Record<string, HostFunction>>
  /** Read-only values the code sees as globals (e.g. the TextManipulator's `ORIGINAL`). */
  readonly globals?: Readonly<Record<string, SandboxValue>>
  /** Wall time per run, the code's own work and its host calls together (default 5 s). */
  readonly timeLimitMs?: number
  /** Host-function calls per run (default 100); one more stops the run with `ScriptCallLimit`. */
  readonly maxCalls?: number
  /** Characters of printed output kept per run (default 20,000); the rest is counted in a marker line. */
  readonly maxOutputChars?: number
  /** Give the code `print` and `console.log` (default true); their output comes back with the result. */
  readonly printing?: boolean
  /** Memory for the interpreter, everything the code builds included (default 64 MB). */
  readonly memoryLimitBytes?: number
}

export interface RunResult {
  /** The value of the last expression statement, as JSON-like data (undefined if none or not representable). */
  readonly value: unknown
  /** What `print(…)` and `console.log(…)` wrote, one entry per call. */
  readonly output: ReadonlyArray<string>
}

/** One interpreter whose globals persist between runs, like a notebook (the Scripter's model). */
export interface SandboxSession {
  readonly run: (code: string) => Effect.Effect<RunResult, SandboxError>
}

export interface SandboxShape {
  /** A fresh interpreter for the scope. */
  readonly session: (options?: SandboxOptions) => Effect.Effect<SandboxSession, never, Scope.Scope>
  /** One run in a fresh interpreter, discarded afterwards. */
  readonly run: (code: string, options?: SandboxOptions) => Effect.Effect<RunResult, SandboxError>
}

export class Sandbox extends Context.Tag("shoal/Sandbox")<Sandbox, SandboxShape>() {}

export const defaultTimeLimitMs = 5_000
export const defaultMemoryLimitBytes = 64 * 1024 * 1024
export const defaultMaxCalls = 100
export const defaultMaxOutputChars = 20_000
