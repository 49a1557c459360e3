/**
 * Finding the code and the JSON in a model's free-text answer: CodeAct and
 * the Scripter answer with a fenced code block (no block means "I am done,
 * here is my final message"), the Executor with one JSON action. Pure.
 */
import { Either, Option } from "effect"

export interface CodeBlock {
  readonly language: string
  readonly code: string
}

export const codeBlocks = (text: string): ReadonlyArray<CodeBlock> =>
  [...text.matchAll(/```([A-Za-z0-9_+-]*)[^\n]*\n([\s\S]*?)```/g)].map((m) => ({
    language: (m[1] ?? "").toLowerCase(),
    code: m[2] ?? ""
  }))

/** The code to run: every non-JSON fenced block, in order (models split one step across blocks). */
export const codeToRun = (text: string): Option.Option<string> => {
  const blocks = codeBlocks(text).filter((b) => b.language !== "json" && b.code.trim().length > 0)
  return blocks.length === 0 ? Option.none() : Option.some(blocks.map((b) => b.code).join("\n"))
}

/** The text outside code blocks (the model's thought or final message). */
export const prose = (text: string): string => text.replace(/```[\s\S]*?```/g, "").trim()

/** The outermost `{…}` starting at `start`, respecting strings. */
const balancedObject = (text: string, start: number): string | undefined => {
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const c = text[i]
    if (inString) {
      if (c === "\\") i++
      else if (c === "\"") inString = false
    } else if (c === "\"") inString = true
    else if (c === "{") depth++
    else if (c === "}") {
      depth--
      if (depth === 0) return text.slice(start, i + 1)
    }
  }
  return undefined
}

/**
 * The JSON object an Executor answer holds: in a ```json block, else after
 * `### Action ###`, else the first object in the text.
 */
export const jsonObject = (text: string): Either.Either<unknown, string> => {
  const fenced = codeBlocks(text).find((b) => b.language === "json")
  const actionAt = text.search(/###\s*Action\s*###/i)
  const source = fenced?.code ?? (actionAt >= 0 ? text.slice(actionAt) : text)
  const start = source.indexOf("{")
  const candidate = start === -1 ? undefined : balancedObject(source, start)
  if (candidate === undefined) return Either.left("no JSON object found; answer with one JSON action such as {\"action\": \"click\", \"index\": 3}")
  try {
    return Either.right(JSON.parse(candidate))
  } catch (e) {
    return Either.left(`the action is not valid JSON: ${e instanceof Error ? e.message : String(e)}`)
  }
}
