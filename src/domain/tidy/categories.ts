/**
 * Splitting the unsure pile into emergent categories, by keyword. Pure and
 * offline: the categories are a suggestion to make a big pile less
 * overwhelming, not a classification to get right.
 */
import { Array as Arr, Schema } from "effect"
import type { NonEmptyReadonlyArray } from "effect/Array"
import type { CategoryPile } from "./state.js"
import type { ItemName } from "./types.js"
import { CategoryName } from "./types.js"

const name = Schema.decodeSync(CategoryName)

const buckets: ReadonlyArray<{ readonly category: CategoryName; readonly words: RegExp }> = [
  { category: name("Papers"), words: /\b(papers?|receipts?|letters?|mail|documents?|bills?|notes?|envelopes?|forms?|tax)\b/i },
  { category: name("Clothes"), words: /\b(shirts?|sweaters?|socks?|jackets?|pants|jeans|dress(es)?|scarf|hats?|shoes?|coats?|hoodie|clothes|t-shirt)\b/i },
  { category: name("Cables and tech"), words: /\b(cables?|chargers?|cords?|adapters?|phones?|headphones?|usb|batter(y|ies)|remotes?|mouse|keyboard|laptop|tech)\b/i },
  { category: name("Books and media"), words: /\b(books?|magazines?|dvds?|cds?|notebooks?|comics?|games?)\b/i },
  { category: name("Kitchen things"), words: /\b(mugs?|cups?|plates?|bowls?|spoons?|forks?|glass(es)?|bottles?|jars?|tupperware)\b/i },
  { category: name("Keepsakes"), words: /\b(photos?|pictures?|gifts?|souvenirs?|cards?|keepsakes?|letters from)\b/i }
]

export const otherCategory = name("Everything else")

/** The category an item falls into. */
export const categoryOf = (item: ItemName): CategoryName =>
  buckets.find((b) => b.words.test(item))?.category ?? otherCategory

/** The categories of a pile, in order of first appearance; never empty for a non-empty pile. */
export const categorize = (items: NonEmptyReadonlyArray<ItemName>): NonEmptyReadonlyArray<CategoryName> =>
  Arr.dedupe(Arr.map(items, categoryOf))

/**
 * Sort items into the given categories (at least one; a repeated name is one
 * category): each goes to its own category when it is among them, otherwise
 * to the first. Every item lands in exactly one pile.
 */
export const distribute = (
  named: NonEmptyReadonlyArray<CategoryName>,
  items: ReadonlyArray<ItemName>
): NonEmptyReadonlyArray<CategoryPile> => {
  const categories = Arr.dedupe(named)
  const target = (item: ItemName) => {
    const own = categoryOf(item)
    return categories.includes(own) ? own : categories[0]
  }
  return Arr.map(categories, (category) => ({ name: category, items: items.filter((i) => target(i) === category) }))
}
