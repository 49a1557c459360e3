/**
 * Finding a food in the table the way people write foods: "fried minced
 * beef" is SR28's "Beef, ground, …, crumbles, cooked, pan-browned", "greek
 * yoghurt" is "Yogurt, Greek, plain, …". Words are folded through synonyms,
 * typos are corrected against the table's own words, and records are ranked
 * by words matched (the head noun first), the preparation asked for, a
 * preference for plain generic foods over brands, and brevity. Pure.
 */
import type { FoodRecord } from "./types.js"

/** How people say it → how SR28 says it. */
const synonyms: Readonly<Record<string, ReadonlyArray<string>>> = {
  minced: ["ground"], mince: ["ground"], hamburger: ["ground", "beef"], yoghurt: ["yogurt"], yoghurts: ["yogurt"],
  fried: ["cooked", "pan-browned", "pan-fried", "fried"], grilled: ["cooked", "grilled", "broiled"], roasted: ["cooked", "roasted"],
  boiled: ["cooked", "boiled"], baked: ["cooked", "baked"], steamed: ["cooked", "steamed"], scrambled: ["scrambled"],
  toast: ["bread", "toasted"], porridge: ["oats", "cooked"], oatmeal: ["oats"], aubergine: ["eggplant"], courgette: ["squash", "zucchini"],
  prawns: ["shrimp"], prawn: ["shrimp"], coriander: ["coriander"], chips: ["potatoes", "french", "fried"], crisps: ["potato", "chips"],
  eggs: ["egg"], potatoes: ["potatoes"], potato: ["potatoes"], bananas: ["bananas"], banana: ["bananas"], apple: ["apples"], apples: ["apples"],
  tomato: ["tomatoes"], oranges: ["oranges"], orange: ["oranges"], almonds: ["almonds"], almond: ["almonds"], carrot: ["carrots"],
  strawberry: ["strawberries"], avocado: ["avocados"], cooked: ["cooked"], raw: ["raw"]
}

export const fold = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

export const words = (text: string): ReadonlyArray<string> => fold(text).split(/[^a-z0-9%-]+/).filter((w) => w.length > 0 && w !== "-")

const stem = (w: string) => (w.length > 4 && w.endsWith("es") && !w.endsWith("ses") ? w.slice(0, -2) : w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w)

/** Levenshtein distance, bounded: stops early past `max`. */
export const editDistance = (a: string, b: string, max = 3): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
      cur.push(v)
      best = Math.min(best, v)
    }
    if (best > max) return max + 1
    prev = cur
  }
  return prev[b.length] ?? max + 1
}

/** The table's words, for typo correction. */
export const vocabulary = (records: ReadonlyArray<FoodRecord>): ReadonlySet<string> => {
  const v = new Set<string>()
  for (const r of records) for (const w of words(r.description)) if (/^[a-z]{3,}$/.test(w)) v.add(w)
  for (const w of Object.keys(synonyms)) v.add(w)
  return v
}

/**
 * Corrects each word of `name` that is not in the vocabulary to the nearest
 * word that is (one edit for words of 4+ letters, two for 7+); words with no
 * close match stay as written, so a name in another language passes untouched.
 */
export const correctTypos = (name: string, vocab: ReadonlySet<string>): string =>
  name.split(/(\s+)/).map((token) => {
    const w = fold(token)
    if (!/^[a-z]{4,}$/.test(w) || vocab.has(w) || vocab.has(stem(w))) return token
    const max = w.length >= 7 ? 2 : 1
    let best: string | undefined
    let bestD = max + 1
    for (const candidate of vocab) {
      if (Math.abs(candidate.length - w.length) > max || candidate[0] !== w[0]) continue
      const d = editDistance(w, candidate, max)
      if (d < bestD) [best, bestD] = [candidate, d]
    }
    return best ?? token
  }).join("")

export interface ScoredRecord {
  readonly record: FoodRecord
  readonly score: number
}

/** A record's words, computed once per table (searching is then a pass over sets). */
export interface IndexedRecord {
  readonly record: FoodRecord
  readonly all: ReadonlySet<string>
  readonly exact: ReadonlySet<string>
  readonly head: ReadonlySet<string>
  readonly headWords: ReadonlyArray<string>
  readonly segments: number
  readonly branded: boolean
}

export const indexRecords = (records: ReadonlyArray<FoodRecord>): ReadonlyArray<IndexedRecord> =>
  records.map((record) => {
    const segments = fold(record.description).split(",").map((s) => s.trim())
    const exact = new Set(segments.flatMap((s) => words(s)))
    const headWords = words(segments[0] ?? "")
    return {
      record,
      exact,
      all: new Set([...exact].flatMap((w) => [w, stem(w)])),
      head: new Set(headWords.flatMap((w) => [w, stem(w)])),
      headWords,
      segments: segments.length,
      // Upper-case words in SR28 descriptions are brand and restaurant names.
      branded: /\b[A-Z]{3,}\b/.test(record.description)
    }
  })

const expand = (w: string): ReadonlyArray<string> => [w, stem(w), ...(synonyms[w] ?? [])]

/** Words that mark the usual form of a food ("Egg, whole", "Yogurt, plain"). */
const usual = new Set(["whole", "plain", "regular", "fresh", "fluid", "commercial", "cooking"])
/**
 * The usual record for a few very common words, where SR28's many variants
 * would otherwise win on brevity ("milk" is whole milk, not buttermilk).
 */
const usualRecord: ReadonlyArray<readonly [RegExp, string]> = [
  [/^milk$/, "01077"], [/^chicken breasts?$/, "05064"], [/^(?:white )?toast$/, "18070"], [/^apples?$/, "09003"],
  [/^(?:baked )?potato(?:es)?$/, "11674"], [/^olive oil$/, "04053"]
]

const fillers = new Set(["and", "or", "with", "in", "of", "the", "a"])

/** Ranked matches for a food name (and its preparation), best first. */
export const searchRecords = (
  records: ReadonlyArray<IndexedRecord>,
  name: string,
  preparation?: string,
  limit = 10
): ReadonlyArray<ScoredRecord> => {
  const nameWords = words(name)
  if (nameWords.length === 0) return []
  const prepWords = preparation === undefined ? [] : words(preparation)
  const usualId = usualRecord.find(([re]) => re.test(nameWords.join(" ")))?.[1]
  const wanted = new Set([...nameWords, ...prepWords].flatMap(expand))
  const scored: Array<ScoredRecord> = []
  for (const r of records) {
    let score = 0
    let matched = 0
    for (const w of nameWords) {
      const forms = expand(w)
      if (forms.some((f) => r.head.has(f))) [score, matched] = [score + 3, matched + 1]
      else if (forms.some((f) => r.all.has(f))) [score, matched] = [score + 2, matched + 1]
      if (r.exact.has(w)) score += 0.25
    }
    if (matched === 0 || matched < Math.ceil(nameWords.length / 2)) continue
    if (matched < nameWords.length) score -= 2 * (nameWords.length - matched)
    // A head like "Milk and cereal bar" or "Potato salad with egg" names another dish.
    if (r.headWords.length > 1) score -= 0.75 * r.headWords.filter((w) => !fillers.has(w) && !wanted.has(w) && !wanted.has(stem(w))).length
    for (const w of prepWords) if (expand(w).some((f) => r.all.has(f))) score += 1.5
    // Without a preparation, a plain food is the usual meaning ("banana" is a raw banana).
    if (prepWords.length === 0 && r.all.has("raw")) score += 0.5
    for (const u of usual) if (r.exact.has(u)) score += 0.5
    if (r.record.common) score += 0.5
    if (r.branded) score -= 1.5
    if (r.record.id === usualId) score += 3
    score -= 0.25 * Math.max(0, r.segments - 2)
    scored.push({ record: r.record, score })
  }
  return scored.sort((a, b) => b.score - a.score || a.record.description.length - b.record.description.length).slice(0, limit)
}
