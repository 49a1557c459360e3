/**
 * The sandbox's worker thread: QuickJS (the synchronous WebAssembly build)
 * with its memory capped twice — QuickJS's own allocation limit, and a
 * `WebAssembly.Memory` whose maximum the heap can never grow past, which
 * also holds what QuickJS's counter misses (typed arrays, long strings).
 *
 * `sandboxWorker` runs inside the thread: quickjs.ts sends its source text
 * (`Function.prototype.toString`) as an eval worker, so the function must
 * reference nothing outside itself — no imports at run time, no module
 * constants (protocol.ts's indexes are written out as numbers here).
 * Running it in a thread is what makes every limit hold: whatever the code
 * does, even a built-in that never reaches an interrupt check, the host can
 * terminate the thread.
 */
import type { QuickJSContext, QuickJSHandle } from "quickjs-emscripten"
import type { FromWorker, Reply, RunOutcome, RunRequest, WorkerSetup } from "./protocol.js"

export function sandboxWorker(): void {
  const threads = require("node:worker_threads") as typeof import("node:worker_threads")
  const setup = threads.workerData as WorkerSetup
  const port = threads.parentPort
  if (port === null) return
  const send = (message: FromWorker) => port.postMessage(message)
  const quickjs = require(setup.quickjsPath) as typeof import("quickjs-emscripten")
  // protocol.ts: control[0] is `wake`, control[1] is `stop` (1 time, 2 calls).
  const control = new Int32Array(setup.control)
  const pageBytes = 65536
  // QuickJS's own limit, plus room for its stack and static data.
  const maximumPages = Math.max(256, Math.ceil((setup.memoryLimitBytes + 16 * 1024 * 1024) / pageBytes))
  // The compiler's libraries declare WebAssembly's types but not its constructors.
  type WasmMemory = Exclude<import("quickjs-emscripten").CustomizeVariantOptions["wasmMemory"], undefined | (() => unknown)>
  const wasm = Reflect.get(globalThis, "WebAssembly") as { readonly Memory: new (d: { initial: number; maximum: number }) => WasmMemory }
  const memory = new wasm.Memory({ initial: 256, maximum: maximumPages })

  const toHandle = (vm: QuickJSContext, value: unknown): QuickJSHandle => {
    if (value === undefined) return vm.undefined
    if (value === null) return vm.null
    if (typeof value === "boolean") return value ? vm.true : vm.false
    if (typeof value === "number") return vm.newNumber(value)
    if (typeof value === "string") return vm.newString(value)
    if (Array.isArray(value)) {
      const array = vm.newArray()
      value.forEach((item: unknown, i) => {
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

  const jsonLike = (value: unknown): unknown => {
    try {
      const text = JSON.stringify(value)
      return text === undefined ? undefined : JSON.parse(text)
    } catch {
      return undefined
    }
  }

  const start = (module: import("quickjs-emscripten").QuickJSWASMModule) => {
    const runtime = module.newRuntime()
    runtime.setMemoryLimit(setup.memoryLimitBytes)
    runtime.setMaxStackSize(1024 * 1024)
    let deadline = Number.POSITIVE_INFINITY
    const stopped = () => Atomics.load(control, 1) !== 0 || Date.now() > deadline
    runtime.setInterruptHandler(stopped)
    const vm = runtime.newContext()
    vm.unwrapResult(vm.evalCode(setup.prelude, "prelude.js")).dispose()
    const account = (method: "reset" | "report"): QuickJSHandle => {
      const object = vm.getProp(vm.global, "__shoalAsync")
      const fn = vm.getProp(object, method)
      const result = vm.unwrapResult(vm.callFunction(fn, object))
      fn.dispose()
      object.dispose()
      return result
    }

    let output: Array<string> = []
    let used = 0
    let dropped = 0
    if (setup.printing) {
      const sink = vm.newFunction("sink", (line, length) => {
        const text = vm.getString(line)
        const total = vm.getNumber(length)
        const room = Math.max(0, setup.maxOutputChars - used)
        if (room > 0) output.push(text.slice(0, room))
        used += Math.min(room, text.length)
        dropped += total - Math.min(room, text.length)
      })
      // Formatting happens inside QuickJS, and only the part that can still be shown leaves it.
      const factory = vm.unwrapResult(vm.evalCode(`(sink, limit) => function print(...args) {
        const line = args.map((a) => { if (typeof a === "string") return a; try { const t = JSON.stringify(a); return t === undefined ? String(a) : t } catch { return String(a) } }).join(" ")
        sink(line.length > limit ? line.slice(0, limit) : line, line.length)
      }`, "print.js"))
      const limit = vm.newNumber(setup.maxOutputChars)
      const print = vm.unwrapResult(vm.callFunction(factory, vm.undefined, sink, limit))
      vm.setProp(vm.global, "print", print)
      const consoleObject = vm.newObject()
      vm.setProp(consoleObject, "log", print)
      vm.setProp(vm.global, "console", consoleObject)
      for (const h of [consoleObject, print, limit, factory, sink]) h.dispose()
    }

    for (const [name, value] of Object.entries(setup.globals)) {
      const h = toHandle(vm, value)
      vm.defineProp(vm.global, name, { value: h, configurable: false, enumerable: true })
      h.dispose()
    }

    const maxArgumentChars = 10_000_000
    let calls = 0
    const callHost = (name: string, args: ReadonlyArray<unknown>): Reply => {
      const id = ++calls
      const refused: Reply = { id, ok: false, message: "the run was stopped" }
      if (Atomics.load(control, 1) !== 0) return refused
      try {
        send({ type: "call", id, name, args })
      } catch {
        return { id, ok: false, message: `${name}: its arguments cannot be passed on` }
      }
      for (;;) {
        Atomics.store(control, 0, 0)
        for (let m = threads.receiveMessageOnPort(setup.replies); m !== undefined; m = threads.receiveMessageOnPort(setup.replies)) {
          const reply = m.message as Reply
          if (reply.id === id) return reply
        }
        if (Atomics.load(control, 1) !== 0) return refused
        Atomics.wait(control, 0, 0, 1000)
      }
    }
    for (const name of setup.functions) {
      const fn = vm.newFunction(name, (...handles) => {
        const args = handles.map((h) => vm.dump(h))
        // The host's memory is not the interpreter's: an argument past the cap never leaves the thread.
        const size = args.reduce((n: number, a) => n + (JSON.stringify(a) ?? "").length, 0)
        if (size > maxArgumentChars) {
          return { error: vm.newError({ name: "Error", message: `${name}: its arguments are ${size} characters long; at most ${maxArgumentChars} can be passed` }) }
        }
        const reply = callHost(name, args)
        return reply.ok ? toHandle(vm, reply.value) : { error: vm.newError({ name: "Error", message: reply.message }) }
      })
      vm.setProp(vm.global, name, fn)
      fn.dispose()
    }

    const lineOf = (error: Record<string, unknown>): number | null => {
      if (typeof error["lineNumber"] === "number") return error["lineNumber"]
      const stack = typeof error["stack"] === "string" ? error["stack"] : ""
      const found = /code\.js:(\d+)/.exec(stack)
      return found?.[1] === undefined ? null : Number(found[1])
    }

    const printed = () => (dropped > 0 ? [...output, `[output truncated: ${dropped} more characters were not kept]`] : [...output])

    // Whatever the code throws leaves the sandbox short: an error's name and message are cut here, with a marker.
    const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}… [${text.length - max} more characters cut]`)

    /** A limit the host or the deadline set wins over how the code ended: async code turns an interrupt into a rejected promise nobody sees. */
    const limitHit = (): RunOutcome | undefined => {
      const reason = Atomics.load(control, 1)
      if (reason === 2) return { kind: "calls", output: printed() }
      if (reason === 1 || Date.now() > deadline) return { kind: "timeout", output: printed() }
      return undefined
    }

    /** A thrown object's own string property, read directly (a dump of a huge error may fail inside the interpreter). */
    const textOf = (handle: QuickJSHandle, key: string): string | undefined => {
      if (vm.typeof(handle) !== "object") return undefined
      const h = vm.getProp(handle, key)
      const text = vm.typeof(h) === "string" ? vm.getString(h) : undefined
      h.dispose()
      return text
    }

    const failure = (handle: QuickJSHandle): RunOutcome => {
      const [nameText, messageText] = [textOf(handle, "name"), textOf(handle, "message")]
      const dumped: unknown = vm.dump(handle)
      handle.dispose()
      const reason = Atomics.load(control, 1)
      if (reason === 2) return { kind: "calls", output: printed() }
      const error: Record<string, unknown> = typeof dumped === "object" && dumped !== null ? { ...dumped } : {}
      const name = cut(nameText ?? (typeof error["name"] === "string" ? error["name"] : "Error"), 100)
      const detail = cut(messageText ?? (typeof error["message"] === "string" ? error["message"] : `uncaught ${JSON.stringify(dumped) ?? String(dumped)}`), 2_000)
      if (reason === 1 || (name === "InternalError" && detail === "interrupted")) return { kind: "timeout", output: printed() }
      if (name === "InternalError" && /out of memory/.test(detail)) return { kind: "oom", output: printed() }
      if (name === "RangeError" && /memory|allocation/i.test(detail)) return { kind: "oom", output: printed() }
      return { kind: "error", name, detail, line: lineOf(error), output: printed() }
    }

    /** Does the text compile? (The instrumented text should whenever the plain one does; if not, the plain one runs.) */
    const compiles = (code: string): boolean => {
      const compiled = vm.evalCode(code, "code.js", { compileOnly: true })
      const ok = compiled.error === undefined
      ;(compiled.error ?? compiled.value).dispose()
      return ok
    }

    /** After every job ran: the first error that left async code and was never caught, or async code still waiting. */
    const lostOrPending = (): RunOutcome | undefined => {
      const report = account("report")
      const lostFlag = vm.getProp(report, "lost")
      const isLost = vm.dump(lostFlag) === true
      lostFlag.dispose()
      if (isLost) {
        const error = vm.getProp(report, "error")
        report.dispose()
        const outcome = failure(error)
        return outcome.kind === "error" ? { ...outcome, detail: cut(`${outcome.detail} (in async code; nothing caught it)`, 2_100) } : outcome
      }
      const pendingHandle = vm.getProp(report, "pending")
      const pending = vm.getNumber(pendingHandle)
      pendingHandle.dispose()
      report.dispose()
      if (pending === 0) return undefined
      return {
        kind: "error",
        name: "Error",
        detail: `async code was still waiting when the step ended (${pending} async function${pending === 1 ? "" : "s"} never finished): nothing here is asynchronous (device functions return their result directly), so write the code without await, or await only what settles within the step`,
        line: null,
        output: printed()
      }
    }

    const run = (request: RunRequest): RunOutcome => {
      output = []
      used = 0
      dropped = 0
      deadline = Date.now() + request.budgetMs
      account("reset").dispose()
      const result = vm.evalCode(compiles(request.code) || !compiles(request.plain) ? request.code : request.plain, "code.js")
      if (result.error) {
        const outcome = failure(result.error)
        // Code that parses once inside an async function fails for a top-level `await`: say so, and what to write instead.
        return outcome.kind === "error" && outcome.name === "SyntaxError" && compiles(`(async () => {\n${request.plain}\n})`)
          ? { ...outcome, detail: `${outcome.detail}: await is only allowed inside an async function; device functions return their result directly, so write click(3), not await click(3)` }
          : outcome
      }
      const handle = result.value
      // Promise continuations run now, inside the step: there are no timers, so whatever is still pending afterwards never settles.
      const jobs = runtime.executePendingJobs(-1)
      if (jobs.error) {
        handle.dispose()
        return failure(jobs.error)
      }
      const limit = limitHit()
      if (limit !== undefined) {
        handle.dispose()
        return limit
      }
      const state = vm.getPromiseState(handle)
      if (state.type === "pending") {
        handle.dispose()
        return {
          kind: "error",
          name: "Error",
          detail: "the code's promise never settled: nothing here is asynchronous (device functions return their result directly), so write the code without await",
          line: null,
          output: printed()
        }
      }
      if (state.type === "rejected") {
        handle.dispose()
        return failure(state.error)
      }
      const lost = lostOrPending()
      if (lost !== undefined) {
        if (!state.notAPromise) state.value.dispose()
        handle.dispose()
        return lost
      }
      const value = jsonLike(vm.dump(state.value))
      if (!state.notAPromise) state.value.dispose()
      handle.dispose()
      return { kind: "ok", value, output: printed() }
    }

    port.on("message", (request: RunRequest) => {
      let outcome: RunOutcome
      try {
        outcome = run(request)
      } catch (e) {
        const text = e instanceof Error ? e.message : String(e)
        outcome = /memory|allocation/i.test(text)
          ? { kind: "oom", output: printed() }
          : { kind: "error", name: "InternalError", detail: text, line: null, output: printed() }
      }
      send({ type: "done", outcome })
    })
    send({ type: "ready" })
  }

  const variant = quickjs.newVariant(quickjs.RELEASE_SYNC, { wasmMemory: memory, ...(setup.wasmModule === undefined ? {} : { wasmModule: setup.wasmModule }) })
  quickjs.newQuickJSWASMModuleFromVariant(variant).then(
    start,
    (e: unknown) => send({ type: "failed", reason: e instanceof Error ? e.message : String(e) })
  )
}
