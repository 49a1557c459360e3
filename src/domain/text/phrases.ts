/**
 * Sentences, clauses, list parts and noun phrases, read from tagged tokens:
 * "jeans that don't fit, an old radio that only gets one station and a lamp"
 * is three parts, and three things, each a head phrase with its modifiers
 * ("old radio") and, kept apart, what the person said about it ("that only
 * gets one station").
 *
 * Where it sits: the text layer, over token.ts (tokens from any tagger). The
 * grammar is English's, not any one message's: a list is parts joined by
 * commas, new lines or a conjunction before a new noun phrase; a noun phrase
 * is determiners, modifiers and nouns ("of" joins two: "a bag of lego"); what
 * follows its nouns and starts with a relative word, "too", a participle or
 * "with"/"from"/"without" describes it. Where a tagger's guess breaks that
 * grammar (a determiner left without its noun: "the telly" read as an adverb,
 * "the coat hooks" as a verb), the grammar wins. Pure and total.
 */
import type { Token } from "./token.js"
import { classOf, closestWord, commandWords, decisionWords } from "./vocabulary.js"

/** A stretch of the message: its text as written and its tokens. */
export interface Part {
  readonly text: string
  readonly start: number
  readonly end: number
  readonly tokens: ReadonlyArray<Token>
}

const partOf = (message: string, tokens: ReadonlyArray<Token>): Part | undefined => {
  const first = tokens[0]
  const last = tokens[tokens.length - 1]
  if (first === undefined || last === undefined) return undefined
  // A closing bracket or quote belongs to the part it closes ("rice (150g)").
  const end = last.end + (/^[)\]"'”’%]+/.exec(last.after)?.[0].length ?? 0)
  return { text: message.slice(first.start, end), start: first.start, end, tokens }
}

const sentenceEnd = (t: Token) => t.endsSentence || /\n/.test(t.after)
/** Where a list always splits. A colon or dash elaborates ("a burrito - eggs, beans") and is no list's comma. */
const listBreak = (t: Token) => sentenceEnd(t) || /[,;]/.test(t.after)
/** Where a clause ends: a list's breaks, and colons and dashes. */
const clauseBreak = (t: Token) => listBreak(t) || /:|\s[-–—]\s/.test(t.after)

/** Splits where `breakAfter` says, dropping tokens `drop` says are joiners. */
const splitTokens = (message: string, tokens: ReadonlyArray<Token>, breakAfter: (t: Token, i: number) => boolean, drop: (t: Token, i: number) => boolean = () => false): ReadonlyArray<Part> => {
  const parts: Array<Part> = []
  let current: Array<Token> = []
  const close = () => {
    const part = partOf(message, current)
    if (part !== undefined) parts.push(part)
    current = []
  }
  tokens.forEach((t, i) => {
    if (drop(t, i)) {
      close()
      return
    }
    current.push(t)
    if (breakAfter(t, i)) close()
  })
  close()
  return parts
}

/** The sentences of a message: at ".", "!", "?" and new lines. */
export const sentences = (message: string, tokens: ReadonlyArray<Token>): ReadonlyArray<Part> => splitTokens(message, tokens, sentenceEnd)

const clauseJoiners = new Set(["but", "so", "because", "cos", "cause", "then", "although", "though", "since", "while"])

/**
 * The clauses of a message: sentences, split again at commas, semicolons and
 * the words that join clauses ("but", "so", "because", "then"); the joiner
 * is dropped. "actually no, keep the magazines" is two.
 */
export const clauses = (message: string, tokens: ReadonlyArray<Token>): ReadonlyArray<Part> =>
  splitTokens(message, tokens, clauseBreak, (t) => t.pos === "conjunction" && clauseJoiners.has(t.normal))

const listJoiners = new Set(["and", "or", "plus", "&", "+", "nor"])

/** Words a noun phrase can start with. */
const startsPhrase = (t: Token | undefined): boolean =>
  t !== undefined && (t.pos === "determiner" || t.pos === "number" || t.pos === "adjective" || t.pos === "noun" || t.pos === "proper" || t.possessive || t.participle)

const defaultSplit = (_joiner: Token, rest: ReadonlyArray<Token>, before: ReadonlyArray<Token>): boolean => {
  const next = rest[0]
  const previous = before[before.length - 1]
  if (startsPhrase(next)) return true
  return next !== undefined && previous !== undefined && (previous.pos === "noun" || previous.pos === "proper") &&
    next.pos !== "preposition" && next.pos !== "adverb" && next.pos !== "auxiliary" && next.pos !== "pronoun"
}

/** How many brackets are open at each token. */
const bracketDepths = (message: string, tokens: ReadonlyArray<Token>): ReadonlyArray<number> => {
  let depth = 0
  let at = 0
  return tokens.map((t) => {
    for (const c of message.slice(at, t.start)) depth = Math.max(0, depth + (c === "(" || c === "[" ? 1 : c === ")" || c === "]" ? -1 : 0))
    at = t.start
    return depth
  })
}

export interface ListOptions {
  /**
   * Whether a joining word ("and", "plus", "&", or any word the caller names
   * in `joiners`) splits the list here: given the joiner, the tokens after
   * it and those before. By default a joiner splits when a noun phrase starts
   * after it, or a noun ends before it and no preposition, adverb or verb
   * follows ("pens and pencils"; "in and out" stays one).
   */
  readonly splitsAt?: (joiner: Token, rest: ReadonlyArray<Token>, before: ReadonlyArray<Token>) => boolean
  /** More joining words ("with" for a food list): they split only where `splitsAt` says. */
  readonly joiners?: ReadonlySet<string>
}

/**
 * The parts of a list: "a, b and c", "x plus y", one per line. Commas,
 * semicolons, new lines and sentence ends always split (a comma between
 * digits is a decimal comma, one token); the joining words split where
 * `splitsAt` says, and are dropped there.
 */
export const listParts = (message: string, tokens: ReadonlyArray<Token>, options: ListOptions = {}): ReadonlyArray<Part> => {
  const splitsAt = options.splitsAt ?? defaultSplit
  const isJoiner = (t: Token) => listJoiners.has(t.normal) || (options.joiners?.has(t.normal) ?? false)
  // Inside brackets nothing splits: "(16.9 fl oz or 500 ml)" says one thing twice.
  const depth = bracketDepths(message, tokens)
  return splitTokens(
    message,
    tokens,
    (t, i) => (depth[i + 1] ?? 0) === 0 && listBreak(t),
    (t, i) => (depth[i] ?? 0) === 0 && isJoiner(t) && i > 0 && splitsAt(t, tokens.slice(i + 1), tokens.slice(0, i))
  )
}

/** A noun phrase: the thing named, and what was said about it. */
export interface Phrase {
  /** The whole phrase as written: "an old radio that only gets one station". */
  readonly text: string
  /** The head phrase without its article: "old radio", "grandad's tools", "pile of flyers". */
  readonly name: string
  /** The relative clause, "too …", participle or "with"/"from" phrase after it: "that only gets one station", "too small". */
  readonly description: string | undefined
  readonly start: number
  readonly end: number
}

/** Articles and quantifiers, dropped from a name ("the lamp" is the lamp); possessives stay ("my dad's watch"). */
const articles = new Set(["a", "an", "the", "some", "any", "this", "that", "these", "those", "another", "each", "every"])

const relativeWords = new Set(["that", "which", "who", "whose", "where", "whom"])
const describingPrepositions = new Set(["with", "without", "from"])
const subjectPronouns = new Set(["i", "we", "you", "he", "she", "they", "my", "our"])

/** A noun that names no thing: a filler, swear, time, pointing word, or (alone) a command or decision. */
const namesNothing = (t: Token, bare: boolean): boolean => {
  if (t.time) return true
  const cls = classOf(t.normal)
  if (cls === "filler" || cls === "hedge" || cls === "profanity" || cls === "time" || cls === "pointing") return true
  // "bin", "recycling", "skip" alone are what to do; "the recycling box", "the skip" are things.
  if (bare && (cls === "decision" || cls === "command")) return true
  return bare && !t.known && closestWord(t.normal, actionWords) !== undefined
}

const actionWords: ReadonlyArray<string> = [...decisionWords, ...commandWords]

const isAction = (t: Token): boolean => {
  const cls = classOf(t.normal)
  return cls === "decision" || cls === "command"
}

/** A modifier that is a filler, hedge or swear ("ok", "bloody") is no part of a thing's name: the phrase starts after it. */
const neverThing = (t: Token): boolean => {
  const cls = classOf(t.normal)
  return cls === "filler" || cls === "hedge" || cls === "profanity" || cls === "pointing" || cls === "time"
}

const isNoun = (t: Token) => t.pos === "noun" || t.pos === "proper"

/** Verbs of staying and going, said after a thing ("the chair stay", "the rug goes"), never part of its name. */
const predicateWords = new Set(["stay", "stays", "staying", "go", "goes", "going", "gone", "keep", "keeps", "kept"])

/** Whether a phrase ends after token `k`: the part ends, a joiner, or a verb follows. */
const endsAfter = (ts: ReadonlyArray<Token>, k: number): boolean => {
  const t = ts[k]
  const next = ts[k + 1]
  return t === undefined || next === undefined || listBreak(t) || next.pos === "conjunction" || next.pos === "auxiliary" || predicateWords.has(next.normal)
}

/**
 * A word the tagger read as a verb or adverb where a phrase needs its noun:
 * last after a determiner ("the telly", "the two desks") or a plural after a
 * noun ("the coat hooks"), with the phrase ending there.
 */
const mistaggedNoun = (ts: ReadonlyArray<Token>, j: number, determined: boolean, afterNoun: boolean): boolean => {
  const t = ts[j]
  if (t === undefined || !determined || isAction(t) || neverThing(t) || !endsAfter(ts, j)) return false
  if (t.pos === "adverb") return !afterNoun && !t.known
  return t.pos === "verb" && /[^s]s$/.test(t.normal)
}

/** Where the phrase starting at `i` ends: after its last noun, with "of" phrases joined. Undefined: no phrase there. */
const headEnd = (ts: ReadonlyArray<Token>, i: number): number | undefined => {
  let j = i
  while (j < ts.length && (ts[j]?.pos === "determiner" || ts[j]?.pos === "number")) j++
  const bare = j === i
  let lastNoun = -1
  let lastModifier = -1
  for (; j < ts.length; j++) {
    const t = ts[j]
    if (t === undefined) break
    // "the desk and the chair stay": the verb the tagger took for a noun.
    if (lastNoun >= 0 && predicateWords.has(t.normal)) break
    if (isNoun(t) || t.possessive || mistaggedNoun(ts, j, !bare || lastNoun >= 0, lastNoun >= 0)) {
      if (namesNothing(t, bare && lastNoun < 0 && j === i)) break
      lastNoun = j
    } else if (t.pos === "verb" && t.normal.endsWith("ing") && isNoun(ts[j + 1] ?? t) && ts[j + 1] !== undefined && !listBreak(t)) {
      // "a paddling pool", "the changing table": a gerund before a noun says what kind.
      if (lastNoun >= 0) break
      lastModifier = j
    } else if (neverThing(t) || (bare && lastNoun < 0 && isAction(t))) {
      // "next bin it": with no determiner, a command or decision word before the nouns is said to them.
      break
    } else if (t.pos === "adjective" || t.pos === "number" || (t.participle && t.pos === "verb" && lastNoun < 0)) {
      // A modifier after the nouns ends the phrase ("the lamp broken").
      if (lastNoun >= 0) break
      lastModifier = j
    } else break
    if (listBreak(t)) break
  }
  // A word the lexicon does not know, last after a determiner, is the noun it guessed an adjective ("a plimsy").
  const guessed = ts[lastModifier]
  if (lastNoun < 0 && !bare && guessed !== undefined && !guessed.known && guessed.pos === "adjective") lastNoun = lastModifier
  if (lastNoun < 0) return undefined
  let end = lastNoun + 1
  // "a bag of lego", "a pile of flyers", "a box of my old cables".
  const of = ts[end]
  if (of !== undefined && of.normal === "of" && !listBreak(ts[lastNoun] ?? of)) {
    const more = headEnd(ts, end + 1)
    if (more !== undefined) end = more
  }
  return end
}

/** Whether what follows a head phrase describes it: relative clause, "too small", "covered in dust", "with a ripped seat". */
const describes = (ts: ReadonlyArray<Token>, k: number): boolean => {
  const t = ts[k]
  if (t === undefined) return false
  if (relativeWords.has(t.normal)) return true
  if (t.normal === "too") return ts[k + 1] !== undefined
  if (t.pos === "preposition" && describingPrepositions.has(t.normal)) return true
  if (t.participle && (t.pos === "verb" || t.pos === "adjective")) return true
  // "the toys my son grew out of", "a jumper I never wear": a clause with its own subject.
  return (t.pos === "pronoun" || t.pos === "determiner") && subjectPronouns.has(t.normal) && ts[k + 1] !== undefined && ts[k + 1]?.pos !== "preposition"
}

const text = (message: string, ts: ReadonlyArray<Token>, from: number, to: number): string => {
  const first = ts[from]
  const last = ts[to - 1]
  return first === undefined || last === undefined ? "" : message.slice(first.start, last.end)
}

/**
 * The noun phrases of one part (a clause or list part), in order. Nouns in a
 * description belong to it ("an old radio that only gets one station" is one
 * phrase); nouns after a preposition are places and times, not phrases ("in
 * the loft", "for today"); a bare noun after "it's" describes ("it's company").
 */
export const nounPhrases = (message: string, tokens: ReadonlyArray<Token>): ReadonlyArray<Phrase> => {
  const out: Array<Phrase> = []
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]
    if (t === undefined) break
    const previous = tokens[i - 1]
    const afterPreposition = previous !== undefined && previous.pos === "preposition"
    const predicate = previous !== undefined && (previous.pos === "auxiliary" || /'(?:s|re)$/.test(previous.normal)) && tokens.slice(0, i).every((p) => p.pos === "pronoun" || p.pos === "auxiliary" || p.pos === "adverb" || /'(?:s|re)$/.test(p.normal)) && t.pos !== "determiner"
    const end = startsPhrase(t) || t.possessive || (t.pos === "verb" && t.normal.endsWith("ing")) ? headEnd(tokens, i) : undefined
    if (end === undefined) {
      i++
      continue
    }
    let descriptionEnd = end
    if (describes(tokens, end) && !listBreak(tokens[end - 1] ?? t)) {
      descriptionEnd = end
      while (descriptionEnd < tokens.length) {
        const d = tokens[descriptionEnd]
        descriptionEnd++
        if (d === undefined || listBreak(d)) break
      }
    }
    // "show me the later list", "undo the last one": a command's own object names no thing.
    const commandObject = commandWords.has(tokens[0]?.normal ?? "") && i > 0 && commandWords.has(tokens[end - 1]?.normal ?? "")
    if (!afterPreposition && !predicate && !commandObject) {
      let nameStart = i
      while (nameStart < end && articles.has(tokens[nameStart]?.normal ?? "")) nameStart++
      const description = descriptionEnd > end ? text(message, tokens, end, descriptionEnd).replace(/^too$/i, "") : ""
      const first = tokens[i]
      const last = tokens[descriptionEnd - 1]
      if (first !== undefined && last !== undefined && nameStart < end) {
        out.push({
          text: message.slice(first.start, last.end),
          name: text(message, tokens, nameStart, end),
          description: description.length === 0 ? undefined : description,
          start: first.start,
          end: last.end
        })
      }
    }
    i = descriptionEnd
  }
  return out
}

/**
 * The things a message names: the noun phrases of each list part. A filler,
 * hedge, swear, time word, pronoun, or a command or decision word said alone,
 * is never a thing.
 */
export const things = (message: string, tokens: ReadonlyArray<Token>): ReadonlyArray<Phrase> =>
  listParts(message, tokens).flatMap((part) => nounPhrases(message, part.tokens))
