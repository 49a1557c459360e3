/**
 * Splitting a command line the way the device's `/system/bin/sh` would, for
 * the few forms we need: words with '…', "…" and backslash quoting, and the
 * operators `;` `&&` `||` `|` `&` `<` `>` as their own tokens. Words that
 * would expand (`$x`, `$(…)`, backticks, globs) are marked, not expanded.
 *
 * Where it sits: the shell allowlist (shell-policy.ts) decides on these
 * tokens before anything is sent; the simulated device parses what the adb
 * client sends with the same function, as a real shell would. `quoteArg` is
 * the inverse used when we build a command ourselves.
 */
import { Either } from "effect"

export type ShellToken =
  | { readonly _tag: "Word"; readonly value: string; readonly expands: boolean }
  | { readonly _tag: "Operator"; readonly op: string }

const operators = ["&&", "||", ">>", ";", "|", "&", "<", ">", "(", ")"]

export const splitShell = (line: string): Either.Either<ReadonlyArray<ShellToken>, string> => {
  const tokens: Array<ShellToken> = []
  let i = 0
  let word = ""
  let inWord = false
  let expands = false
  const flush = () => {
    if (inWord) tokens.push({ _tag: "Word", value: word, expands })
    word = ""
    inWord = false
    expands = false
  }
  while (i < line.length) {
    const c = line.charAt(i)
    if (c === " " || c === "\t" || c === "\n") {
      flush()
      i++
      continue
    }
    const op = operators.find((o) => line.startsWith(o, i))
    if (op !== undefined) {
      flush()
      tokens.push({ _tag: "Operator", op })
      i += op.length
      continue
    }
    inWord = true
    if (c === "'") {
      const end = line.indexOf("'", i + 1)
      if (end === -1) return Either.left("unterminated single quote")
      word += line.slice(i + 1, end)
      i = end + 1
    } else if (c === "\"") {
      i++
      for (;;) {
        if (i >= line.length) return Either.left("unterminated double quote")
        const d = line.charAt(i)
        if (d === "\"") {
          i++
          break
        }
        if (d === "\\" && i + 1 < line.length && "\"\\$`\n".includes(line.charAt(i + 1))) {
          word += line.charAt(i + 1)
          i += 2
          continue
        }
        if (d === "$" || d === "`") expands = true
        word += d
        i++
      }
    } else if (c === "\\") {
      if (i + 1 >= line.length) return Either.left("trailing backslash")
      word += line.charAt(i + 1)
      i += 2
    } else {
      if (c === "$" || c === "`" || c === "*" || c === "?" || c === "[" || c === "~") expands = true
      word += c
      i++
    }
  }
  flush()
  return Either.right(tokens)
}

/** Single-quote an argument for sh: the result is one word with exactly this value. */
export const quoteArg = (value: string): string =>
  /^[A-Za-z0-9_@%+=:,./\-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`

/** The words of a simple command, split into pipeline stages; operators other than `|` are reported. */
export const pipelineStages = (tokens: ReadonlyArray<ShellToken>): Either.Either<ReadonlyArray<ReadonlyArray<string>>, string> => {
  const stages: Array<Array<string>> = [[]]
  for (const t of tokens) {
    if (t._tag === "Operator") {
      if (t.op !== "|") return Either.left(`the operator "${t.op}" is not allowed`)
      stages.push([])
    } else {
      stages.at(-1)?.push(t.value)
    }
  }
  if (stages.some((s) => s.length === 0)) return Either.left("empty command in a pipeline")
  return Either.right(stages)
}
