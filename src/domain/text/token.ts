/**
 * A word of a message as the text layer sees it: its text, where it stands,
 * the part of speech the tagger gave it, and the punctuation around it.
 *
 * Where it sits: the text layer's currency. The tagger (tagger.ts) makes
 * tokens from a library's analysis; phrases.ts reads lists, clauses and noun
 * phrases from tokens alone, so another tagger can be measured against the
 * same grammar (bench/text-layer.mjs).
 */

/** Parts of speech, coarse (Universal Dependencies' classes, named in words). */
export type Pos =
  | "noun"
  | "proper"
  | "pronoun"
  | "determiner"
  | "adjective"
  | "verb"
  | "auxiliary"
  | "adverb"
  | "preposition"
  | "conjunction"
  | "number"
  | "negation"
  | "interjection"
  | "symbol"

export interface Token {
  /** As written, without the punctuation around it. */
  readonly text: string
  /** Lower-cased, curly apostrophes made straight. */
  readonly normal: string
  readonly pos: Pos
  /** "grandad's", "the kids'": owns the next noun. */
  readonly possessive: boolean
  /** The tagger read it as a date or time ("today", "spring", "monday"). */
  readonly time: boolean
  /** A past participle or adjective made from a verb ("covered", "broken"). */
  readonly participle: boolean
  /** The tagger's lexicon knows the word as written: a known word is never read as a typo of another. */
  readonly known: boolean
  /** Offsets in the message: `text === message.slice(start, end)`. */
  readonly start: number
  readonly end: number
  /** The last word of a sentence, as the tagger reads sentences ("Dr. Pepper" is one). */
  readonly endsSentence: boolean
  /** What follows the word up to the next one: spaces and punctuation (",", ".", "\n"…). */
  readonly after: string
}

export const normalWord = (s: string): string => s.toLowerCase().replace(/[‘’`]/g, "'")
