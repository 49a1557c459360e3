/**
 * instrument.ts's text rewriting, without an interpreter: what it wraps,
 * what it leaves alone (strings, comments, regular expressions, templates,
 * property names), and that lines never move.
 */
import { describe, expect, it } from "@effect/vitest"
import { FastCheck } from "effect"
import { instrument } from "../../../src/services/sandbox/instrument.js"
import { matchBrackets, tokenize } from "../../../src/services/sandbox/js-tokens.js"

const lines = (s: string) => s.split("\n").length

describe("instrument", () => {
  it("wraps async function bodies, async arrows (block and expression) and async methods", () => {
    for (const code of [`async function f(a) { return a }`, `const f = async (x) => { x }`, `const f = async x => x + 1`, `class A { async go() { 1 } }`, `o = { async ["k"](v) { v } }`]) {
      const out = instrument(code)
      expect(out, code).toContain("__shoalAsync.enter()")
      expect(out, code).toContain("__shoalAsync.raise(__shoalX)")
    }
  })

  it("reports every catch clause: named, unnamed and destructured", () => {
    expect(instrument(`try { a() } catch (e) { b(e) }`)).toBe(`try { a() } catch (e) {__shoalAsync.caught(e); b(e) }`)
    expect(instrument(`try { a() } catch { b() }`)).toBe(`try { a() } catch (__shoalE){__shoalAsync.caught(__shoalE); b() }`)
    expect(instrument(`try { a() } catch ({ message }) { b(message) }`)).toContain(`__shoalAsync.caught(__shoalE);let { message }=__shoalE;`)
  })

  it("leaves alone what is not code or not an async function: strings, comments, regexes, templates, properties, generators, .catch", () => {
    for (const code of [
      `s = "async function f() {}"`,
      `// async () => { x }\nx = 1`,
      `/* try {} catch (e) {} */`,
      "t = `async () => { ${a / 2} } catch (e) {}`",
      `r = /async () => {}/g.test(a / b / c)`,
      `o.async(); o.catch((e) => e); p.async = 1`,
      `async function* g() { yield 1 }`,
      `const async = (x) => x; async(1)`,
      `o = { async() { return 1 } }`
    ]) expect(instrument(code), code).toBe(code)
  })

  it("nested async arrows close inner first, and an expression body ends where the statement does", () => {
    const out = instrument(`const g = async () => async () => x\ng()`)
    expect(out.split("\n")[1]).toBe("g()")
    expect(out.indexOf("return (async")).toBeGreaterThan(0)
    expect(instrument(`f(async i => click(i), 2)`)).toMatch(/return \(click\(i\)\)\}.*\}, 2\)$/)
  })

  it("never moves a line, on any text (property)", () => {
    FastCheck.assert(
      FastCheck.property(
        FastCheck.array(FastCheck.constantFrom("async ", "function ", "f", "(", ")", "{", "}", "=>", "\n", "catch ", "try ", "x", "/", "\"", "`", ",", ";", "[", "]", "*", "//", "."), { maxLength: 40 }),
        (parts) => {
          const code = parts.join("")
          expect(lines(instrument(code))).toBe(lines(code))
        }
      ),
      { numRuns: 500 }
    )
  })

  it("matches brackets across nesting and skips those inside literals", () => {
    const tokens = tokenize(`f("(", [a, {b: ")"}])`)
    const matched = matchBrackets(tokens)
    expect(tokens[matched.get(1) ?? -1]?.text).toBe(")")
    expect(tokens.at(-1)?.start).toBe(`f("(", [a, {b: ")"}]`.length)
  })
})
