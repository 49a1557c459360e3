/**
 * The report after every item has been tried (seeds/003 "Summary Report"):
 * what went in the cart and for how much, what the store did not have and
 * why, what failed, the total and the cart link.
 *
 * Where it sits: the orchestrator folds outcomes and the cart it read back
 * at the end into a `ShoppingSummary`; the provider delivers
 * `renderSummary`'s Markdown. When the cart was read, the total *is* the
 * cart's total, to the cent, and every difference from the list's own
 * estimate (tile price × quantity) is explained line by line, so that the
 * estimate plus the differences is the cart's total exactly.
 */
import { Schema } from "effect"
import { cartTotalCents, sameProduct } from "./cart.js"
import type { CartView } from "./cart.js"
import { ItemAdded, ItemFailed, ItemNotFound } from "./item.js"
import type { ItemOutcome } from "./item.js"
import { formatIn, MoneyStyle, moneyStyleOf } from "./money-style.js"
import { formatMoney, parsePriceCents as parseFirstPrice } from "./price.js"

export class CartLineRecord extends Schema.Class<CartLineRecord>("CartLineRecord")({
  name: Schema.String,
  quantity: Schema.Int,
  lineCents: Schema.optional(Schema.Int)
}) {}

/** One reason the cart's total differs from the list's estimate; the amounts add up to the whole difference. */
export class Difference extends Schema.Class<Difference>("Difference")({
  cents: Schema.Int,
  why: Schema.String
}) {}

export class ShoppingSummary extends Schema.Class<ShoppingSummary>("ShoppingSummary")({
  added: Schema.Array(ItemAdded),
  notFound: Schema.Array(ItemNotFound),
  failed: Schema.Array(ItemFailed),
  /** The cart's total when the cart was read back, else the estimate. */
  totalCents: Schema.Int.pipe(Schema.nonNegative()),
  /** Σ tile price × quantity of the items added. */
  estimatedCents: Schema.optionalWith(Schema.Int, { default: () => 0 }),
  /** The cart as read back at the end; absent when it could not be read. */
  cart: Schema.optional(Schema.Array(CartLineRecord)),
  /** Whether `totalCents` is the cart's own total (or the sum of its lines). */
  fromCart: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  differences: Schema.optionalWith(Schema.Array(Difference), { default: () => [] }),
  cartUrl: Schema.String,
  /** How the store writes money (from the prices it showed): the totals are printed the same way. */
  money: Schema.optionalWith(MoneyStyle, { default: () => moneyStyleOf([]) })
}) {}

/**
 * Why the cart's total is not the estimate, line by line. Pure; exact:
 * estimate + Σ differences = the cart's total whenever every line shows a price.
 */
/** The added items each cart line holds: a line takes every add of its product not taken by an earlier line. */
const addsByLine = (added: ReadonlyArray<ItemAdded>, after: CartView): ReadonlyArray<ReadonlyArray<ItemAdded>> => {
  const matched = new Set<ItemAdded>()
  return after.lines.map((line) => {
    const ours = added.filter((a) => !matched.has(a) && sameProduct({ name: a.productName, url: a.url.length > 0 ? a.url : undefined }, line))
    ours.forEach((a) => matched.add(a))
    return ours
  })
}

/**
 * The cart decides: an item reported added that the cart read at the end of the run does not hold was not added,
 * whatever the page said when it was made (a store that drops an add later, a line removed by the store). It is
 * failed as `not_in_cart`, naming the product, so the list keeps it open; every other outcome stays as it was.
 */
export const notInCartAtEnd = (outcomes: ReadonlyArray<ItemOutcome>, after: CartView): ReadonlyArray<ItemOutcome> => {
  const held = new Set(addsByLine(outcomes.filter((o): o is ItemAdded => o._tag === "ItemAdded"), after).flat())
  return outcomes.map((o) =>
    o._tag !== "ItemAdded" || held.has(o)
      ? o
      : new ItemFailed({
        itemId: o.itemId,
        itemName: o.itemName,
        reason: "not_in_cart",
        error: `${o.productName} was confirmed when added, but is not in the cart at the end of the run — check the cart`
      })
  )
}

export const reconcile = (added: ReadonlyArray<ItemAdded>, before: CartView | undefined, after: CartView): ReadonlyArray<Difference> => {
  const style = moneyStyleOf(added.map((a) => a.priceText))
  const formatMoney = (cents: number): string => formatIn(style, cents)
  const out: Array<Difference> = []
  const byLine = addsByLine(added, after)
  const matched = new Set(byLine.flat())
  let linesCents = 0
  for (const [i, line] of after.lines.entries()) {
    const product = { name: line.name, url: line.url }
    const ours = byLine[i] ?? []
    const estimated = ours.reduce((s, a) => s + a.lineCents, 0)
    const oursQuantity = ours.reduce((s, a) => s + a.quantity, 0)
    if (line.lineCents === undefined) {
      out.push(new Difference({ cents: 0, why: `${line.name} × ${line.quantity}: the cart shows no price for this line` }))
      continue
    }
    linesCents += line.lineCents
    const diff = line.lineCents - estimated
    const had = before?.lines.filter((l) => sameProduct(l, product)).reduce((s, l) => s + l.quantity, 0) ?? 0
    if (ours.length === 0) {
      out.push(new Difference({
        cents: diff,
        why: `${line.name} × ${line.quantity} (${formatMoney(line.lineCents)}): ${
          had >= line.quantity ? "already in the cart before this run" : "not from an item this run confirmed (in the cart before, or left by an item that failed)"
        }`
      }))
    } else if (diff !== 0 || line.quantity !== oursQuantity) {
      const reasons: Array<string> = []
      if (line.quantity > oursQuantity) reasons.push(`${line.quantity - oursQuantity} more in the cart than this run added${had > 0 ? " (already there before)" : ""}`)
      if (ours.some((a) => a.priceText.match(/avg|moy|approx/i) !== null)) reasons.push("a weighted item: the cart's estimate differs from the tile's")
      if (reasons.length === 0) reasons.push("the cart's price differs from the tile's (a deal or a price change)")
      out.push(new Difference({
        cents: diff,
        why: `${line.name}: the cart charges ${formatMoney(line.lineCents)} for ${line.quantity}, the list estimated ${formatMoney(estimated)} for ${oursQuantity} — ${reasons.join("; ")}`
      }))
    }
  }
  for (const a of added) {
    if (!matched.has(a)) out.push(new Difference({ cents: -a.lineCents, why: `${a.productName} (for "${a.itemName}"): confirmed when added, but not in the cart now` }))
  }
  const total = cartTotalCents(after)
  if (total !== undefined && after.lines.every((l) => l.lineCents !== undefined) && total !== linesCents) {
    out.push(new Difference({ cents: total - linesCents, why: `the cart's total is ${formatMoney(total)}, its lines add up to ${formatMoney(linesCents)} (fees, taxes or cart-wide discounts)` }))
  }
  return out
}

/** The run's outcomes and the carts read before and after it, as the summary; with a cart read at the end, it decides (`notInCartAtEnd`). */
export const summarize = (
  reported: ReadonlyArray<ItemOutcome>,
  cartUrl: string,
  cart?: { readonly before: CartView | undefined; readonly after: CartView | undefined }
): ShoppingSummary => {
  const outcomes = cart?.after === undefined ? reported : notInCartAtEnd(reported, cart.after)
  const added = outcomes.filter((o): o is ItemAdded => o._tag === "ItemAdded")
  const estimatedCents = added.reduce((sum, a) => sum + a.lineCents, 0)
  const after = cart?.after
  const cartTotal = after === undefined ? undefined : cartTotalCents(after)
  return new ShoppingSummary({
    added,
    notFound: outcomes.filter((o): o is ItemNotFound => o._tag === "ItemNotFound"),
    failed: outcomes.filter((o): o is ItemFailed => o._tag === "ItemFailed"),
    totalCents: cartTotal ?? estimatedCents,
    estimatedCents,
    ...(after === undefined
      ? {}
      : { cart: after.lines.map((l) => new CartLineRecord({ name: l.name, quantity: l.quantity, ...(l.lineCents === undefined ? {} : { lineCents: l.lineCents }) })) }),
    fromCart: cartTotal !== undefined,
    differences: after === undefined ? [] : reconcile(added, cart?.before, after),
    cartUrl,
    money: moneyStyleOf(added.map((a) => a.priceText))
  })
}

/** 1234 → "$12.34". */
export const formatCents = formatMoney

/** The first price in a text, in cents: "$12.34", "12,34 $", "$5" → 1234, 1234, 500. Undefined when there is none. */
export const parsePriceCents = parseFirstPrice

/**
 * Text a store's page wrote, as Markdown that shows it and forms nothing: no link, image, HTML, emphasis or code,
 * and no new line or opening (so no heading, list item or rule). Markdown's own escapes for the characters that open those, `&` only
 * where it would start a character reference; an address is defanged ("http[:]//", "www[.]", "a[@]b.c") because
 * renderers link bare addresses themselves (GitHub-flavoured Markdown does). A plain name comes out as it went in.
 */
export const markdownText = (text: string): string =>
  text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ")
    .replace(/([a-z][a-z0-9+.-]*):\/\//gi, "$1[:]//")
    .replace(/\b(www)\./gi, "$1[.]")
    .replace(/(\S)@(?=[^\s@]+\.[^\s@])/g, "$1[@]")
    .replace(/[\\`*_[\]<>~|]/g, "\\$&")
    .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
    .trim()
    // What would open a block at the start of a line (a heading, a list item, a rule), as the summary's list items begin.
    .replace(/^(?:[#+\-=]|\d+(?=[.)]))/, "\\$&")

/**
 * The product, named as the store wrote it, then its page: a link only when it is an http(s) address on the store's
 * own host (the cart's), written as the address itself (`<…>`) so no page text is ever a link's text; anything else
 * (another host, a script) is text.
 */
const productLink = (name: string, url: string, cartUrl: string): string => {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  const store = URL.canParse(cartUrl) ? new URL(cartUrl) : undefined
  return parsed !== undefined && store !== undefined && /^https?:$/.test(parsed.protocol) && parsed.host === store.host
    ? `${markdownText(name)} (<${parsed.href.replace(/[<>\s]/g, encodeURIComponent)}>)`
    : `${markdownText(name)} (${markdownText(url)})`
}

/**
 * The report as Markdown, for the file beside the list and the terminal; money as the store writes it. Every text
 * the store's pages wrote goes through `markdownText`: it is untrusted, and this is a file the user opens.
 */
export const renderSummary = (summary: ShoppingSummary): string => {
  const formatCents = (cents: number): string => formatIn(summary.money, cents)
  const text = markdownText
  const signed = (cents: number): string => (cents < 0 ? `−${formatCents(-cents)}` : `+${formatCents(cents)}`)
  const lines: Array<string> = ["# Shopping summary", ""]
  lines.push(`## Added to cart (${summary.added.length})`, "")
  if (summary.added.length === 0) lines.push("Nothing was added.")
  for (const a of summary.added) {
    const quantity = a.quantity > 1 ? ` × ${a.quantity}` : ""
    lines.push(`- **${text(a.itemName)}**: ${productLink(a.productName, a.url, summary.cartUrl)} — ${a.priceText === "" ? formatCents(a.priceCents) : text(a.priceText)}${quantity} = ${formatCents(a.lineCents)}`)
  }
  lines.push("", `## Not found (${summary.notFound.length})`, "")
  if (summary.notFound.length === 0) lines.push("None.")
  for (const n of summary.notFound) lines.push(`- **${text(n.itemName)}**: ${text(n.explanation)}`)
  lines.push("", `## Failed (${summary.failed.length})`, "")
  if (summary.failed.length === 0) lines.push("None.")
  for (const f of summary.failed) lines.push(`- **${text(f.itemName)}** (${f.reason}): ${text(f.error)}`)
  if (summary.cart !== undefined) {
    lines.push("", `## The cart as the store shows it (${summary.cart.length} line(s))`, "")
    if (summary.cart.length === 0) lines.push("The cart is empty.")
    for (const c of summary.cart) lines.push(`- ${text(c.name)} × ${c.quantity}${c.lineCents === undefined ? "" : ` — ${formatCents(c.lineCents)}`}`)
  }
  if (summary.fromCart) {
    lines.push("", `**Cart total: ${formatCents(summary.totalCents)}** (the store's own figure)`)
    if (summary.differences.length > 0 || summary.estimatedCents !== summary.totalCents) {
      lines.push("", `The list's estimate was ${formatCents(summary.estimatedCents)}; the difference, line by line:`, "")
      for (const d of summary.differences) lines.push(`- ${signed(d.cents)} ${text(d.why)}`)
    }
  } else {
    lines.push("", `**Estimated total: ${formatCents(summary.totalCents)}**${summary.cart === undefined ? "" : " (the cart page shows no total)"}`)
  }
  lines.push("", `Review the cart and check out yourself: ${summary.cartUrl}`, "")
  return lines.join("\n")
}
