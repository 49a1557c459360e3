/**
 * The sandbox's limits hold whatever the code does (issue 15's probes):
 * endless host calls, memory built by the code or handed back by host
 * functions, slow built-ins that never reach an interrupt check, output
 * floods, promises. Every probe has a hard real-time bound, generous enough
 * for a loaded two-core machine; the host process stays usable afterwards.
 */
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, TestClock } from "effect"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import type { HostFunction, SandboxOptions } from "../../../src/services/sandbox/sandbox.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"
import { sleepingHost } from "./support.js"

const run = (code: string, options?: SandboxOptions) => Effect.flatMap(Sandbox, (s) => s.run(code, options))
const failure = (code: string, options?: SandboxOptions) => Effect.flip(run(code, options))

/** The effect's real duration in ms. */
const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const started = performance.now()
    const value = yield* effect
    return { value, ms: performance.now() - started }
  })

const counting = () => {
  let calls = 0
  const back: HostFunction = () => Effect.sync(() => void (calls += 1))
  return { back, calls: () => calls }
}

const mb = 1024 * 1024

describe("Sandbox limits", () => {
  it.layer(layerQuickJs)("host calls", (it) => {
    it.effect("`while (true) back()` stops at the call cap, even when the code catches the errors", () =>
      Effect.gen(function*() {
        const plain = counting()
        const { value: e, ms } = yield* timed(failure("while (true) back()", { functions: { back: plain.back }, maxCalls: 40 }))
        expect(e._tag).toBe("ScriptCallLimit")
        expect(e.message).toMatch(/more than 40 times in one step/)
        expect(plain.calls()).toBe(40)
        expect(ms).toBeLessThan(10_000)
        const stubborn = counting()
        const s = yield* failure("while (true) { try { back() } catch (e) {} }", { functions: { back: stubborn.back }, maxCalls: 40 })
        expect(s._tag).toBe("ScriptCallLimit")
        expect(stubborn.calls()).toBe(40)
      }), { timeout: 30_000 })

    it.effect("`while (true) wait(0)` stops too: a zero-length wait is still a call", () =>
      Effect.gen(function*() {
        let waits = 0
        const wait: HostFunction = (args) => Effect.zipRight(Effect.sync(() => void (waits += 1)), Effect.sleep(Duration.millis(Number(args[0]))))
        const e = yield* failure("while (true) wait(0)", { functions: { wait } })
        expect(e._tag).toBe("ScriptCallLimit")
        expect(waits).toBe(100)
      }), { timeout: 30_000 })

    it.effect("time in host calls counts: long waits stop at the budget (virtual time), and the call is interrupted", () =>
      Effect.gen(function*() {
        let ended = false
        const { untilCalled, wait } = sleepingHost(() => void (ended = true))
        const fiber = yield* Effect.fork(failure("for (let i = 0; i < 10; i++) wait(2000)\n'done'", { timeLimitMs: 5_000, functions: { wait } }))
        for (const call of [1, 2, 3]) {
          yield* untilCalled(call)
          yield* TestClock.adjust(Duration.seconds(2))
        }
        const e = yield* Fiber.join(fiber)
        expect(e._tag).toBe("ScriptTimeout")
        expect(e.message).toBe("the code and its device calls took longer than 5000 ms and were stopped")
        expect(ended).toBe(true)
      }), { timeout: 30_000 })
  })

  it.layer(layerQuickJs)("memory", (it) => {
    it.effect("1,024 arrays of 1 MB are refused at the memory cap, whatever they are made of", () =>
      Effect.gen(function*() {
        // Only the memory cap may end these runs: their time budget is far longer than the ~64 allocations
        // the cap allows take even on a loaded machine, so a timeout fails the test instead of passing for the cap.
        const budgetMs = 40_000
        const rssBefore = process.memoryUsage().rss
        for (const make of ["new Uint8Array(1 << 20)", "'x'.repeat(1 << 20) + i", "new Array(1 << 17).fill(i)"]) {
          const { value: e, ms } = yield* timed(failure(`const kept = []\nfor (let i = 0; i < 1024; i++) kept.push(${make})\nkept.length`, { timeLimitMs: budgetMs }))
          expect(e._tag, make).toBe("ScriptOutOfMemory")
          expect(ms, make).toBeLessThan(budgetMs)
        }
        expect(process.memoryUsage().rss - rssBefore).toBeLessThan(600 * mb)
        expect((yield* run("'still ' + 'here'")).value).toBe("still here")
      }), { timeout: 3 * 40_000 + 30_000 })

    it.effect("strings handed back by host functions count against the same cap", () =>
      Effect.gen(function*() {
        const chunk: HostFunction = () => Effect.succeed("y".repeat(mb))
        const e = yield* failure("const kept = []\nwhile (true) kept.push(chunk())", { functions: { chunk }, maxCalls: 5_000, timeLimitMs: 30_000 })
        expect(e._tag).toBe("ScriptOutOfMemory")
      }), { timeout: 60_000 })
  })

  it.layer(layerQuickJs)("slow built-ins", (it) => {
    it.effect("`\"ab\".repeat(5e6)` in a loop is stopped near the budget", () =>
      Effect.gen(function*() {
        const { value: e, ms } = yield* timed(failure("let s\nwhile (true) s = 'ab'.repeat(5e6)", { timeLimitMs: 300 }))
        expect(e._tag).toBe("ScriptTimeout")
        expect(ms).toBeLessThan(15_000)
      }), { timeout: 30_000 })

    it.effect("`new Array(2**32-1).join()` is stopped, and the session's next run gets a working interpreter", () =>
      Effect.scoped(Effect.gen(function*() {
        const session = yield* Effect.flatMap(Sandbox, (s) => s.session({ timeLimitMs: 1_000 }))
        const { value: e, ms } = yield* timed(Effect.flip(session.run("new Array(2**32-1).join()")))
        expect(e._tag).toBe("ScriptTimeout")
        expect(ms).toBeLessThan(15_000)
        expect((yield* session.run("6 * 7")).value).toBe(42)
      })), { timeout: 30_000 })

    it.effect("interrupting a run stuck in a built-in returns at once", () =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(run("new Array(2**32-1).join()", { timeLimitMs: 60_000 }))
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 300)))
        const { ms } = yield* timed(Fiber.interrupt(fiber))
        expect(ms).toBeLessThan(1_000)
      }), { timeout: 30_000 })
  })

  it.layer(layerQuickJs)("output", (it) => {
    it.effect("a print flood is cut at the output cap with a marker; the host is unharmed", () =>
      Effect.gen(function*() {
        const e = yield* failure("while (true) print('x'.repeat(100000))", { timeLimitMs: 300, maxOutputChars: 5_000 })
        expect(e._tag).toBe("ScriptTimeout")
        expect(e.output.join("").length).toBeLessThan(6_000)
        const one = yield* run("print('z'.repeat(20 * 1024 * 1024)); 'after'", { maxOutputChars: 5_000 })
        expect(one.value).toBe("after")
        expect(one.output[0]).toBe("z".repeat(5_000))
        expect(one.output.at(-1)).toBe(`[output truncated: ${20 * mb - 5_000} more characters were not kept]`)
      }), { timeout: 30_000 })
  })

  it.layer(layerQuickJs)("promises", (it) => {
    it.effect("continuations run within the run, and an async function's result is its value", () =>
      Effect.gen(function*() {
        const { back, calls } = counting()
        const r = yield* run("Promise.resolve().then(() => back())\nasync function twice(x) { await null; back(); return x * 2 }\ntwice(21)", { functions: { back } })
        expect(r.value).toBe(42)
        expect(calls()).toBe(2)
        const rejected = yield* failure("(async () => { await null; throw new TypeError('late') })()")
        expect(rejected).toMatchObject({ _tag: "ScriptError", name: "TypeError", detail: "late" })
      }))

    it.effect("a promise nothing can settle is refused with a clear message", () =>
      Effect.gen(function*() {
        const e = yield* failure("new Promise(() => {})")
        expect(e._tag).toBe("ScriptError")
        expect(e.message).toMatch(/promise never settled.*write the code without await/)
      }))
  })
})
