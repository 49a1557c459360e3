/**
 * The QuickJS sandbox: what model-written code can and cannot reach, and
 * how its failures come back (typed, with the line), with the host
 * unaffected afterwards.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, TestClock } from "effect"
import { HostCallFailed } from "../../../src/services/sandbox/errors.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"
import { sleepingHost } from "./support.js"

const run = (code: string, options?: Parameters<Sandbox["Type"]["run"]>[1]) => Effect.flatMap(Sandbox, (s) => s.run(code, options))
const failure = (code: string, options?: Parameters<Sandbox["Type"]["run"]>[1]) => Effect.flip(run(code, options))

describe("Sandbox (QuickJS)", () => {
  it.layer(layerQuickJs)("escapes", (it) => {
    it.effect("process, require and the Function constructor find nothing of the host", () =>
      Effect.gen(function*() {
        const p = yield* failure("process.exit(1)")
        expect(p._tag).toBe("ScriptError")
        expect(p.message).toMatch(/ReferenceError: 'process' is not defined/)
        const r = yield* failure("\nconst fs = require('fs')")
        expect(r.message).toBe("ReferenceError: 'require' is not defined (line 2)")
        const f = yield* failure("globalThis.constructor.constructor(\"return process\")().mainModule")
        expect(f.message).toMatch(/'process' is not defined/)
        const reached = yield* run("[eval('typeof require'), Function('return typeof process')(), typeof globalThis.process, Object.keys(globalThis).filter((k) => k !== 'print' && k !== 'console').length]")
        expect(reached.value).toEqual(["undefined", "undefined", "undefined", 0])
        expect(typeof process.exit).toBe("function")
      }))

    it.effect("import() cannot load a module", () =>
      Effect.gen(function*() {
        const e = yield* failure("import('node:fs')")
        expect(e._tag).toBe("ScriptError")
        expect(e.message).toMatch(/could not load module/)
      }))

    it.effect("no timers and no network unless a function is given", () =>
      Effect.gen(function*() {
        const r = yield* run("[typeof setTimeout, typeof setInterval, typeof fetch, typeof XMLHttpRequest, typeof WebAssembly]")
        expect(r.value).toEqual(["undefined", "undefined", "undefined", "undefined", "undefined"])
      }))

    it.effect("an infinite loop is stopped at the wall-time limit; the host and the next run are fine", () =>
      Effect.gen(function*() {
        const started = performance.now()
        const e = yield* failure("let i = 0\nwhile (true) { i++ }", { timeLimitMs: 300 })
        expect(e._tag).toBe("ScriptTimeout")
        expect(performance.now() - started).toBeLessThan(5_000)
        expect((yield* run("1 + 1")).value).toBe(2)
      }), { timeout: 10_000 })

    it.effect("a 1 GB allocation is stopped by the memory limit", () =>
      Effect.gen(function*() {
        // Measured against this test's start: the worker's heap also holds what earlier test files left.
        const heapBefore = process.memoryUsage().heapUsed
        const s = yield* failure("const big = new ArrayBuffer(1024 * 1024 * 1024); big.byteLength")
        expect(s._tag).toBe("ScriptOutOfMemory")
        const a = yield* failure("const a = new Array(256 * 1024 * 1024).fill(1); a.length")
        expect(a._tag).toBe("ScriptOutOfMemory")
        expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(256 * 1024 * 1024)
        expect((yield* run("'still ' + 'here'")).value).toBe("still here")
      }))

    it.effect("a syntax error and a throw come back with the line of the model's code", () =>
      Effect.gen(function*() {
        const s = yield* failure("const a = 1\n\nconst b = (\n")
        expect(s._tag).toBe("ScriptError")
        if (s._tag === "ScriptError") {
          expect(s.name).toBe("SyntaxError")
          expect(s.line).toBeGreaterThanOrEqual(3)
        }
        const t = yield* failure("print('before')\nthrow new TypeError('no such field')")
        expect(t).toMatchObject({ _tag: "ScriptError", name: "TypeError", detail: "no such field", line: 2, output: ["before"] })
      }))
  })

  it.layer(layerQuickJs)("host functions", (it) => {
    it.effect("sync and async host functions look synchronous to the code; failures are catchable errors", () =>
      Effect.gen(function*() {
        const calls: Array<unknown> = []
        const r = yield* run(
          "const a = double(21)\nconst b = later('x')\nlet caught = ''\ntry { broken() } catch (e) { caught = e.message }\nprint(a, b, caught);\n({ a, b })",
          {
            functions: {
              double: (args) => Effect.sync(() => (calls.push(args[0]), Number(args[0]) * 2)),
              later: (args) => Effect.as(Effect.yieldNow(), `${String(args[0])}!`),
              broken: () => Effect.fail(new HostCallFailed({ function: "broken", reason: "the device is gone" }))
            }
          }
        )
        expect(r.value).toEqual({ a: 42, b: "x!" })
        expect(r.output).toEqual(["42 x! broken: the device is gone"])
        expect(calls).toEqual([21])
      }))

    it.effect("globals are read-only values", () =>
      Effect.gen(function*() {
        const r = yield* run("ORIGINAL.toUpperCase()", { globals: { ORIGINAL: "hello" } })
        expect(r.value).toBe("HELLO")
      }))

    it.effect("a host function on Effect's Clock runs in virtual time, and its time counts against the run's budget", () =>
      Effect.gen(function*() {
        const { untilCalled, wait } = sleepingHost()
        const short = yield* Effect.fork(run("wait(4000); 'woke'", { timeLimitMs: 5_000, functions: { wait } }))
        yield* untilCalled(1)
        yield* TestClock.adjust(Duration.seconds(4))
        expect((yield* Fiber.join(short)).value).toBe("woke")
        const long = yield* Effect.fork(failure("wait(60000); 'woke'", { timeLimitMs: 5_000, functions: { wait } }))
        yield* untilCalled(2)
        yield* TestClock.adjust(Duration.seconds(6))
        expect((yield* Fiber.join(long))._tag).toBe("ScriptTimeout")
      }), { timeout: 20_000 })

    it.effect("interrupting a run stops the code and its host call; the interpreter is disposed safely", () =>
      Effect.gen(function*() {
        let finished = false
        const { untilCalled, wait } = sleepingHost(() => void (finished = true))
        const fiber = yield* Effect.fork(run("wait(60000)\nwhile (true) {}", { timeLimitMs: 60_000, functions: { wait } }))
        yield* untilCalled()
        yield* Fiber.interrupt(fiber)
        expect(finished).toBe(true)
        expect((yield* run("6 * 7")).value).toBe(42)
      }), { timeout: 10_000 })

    it.scoped("a session keeps its variables between runs, like a notebook", () =>
      Effect.gen(function*() {
        const session = yield* Effect.flatMap(Sandbox, (s) => s.session())
        yield* session.run("let total = 40")
        expect((yield* session.run("total += 2; total")).value).toBe(42)
      }))
  })
})
