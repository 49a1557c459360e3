/**
 * How many of an item the list asks for, and what to search for: the
 * item's `quantity:` field, else a small count written before the name
 * ("2 milk", "3 x yogurt", "2× bread") or after it ("milk x2"). A number that is a size or a
 * percentage ("2% milk", "2 lb ground beef", "500 g butter") is part of the
 * name, and so is a count above six ("12 eggs" is one dozen, not twelve).
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

export const wanted = (item: { readonly name: string; readonly quantity?: ShoppingListItem["quantity"] }): WantedItem => {
  const name = item.name.trim()
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
