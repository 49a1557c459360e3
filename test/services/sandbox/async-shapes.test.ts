/**
 * Break-test of the lost-async-error rule (instrument.ts) with shapes of
 * async code a new user writes: correct code that handles its errors must
 * not fail the step (a rejection Promise.all already swallowed, a reject
 * after resolve, a built-in as the handler), and an error nothing catches
 * must not vanish because of how the code is written (a device function
 * passed to `.then`, a private async method, an async arrow in a
 * conditional, an empty async function or a regex elsewhere in the
 * script). Hard bounds.
 */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { HostCallFailed } from "../../../src/services/sandbox/errors.js"
import { instrument } from "../../../src/services/sandbox/instrument.js"
import { layerQuickJs } from "../../../src/services/sandbox/quickjs.js"
import type { HostFunction, SandboxOptions } from "../../../src/services/sandbox/sandbox.js"
import { Sandbox } from "../../../src/services/sandbox/sandbox.js"

const click: HostFunction = (args) =>
  Number(args[0]) > 10 ? Effect.fail(new HostCallFailed({ function: "click", reason: `no element ${String(args[0])}` })) : Effect.succeed(`clicked ${String(args[0])}`)
const options: SandboxOptions = { functions: { click }, timeLimitMs: 10_000 }
const run = (code: string) => Effect.flatMap(Sandbox, (s) => s.run(code, options))

/** Correct code that handles every error it makes, and what it gives. */
const handled: Array<[string, unknown, ReadonlyArray<string>]> = [
  // Promise.all rejects with the first error; the engine swallows the second, as Node does.
  [`async function bad(i) { click(i) }\nasync function main() { try { await Promise.all([bad(998), bad(999)]) } catch (e) { print(e.message) } }\nmain(); "all"`, "all", ["click: no element 998"]],
  [`Promise.all([Promise.reject(new Error("a")), Promise.reject(new Error("b"))]).catch((e) => print(e.message)); "all2"`, "all2", ["a"]],
  // Settling a promise twice: the second call is a no-op in JavaScript.
  [`new Promise((resolve, reject) => { resolve(click(1)); reject(new Error("too late")) }).then(print); "late reject"`, "late reject", ["clicked 1"]],
  [`new Promise((resolve) => { resolve(2); throw new Error("after resolve") }).then(print); "late throw"`, "late throw", ["2"]],
  [`new Promise((resolve, reject) => { reject(new Error("first")); reject(new Error("second")) }).catch((e) => print(e.message)); "twice"`, "twice", ["first"]],
  // A built-in (named, native) function as the rejection handler handles the error.
  [`(async () => { click(999) })().catch(String).then(print); "String"`, "String", ["Error: click: no element 999"]],
  [`Promise.reject(new Error("x")).then(undefined, print); "print"`, "print", ["{}"]]
]

/** Code whose error nothing catches, and what the step must fail with. */
const lost: Array<[string, RegExp]> = [
  [`Promise.resolve(999).then(click); "then(click)"`, /click: no element 999/],
  [`Promise.resolve("{oops").then(JSON.parse); "then(JSON.parse)"`, /^SyntaxError/],
  [`class Bot { async #tap(i) { click(i) } run() { this.#tap(999) } }\nnew Bot().run(); "private"`, /click: no element 999/],
  [`class Bot { static async #tap(i) { click(i) } static run() { Bot.#tap(999) } }\nBot.run(); "static private"`, /click: no element 999/],
  [`const tap = 1 > 0 ? async (i) => click(i) : null\ntap(999); "conditional"`, /click: no element 999/],
  [`const tap = 1 > 0 ? null : async (i) => click(i)\nconst go = async (i) => i ?? click(999)\ngo(null); "conditional else"`, /click: no element 999/],
  [`async function noop() {}\nconst nothing = async () => {}\nasync function main() { click(999) }\nmain(); "empty body"`, /click: no element 999/],
  [`if (1 > 0) /}/.test("}")\nasync function main() { click(999) }\nmain(); "regex after if (…)"`, /click: no element 999/],
  [`while (false) /{'/.test("")\nconst main = async () => click(999)\nmain(); "regex after while (…)"`, /click: no element 999/]
]

/** Code whose meaning the rewrite must keep, and its value. */
const meaning: Array<[string, unknown]> = [
  // A template literal after a line break continues the expression: a tagged template.
  ["const tag = (s) => s[0]\nconst f = async () => tag\n`x`\nf()", "x"],
  ["const a = { b: 2 }\nconst f = async () => a?.b ? 'yes' : 'no'\nf()", "yes"],
  ["const f = async (v) => v ?? 4\nf(null)", 4],
  ["let n = null\nn ??= 5\nconst f = async () => n\nf()", 5],
  ["const pick = 1 < 0 ? async () => 'a' : async () => 'b'\npick()", "b"]
]

describe("Sandbox: async code as a new user writes it", () => {
  it("the rewrite of every case parses (so the sandbox never falls back to untracked code)", () => {
    for (const code of [...handled.map(([c]) => c), ...lost.map(([c]) => c), ...meaning.map(([c]) => c)]) {
      expect(() => new Function(instrument(code)), `${code}\n---\n${instrument(code)}`).not.toThrow()
    }
  })

  it.layer(layerQuickJs)("in the sandbox", (it) => {
    it.effect("correct code that handles its errors runs cleanly", () =>
      Effect.gen(function*() {
        for (const [code, value, output] of handled) {
          const r = yield* Effect.either(run(code))
          expect(r._tag === "Right" ? [r.right.value, r.right.output] : r.left.message, code).toEqual([value, output])
        }
      }), { timeout: 120_000 })

    it.effect("an error nothing catches fails the step, however the code is written", () =>
      Effect.gen(function*() {
        for (const [code, message] of lost) {
          const r = yield* Effect.either(run(code))
          expect(r._tag === "Left" ? r.left.message : `ran: ${JSON.stringify(r.right.value)}`, code).toMatch(message)
        }
      }), { timeout: 120_000 })

    it.effect("`await` outside an async function is refused with a message saying so, not a bare \"expecting ';'\"", () =>
      Effect.gen(function*() {
        for (const code of ["await click(1)\n'done'", "const r = await click(2)\nprint(r)", "for (const i of [1, 2]) await click(i)"]) {
          const r = yield* Effect.either(run(code))
          expect(r._tag === "Left" ? r.left.message : "ran", code).toMatch(/^SyntaxError: .*await is only allowed inside an async function.*click\(3\), not await click\(3\)/)
        }
        // Another syntax error is left as it is.
        const other = yield* Effect.either(run("const = 1"))
        expect(other._tag === "Left" ? other.left.message : "ran").not.toContain("await")
      }), { timeout: 60_000 })

    it.effect("the rewrite keeps the code's meaning", () =>
      Effect.gen(function*() {
        for (const [code, value] of meaning) {
          const r = yield* Effect.either(run(code))
          expect(r._tag === "Right" ? r.right.value : r.left.message, code).toEqual(value)
        }
      }), { timeout: 120_000 })
  })
})
