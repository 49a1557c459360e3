/**
 * Words and their parts of speech, from compromise (its own English lexicon
 * and tagging rules, no model download): the one place the text layer meets
 * the library. Chosen over wink-nlp with its English model by measurement
 * (bench/text-layer.mjs, on conversations and meals written by others): the
 * same noun-phrase grammar recovers about as many things over either
 * tagger's tags (193 and 189 of 204 expected), compromise's with fewer
 * swear and filler words among them (6 against 10), and compromise adds
 * 0.36 MB to a minified bundle where wink and its model add 3.66 MB.
 *
 * Where it sits: the text layer, under phrases.ts. Pure: the same text gives
 * the same tokens.
 */
import nlp from "compromise"
import type { Pos, Token } from "./token.js"
import { normalWord } from "./token.js"

interface Term {
  readonly text: string
  readonly pre?: string
  readonly post?: string
  readonly tags?: ReadonlyArray<string>
  readonly offset?: { readonly start: number }
}

/** Possessive determiners: the tagger calls "my" a possessive noun. */
const possessiveDeterminers = new Set(["my", "our", "your", "his", "her", "their", "its"])

const posOf = (tags: ReadonlySet<string>, normal: string): Pos => {
  if (possessiveDeterminers.has(normal)) return "determiner"
  if (tags.has("Possessive") && tags.has("Pronoun")) return "determiner"
  if (tags.has("Pronoun")) return "pronoun"
  if (tags.has("Determiner")) return "determiner"
  if (tags.has("Negative")) return "negation"
  if (tags.has("Value") || tags.has("Cardinal") || tags.has("NumericValue") || tags.has("TextValue")) return "number"
  if (tags.has("Conjunction")) return "conjunction"
  if (tags.has("Preposition")) return "preposition"
  if (tags.has("Auxiliary") || tags.has("Modal") || tags.has("Copula")) return "auxiliary"
  if (tags.has("Verb")) return "verb"
  if (tags.has("Adjective")) return "adjective"
  if (tags.has("Adverb")) return "adverb"
  if (tags.has("Expression")) return "interjection"
  if (tags.has("ProperNoun")) return "proper"
  if (tags.has("Noun")) return "noun"
  return "symbol"
}

const timeTags = ["Date", "Duration", "Time", "Month", "WeekDay", "Season"]

/** compromise's own word list (`model().one.lexicon`), typed by the library as a bare object. */
const lexiconOf = (model: object): Readonly<Record<string, unknown>> => {
  const one: unknown = Reflect.get(model, "one")
  const lexicon: unknown = typeof one === "object" && one !== null ? Reflect.get(one, "lexicon") : undefined
  return typeof lexicon === "object" && lexicon !== null ? Object.fromEntries(Object.entries(lexicon)) : {}
}
// Read on first use, not when this module loads: the command line's bundle sets compromise up only when it is
// first used (scripts/cli-bundle.mjs), so a command that reads no text never pays for it.
let lexiconRead: Readonly<Record<string, unknown>> | undefined
const lexicon = (): Readonly<Record<string, unknown>> => (lexiconRead ??= lexiconOf(nlp.model()))

/** Whether the library's lexicon knows the word as written ("shop" is a word, "kepe" is not). */
export const isKnownWord = (word: string): boolean => Object.hasOwn(lexicon(), normalWord(word))

/** The words of a message, in order, each tagged. Empty text, no tokens. */
export const tokenize = (message: string): ReadonlyArray<Token> => {
  if (message.trim().length === 0) return []
  // compromise types its JSON as `any`: this is the shape its docs give for `{ offset: true }`.
  const sentences: ReadonlyArray<{ readonly terms: ReadonlyArray<Term> }> = nlp(message).json({ offset: true })
  const out: Array<Token> = []
  let cursor = 0
  for (const sentence of sentences) {
    const last = [...sentence.terms].reverse().find((term) => /[\p{L}\p{N}]/u.test(term.text))
    for (const term of sentence.terms) {
      // A contraction's second half ("it's" → it + is) has no text of its own: the written word carries both.
      if (term.text.length === 0) continue
      // Punctuation on its own (" , ", "—") is what lies between words, not a word; "+" and "&" are found below.
      if (!/[\p{L}\p{N}]/u.test(term.text)) continue
      const written = term.offset === undefined ? -1 : term.offset.start + (term.pre ?? "").length
      const at = written >= 0 && message.startsWith(term.text, written) ? written : message.indexOf(term.text, cursor)
      const found = at < 0 ? cursor : at
      // ".5 oz": a decimal point before the digits is the number's, not a full stop.
      const start = /^\d/.test(term.text) && message[found - 1] === "." && !/[\p{L}\p{N}]/u.test(message[found - 2] ?? " ") ? found - 1 : found
      const end = found + term.text.length
      cursor = end
      const tags = new Set(term.tags ?? [])
      const normal = normalWord(term.text).replace(/'s?$/, (s) => (tags.has("Possessive") ? "" : s))
      const determiner = possessiveDeterminers.has(normal)
      out.push({
        text: message.slice(start, end),
        normal,
        // "+" and "&" join a list as "and" does ("toast + jam").
        pos: posOf(tags, normal),
        possessive: tags.has("Possessive") && !tags.has("Pronoun") && !determiner,
        time: timeTags.some((t) => tags.has(t)),
        participle: tags.has("Participle") || (tags.has("PastTense") && tags.has("Verb")) || (tags.has("Adjective") && /(?:ed|en)$/.test(normal)),
        known: Object.hasOwn(lexicon(), normal),
        endsSentence: term === last,
        start,
        end,
        after: ""
      })
    }
  }
  // "+" and "&" between words join a list as "and" does ("toast + jam"): a token of their own, wherever the tagger put them.
  const joined = out.flatMap((t, i) => {
    const gap = message.slice(t.end, out[i + 1]?.start ?? message.length)
    return [t, ...Array.from(gap.matchAll(/[+&]/g), (m): Token => {
      const start = t.end + (m.index ?? 0)
      return { text: m[0], normal: m[0], pos: "conjunction", possessive: false, time: false, participle: false, known: true, endsSentence: false, start, end: start + 1, after: "" }
    })]
  })
  // What lies between a word and the next, read from the message itself (the tagger's own spacing drops new lines).
  return joined.map((t, i) => ({ ...t, after: message.slice(t.end, joined[i + 1]?.start ?? message.length) }))
}
