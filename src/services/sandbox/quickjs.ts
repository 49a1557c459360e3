/**
 * `layerQuickJs`: the `Sandbox` on QuickJS compiled to WebAssembly
 * (quickjs-emscripten, asyncify build). Each session is its own WebAssembly
 * module and heap, so nothing the code does reaches the host's objects; the
 * package is imported only when the layer is built, so `shoal --help` never
 * loads it.
 *
 * Host functions are "asyncified": the interpreter pauses while the Effect
 * runs (on the caller's runtime, so `wait` moves with TestClock), and the
 * code sees a plain return value. Time spent in host calls does not count
 * against the wall-time limit; the code's own work does, through QuickJS's
 * interrupt handler.
 */
import { Cause, Effect, Exit, Fiber, Layer, Option, Runtime } from "effect"
import type { QuickJSAsyncContext, QuickJSHandle } from "quickjs-emscripten"
import { ScriptError, ScriptOutOfMemory, ScriptTimeout } from "./errors.js"
import type { HostCallFailed, SandboxError } from "./errors.js"
import type { RunResult, SandboxOptions, SandboxSession, SandboxShape } from "./sandbox.js"
import { defaultMemoryLimitBytes, defaultTimeLimitMs, Sandbox } from "./sandbox.js"

/** The file name QuickJS reports in stacks, so a line number can be found in them. */
const fileName = "code.js"

/** A host value as a QuickJS value; anything that is not JSON-like becomes its string form. */
const toHandle = (vm: QuickJSAsyncContext, value: unknown): QuickJSHandle => {
  if (value === undefined) return vm.undefined
  if (value === null) return vm.null
  if (typeof value === "boolean") return value ? vm.true : vm.false
  if (typeof value === "number") return vm.newNumber(value)
  if (typeof value === "string") return vm.newString(value)
  if (Array.isArray(value)) {
    const array = vm.newArray()
    value.forEach((item, i) => {
      const h = toHandle(vm, item)
      vm.setProp(array, i, h)
      h.dispose()
    })
    return array
  }
  if (typeof value === "object") {
    const object = vm.newObject()
    for (const [key, item] of Object.entries(value)) {
      const h = toHandle(vm, item)
      vm.setProp(object, key, h)
      h.dispose()
    }
    return object
  }
  return vm.newString(String(value))
}

/** What the code printed, one argument list per call. */
const formatPrinted = (value: unknown): string => {
  if (typeof value === "string") return value
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}

const jsonLike = (value: unknown): unknown => {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

const lineOf = (error: Record<string, unknown>): number | undefined => {
  if (typeof error["lineNumber"] === "number") return error["lineNumber"]
  const stack = typeof error["stack"] === "string" ? error["stack"] : ""
  const found = new RegExp(`${fileName.replace(".", "\\.")}:(\\d+)`).exec(stack)
  return found?.[1] === undefined ? undefined : Number(found[1])
}

const makeSession = (vm: QuickJSAsyncContext, runtime: Runtime.Runtime<never>, options: SandboxOptions): SandboxSession => {
  const timeLimitMs = options.timeLimitMs ?? defaultTimeLimitMs
  const memoryLimitBytes = options.memoryLimitBytes ?? defaultMemoryLimitBytes
  let output: Array<string> = []
  let startedAt = 0
  let hostMs = 0
  let timedOut = false
  // Set when the caller's fiber is interrupted: the code stops at its next check and host calls fail fast.
  let aborted = false
  let hostFiber: Fiber.RuntimeFiber<unknown, HostCallFailed> | undefined
  vm.runtime.setMemoryLimit(memoryLimitBytes)
  vm.runtime.setMaxStackSize(1024 * 1024)
  vm.runtime.setInterruptHandler(() => {
    if (Date.now() - startedAt - hostMs > timeLimitMs) timedOut = true
    return timedOut || aborted
  })

  if (options.printing ?? true) {
    const print = vm.newFunction("print", (...args) => {
      output.push(args.map((h) => formatPrinted(vm.dump(h))).join(" "))
    })
    vm.setProp(vm.global, "print", print)
    const consoleObject = vm.newObject()
    vm.setProp(consoleObject, "log", print)
    vm.setProp(vm.global, "console", consoleObject)
    consoleObject.dispose()
    print.dispose()
  }

  for (const [name, value] of Object.entries(options.globals ?? {})) {
    const h = toHandle(vm, value)
    vm.defineProp(vm.global, name, { value: h, configurable: false, enumerable: true })
    h.dispose()
  }

  for (const [name, host] of Object.entries(options.functions ?? {})) {
    const fn = vm.newAsyncifiedFunction(name, async (...handles) => {
      const args = handles.map((h) => vm.dump(h))
      const before = Date.now()
      if (aborted) return { error: vm.newError({ name: "Error", message: "the run was cancelled" }) }
      const fiber = Runtime.runFork(runtime)(host(args))
      hostFiber = fiber
      const exit = await Runtime.runPromise(runtime)(Fiber.await(fiber))
      hostFiber = undefined
      hostMs += Date.now() - before
      if (Exit.isSuccess(exit)) return toHandle(vm, exit.value)
      const reason = Option.match(Cause.failureOption(exit.cause), {
        onNone: () => (Cause.isInterruptedOnly(exit.cause) ? `${name} was interrupted` : `${name} failed unexpectedly`),
        onSome: (e) => e.message
      })
      return { error: vm.newError({ name: "Error", message: reason }) }
    })
    vm.setProp(vm.global, name, fn)
    fn.dispose()
  }

  const classify = (dumped: unknown): SandboxError => {
    const printed = [...output]
    if (timedOut) return new ScriptTimeout({ limitMs: timeLimitMs, output: printed })
    if (typeof dumped !== "object" || dumped === null) {
      return new ScriptError({ name: "Error", detail: `uncaught ${formatPrinted(dumped)}`, output: printed })
    }
    const error = dumped as Record<string, unknown>
    const name = typeof error["name"] === "string" ? error["name"] : "Error"
    const detail = typeof error["message"] === "string" ? error["message"] : formatPrinted(dumped)
    if (name === "InternalError" && /out of memory/.test(detail)) {
      return new ScriptOutOfMemory({ limitBytes: memoryLimitBytes, output: printed })
    }
    const line = lineOf(error)
    return new ScriptError({ name, detail, ...(line === undefined ? {} : { line }), output: printed })
  }

  const runOnce = async (code: string): Promise<Exit.Exit<RunResult, SandboxError>> => {
    output = []
    hostMs = 0
    timedOut = false
    startedAt = Date.now()
    const result = await vm.evalCodeAsync(code, fileName)
    if (result.error) {
      const dumped = vm.dump(result.error)
      result.error.dispose()
      return Exit.fail(classify(dumped))
    }
    const handle = result.value
    const state = vm.getPromiseState(handle)
    let value: unknown
    if (state.type === "fulfilled" && state.notAPromise) {
      value = jsonLike(vm.dump(handle))
    } else {
      // A promise (e.g. from `import()` or an async function): let it settle once.
      const jobs = vm.runtime.executePendingJobs()
      if (jobs.error) jobs.error.dispose()
      const settled = vm.getPromiseState(handle)
      if (settled.type === "rejected") {
        const dumped = vm.dump(settled.error)
        settled.error.dispose()
        handle.dispose()
        return Exit.fail(classify(dumped))
      }
      if (settled.type === "fulfilled") {
        value = jsonLike(vm.dump(settled.value))
        if (!settled.notAPromise) settled.value.dispose()
      }
    }
    handle.dispose()
    return Exit.succeed({ value, output: [...output] })
  }

  // One run at a time: an asyncified interpreter can only be paused in one place.
  const lock = Effect.unsafeMakeSemaphore(1)
  return {
    run: (code) =>
      lock.withPermits(1)(Effect.flatten(Effect.async<Exit.Exit<RunResult, SandboxError>>((resume) => {
        aborted = false
        const running = runOnce(code)
        running.then((exit) => resume(Effect.succeed(exit)), (defect: unknown) => resume(Effect.die(defect)))
        // Interrupted: stop the code and any host call, and wait until the interpreter is idle so it can be disposed safely.
        return Effect.promise(() => {
          aborted = true
          if (hostFiber !== undefined) Runtime.runFork(runtime)(Fiber.interrupt(hostFiber))
          return running.catch(() => undefined)
        })
      })))
  }
}

export const layerQuickJs: Layer.Layer<Sandbox> = Layer.effect(
  Sandbox,
  Effect.gen(function*() {
    const quickjs = yield* Effect.promise(() => import("quickjs-emscripten"))
    const session = (options: SandboxOptions = {}) =>
      Effect.gen(function*() {
        const runtime = yield* Effect.runtime<never>()
        const vm = yield* Effect.acquireRelease(
          Effect.promise(() => quickjs.newAsyncContext()),
          (vm) => Effect.sync(() => vm.dispose())
        )
        return makeSession(vm, runtime, options)
      })
    const shape: SandboxShape = {
      session,
      run: (code, options) => Effect.scoped(Effect.flatMap(session(options), (s) => s.run(code)))
    }
    return shape
  })
)
