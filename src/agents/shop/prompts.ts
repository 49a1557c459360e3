/**
 * What the model is told for one item (seeds/003 "Task Prompt Template"):
 * the goal, the item, how to search this store, the two report tools, and
 * the limits. That the first report ends the item is deliberately not said.
 */
import type { ShoppingListItem } from "../../domain/shop/item.js"
import type { PageSnapshot } from "../../domain/shop/page-snapshot.js"
import type { StoreProfile } from "../../domain/shop/store-profile.js"
import { wanted } from "../../domain/shop/quantity.js"
import { searchUrlFor } from "../../domain/shop/store-profile.js"

export const systemPrompt = (store: StoreProfile): string =>
  [
    `You are a careful grocery shopping assistant working in a web browser on the ${store.name} store (${store.baseUrl}).`,
    "You see pages as accessibility snapshots: one element per line with its role, name and a [ref=…] you pass to click and type.",
    "Refs change when the page changes: after every action you get a fresh snapshot; use only refs from the latest one.",
    "Stay on the store's own shopping pages. Never open checkout, payment, billing, account or sign-in pages; they are blocked."
  ].join("\n")

export const taskPrompt = (store: StoreProfile, item: ShoppingListItem, page: PageSnapshot): string => {
  const want = wanted(item)
  return [
    `Goal: add ONE item to the ${store.name} cart${want.quantity > 1 ? `, ${want.quantity} of it` : ""}.`,
    `Item: ${item.name}`,
    ...(want.quantity > 1
      ? [`Quantity: ${want.quantity}. Set it with the store's own control: type it in the quantity field before adding, or press the + of the stepper, or add it ${want.quantity} times.`]
      : []),
    "",
    "Instructions:",
    `1. Search the store for the item. The most reliable way is to navigate to the search results page: ${searchUrlFor(store, want.searchText)}` +
    " (change the words after the = to search differently). The search box in the page header works too.",
    `2. Pick the product that best matches the item as written (size and variety when given; otherwise a common, plain choice; never a sponsored tile over a plain one) and add ${want.quantity > 1 ? want.quantity : "one"} to the cart.`,
    "3. Then call report_item_added with the product's name as the store shows it, the price of one item as its tile shows it (the sale price, not the regular one; not a per-100 g or per-kg price), the price in cents, the product page URL and the quantity added. The cart is checked afterwards: report only what you saw go in.",
    "4. If the store has no suitable product after trying a few reasonable search terms, or it is out of stock, call report_item_not_found with a short explanation.",
    "",
    "Constraints:",
    "- Stay on the store's domain.",
    "- No payment information, account settings or checkout.",
    "- Only this item: do not add anything else.",
    "",
    "The current page:",
    renderPage(page)
  ].join("\n")
}

export const nudge =
  "You have not reported this item yet. If it is in the cart, call report_item_added; if the store does not have it, call report_item_not_found."

export const renderPage = (page: PageSnapshot): string => `URL: ${page.url}\nTitle: ${page.title}\n\n${page.text}`
