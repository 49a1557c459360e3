/**
 * Whether a food text has anything to read. Emoji, punctuation and spaces
 * name no food for the rules (and a model would only guess), so a text made
 * of nothing else is refused up front, with what to type instead, rather
 * than estimated as an empty meal. Pure.
 */
import { Option } from "effect"

/** A letter or a digit in any script: something the reader can take as a word or an amount. */
const wordOrNumber = /[\p{L}\p{N}]/u
const pictograph = /\p{Extended_Pictographic}/u

/** Why `text` cannot be read as food (none: it has a word or a number in it). */
export const wordlessText = (text: string): Option.Option<string> => {
  if (wordOrNumber.test(text)) return Option.none()
  if (text.trim() === "") return Option.some("the text is empty — say what you ate, e.g. \"2 eggs, a slice of toast\"")
  const what = pictograph.test(text) ? "emoji" : "punctuation"
  return Option.some(`"${text.trim()}" has no words, only ${what} — say what you ate in words, e.g. "2 slices of pizza"`)
}
