/**
 * The language layer that fitlog and tidy read text with: one module, over
 * one NLP library (compromise, see tagger.ts).
 *
 * - `readSentences`, `readClauses`, `readList`: where a message splits;
 * - `readThings`: the things it names, each a head phrase ("old radio") and
 *   what was said about it ("that only gets one station"), never a filler,
 *   hedge, swear, time word, command or decision;
 * - `readWords`: each word's class among the never-things, typos read as the
 *   word meant ("kepe" → keep);
 * - `closestWord`: a word against any small vocabulary, within a typo budget.
 *
 * Where it sits: the domain layer, under any agent's ORIENT. Pure: the same
 * text gives the same answer; no IO.
 */
import type { ListOptions, Phrase } from "./phrases.js"
import { clauses, listParts, sentences, things } from "./phrases.js"
import { isKnownWord, tokenize } from "./tagger.js"
import type { WordClass } from "./vocabulary.js"
import { classOf, closestWord, commandWords, decisionWords } from "./vocabulary.js"

export type { ListOptions, Part, Phrase } from "./phrases.js"
export type { Pos, Token } from "./token.js"
export type { Match, WordClass } from "./vocabulary.js"
export { closestWord, commandWords, decisionWords, editDistance, fillerWords, hedgeWords, profanityWords, typoBudget } from "./vocabulary.js"
export { isKnownWord, tokenize } from "./tagger.js"
export { clauses, listParts, nounPhrases, sentences, things } from "./phrases.js"

const texts = (parts: ReadonlyArray<{ readonly text: string }>): ReadonlyArray<string> => parts.map((p) => p.text)

/** The sentences of a message, as written. */
export const readSentences = (message: string): ReadonlyArray<string> => texts(sentences(message, tokenize(message)))

/** The clauses of a message, as written ("actually no, keep the magazines" → "actually no", "keep the magazines"). */
export const readClauses = (message: string): ReadonlyArray<string> => texts(clauses(message, tokenize(message)))

/** The parts of a list, as written ("a, b and c", "x plus y", one per line). */
export const readList = (message: string, options?: ListOptions): ReadonlyArray<string> => texts(listParts(message, tokenize(message), options))

/** The things a message names, in order. */
export const readThings = (message: string): ReadonlyArray<Phrase> => things(message, tokenize(message))

export interface Word {
  readonly text: string
  /** Its class among the never-things; undefined for a word that may name a thing. */
  readonly class: WordClass | undefined
  /** The command or decision word it means, when it is one or a typo of one ("kepe" → "keep"). */
  readonly meant: string | undefined
}

const actionWords: ReadonlyArray<string> = [...decisionWords, ...commandWords]

/**
 * One written word read alone: exact class first, then a typo of a command or
 * decision word, unless the lexicon knows the word as itself ("shop" is not a
 * typo of "stop").
 */
export const readWord = (written: string): Word => {
  const normal = written.toLowerCase().replace(/[‘’`]/g, "'").replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "")
  const cls = classOf(normal)
  if (cls !== undefined) return { text: written, class: cls, meant: cls === "decision" || cls === "command" ? normal : undefined }
  const match = isKnownWord(normal) ? undefined : closestWord(normal, actionWords)
  if (match === undefined) return { text: written, class: undefined, meant: undefined }
  return { text: written, class: decisionWords.has(match.word) ? "decision" : "command", meant: match.word }
}

/** Every word of a message, read alone (`readWord`). */
export const readWords = (message: string): ReadonlyArray<Word> => tokenize(message).map((t) => readWord(t.text))
