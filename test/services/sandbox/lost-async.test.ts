/**
 * Errors in async code never vanish (instrument.ts's rule): an error that
 * leaves async code and that nothing in the code catches fails the step with
 * that error; a caught one does not; async code still waiting when the step
 * ends fails it with a clear message. Hard bounds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HostCallFailed } from "../../../src/services/sandbox/errors.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import type { HostFunction, SandboxOptions } from "../../../src/services/sandbox/sandbox.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"

const click: HostFunction = (args) =>
  Number(args[0]) > 10 ? Effect.fail(new HostCallFailed({ function: "click", reason: `no element ${String(args[0])}` })) : Effect.succeed(`clicked ${String(args[0])}`)
const options: SandboxOptions = { functions: { click }, timeLimitMs: 10_000 }
const run = (code: string) => Effect.flatMap(Sandbox, (s) => s.run(code, options))
const failure = (code: string) => Effect.flip(run(code))

describe("Sandbox: errors in async code", () => {
  it.layer(layerQuickJs)("lost or caught", (it) => {
    it.effect("an unread async function whose device call fails fails the step with that error, output kept", () =>
      Effect.gen(function*() {
        const e = yield* failure(`async function main() { click(999) }\nmain(); print("after")`)
        expect(e._tag).toBe("ScriptError")
        expect(e.message).toContain("click: no element 999")
        expect(e.message).toContain("nothing caught it")
        expect(e.output).toEqual(["after"])
        const late = yield* failure(`async function main() { await null; click(1); await null; click(999) }\nmain(); 1`)
        expect(late.message).toContain("no element 999")
        const own = yield* failure(`const go = async () => { throw new RangeError("mine") }\ngo()\n"done"`)
        expect(own.message).toMatch(/^RangeError: mine/)
        const engine = yield* failure(`(async () => { const x = undefined; x.tap() })(); 2`)
        expect(engine.message).toMatch(/^TypeError/)
      }), { timeout: 60_000 })

    it.effect("a .then chain that rejects, Promise.reject and a throwing executor fail the step", () =>
      Effect.gen(function*() {
        const chain = yield* failure(`Promise.resolve(1).then((n) => n + 1).then(() => click(999)); 3`)
        expect(chain.message).toContain("no element 999")
        const thrown = yield* failure(`Promise.resolve().then(() => { throw new Error("in then") }).then(() => print("never")); 3`)
        expect(thrown.message).toContain("in then")
        expect(thrown.output).toEqual([])
        const rejected = yield* failure(`Promise.reject(new Error("rejected")); 3`)
        expect(rejected.message).toContain("rejected")
        const executor = yield* failure(`new Promise(() => { throw new Error("executor") }); 3`)
        expect(executor.message).toContain("executor")
        const fin = yield* failure(`Promise.resolve().finally(() => { throw new Error("in finally") }); 3`)
        expect(fin.message).toContain("in finally")
      }), { timeout: 60_000 })

    it.effect("Promise.all with one failing device call fails the step with that call's error", () =>
      Effect.gen(function*() {
        const e = yield* failure(`Promise.all([1, 2, 999].map(async (i) => click(i))).then((r) => print(r)); "ok"`)
        expect(e.message).toContain("click: no element 999")
        expect(e.output).toEqual([])
        const expression = yield* failure(`const tap = async i => click(i)\nPromise.all([tap(1), tap(999)])\n"ok"`)
        expect(expression.message).toContain("no element 999")
      }), { timeout: 60_000 })

    it.effect("a handled rejection does not fail the step: catch clauses, .catch, .then(_, f), allSettled, any", () =>
      Effect.gen(function*() {
        const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
          [`async function main() { click(999) }\nmain().catch((e) => print("caught " + e.message))`, ["caught click: no element 999"]],
          [`(async () => { try { await (async () => click(999))() } catch (e) { print("caught") } })()`, ["caught"]],
          [`(async () => { try { click(999) } catch { print("caught") } })()`, ["caught"]],
          [`(async () => { try { click(999) } catch ({ message }) { print(message) } })()`, ["click: no element 999"]],
          [`Promise.reject(new Error("x")).then(() => 1, (e) => print(e.message))`, ["x"]],
          [`Promise.allSettled([(async () => click(999))(), Promise.resolve(2)]).then((r) => print(r.map((s) => s.status).join()))`, ["rejected,fulfilled"]],
          [`Promise.any([(async () => click(999))(), Promise.resolve(2)]).then((v) => print(v))`, ["2"]],
          [`async function f() { click(999) }\nasync function g() { try { await f() } catch (e) { print("g caught") } }\ng()`, ["g caught"]],
          [`const s = "async () => { throw 1 } catch"; const r = /async [(]x[)] => { y }/; print(r.test("async (x) => { y }") && s.length)`, ["29"]]
        ]
        for (const [code, output] of cases) {
          const result = yield* run(code)
          expect(result.output, code).toEqual(output)
        }
      }), { timeout: 90_000 })

    it.effect("an error caught and thrown again out of async code is lost again", () =>
      Effect.gen(function*() {
        const e = yield* failure(`(async () => { try { click(999) } catch (e) { print("seen"); throw e } })(); 1`)
        expect(e.message).toContain("no element 999")
        expect(e.output).toEqual(["seen"])
      }), { timeout: 30_000 })

    it.effect("async code still waiting when the step ends fails it with a clear message", () =>
      Effect.gen(function*() {
        const e = yield* failure(`(async () => { await new Promise(() => {}); click(1) })(); print("top done"); 1`)
        expect(e.message).toMatch(/async code was still waiting when the step ended \(1 async function never finished\)/)
        expect(e.output).toEqual(["top done"])
        const last = yield* failure(`new Promise(() => {})`)
        expect(last.message).toContain("never settled")
      }), { timeout: 30_000 })

    it.effect("async code that completes within the step runs every continuation, and its line numbers are the code's own", () =>
      Effect.gen(function*() {
        const ok = yield* run(`const seen = []\nasync function step(i) { await null; seen.push(click(i)) }\nPromise.all([step(1), step(2)]).then(() => print(seen.join("; ")))\n"end"`)
        expect(ok.output).toEqual(["clicked 1; clicked 2"])
        expect(ok.value).toBe("end")
        const e = yield* failure(`const a = 1\n\nasync function main() {\n  await null\n  click(999)\n}\nmain()`)
        expect(e._tag === "ScriptError" ? e.line : undefined).toBe(5)
      }), { timeout: 30_000 })
  })
})
