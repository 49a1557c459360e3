/**
 * Pure text for the terminal renderer: how a question is printed and how a
 * typed reply is read back.
 *
 * Where it sits: under `terminal.ts`, kept free of streams so the rules
 * ("2", a label in any case, y/n/yes/no, Enter = default) are plain functions.
 */
import { Option } from "effect"

/** What the terminal numbers: an option's label, plus what else may be typed for it. */
export interface NumberedOption {
  readonly label: string
  /** An id the user may also type (a Choose option's value). */
  readonly value?: string
  readonly description?: string
}

/** "  1) Keep — fine where it is" lines, numbered from 1. */
export const numberedOptions = (options: ReadonlyArray<NumberedOption>): string =>
  options
    .map((option, i) => `  ${i + 1}) ${option.label}${option.description === undefined ? "" : ` — ${option.description}`}`)
    .join("\n")

const normalise = (text: string): string => text.trim().toLowerCase()

/**
 * The index picked by a typed reply: its number ("2"), or an option's label or
 * value in any case. Anything else (empty, out of range, unknown) is none.
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
  return byValue >= 0 ? Option.some(byValue) : Option.none()
}

/** y / yes / n / no in any case; an empty reply (Enter) takes the default. */
export const parseConfirmReply = (reply: string, defaultValue: boolean): Option.Option<boolean> => {
  const text = normalise(reply)
  if (text === "") return Option.some(defaultValue)
  if (text === "y" || text === "yes") return Option.some(true)
  if (text === "n" || text === "no") return Option.some(false)
  return Option.none()
}

/** "[Y/n]" or "[y/N]": the capital letter is what Enter means. */
export const confirmSuffix = (defaultValue: boolean): string => (defaultValue ? "[Y/n]" : "[y/N]")

export const optionHint = (reply: string, count: number): string =>
  `"${reply.trim()}" is not one of the options — type a number from 1 to ${count}, or an option's name.`

export const confirmHint = (reply: string): string => `"${reply.trim()}" is not yes or no — type y or n (Enter keeps the default).`
