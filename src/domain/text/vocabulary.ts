/**
 * The words of a message that are never things: fillers and hedges ("actually",
 * "wait", "not sure"), profanity, and the command and decision words a coach
 * or a diary reads ("keep", "bin", "skip", "next", "help"), and typo-tolerant
 * matching of a word against such a small vocabulary ("kepe" is keep, "trsh"
 * is trash, "recylcing" is recycling).
 *
 * Where it sits: the text layer (src/domain/text), under any agent's ORIENT.
 * Closed-class English, not a rule for any one message: the open classes
 * (nouns, verbs, adjectives) come from the tagger's lexicon. Pure data and
 * pure functions.
 */

const list = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter((w) => w.length > 0))

/** Words that fill or soften a message and name nothing. */
export const fillerWords: ReadonlySet<string> = list(`actually wait hold on um umm uh uhh er erm hmm hmmm oh ah ahh
well right ok okay alright yes yeah yep yup no nope nah so anyway anyways like just really basically honestly tbh
literally oops sorry please thanks cheers ta hey hi hello lol haha anyhow also then now though still again`)

/** Words that say the person is unsure or softens a decision. */
export const hedgeWords: ReadonlySet<string> = list(`maybe perhaps probably possibly unsure dunno idk guess suppose
think reckon might sure certain undecided whatever`)

/** Swearing: emphasis, never a thing ("bin that shit" bins "that"). */
export const profanityWords: ReadonlySet<string> = list(`fuck fucking fucked fuckin fucks shit shitty shite crap crappy
damn damned dammit bloody bollocks bugger arse ass arsehole piss pissed bastard hell frigging friggin effing
feck sodding bleeding goddamn`)

/** What a person decides about a thing, and the usual words for each choice. */
export const decisionWords: ReadonlySet<string> = list(`keep keeping keeps kept stay stays staying bin binned trash
trashed toss tossed chuck chucked dump dumped ditch ditched recycle recycled recycling donate donated donating
charity sell sold give tip junk rubbish garbage discard throw go goes gone`)

/** What a person tells the program to do. */
export const commandWords: ReadonlySet<string> = list(`next skip later back undo redo stop done finish finished quit
exit help show list left continue pause resume repeat change move`)

/** Time words: when, never what ("today", "in spring", "every weekend"). */
export const timeWords: ReadonlySet<string> = list(`today tonight tomorrow yesterday now later morning afternoon
evening night weekend weekday week month year day days weeks months years spring summer autumn fall winter monday
tuesday wednesday thursday friday saturday sunday january february march april may june july august september
october november december moment minute minutes hour hours time times while`)

/** Words that point at a thing already named and name none themselves. */
export const pointingWords: ReadonlySet<string> = list(`it its it's this that these those them they one ones thing
things stuff lot all everything something anything nothing rest others other same`)

export type WordClass = "filler" | "hedge" | "profanity" | "decision" | "command" | "time" | "pointing"

const classes: ReadonlyArray<readonly [WordClass, ReadonlySet<string>]> = [
  ["profanity", profanityWords],
  ["decision", decisionWords],
  ["command", commandWords],
  ["hedge", hedgeWords],
  ["filler", fillerWords],
  ["time", timeWords],
  ["pointing", pointingWords]
]

/** A word's class among the never-things, exactly as written (lower-cased); none for a word that may name a thing. */
export const classOf = (word: string): WordClass | undefined => {
  const w = word.toLowerCase().replace(/[’]/g, "'")
  return classes.find(([, words]) => words.has(w))?.[0]
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment): the
 * typos of a hurried hand are one dropped, doubled, wrong or swapped letter.
 */
export const editDistance = (a: string, b: string): number => {
  const rows = a.length + 1
  const cols = b.length + 1
  const d: Array<Array<number>> = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)))
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      const row = d[i] ?? []
      const above = d[i - 1] ?? []
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (d[i - 2]?.[j - 2] ?? 0) + 1)
      row[j] = best
    }
  }
  return d[a.length]?.[b.length] ?? Math.max(a.length, b.length)
}

/**
 * The typos a word of this length may carry and still be read as meant: none
 * under four letters ("bin" vs "bun" is a different word), one up to seven,
 * two from eight ("recylcign").
 */
export const typoBudget = (length: number): number => (length < 4 ? 0 : length < 8 ? 1 : 2)

export interface Match {
  readonly word: string
  readonly distance: number
}

/**
 * The vocabulary word a written word means, allowing typos within the budget
 * of the shorter of the two: the closest, the earlier in the vocabulary on a
 * tie. An exact word is always itself. None when nothing is close enough.
 */
export const closestWord = (written: string, vocabulary: Iterable<string>): Match | undefined => {
  const w = written.toLowerCase()
  let best: Match | undefined
  for (const candidate of vocabulary) {
    const c = candidate.toLowerCase()
    if (c === w) return { word: candidate, distance: 0 }
    const budget = typoBudget(Math.min(c.length, w.length))
    if (budget === 0 || Math.abs(c.length - w.length) > budget) continue
    const distance = editDistance(w, c)
    if (distance <= budget && (best === undefined || distance < best.distance)) best = { word: candidate, distance }
  }
  return best
}
