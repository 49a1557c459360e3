/**
 * A small JavaScript tokenizer, enough to find keywords in model-written
 * code (instrument.ts): strings, template literals (their `${…}` parts are
 * skipped as a whole), comments and regular-expression literals are single
 * tokens, so a keyword inside them is never taken for code. Brackets are
 * matched. It does not parse: where JavaScript is ambiguous (`/` after `}`)
 * it takes the common reading.
 */

export interface Token {
  readonly kind: "name" | "punct" | "literal"
  readonly text: string
  readonly start: number
  readonly end: number
  /** A line break comes between this token and the one before it. */
  readonly newlineBefore: boolean
}

const keywordsBeforeExpression = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"])
const multi = ["...", "=>", "??=", "??", "?.", "++", "--"]
/** Keywords whose parenthesised head ends in a statement, where a `/` after the `)` starts a regular expression: `if (ok) /x/.test(s)`. */
const statementHeads = new Set(["if", "while", "for", "with"])

const isIdentStart = (c: string) => /[A-Za-z_$\\]/.test(c) || c.charCodeAt(0) > 127
/** A private name (`#tap`) is one name token, so `async #tap() {…}` reads as a method. */
const isPrivateStart = (c: string, next: string) => c === "#" && isIdentStart(next)
const isIdentPart = (c: string) => /[\w$\\]/.test(c) || c.charCodeAt(0) > 127

/** May a `/` after `previous` start a regular expression (rather than divide)? `afterHead`: `previous` closed an `if (…)`-like head. */
const regexMayFollow = (previous: Token | undefined, afterHead: boolean): boolean => {
  if (previous === undefined) return true
  if (previous.kind === "literal") return false
  if (previous.kind === "name") return keywordsBeforeExpression.has(previous.text)
  if (previous.text === ")") return afterHead
  return !["]", "++", "--"].includes(previous.text)
}

const skipString = (src: string, i: number): number => {
  const quote = src[i]
  let j = i + 1
  while (j < src.length && src[j] !== quote && src[j] !== "\n") j += src[j] === "\\" ? 2 : 1
  return Math.min(src.length, j + 1)
}

const skipRegex = (src: string, i: number): number => {
  let j = i + 1
  let inClass = false
  while (j < src.length && src[j] !== "\n") {
    const c = src[j]
    if (c === "\\") j += 2
    else {
      if (c === "[") inClass = true
      else if (c === "]") inClass = false
      else if (c === "/" && !inClass) break
      j += 1
    }
  }
  j += 1
  while (j < src.length && isIdentPart(src[j] ?? "")) j += 1
  return Math.min(src.length, j)
}

const skipTemplate = (src: string, i: number): number => {
  let j = i + 1
  while (j < src.length) {
    const c = src[j]
    if (c === "\\") j += 2
    else if (c === "`") return j + 1
    else if (c === "$" && src[j + 1] === "{") j = scan(src, j + 2, true).end
    else j += 1
  }
  return src.length
}

/** Tokens from `i`; with `untilBrace`, stop after the first unmatched `}` (the end of a template's `${…}`). */
const scan = (src: string, from: number, untilBrace: boolean): { readonly tokens: ReadonlyArray<Token>; readonly end: number } => {
  const tokens: Array<Token> = []
  let depth = 0
  let newline = false
  // For each open `(`: does it open a statement head (`if (`)? And did the last `)` close one?
  const heads: Array<boolean> = []
  let closedHead = false
  let i = from
  const push = (kind: Token["kind"], end: number) => {
    tokens.push({ kind, text: src.slice(i, end), start: i, end, newlineBefore: newline })
    newline = false
    i = end
  }
  while (i < src.length) {
    const c = src[i] ?? ""
    const next = src[i + 1] ?? ""
    if (/\s/.test(c)) {
      if (/[\n\r\u2028\u2029]/.test(c)) newline = true
      i += 1
    } else if (c === "/" && next === "/") {
      while (i < src.length && src[i] !== "\n") i += 1
    } else if (c === "/" && next === "*") {
      const close = src.indexOf("*/", i + 2)
      const end = close < 0 ? src.length : close + 2
      if (/[\n\r]/.test(src.slice(i, end))) newline = true
      i = end
    } else if (c === "'" || c === "\"") push("literal", skipString(src, i))
    else if (c === "`") push("literal", skipTemplate(src, i))
    else if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(next))) {
      let j = i + 1
      while (j < src.length && /[\w.]/.test(src[j] ?? "")) j += 1
      push("literal", j)
    } else if (isIdentStart(c) || isPrivateStart(c, next)) {
      let j = i + 1
      while (j < src.length && isIdentPart(src[j] ?? "")) j += 1
      push("name", j)
    } else if (c === "/" && regexMayFollow(tokens.at(-1), closedHead)) push("literal", skipRegex(src, i))
    else {
      if (untilBrace && c === "}" && depth === 0) return { tokens, end: i + 1 }
      if (c === "{") depth += 1
      if (c === "}") depth -= 1
      const before = tokens.at(-1)
      if (c === "(") heads.push(before?.kind === "name" && statementHeads.has(before.text) && tokens.at(-2)?.text !== ".")
      closedHead = c === ")" && (heads.pop() ?? false)
      // `a?.5:1` is a conditional, not optional chaining.
      const op = multi.find((m) => src.startsWith(m, i) && !(m === "?." && /[0-9]/.test(src[i + 2] ?? "")))
      push("punct", i + (op?.length ?? 1))
    }
  }
  return { tokens, end: src.length }
}

export const tokenize = (src: string): ReadonlyArray<Token> => scan(src, 0, false).tokens

const pairs: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" }

/** For each opening bracket's index, the index of its closing bracket (unmatched ones are left out). */
export const matchBrackets = (tokens: ReadonlyArray<Token>): ReadonlyMap<number, number> => {
  const matched = new Map<number, number>()
  const open: Array<number> = []
  tokens.forEach((t, i) => {
    if (t.kind !== "punct") return
    if (pairs[t.text] !== undefined) open.push(i)
    else if (t.text === ")" || t.text === "]" || t.text === "}") {
      const o = open.pop()
      if (o !== undefined && pairs[tokens[o]?.text ?? ""] === t.text) matched.set(o, i)
    }
  })
  return matched
}
