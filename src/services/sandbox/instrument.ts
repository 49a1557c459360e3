/**
 * Lost async errors. QuickJS's promise-rejection tracker is not reachable
 * through quickjs-emscripten, so the sandbox keeps its own account, by one
 * rule: **an error is lost when it leaves async code and nothing in the
 * code catches it afterwards.** After the top-level code, the worker runs
 * every pending promise job (within the step's budget); a lost error then
 * fails the step with that error, and async code still waiting (an `await`
 * on something that never settles) fails it with a clear message.
 *
 * - *Leaves async code*: an exception escapes an async function's body
 *   (thrown by the code, by a failed device call, or by the engine, such as
 *   a TypeError), escapes a `.then`/`.catch`/`.finally` callback or a
 *   `new Promise` executor, or is passed to a promise's `reject`
 *   (`Promise.reject`, `Promise.all`'s own rejection…).
 * - *Caught*: it reaches a `catch` clause, a rejection callback of the code
 *   (`.catch(fn)`, `.then(f, fn)`), or `Promise.allSettled` (and the losers
 *   of a settled `Promise.any`/`race`).
 *
 * `instrument` rewrites the code's text for the parts the prelude cannot
 * see: each async function's body is wrapped (entered, left, what escaped)
 * and each `catch` clause reports what it caught. Nothing is added on a new
 * line, so error line numbers stay the code's own. The prelude (run once per
 * interpreter) wraps the promise API. Async generators are not tracked.
 */
import type { Token } from "./js-tokens.js"
import { matchBrackets, tokenize } from "./js-tokens.js"

/** The global the instrumented code reports to (defined by `asyncPrelude`, not writable). */
const api = "__shoalAsync"

interface Edit {
  readonly at: number
  /** Replace up to here (an insert when equal to `at`). */
  readonly to: number
  readonly text: string
  /** Among edits at the same place: lower first (an inner construct's closing text comes before its outer one's; an empty body's opening text before its closing one). */
  readonly rank: number
}

const enter = `const __shoalT=${api}.enter();try{`
const leave = `}catch(__shoalX){${api}.raise(__shoalX);throw __shoalX}finally{${api}.exit(__shoalT)}`

/**
 * Where an arrow's expression body ends: a `,` `;` or closing bracket at its
 * own depth, a `:` its body did not open with a `?` (the arrow is a branch of
 * a conditional: `ok ? async () => a : b`), or a line break automatic
 * semicolon insertion would end it at (a template literal after the break
 * continues it: a tagged template).
 */
const expressionEnd = (tokens: ReadonlyArray<Token>, matched: ReadonlyMap<number, number>, from: number): number => {
  let i = from
  let conditionals = 0
  while (i < tokens.length) {
    const t = tokens[i]
    if (t === undefined) break
    if (i > from && t.kind === "punct" && [",", ";", ")", "]", "}"].includes(t.text)) return i
    if (t.kind === "punct" && t.text === "?") conditionals += 1
    if (i > from && t.kind === "punct" && t.text === ":") {
      if (conditionals === 0) return i
      conditionals -= 1
    }
    if (i > from && t.newlineBefore) {
      const before = tokens[i - 1]
      const ends = before !== undefined && (before.kind !== "punct" || [")", "]", "}", "++", "--"].includes(before.text))
      const starts = (t.kind !== "punct" && !t.text.startsWith("`")) || ["{", "!", "~", "++", "--"].includes(t.text)
      if (ends && starts && !["in", "of", "instanceof"].includes(t.text)) return i
    }
    i = (matched.get(i) ?? i) + 1
  }
  return tokens.length
}

/** The code with each async function's body and each `catch` clause reporting to the prelude's account. */
export const instrument = (code: string): string => {
  const tokens = tokenize(code)
  const matched = matchBrackets(tokens)
  const edits: Array<Edit> = []
  const at = (i: number) => tokens[i]
  const textAt = (i: number) => at(i)?.text

  const wrapBlock = (open: number) => {
    const close = matched.get(open)
    const o = at(open)
    const c = close === undefined ? undefined : at(close)
    if (o === undefined || c === undefined) return
    // `{}`: the opening text and the closing one meet; the opening comes first (its rank is below every closing rank).
    edits.push({ at: o.end, to: o.end, text: enter, rank: -o.end - 1 }, { at: c.start, to: c.start, text: leave, rank: -o.start })
  }
  const wrapArrowBody = (first: number) => {
    const t = at(first)
    if (t === undefined) return
    if (t.text === "{" && t.kind === "punct") return wrapBlock(first)
    const end = expressionEnd(tokens, matched, first)
    const last = at(end - 1)
    if (last === undefined) return
    edits.push({ at: t.start, to: t.start, text: `{${enter}return (`, rank: 0 }, { at: last.end, to: last.end, text: `)${leave}}`, rank: -t.start })
  }

  tokens.forEach((t, i) => {
    if (t.kind !== "name") return
    const previous = textAt(i - 1)
    if (previous === "." || previous === "?.") return
    const next = at(i + 1)
    if (next === undefined) return
    if (t.text === "catch" && previous === "}" && next.kind === "punct") {
      if (next.text === "{") {
        edits.push({ at: next.start, to: next.start, text: "(__shoalE)", rank: 0 }, { at: next.end, to: next.end, text: `${api}.caught(__shoalE);`, rank: 0 })
      } else if (next.text === "(") {
        const close = matched.get(i + 1)
        const brace = close === undefined ? undefined : at(close + 1)
        const binding = at(i + 2)
        if (close === undefined || brace?.text !== "{" || binding === undefined) return
        if (close === i + 3 && binding.kind === "name") {
          edits.push({ at: brace.end, to: brace.end, text: `${api}.caught(${binding.text});`, rank: 0 })
        } else {
          const pattern = code.slice(binding.start, at(close)?.start)
          const newlines = pattern.replace(/[^\n]/g, "")
          edits.push(
            { at: binding.start, to: at(close)?.start ?? binding.start, text: `__shoalE${newlines}`, rank: 0 },
            { at: brace.end, to: brace.end, text: `${api}.caught(__shoalE);let ${pattern.replace(/\n/g, " ")}=__shoalE;`, rank: 0 }
          )
        }
      }
      return
    }
    if (t.text !== "async" || next.newlineBefore) return
    if (next.text === "function") {
      let j = i + 2
      if (textAt(j) === "*") return // async generators: not tracked
      if (at(j)?.kind === "name") j += 1
      const close = textAt(j) === "(" ? matched.get(j) : undefined
      if (close !== undefined && textAt(close + 1) === "{") wrapBlock(close + 1)
    } else if (next.text === "(") {
      const close = matched.get(i + 1)
      if (close !== undefined && textAt(close + 1) === "=>") wrapArrowBody(close + 2)
      // \`async (…) {\` without an arrow is a method named async: \`{ async() {…} }\`, not an async function.
    } else if (next.kind === "name" && textAt(i + 2) === "=>") {
      wrapArrowBody(i + 3)
    } else if (next.kind === "name" || next.kind === "literal" || next.text === "[") {
      // A method: `async name(…) {`, `async "name"(…) {`, `async [key](…) {`.
      const paren = next.text === "[" ? (matched.get(i + 1) ?? -2) + 1 : i + 2
      const close = textAt(paren) === "(" ? matched.get(paren) : undefined
      if (close !== undefined && textAt(close + 1) === "{") wrapBlock(close + 1)
    }
  })

  const ordered = [...edits].sort((a, b) => a.at - b.at || a.rank - b.rank)
  let out = ""
  let done = 0
  for (const e of ordered) {
    if (e.at < done) continue
    out += code.slice(done, e.at) + e.text
    done = e.to
  }
  return out + code.slice(done)
}

/**
 * Run once in each interpreter, before any code: the account (`enter`,
 * `exit`, `raise`, `caught`, `reset`, `report`) and the promise API's
 * wrappers. The engine's own anonymous functions (`[native code]` with no
 * name: the resolving functions `await` and `Promise.all` pass to `then`)
 * are the promise machinery's and never count as the code catching an
 * error; a named one (`.catch(String)`, `.then(click)`) is the code's own
 * callback, like a function it wrote.
 */
export const asyncPrelude = `(() => {
  const lost = new Map(); const running = new Set(); let next = 0
  const P = Promise; const then = P.prototype.then; const fin = P.prototype.finally; const source = Function.prototype.toString
  const own = (f) => { try { return !/\\[native code\\]\\s*\\}$/.test(source.call(f)) || String(f.name) !== "" } catch { return true } }
  const account = Object.freeze({
    enter: () => { next += 1; running.add(next); return next },
    exit: (t) => { running.delete(t) },
    raise: (e) => { lost.delete(e); lost.set(e, true) },
    caught: (e) => { if (lost.has(e)) lost.set(e, false) },
    reset: () => { lost.clear(); running.clear() },
    report: () => { for (const [error, isLost] of lost) if (isLost) return { lost: true, error }; return { lost: false, pending: running.size } }
  })
  Object.defineProperty(globalThis, ${JSON.stringify(api)}, { value: account, writable: false, configurable: false, enumerable: false })
  const onValue = (f) => typeof f === "function" && own(f) ? function (v) { try { return f(v) } catch (e) { account.raise(e); throw e } } : f
  const onError = (f) => typeof f === "function" && own(f) ? function (e) { account.caught(e); try { return f(e) } catch (x) { account.raise(x); throw x } } : f
  const define = (o, name, value) => Object.defineProperty(o, name, { value, writable: true, configurable: true, enumerable: false })
  define(P.prototype, "then", function then_(a, b) { return then.call(this, onValue(a), onError(b)) })
  define(P.prototype, "finally", function finally_(f) { return fin.call(this, onValue(f)) })
  // Only the first resolve or reject settles a promise; a later one (or a throw after it) does nothing, and loses nothing.
  const executor = (x) => typeof x !== "function" ? x : function (resolve, reject) {
    let settled = false
    const resolving = function (v) { settled = true; return resolve(v) }
    const rejecting = function (e) { if (!settled) account.raise(e); settled = true; return reject(e) }
    try { return x(resolving, rejecting) } catch (e) { if (!settled) account.raise(e); settled = true; throw e }
  }
  const Tracked = new Proxy(P, { construct: (target, args, newTarget) => Reflect.construct(target, [executor(args[0]), ...args.slice(1)], newTarget === Tracked ? target : newTarget) })
  const settled = P.allSettled
  define(P, "allSettled", function allSettled(items) {
    return then.call(settled.call(this, items), (rs) => { for (const r of rs) if (r.status === "rejected") account.caught(r.reason); return rs })
  })
  // Once one of them settles the result, the others' rejections are the engine's to swallow, not lost (as Node has it).
  for (const name of ["all", "any", "race"]) {
    const original = P[name]
    define(P, name, function (items) {
      const list = Array.from(items)
      const losers = (keep) => { for (const p of list) if (p instanceof P) then.call(p, undefined, (e) => { if (e !== keep) account.caught(e) }) }
      return then.call(original.call(this, list), (v) => { losers(undefined); return v }, (e) => { losers(e); throw e })
    })
  }
  define(globalThis, "Promise", Tracked)
})()`
