/**
 * How many of an item the list asks for, and what to search for: the
 * item's `quantity:` field, else a small count written before the name
 * ("2 milk", "3 x yogurt", "2× bread") or after it ("milk x2"). A number that is a size or a
 * percentage ("2% milk", "2 lb ground beef", "500 g butter") is part of the
 * name, and so is a count above six ("12 eggs" is one dozen, not twelve).
 * Counts in words ("two avocados", "an onion", "deux baguettes") count too,
 * and a container ("a dozen eggs", "a bag of apples", "2 loaves of bread")
 * is what one of them is: the search is for what follows it.
 */
import type { ShoppingListItem } from "./item.js"

const units =
  /^(?:%|lbs?|pounds?|kg|kilos?|kilograms?|g|gr|grams?|oz|ounces?|ml|l|litres?|liters?|cl|gal|gallons?|qts?|quarts?|pints?|pt|dozen|douzaine|pack|pk|ct|count|inch|in|cm|mm)\b/i
const maxCountInName = 6

export interface WantedItem {
  readonly quantity: number
  /** The name with the count taken off: what to search for. */
  readonly searchText: string
}

/** Counts written in words (English and French); an article or "some" is one. */
const countWords: ReadonlyMap<string, number> = new Map([
  ["a", 1], ["an", 1], ["some", 1], ["one", 1], ["two", 2], ["three", 3], ["four", 4], ["five", 5], ["six", 6],
  ["un", 1], ["une", 1], ["des", 1], ["deux", 2], ["trois", 3], ["quatre", 4], ["cinq", 5]
])
/** What one of them is, not what it is: "a dozen eggs", "a bag of apples", "une douzaine d'œufs". */
const container =
  /^(?:(?:dozen|douzaine)\s+(?:(?:of|de)\s+|d['’]\s*)?|(?:bags?|loaf|loaves|bunch(?:es)?|packs?|packets?|box(?:es)?|cartons?|bottles?|cans?|jars?|tubs?|tins?|heads?|sacs?|paquets?|boîtes?|bouteilles?|pots?)\s+(?:(?:of|de)\s+|d['’]\s*))(?=\S)/i
/** "two avocados", "a dozen eggs", "2 bags of apples": the count (a number up to six, or words) and what follows a container. */
const inWords = (name: string): WantedItem | undefined => {
  const lead = /^(\S+)\s+(.+)$/.exec(name)
  const first = lead?.[1]?.toLowerCase() ?? ""
  const digits = /^\d{1,2}$/.test(first) ? Number.parseInt(first, 10) : undefined
  const count = digits ?? countWords.get(first)
  const afterCount = lead?.[2] ?? ""
  const box = container.exec(count === undefined ? name : afterCount)
  if (box !== null) {
    const quantity = count ?? 1
    if (quantity < 1 || quantity > maxCountInName) return undefined
    return { quantity, searchText: (count === undefined ? name : afterCount).slice(box[0].length).trim() }
  }
  if (digits !== undefined || count === undefined || afterCount.length === 0 || units.test(afterCount)) return undefined
  return { quantity: count, searchText: afterCount.trim() }
}

/** A list line without its asides in brackets ("bananas (ripe)", "milk [for Sunday]"): a note to the shopper, not the product's name. */
const withoutAsides = (name: string): string => {
  const bare = name.replace(/\s*(?:\([^()]*\)|\[[^[\]]*\])/g, " ").replace(/\s+/g, " ").trim()
  return bare.length > 0 ? bare : name.trim()
}

export const wanted = (item: { readonly name: string; readonly quantity?: ShoppingListItem["quantity"] }): WantedItem => {
  const name = withoutAsides(item.name)
  const words = inWords(name)
  if (words !== undefined) return { quantity: item.quantity ?? words.quantity, searchText: words.searchText }
  // "2 milk", "2 x milk", "2x milk" — or after the name: "milk x2", "milk × 2".
  const m = /^(\d{1,2})\s*(?:[x×*]\s*)?\s+(.+)$|^(\d{1,2})\s*[x×*]\s*(.+)$|^(.+?)\s+[x×*]\s*(\d{1,2})$/i.exec(name)
  const count = Number.parseInt(m?.[1] ?? m?.[3] ?? m?.[6] ?? "", 10)
  const rest = (m?.[2] ?? m?.[4] ?? m?.[5] ?? "").trim()
  const countInName = m !== null && count >= 1 && count <= maxCountInName && rest.length > 0 && !units.test(rest)
  return {
    quantity: item.quantity ?? (countInName ? count : 1),
    searchText: countInName ? rest : name
  }
}
