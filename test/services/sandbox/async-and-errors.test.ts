/**
 * Break-tests of the sandbox (a new user's probes): a limit hit inside async
 * code still ends the run with that limit, never a success; and whatever
 * the code throws, the error that leaves the sandbox is short. Hard bounds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import type { HostFunction, SandboxOptions } from "../../../src/services/sandbox/sandbox.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"

const failure = (code: string, options?: SandboxOptions) => Effect.flip(Effect.flatMap(Sandbox, (s) => s.run(code, options)))

describe("Sandbox: limits hit inside async code, and long errors", () => {
  it.layer(layerQuickJs)("limits", (it) => {
    it.effect("the call cap hit inside an async function is reported, not swallowed as a rejected promise", () =>
      Effect.gen(function*() {
        let calls = 0
        const back: HostFunction = () => Effect.sync(() => void (calls += 1))
        const e = yield* failure(`(async () => { while (true) back() })(); "fine"`, { functions: { back }, maxCalls: 20 })
        expect(e._tag).toBe("ScriptCallLimit")
        expect(calls).toBe(20)
      }), { timeout: 30_000 })

    it.effect("the time budget hit inside an async function is reported as a timeout", () =>
      Effect.gen(function*() {
        // A short budget: the test is that the limit is reported, not how long it is (each run spins its whole budget).
        const started = performance.now()
        const e = yield* failure(`(async () => { for (;;) {} })(); 1`, { timeLimitMs: 300 })
        expect(e._tag).toBe("ScriptTimeout")
        expect(performance.now() - started).toBeLessThan(10_000)
        const chained = yield* failure(`globalThis.n = 0; (async () => { for (;;) { await null; n++ } })(); 1`, { timeLimitMs: 300 })
        expect(chained._tag).toBe("ScriptTimeout")
      }), { timeout: 30_000 })

    it.effect("an error's name and message are cut short, with a marker, however long the code makes them", () =>
      Effect.gen(function*() {
        const long = yield* failure(`throw new Error("m".repeat(5e6))`)
        expect(long.message.length).toBeLessThan(3_000)
        expect(long.message).toMatch(/^Error: m+… \[\d+ more characters cut\]/)
        const named = yield* failure(`const e = new Error("short"); e.name = "N".repeat(2e6); throw e`)
        expect(named.message.length).toBeLessThan(3_000)
        expect(named.message).toContain("short")
        const value = yield* failure(`throw "s".repeat(3e6)`)
        expect(value.message.length).toBeLessThan(3_000)
      }), { timeout: 60_000 })
  })
})

describe("Sandbox: arguments handed to host functions", () => {
  it.layer(layerQuickJs)("size", (it) => {
    it.effect("an argument past the cap is refused inside the sandbox with a clear error; the host function never sees it", () =>
      Effect.gen(function*() {
        const seen: Array<number> = []
        const keep: HostFunction = (args) => Effect.sync(() => void seen.push(JSON.stringify(args).length))
        const e = yield* failure(`keep("r".repeat(20e6))`, { functions: { keep }, timeLimitMs: 30_000 })
        expect(e.message).toMatch(/keep: its arguments are \d+ characters long; at most 10000000 can be passed/)
        expect(seen).toEqual([])
        const nested = yield* failure(`keep({ a: ["r".repeat(6e6), "s".repeat(6e6)] })`, { functions: { keep }, timeLimitMs: 30_000 })
        expect(nested.message).toMatch(/at most 10000000 can be passed/)
        const ok = yield* Effect.flatMap(Sandbox, (s) => s.run(`keep("r".repeat(1000)); 1`, { functions: { keep } }))
        expect(ok.value).toBe(1)
        expect(seen.length).toBe(1)
      }), { timeout: 60_000 })
  })
})
