/**
 * Records of the same food as a matched one, for a weight USDA gives only on
 * a sibling record. Pure.
 */
import type { FoodRecord } from "./types.js"

const cookedWords = /\b(?:cooked|boiled|baked|roasted|fried|grilled|broiled|steamed|braised|stewed|microwaved|canned|drained)\b/i

/**
 * Records of the same food as `record` in the same state, the general one
 * first: the same first two parts of the description ("Squash, summer") and
 * both raw or both prepared. USDA often gives a count weight ("1 medium") only
 * on the general record ("Squash, summer, all varieties, raw"), and a medium
 * zucchini weighs what a medium summer squash does: a weight, never nutrients,
 * is taken from them.
 */
export const sameFoodRecords = (records: ReadonlyArray<FoodRecord>, record: FoodRecord): ReadonlyArray<FoodRecord> => {
  const parts = record.description.split(", ")
  if (parts.length < 3) return []
  const family = `${parts.slice(0, 2).join(", ")}, `
  const cooked = cookedWords.test(record.description)
  return records
    .filter((r) => r.id !== record.id && r.description.startsWith(family) && cookedWords.test(r.description) === cooked)
    .sort((a, b) => Number(/\ball varieties\b/i.test(b.description)) - Number(/\ball varieties\b/i.test(a.description)) || a.description.length - b.description.length)
}

/** A word's stem for comparing a name with a record: "Tamales" and "tamale", "Cookies" and "cookie". */
const stem = (word: string) => word.toLowerCase().replace(/(?:es|s)$/, "")

/**
 * Records of the same family as `record` (the same first part of the
 * description: "Ice cream bar, …", "Tamales …"), in the same state, when the
 * user's own words name that family: a weight for a record USDA weighs no
 * way, borrowed from its nearest kin. Never for a record that a stray word
 * matched ("all" is no peanut).
 */
export const sameFamilyRecords = (records: ReadonlyArray<FoodRecord>, record: FoodRecord, name: string): ReadonlyArray<FoodRecord> => {
  const first = (record.description.split(/[,(]/)[0] ?? "").trim()
  const words = first.split(/\s+/).filter((w) => w.length > 2).map(stem)
  const said = new Set(name.toLowerCase().split(/[^a-z]+/).map(stem))
  if (words.length === 0 || !words.every((w) => said.has(w))) return []
  const cooked = cookedWords.test(record.description)
  return records
    .filter((r) => r.id !== record.id && (r.description.split(/[,(]/)[0] ?? "").trim() === first && cookedWords.test(r.description) === cooked)
    .sort((a, b) => a.description.length - b.description.length)
}
