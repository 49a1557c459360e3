/**
 * What the host and the sandbox's worker thread say to each other
 * (quickjs.ts runs the host side, worker.ts the thread).
 *
 * - The host starts the worker with a `WorkerSetup`; the worker answers
 *   `ready` once QuickJS is loaded (or `failed`).
 * - The host posts `{ type: "run" }`; the worker answers `done` with the
 *   outcome. While code runs, each host-function call is a `call` message;
 *   the worker then blocks (`Atomics.wait` on `control[wake]`) until the host
 *   posts the `Reply` on the `replies` port and wakes it, so the code sees
 *   a plain return value.
 * - The host stops a run by writing a reason into `control[stop]`: the
 *   QuickJS interrupt handler reads it, and a blocked call returns at once.
 *   When even that does not help (a slow built-in never reaches an interrupt
 *   check), the host terminates the thread.
 */
import type { CustomizeVariantOptions } from "quickjs-emscripten"
import type { MessagePort } from "node:worker_threads"
import type { SandboxValue } from "./sandbox.js"

/** QuickJS's compiled WebAssembly (the compiler's libraries declare WebAssembly's types but not its globals). */
export type WasmModule = Exclude<CustomizeVariantOptions["wasmModule"], undefined | (() => unknown)>

/** Indexes into the shared `control` Int32Array. */
export const wake = 0
export const stop = 1

/** Values of `control[stop]`. */
export const StopReason = { none: 0, time: 1, calls: 2 } as const

export interface WorkerSetup {
  /** Where `quickjs-emscripten`'s CommonJS entry is (the worker `require`s it). */
  readonly quickjsPath: string
  /** Two Int32 cells: `wake` and `stop`. */
  readonly control: SharedArrayBuffer
  readonly replies: MessagePort
  readonly memoryLimitBytes: number
  readonly maxOutputChars: number
  readonly printing: boolean
  readonly globals: Readonly<Record<string, SandboxValue>>
  readonly functions: ReadonlyArray<string>
  /** Run once before any code: the account of lost async errors (instrument.ts). */
  readonly prelude: string
  /**
   * QuickJS's WebAssembly as the host compiled it, shared by every thread: the thread only instantiates it (with
   * its own memory), and code V8 compiled for one thread serves the next. Absent, the thread compiles its own.
   */
  readonly wasmModule?: WasmModule
}

export interface RunRequest {
  readonly type: "run"
  /** The code as instrumented (instrument.ts)… */
  readonly code: string
  /** …and as written, run instead should the instrumented text not compile. */
  readonly plain: string
  /** Wall time for the whole run, host calls included. */
  readonly budgetMs: number
}

export type RunOutcome =
  | { readonly kind: "ok"; readonly value: unknown; readonly output: ReadonlyArray<string> }
  | { readonly kind: "error"; readonly name: string; readonly detail: string; readonly line: number | null; readonly output: ReadonlyArray<string> }
  | { readonly kind: "timeout" | "calls" | "oom"; readonly output: ReadonlyArray<string> }

export type FromWorker =
  | { readonly type: "ready" }
  | { readonly type: "failed"; readonly reason: string }
  | { readonly type: "call"; readonly id: number; readonly name: string; readonly args: ReadonlyArray<unknown> }
  | { readonly type: "done"; readonly outcome: RunOutcome }

export type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string }
