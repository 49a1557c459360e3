/**
 * The store's cart as its cart page shows it: the lines (product, quantity,
 * what the line costs) and the cart's own total. This — not what a shopper
 * reported — is the truth an add is checked against and the summary totals.
 *
 * Where it sits: pure, over `parseSnapshot`'s nodes. The add verifier reads
 * the cart before and after each item; the orchestrator reads it once more
 * at the end and reconciles it with the list (`reconcile`, summary.ts).
 */
import type { SnapshotNode } from "./page-snapshot.js"
import { moneyIn, paidAmounts } from "./price.js"
import { nameSimilarity, words } from "./similarity.js"
import { findTiles, subtreeEnd, textOf } from "./tiles.js"
import type { Tile } from "./tiles.js"

export interface CartLine {
  readonly name: string
  readonly url: string | undefined
  readonly quantity: number
  /** What the cart charges for the line; undefined when it shows no price. */
  readonly lineCents: number | undefined
}

export interface CartView {
  readonly lines: ReadonlyArray<CartLine>
  /** The cart's own total (Total, else Subtotal), when it shows one. */
  readonly totalCents: number | undefined
  /** The page says the cart is empty. */
  readonly saysEmpty: boolean
}

/** What stores call the cart, in the words this reader knows: for its badge and its "is empty". */
export const cartNouns = "cart|basket|bag|trolley|panier"
const emptyMarker = new RegExp(
  String.raw`(?:${cartNouns})\s+(?:is|est)\s+(?:currently\s+)?(?:empty|vide)|no (?:items|products) in (?:your )?(?:${cartNouns})|` +
    String.raw`\bnothing in (?:your |the )?(?:shopping )?(?:${cartNouns})\b|(?:${cartNouns})\s+(?:has|contains)\s+no\s+(?:items|products)|` +
    String.raw`aucun (?:article|produit) (?:dans|au) (?:votre )?panier|^\s*(?:empty (?:${cartNouns})|panier vide)\s*$`,
  "i"
)
const totalLabel = /^\s*(?:estimated\s+|order\s+|cart\s+)?(sub-?\s?total|sous-total|total(?:\s+estim[ée])?|montant(?:\s+total)?)\b/i
const quantityText = /(?:qty|qt[ée]|quant\.|quantity|quantit[ée])\s*:?\s*(\d{1,3})\b|(?:^|\s)[×x]\s*(\d{1,3})\b|\b(\d{1,3})\s*[×x](?:\s|$)/i
const noButtons = /(?!)/

const quantityOf = (tile: Tile): number => {
  if (tile.quantityValue !== undefined && tile.quantityValue > 0) return tile.quantityValue
  // The product's own name is not its count: a multipack is "12 x 355 ml".
  const name = tile.name.trim()
  for (const t of tile.texts) {
    if (name.length > 0 && t.text.includes(name)) continue
    const m = quantityText.exec(t.text)
    if (m !== null) return Number.parseInt(m[1] ?? m[2] ?? m[3] ?? "1", 10)
  }
  // A stepper shows the count alone between its − and + buttons.
  const bare = tile.texts.find((t) => /^\s*\d{1,3}\s*$/.test(t.text) && !t.struck)
  return bare === undefined ? 1 : Number.parseInt(bare.text, 10)
}

/** The line's price: the largest amount paid (a line shows its unit price beside its total); a unit price alone is multiplied. */
const lineCentsOf = (tile: Tile, quantity: number): number | undefined => {
  const amounts = tile.texts.filter((t) => t.struck !== true).flatMap((t) => paidAmounts(t.text))
  const totals = amounts.filter((a) => !a.each).map((a) => a.cents)
  if (totals.length > 0) return Math.max(...totals)
  const each = amounts[0]
  return each === undefined ? undefined : each.cents * quantity
}

/**
 * The cart page's lines, total and "empty". A product shown with its own add
 * control (`addToCart`: "Recently viewed", "You may also like") is offered,
 * not in the cart, and is no line.
 */
export const readCart = (nodes: ReadonlyArray<SnapshotNode>, pageUrl: string, productPathPattern: string, addToCart: RegExp = noButtons): CartView => {
  const tiles = findTiles(nodes, pageUrl, productPathPattern, addToCart).filter((t) => t.addRef === undefined && !t.addDisabled)
  const lines = tiles.map((tile): CartLine => {
    const quantity = quantityOf(tile)
    return { name: tile.name, url: tile.url, quantity, lineCents: lineCentsOf(tile, quantity) }
  })
  return { lines, totalCents: cartTotal(nodes), saysEmpty: nodes.some((n) => emptyMarker.test(textOf(n))) }
}

/** The amount after a "Total" label (in the same text or the next few), Total preferred over Subtotal; column headers are not labels. */
const cartTotal = (nodes: ReadonlyArray<SnapshotNode>): number | undefined => {
  const found: Array<{ readonly sub: boolean; readonly cents: number }> = []
  nodes.forEach((n, i) => {
    if (n.role === "columnheader") return
    const text = textOf(n)
    const label = totalLabel.exec(text)
    if (label === null) return
    const rest = text.slice(label.index + label[0].length)
    let cents = moneyIn(rest)[0]?.cents
    for (let k = i + 1; cents === undefined && k < Math.min(nodes.length, subtreeEnd(nodes, i) + 3); k++) {
      const next = nodes[k]
      if (next !== undefined && !totalLabel.test(textOf(next))) cents = moneyIn(textOf(next))[0]?.cents
    }
    if (cents !== undefined) found.push({ sub: /sub|sous/i.test(label[1] ?? ""), cents })
  })
  return (found.find((f) => !f.sub) ?? found[0])?.cents
}

const pathOf = (url: string | undefined): string | undefined => {
  if (url === undefined) return undefined
  try {
    return new URL(url).pathname.replace(/\/+$/, "").toLowerCase()
  } catch {
    return undefined
  }
}

/** Whether a cart line is this product: the same product page, else the same name (as near as the store writes it twice). */
export const sameProduct = (a: { readonly name: string; readonly url: string | undefined }, b: { readonly name: string; readonly url: string | undefined }): boolean => {
  const pa = pathOf(a.url)
  const pb = pathOf(b.url)
  if (pa !== undefined && pb !== undefined) return pa === pb
  const wa = words(a.name).join(" ")
  const wb = words(b.name).join(" ")
  if (wa.length === 0 || wb.length === 0) return false
  return wa === wb || Math.min(nameSimilarity(a.name, b.name), nameSimilarity(b.name, a.name)) >= 0.8
}

/** How many of this product the cart holds. */
export const quantityInCart = (cart: CartView, product: { readonly name: string; readonly url: string | undefined }): number =>
  cart.lines.filter((l) => sameProduct(l, product)).reduce((sum, l) => sum + l.quantity, 0)

/** A product the cart holds more of than it did: its (first) line now, and how many more. */
export interface CartGrowth {
  readonly line: CartLine
  readonly gained: number
}

/**
 * What the cart gained between two readings, one entry per product (lines of
 * the same product counted together), in the order the cart now lists them.
 */
export const cartGrowth = (before: CartView, after: CartView): ReadonlyArray<CartGrowth> =>
  after.lines.flatMap((line, i): ReadonlyArray<CartGrowth> => {
    if (after.lines.findIndex((l) => sameProduct(l, line)) !== i) return []
    const gained = quantityInCart(after, line) - quantityInCart(before, line)
    return gained > 0 ? [{ line, gained }] : []
  })

/** The cart's total: its own, else the sum of its lines when every line shows a price. */
export const cartTotalCents = (cart: CartView): number | undefined =>
  cart.totalCents ?? (cart.lines.every((l) => l.lineCents !== undefined) ? cart.lines.reduce((s, l) => s + (l.lineCents ?? 0), 0) : undefined)

