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
