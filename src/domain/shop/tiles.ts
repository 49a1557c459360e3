/**
 * Product tiles found in a page snapshot: each product link with the block
 * of the page that belongs to it alone — its name, its price texts, its
 * add-to-cart button and quantity control, and whether it is sponsored.
 *
 * Where it sits: pure, over `parseSnapshot`'s nodes. The rule shopper reads
 * search results and product pages with it; the cart reader reads cart lines
 * with it. A tile is the largest block around a product link that holds no
 * other product, so a tile's price is never a neighbour's, and a link that
 * wraps a heading (no name of its own) is named by its heading.
 */
import { fold } from "./name-head.js"
import type { SnapshotNode } from "./page-snapshot.js"
import type { TileText } from "./price.js"
import { moneyIn } from "./price.js"
import { resolveUrl } from "./url-guard.js"

export interface Tile {
  readonly name: string
  /** Absolute product URL. */
  readonly url: string
  /** Every text in the tile in document order; struck (`deletion`) ones marked. */
  readonly texts: ReadonlyArray<TileText>
  readonly sponsored: boolean
  /** The tile's own add-to-cart button (ref), when it has one; undefined also when disabled. */
  readonly addRef: string | undefined
  /** The add button exists but is disabled (out of stock). */
  readonly addDisabled: boolean
  /** A quantity field (spinbutton or textbox named quantity), and its value. */
  readonly quantityRef: string | undefined
  readonly quantityValue: number | undefined
  /** A stepper's "one more" button. */
  readonly increaseRef: string | undefined
}

const containerRoles = new Set(["row", "listitem", "article", "group", "generic", "region", "cell", "gridcell", "section", "form"])
const chromeRoles = new Set(["banner", "navigation", "contentinfo", "dialog", "alertdialog", "search"])

/** Index one past the last descendant of node `i`. */
export const subtreeEnd = (nodes: ReadonlyArray<SnapshotNode>, i: number): number => {
  const depth = nodes[i]?.depth ?? 0
  let j = i + 1
  while (j < nodes.length && (nodes[j]?.depth ?? 0) > depth) j++
  return j
}

/** Ancestors of node `i`, nearest first. */
export const ancestorsOf = (nodes: ReadonlyArray<SnapshotNode>, i: number): ReadonlyArray<number> => {
  const out: Array<number> = []
  let depth = nodes[i]?.depth ?? 0
  for (let j = i - 1; j >= 0 && depth > 0; j--) {
    const d = nodes[j]?.depth ?? 0
    if (d < depth) {
      out.push(j)
      depth = d
    }
  }
  return out
}

/** What a node says: its name and its text value. */
export const textOf = (node: SnapshotNode): string => {
  const name = node.name.trim()
  const value = (node.value ?? "").trim()
  return name.length === 0 ? value : value.length === 0 || value === name ? name : `${name} ${value}`
}

const sponsoredWord = /^\s*(?:sponsored|sponsoris[ée]e?|commandit[ée]e?|ad|advertisement|annonce|publicit[ée]|promoted|featured partner)\s*$/i
const quantityName = /\b(?:qty|quantity|quantit[ée]|nombre)\b/i
const increaseName = /increase|increment|add one|one more|plus\b|augmenter|ajouter un|^\s*\+\s*$/i

/** What stores call the cart, in English and French. */
const cartWords = new Set(["cart", "basket", "bag", "trolley", "panier", "chariot"])
/** Words between the verb and the cart that say nothing more ("add 1 to my cart", "ajouter au panier"). */
const addFillers = new Set(["to", "the", "my", "your", "au", "a", "le", "mon", "votre", "dans", "one", "un", "une", "item"])
const nameWords = (text: string): ReadonlyArray<string> => fold(text).split(/[^a-z0-9]+/).filter((w) => w.length > 0)

/**
 * Whether a control's accessible name means "put this product in the cart", whatever the store's wording: the verb
 * (add, ajouter) alone or with a count, before the cart ("Add 1 to basket", "Ajouter au panier"), or before the
 * product's own name ("Add Mild Cheddar"); and, in the product's own tile, an icon button named for the cart
 * ("Cart", "Shopping cart icon"). Never another verb ("Save for later"), another destination ("Add to list") or
 * another product.
 */
export const meansAdd = (name: string, productName?: string): boolean => {
  const [verb, ...rest] = nameWords(name)
  if (verb === undefined) return false
  if (verb === "add" || verb === "ajouter") {
    const tail = rest.filter((w) => !/^\d+$/.test(w) && !addFillers.has(w))
    if (tail.length === 0 || tail.every((w) => cartWords.has(w))) return true
    if (productName === undefined) return false
    const product = new Set(nameWords(productName))
    const named = tail.filter((w) => product.has(w) || cartWords.has(w))
    return named.length === tail.length || (named.length > 0 && tail.filter((w) => product.has(w)).length * 2 >= tail.length)
  }
  return productName !== undefined && [verb, ...rest].every((w) => cartWords.has(w) || w === "shopping" || w === "icon")
}

/**
 * An add-to-cart control: a button, or a link (some stores add with a GET link
 * that comes back to the page), whose accessible name matches the profile's
 * pattern or means add (`meansAdd`; an icon named for the cart only as a button,
 * since a link so named goes to the cart page).
 */
export const isAddControl = (node: SnapshotNode, addToCart: RegExp, productName?: string): boolean =>
  (node.role === "button" || node.role === "link" || node.role === "menuitem") &&
  (addToCart.test(node.name.trim()) || (meansAdd(node.name, productName) && (node.role === "button" || /^\W*(?:add|ajouter)\b/i.test(node.name))))

const insideChrome = (nodes: ReadonlyArray<SnapshotNode>, i: number): boolean =>
  ancestorsOf(nodes, i).some((a) => chromeRoles.has(nodes[a]?.role ?? ""))

/** Product links (by the profile's path pattern) with their tiles, in page order, one per product URL. */
export const findTiles = (
  nodes: ReadonlyArray<SnapshotNode>,
  pageUrl: string,
  productPathPattern: string,
  addToCart: RegExp
): ReadonlyArray<Tile> => {
  const productPath = new RegExp(productPathPattern)
  const urlAt = new Map<number, string>()
  nodes.forEach((n, i) => {
    if (n.role !== "link" || n.url === undefined || insideChrome(nodes, i)) return
    const url = resolveUrl(n.url, pageUrl)
    if (url !== undefined && productPath.test(new URL(url).pathname)) urlAt.set(i, url)
  })
  const urlsIn = (start: number, end: number): Set<string> => {
    const found = new Set<string>()
    for (let k = start; k < end; k++) {
      const u = urlAt.get(k)
      if (u !== undefined) found.add(u)
    }
    return found
  }
  const tiles: Array<Tile> = []
  const seen = new Set<string>()
  for (const [i, url] of urlAt) {
    if (seen.has(url)) continue
    seen.add(url)
    let top = i
    for (const a of ancestorsOf(nodes, i)) {
      if (!containerRoles.has(nodes[a]?.role ?? "")) break
      if (urlsIn(a, subtreeEnd(nodes, a)).size > 1) break
      top = a
    }
    tiles.push(readTile(nodes, top, subtreeEnd(nodes, top), i, url, addToCart))
  }
  return tiles
}

const readTile = (
  nodes: ReadonlyArray<SnapshotNode>,
  start: number,
  end: number,
  linkIndex: number,
  url: string,
  addToCart: RegExp
): Tile => {
  const texts: Array<TileText> = []
  const name = nameOfLink(nodes, linkIndex)
  let sponsored = false
  // The control the profile's pattern names ranks first; one found by its meaning comes next.
  let addRef: string | undefined
  let meantRef: string | undefined
  let addDisabled = false
  let quantityRef: string | undefined
  let quantityValue: number | undefined
  let increaseRef: string | undefined
  for (let k = start; k < end; k++) {
    const n = nodes[k]
    if (n === undefined) continue
    const text = textOf(n)
    if (text.length > 0) texts.push({ text, struck: n.role === "deletion" || ancestorsOf(nodes, k).some((a) => a >= start && nodes[a]?.role === "deletion") })
    if (sponsoredWord.test(n.name) || (n.value !== undefined && sponsoredWord.test(n.value))) sponsored = true
    if (k !== linkIndex && isAddControl(n, addToCart, name)) {
      if (n.disabled) addDisabled = true
      else if (addToCart.test(n.name.trim())) addRef ??= n.ref
      else meantRef ??= n.ref
    } else if ((n.role === "spinbutton" || n.role === "textbox" || n.role === "combobox") && quantityName.test(n.name)) {
      quantityRef ??= n.ref
      const v = Number.parseInt(n.value ?? "", 10)
      if (Number.isFinite(v)) quantityValue ??= v
    } else if (n.role === "button" && !n.disabled && increaseName.test(n.name)) {
      increaseRef ??= n.ref
    }
  }
  // A stepper with nothing in the cart yet and no add button: its first + is the add, and each + one more (its
  // field is not typed into: the + after it would add one on top).
  const stepperAdd = addRef === undefined && meantRef === undefined && quantityRef !== undefined && (quantityValue ?? 0) === 0 ? increaseRef : undefined
  const add = addRef ?? meantRef ?? stepperAdd
  return {
    name,
    url,
    texts,
    sponsored,
    addRef: addDisabled ? undefined : add,
    addDisabled: addDisabled && add === undefined,
    quantityRef: stepperAdd === undefined ? quantityRef : undefined,
    quantityValue,
    increaseRef
  }
}

/** A link's name, or (a link wrapping a heading or spans has none of its own) the text inside it, prices left out. */
export const nameOfLink = (nodes: ReadonlyArray<SnapshotNode>, i: number): string => {
  const link = nodes[i]
  if (link === undefined) return ""
  const own = link.name.trim()
  if (own.length > 0) return own
  const inner: Array<string> = []
  const heading = nodes.slice(i + 1, subtreeEnd(nodes, i)).find((n) => n.role === "heading" && n.name.length > 0)
  if (heading !== undefined) return heading.name.trim()
  for (const n of nodes.slice(i + 1, subtreeEnd(nodes, i))) {
    const t = textOf(n).trim()
    if (t.length > 0 && moneyIn(t).length === 0 && !/^\/?url$/i.test(n.role)) inner.push(t)
  }
  return (inner.join(" ") || (link.value ?? "")).trim()
}

/** The block of a product page that belongs to the product: the nearest block around its add button that shows a price. */
export const productBlock = (
  nodes: ReadonlyArray<SnapshotNode>,
  addToCart: RegExp,
  productName?: string
): { readonly texts: ReadonlyArray<TileText>; readonly name: string | undefined } | undefined => {
  const button = nodes.findIndex((n, i) => isAddControl(n, addToCart, productName) && !insideChrome(nodes, i))
  if (button < 0) return undefined
  for (const a of ancestorsOf(nodes, button)) {
    const end = subtreeEnd(nodes, a)
    const slice = nodes.slice(a, end)
    if (slice.filter((n) => isAddControl(n, addToCart, productName)).length > 1) break
    if (!slice.some((n) => moneyIn(textOf(n)).length > 0)) continue
    const texts = slice.map((n, k) => ({
      text: textOf(n),
      struck: n.role === "deletion" || ancestorsOf(nodes, a + k).some((x) => x >= a && nodes[x]?.role === "deletion")
    })).filter((t) => t.text.length > 0)
    const heading = slice.find((n) => n.role === "heading" && n.name.length > 0) ??
      nodes.find((n, i) => n.role === "heading" && n.name.length > 0 && !insideChrome(nodes, i))
    return { texts, name: heading?.name }
  }
  return undefined
}
