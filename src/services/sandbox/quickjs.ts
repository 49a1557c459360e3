/**
 * `layerQuickJs`: the `Sandbox` on QuickJS compiled to WebAssembly, each
 * session in its own worker thread (worker.ts) with its own heap, so nothing
 * the code does reaches the host's objects and the host can always stop it.
 * The package is resolved when the layer is built and loaded only inside
 * the worker, so `shoal --help` never loads it; its WebAssembly is compiled
 * in the host when the first thread starts, and shared by every thread.
 *
 * Limits per run (sandbox.ts): one wall-clock budget for the code and its
 * host calls alike — measured on Effect's Clock for the host calls (so
 * `wait` moves with TestClock) and on real time inside the thread — a cap
 * on host calls, a memory cap for the whole interpreter, and a cap on
 * printed output. A run the thread cannot stop in time (a built-in that
 * never reaches an interrupt check) ends by terminating the thread; the
 * session's next run gets a fresh interpreter.
 */
import { Duration, Effect, Either, Exit, Layer, Option, Queue, Cause } from "effect"
import type { Scope } from "effect"
import { MessageChannel, Worker } from "node:worker_threads"
import type { MessagePort } from "node:worker_threads"
import { SandboxFailed, SandboxUnavailable, ScriptCallLimit, ScriptError, ScriptOutOfMemory, ScriptTimeout } from "./errors.js"
import type { SandboxError } from "./errors.js"
import type { FromWorker, Reply, RunOutcome, WasmModule, WorkerSetup } from "./protocol.js"
import { StopReason, stop, wake } from "./protocol.js"
import type { HostFunction, RunResult, SandboxOptions, SandboxSession, SandboxShape } from "./sandbox.js"
import { defaultMaxCalls, defaultMaxOutputChars, defaultMemoryLimitBytes, defaultTimeLimitMs, Sandbox } from "./sandbox.js"
import { asyncPrelude, instrument } from "./instrument.js"
import { sandboxWorker } from "./worker.js"

/** How long a thread may take to stop after being told to, before it is terminated. */
const graceMs = 1_500
/** How long a new thread may take to load QuickJS. */
const startupMs = 30_000
/** The worker's own (V8) heap: the dumped values and messages; the interpreter lives in WebAssembly memory. */
const workerHeapMb = 192

const workerSource = `(${sandboxWorker.toString()})()`

type Event = FromWorker | { readonly type: "exited"; readonly outOfMemory: boolean; readonly detail: string }

interface Thread {
  readonly worker: Worker
  readonly inbox: Queue.Queue<Event>
  readonly control: Int32Array
  readonly replies: MessagePort
}

/** A real-time timer: the last resort against a thread that does not stop, which no virtual clock may hold back. */
const realTimer = (ms: number): Effect.Effect<void> =>
  Effect.async<void>((resume) => {
    const timer = setTimeout(() => resume(Effect.void), ms)
    return Effect.sync(() => clearTimeout(timer))
  })

const messageOf = (error: unknown): string => ((error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "")

const resolveQuickJs = Effect.tryPromise({
  try: async () => {
    const { createRequire } = await import("node:module")
    // The bundled CLI is CommonJS (its own `require`); from source, resolve relative to this module.
    const resolve = typeof require === "function" ? require.resolve : createRequire(import.meta.url).resolve
    return resolve("quickjs-emscripten")
  },
  catch: (e) => new SandboxUnavailable({ reason: messageOf(e) })
})

/**
 * QuickJS's WebAssembly (the synchronous release build the thread loads, from the package quickjs-emscripten
 * depends on), compiled in the host. A thread that compiled its own spent three times as long starting, on
 * compiling the interpreter's functions as they were first called; threads given one module share that work.
 * None when it cannot be compiled here: the thread then loads QuickJS by itself, and reports what fails.
 */
const compileQuickJs = async (quickjsPath: string): Promise<Option.Option<WasmModule>> => {
  try {
    const { createRequire } = await import("node:module")
    const { readFile } = await import("node:fs/promises")
    const bytes = await readFile(createRequire(quickjsPath).resolve("@jitl/quickjs-wasmfile-release-sync/wasm"))
    const wasm = Reflect.get(globalThis, "WebAssembly") as { readonly compile: (bytes: Uint8Array) => Promise<WasmModule> }
    return Option.some(await wasm.compile(bytes))
  } catch {
    return Option.none()
  }
}

const spawn = (quickjsPath: string, wasmModule: Option.Option<WasmModule>, options: SandboxOptions): Effect.Effect<Thread, SandboxFailed> =>
  Effect.gen(function*() {
    const inbox = yield* Queue.unbounded<Event>()
    const shared = new SharedArrayBuffer(8)
    const { port1, port2 } = new MessageChannel()
    const setup: WorkerSetup = {
      quickjsPath,
      control: shared,
      replies: port2,
      memoryLimitBytes: options.memoryLimitBytes ?? defaultMemoryLimitBytes,
      maxOutputChars: options.maxOutputChars ?? defaultMaxOutputChars,
      printing: options.printing ?? true,
      globals: options.globals ?? {},
      functions: Object.keys(options.functions ?? {}),
      prelude: asyncPrelude,
      ...Option.match(wasmModule, { onNone: () => ({}), onSome: (module) => ({ wasmModule: module }) })
    }
    const worker = yield* Effect.try({
      try: () =>
        new Worker(workerSource, {
          eval: true,
          workerData: setup,
          transferList: [port2],
          resourceLimits: { maxOldGenerationSizeMb: workerHeapMb, maxYoungGenerationSizeMb: 32 }
        }),
      catch: (e) => new SandboxFailed({ reason: messageOf(e), output: [] })
    })
    let outOfMemory = false
    let thrown: string | undefined
    worker.on("message", (m: FromWorker) => Queue.unsafeOffer(inbox, m))
    worker.on("error", (e: Error & { readonly code?: unknown }) => {
      outOfMemory = outOfMemory || e.code === "ERR_WORKER_OUT_OF_MEMORY"
      thrown ??= messageOf(e)
    })
    worker.on("exit", (code) =>
      Queue.unsafeOffer(inbox, { type: "exited", outOfMemory, detail: thrown === undefined ? `exit code ${code}` : `${thrown}, exit code ${code}` }))
    const thread: Thread = { worker, inbox, control: new Int32Array(shared), replies: port1 }
    const first = yield* Queue.take(inbox).pipe(
      Effect.raceFirst(Effect.as(realTimer(startupMs), undefined)),
      // Interrupted while it loads (the run's caller gave up): the thread must not outlive it.
      Effect.onInterrupt(() => kill(thread))
    )
    if (first?.type !== "ready") {
      yield* kill(thread)
      const why = first === undefined ? `it did not start within ${startupMs / 1000} s` : first.type === "failed" ? first.reason : first.type === "exited" ? `its thread stopped: ${first.detail}` : first.type
      return yield* new SandboxFailed({ reason: why, output: [] })
    }
    return thread
  })

const kill = (thread: Thread) => Effect.promise(() => thread.worker.terminate().then(() => thread.replies.close(), () => thread.replies.close()))

const signal = (thread: Thread) => {
  Atomics.store(thread.control, wake, 1)
  Atomics.notify(thread.control, wake)
}

const halt = (thread: Thread, reason: number) => {
  Atomics.store(thread.control, stop, reason)
  signal(thread)
}

const reply = (thread: Thread, message: Reply) => {
  thread.replies.postMessage(message)
  signal(thread)
}

const jsonLike = (value: unknown): unknown => {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? null : JSON.parse(text)
  } catch {
    return null
  }
}

type Ended = RunOutcome | { readonly kind: "exited"; readonly outOfMemory: boolean; readonly detail: string }

/** Answer the thread's host calls until its run ends. */
const serve = (thread: Thread, functions: Readonly<Record<string, HostFunction>>, maxCalls: number, count: { n: number }, stopping = false): Effect.Effect<Ended> =>
  Effect.gen(function*() {
    for (;;) {
      const event = yield* Queue.take(thread.inbox)
      switch (event.type) {
        case "ready":
        case "failed":
          continue
        case "done":
          return event.outcome
        case "exited":
          return { kind: "exited", outOfMemory: event.outOfMemory, detail: event.detail }
        case "call": {
          count.n += 1
          const host = functions[event.name]
          if (stopping || count.n > maxCalls || host === undefined) {
            if (!stopping && count.n > maxCalls) halt(thread, StopReason.calls)
            reply(thread, { id: event.id, ok: false, message: host === undefined ? `${event.name} is not available` : "the run was stopped" })
            continue
          }
          const exit = yield* Effect.exit(host(event.args))
          reply(thread, Exit.match(exit, {
            onSuccess: (value): Reply => ({ id: event.id, ok: true, value: jsonLike(value) }),
            onFailure: (cause): Reply => ({
              id: event.id,
              ok: false,
              message: Option.match(Cause.failureOption(cause), {
                onNone: () => (Cause.isInterruptedOnly(cause) ? `${event.name} was interrupted` : `${event.name} failed unexpectedly`),
                onSome: (e) => e.message
              })
            })
          }))
          continue
        }
      }
    }
  })

const toResult = (ended: Ended, limits: { readonly timeLimitMs: number; readonly memoryLimitBytes: number; readonly maxCalls: number }): Either.Either<RunResult, SandboxError> => {
  switch (ended.kind) {
    case "ok":
      return Either.right({ value: ended.value, output: ended.output })
    case "error":
      return Either.left(new ScriptError({ name: ended.name, detail: ended.detail, output: ended.output, ...(ended.line === null ? {} : { line: ended.line }) }))
    case "timeout":
      return Either.left(new ScriptTimeout({ limitMs: limits.timeLimitMs, output: ended.output }))
    case "calls":
      return Either.left(new ScriptCallLimit({ limit: limits.maxCalls, output: ended.output }))
    case "oom":
      return Either.left(new ScriptOutOfMemory({ limitBytes: limits.memoryLimitBytes, output: ended.output }))
    case "exited":
      return Either.left(
        ended.outOfMemory
          ? new ScriptOutOfMemory({ limitBytes: limits.memoryLimitBytes, output: [] })
          : new ScriptError({ name: "InternalError", detail: `the sandbox stopped unexpectedly (${ended.detail})`, output: [] })
      )
  }
}

const makeSession = (quickjsPath: string, wasmModule: Effect.Effect<Option.Option<WasmModule>>, options: SandboxOptions): Effect.Effect<SandboxSession, never, Scope.Scope> =>
  Effect.gen(function*() {
    const limits = {
      timeLimitMs: options.timeLimitMs ?? defaultTimeLimitMs,
      memoryLimitBytes: options.memoryLimitBytes ?? defaultMemoryLimitBytes,
      maxCalls: options.maxCalls ?? defaultMaxCalls
    }
    const functions = options.functions ?? {}
    // The thread starts with the first run: a thread that cannot start is that run's `SandboxFailed`, and the next run tries again.
    let current: Option.Option<Thread> = Option.none()
    const retire = (thread: Thread) => Effect.suspend(() => ((current = Option.none()), kill(thread)))
    yield* Effect.addFinalizer(() => Option.match(current, { onNone: () => Effect.void, onSome: retire }))
    const threadNow = Effect.suspend(() =>
      Option.match(current, {
        onSome: Effect.succeed,
        onNone: () => Effect.tap(Effect.flatMap(wasmModule, (module) => spawn(quickjsPath, module, options)), (t) => Effect.sync(() => void (current = Option.some(t))))
      })
    )

    const runOnce = (code: string): Effect.Effect<Either.Either<RunResult, SandboxError>> =>
      Effect.gen(function*() {
        const started = yield* Effect.either(threadNow)
        if (Either.isLeft(started)) return Either.left(started.left)
        const thread = started.right
        Atomics.store(thread.control, stop, StopReason.none)
        thread.worker.postMessage({ type: "run", code: instrument(code), plain: code, budgetMs: limits.timeLimitMs })
        const count = { n: 0 }
        // The budget on Effect's Clock covers the host calls; real time backs it up should the thread not answer at all.
        const first = yield* serve(thread, functions, limits.maxCalls, count).pipe(
          Effect.timeoutTo({ duration: Duration.millis(limits.timeLimitMs), onTimeout: () => Either.left("budget" as const), onSuccess: Either.right }),
          Effect.raceFirst(Effect.as(realTimer(limits.timeLimitMs + graceMs), Either.left("stuck" as const)))
        )
        if (Either.isRight(first)) {
          if (first.right.kind === "exited") yield* retire(thread)
          return toResult(first.right, limits)
        }
        if (first.left === "budget") {
          halt(thread, StopReason.time)
          const second = yield* serve(thread, functions, 0, count, true).pipe(Effect.raceFirst(Effect.as(realTimer(graceMs), undefined)))
          if (second !== undefined && second.kind !== "exited") {
            return toResult(second.kind === "ok" || second.kind === "error" ? { kind: "timeout", output: second.output } : second, limits)
          }
        }
        yield* retire(thread)
        return toResult({ kind: "timeout", output: [] }, limits)
      }).pipe(
        // Interrupted (Ctrl-C, a parent's timeout): the thread is terminated at once, whatever it is doing.
        Effect.onInterrupt(() => Option.match(current, { onNone: () => Effect.void, onSome: retire }))
      )

    // One run at a time: the interpreter has one thread.
    const lock = yield* Effect.makeSemaphore(1)
    return { run: (code: string) => lock.withPermits(1)(Effect.flatMap(runOnce(code), Either.match({ onLeft: Effect.fail, onRight: Effect.succeed }))) }
  })

/** The Sandbox over the QuickJS package at `quickjsPath` (resolved by `layerQuickJs`). */
export const makeQuickJsSandbox = (quickjsPath: string): SandboxShape => {
  // Compiled when the first thread starts, then shared by every thread of every session. A promise, not
  // Effect.cached: a run interrupted while it waits must not leave the interruption cached for the next.
  let compiled: Promise<Option.Option<WasmModule>> | undefined
  const wasmModule = Effect.promise(() => (compiled ??= compileQuickJs(quickjsPath)))
  return {
    session: (options = {}) => makeSession(quickjsPath, wasmModule, options),
    run: (code, options) => Effect.scoped(Effect.flatMap(makeSession(quickjsPath, wasmModule, options ?? {}), (s) => s.run(code)))
  }
}

export const layerQuickJs: Layer.Layer<Sandbox, SandboxUnavailable> = Layer.effect(
  Sandbox,
  Effect.gen(function*() {
    const quickjsPath = yield* resolveQuickJs
    return makeQuickJsSandbox(quickjsPath)
  })
)
