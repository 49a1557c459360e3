/**
 * Pure text for the terminal renderer: how a question is printed and how a
 * typed reply is read back.
 *
 * Where it sits: under `terminal.ts`, kept free of streams so the rules
 * ("2", a label in any case, y/yes/ok/👍 and n/no/nope for a yes/no
 * option or a Confirm, Enter = a Confirm's default) are plain functions.
 */
import { Option } from "effect"
import { optionMeaning, readYesNo } from "../../../domain/question.js"
import type { YesOrNo } from "../../../domain/question.js"

/** What the terminal numbers: an option's label, plus what else may be typed for it. */
export interface NumberedOption {
  readonly label: string
  /** An id the user may also type (a Choose option's value). */
  readonly value?: string
  readonly description?: string
  /** The yes or the no of a yes/no question: typed yes or no words pick it. */
  readonly means?: YesOrNo
}

/** "  1) Keep — fine where it is" lines, numbered from 1. */
export const numberedOptions = (options: ReadonlyArray<NumberedOption>): string =>
  options
    .map((option, i) => `  ${i + 1}) ${option.label}${option.description === undefined ? "" : ` — ${option.description}`}`)
    .join("\n")

const normalise = (text: string): string => text.trim().toLowerCase()

/**
 * The index picked by a typed reply: its number ("2"), an option's label or
 * value in any case, or a yes or no word ("y", "ok", "nope", 👍) for the
 * option that means it. Anything else (empty, out of range, unknown) is none.
 */
export const parseOptionReply = (reply: string, options: ReadonlyArray<NumberedOption>): Option.Option<number> => {
  const text = normalise(reply)
  if (text === "") return Option.none()
  if (/^\d+$/.test(text)) {
    const n = Number(text)
    return n >= 1 && n <= options.length ? Option.some(n - 1) : Option.none()
  }
  const byLabel = options.findIndex((option) => normalise(option.label) === text)
  if (byLabel >= 0) return Option.some(byLabel)
  const byValue = options.findIndex((option) => option.value !== undefined && normalise(option.value) === text)
  return byValue >= 0 ? Option.some(byValue) : optionMeaning(reply, options)
}

/** A yes or a no as `readYesNo` reads it (y / yes / ok / sure / 👍, n / no / nope / 👎); an empty reply (Enter) takes the default. */
export const parseConfirmReply = (reply: string, defaultValue: boolean): Option.Option<boolean> =>
  normalise(reply) === "" ? Option.some(defaultValue) : readYesNo(reply)

/** "[Y/n]" or "[y/N]": the capital letter is what Enter means. */
export const confirmSuffix = (defaultValue: boolean): string => (defaultValue ? "[Y/n]" : "[y/N]")

export const optionHint = (reply: string, count: number, yesNo = false): string =>
  `"${reply.trim()}" is not one of the options — type a number from 1 to ${count}${yesNo ? ", y or n" : ""}, or an option's name.`

export const confirmHint = (reply: string): string => `"${reply.trim()}" is not yes or no — type y or n (Enter keeps the default).`
