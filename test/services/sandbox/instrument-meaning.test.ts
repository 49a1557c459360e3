/**
 * Instrumented code (instrument.ts) means what the model wrote: tricky
 * syntax around `async`, `catch`, regexes and division gives the plain
 * code's value in the sandbox, and the instrumented text parses (in Node's
 * parser too), so the worker never has to fall back to the plain text.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"
import { instrument } from "../../../src/services/sandbox/instrument.js"
const cases: Array<[string, unknown]> = [
  ["const o = { async m() { return 1 }, get async() { return 2 } }; let r = 0; o.m().then((v) => { r = v + o.async }); r", 0],
  ["class A { f = async () => 3; static async s() { return 4 } }; globalThis.out = []; new A().f().then((v) => out.push(v)); A.s().then((v) => out.push(v)); 1", 1],
  ["const t = `${(async () => 5)() instanceof Promise}`; t", "true"],
  ["function f() {}\n/x/.test('x') ? 1 : 2", 1],
  ["const a = 10, b = 2, g = 1; (a) / b / g", 5],
  ["const f = async x => x\n  .toString()\nlet v; f(7).then((s) => v = s); 1", 1],
  ["const f = async (x) => x ? 1 : 2\nconst g = f\n2", 2],
  ["let n = 0; const f = async () => { for (const i of [1,2]) { try { if (i === 2) throw new Error('x') } catch (e) { n += 1 } } }; f(); n", 1],
  ["async function outer() { const inner = async function () { return 1 }; return await inner() }\nouter()", 1],
  ["label: { const f = async () => 1; f() } 3", 3],
  ["const p = Promise.resolve(1); p instanceof Promise && typeof Promise.all === 'function'", true],
  ["class P2 extends Promise {}; const q = new P2((r) => r(1)); q instanceof P2 && q instanceof Promise", true],
  ["let s = 0; (async () => { for await (const x of [1, 2]) s += x })(); s", 0],
]
describe("instrumented code keeps its meaning", () => {
  it("every case's instrumented text parses", () => {
    for (const [code] of cases) expect(() => new Function(instrument(code)), code).not.toThrow()
  })

  it.layer(layerQuickJs)("in the sandbox", (it) => {
    it.effect("every case gives the plain code's value", () => Effect.gen(function*() {
      for (const [code, value] of cases) {
        const r = yield* Effect.either(Effect.flatMap(Sandbox, (s) => s.run(code)))
        expect(r._tag === "Right" ? r.right.value : `${r.left.message} ${instrument(code)}`, code).toEqual(value)
      }
    }), { timeout: 120_000 })
  })
})
